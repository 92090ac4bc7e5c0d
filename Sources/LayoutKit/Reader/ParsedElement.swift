/// An element as libxml2 read it: names, raw attribute values and where its start tag begins.
struct ParsedElement: Sendable {
    var name: String
    var namespace: String?
    var attributes: [ParsedAttribute]
    var position: SourcePosition
    var children: [ParsedElement] = []
    /// Where the first non-whitespace text directly inside this element starts, if there is any.
    var textPosition: SourcePosition?

    init(name: String, namespace: String?, attributes: [ParsedAttribute], position: SourcePosition) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.position = position
    }
}

/// One attribute of a `ParsedElement`, its value already decoded.
struct ParsedAttribute: Sendable {
    var name: String
    var namespace: String?
    var value: String
}

/// A 1-based line and column inside one file.
struct SourcePosition: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// Maps byte offsets of a file to lines and columns, for files of any length.
///
/// Lines end at LF, CRLF or a lone CR, as XML defines them; columns count Unicode scalars.
struct LineTable: Sendable {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        self.lineStarts = starts
    }

    var byteCount: Int { bytes.count }

    /// The line and column of a byte offset.
    ///
    /// Columns are counted from the last position asked for when it is on the same line and not past
    /// `offset`: the parser asks in document order, so a file that is one long line stays linear.
    mutating func position(ofOffset offset: Int) -> SourcePosition {
        let offset = max(0, min(offset, bytes.count))
        let line: Int
        if let cached = lastPosition, cached.offset <= offset,
            cached.line + 1 >= lineStarts.count || offset < lineStarts[cached.line + 1]
        {
            line = cached.line
        } else {
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            line = low
        }
        var column = 1
        var index = lineStarts[line]
        if let cached = lastPosition, cached.line == line, cached.offset <= offset {
            column = cached.column
            index = cached.offset
        }
        while index < offset {
            // Continuation bytes (10xxxxxx) belong to the scalar before them.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        lastPosition = (line, offset, column)
        return SourcePosition(line: line + 1, column: column)
    }

    private var lastPosition: (line: Int, offset: Int, column: Int)?

    /// The offset of the last occurrence of `needle` that starts before `end`.
    func lastOccurrence(of needle: [UInt8], before end: Int) -> Int? {
        var start = min(end, bytes.count) - needle.count
        while start >= 0 {
            if bytes[start] == needle[0], bytes[start..<start + needle.count].elementsEqual(needle) {
                return start
            }
            start -= 1
        }
        return nil
    }
}
