/// An element as a tree: names, decoded attribute values and where its start tag begins, made from a
/// `ParsedDocument` for the readers that walk a tree (class schemas, settings, Interface Builder documents).
package struct ParsedElement: Sendable {
    package var name: String
    package var namespace: String?
    package var attributes: [ParsedAttribute]
    package var position: SourcePosition
    package var children: [ParsedElement] = []
    /// Where the first non-whitespace text directly inside this element starts, if there is any.
    package var textPosition: SourcePosition?

    init(name: String, namespace: String?, attributes: [ParsedAttribute], position: SourcePosition) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.position = position
    }
}

/// One attribute of a `ParsedElement`, its value already decoded.
package struct ParsedAttribute: Sendable {
    package var name: String
    package var namespace: String?
    package var value: String
}

/// Which file a position is in: an index into the files of what is being analysed — a layout and the
/// layouts it includes. An index rather than the path keeps positions plain values with nothing to
/// reference-count, since every element, id and connection carries one.
package struct SourceFileID: Hashable, Sendable {
    var index: Int32

    /// The file being read itself (a layout, a class schema), not one it includes.
    package static let main = SourceFileID(index: 0)
}

/// A 1-based line and column inside one file, and that file: a layout that includes another holds
/// positions in both, and each diagnostic points into the file its element came from.
///
/// A position the reader made also keeps its byte offset in the file (`offset`), where fix-its find the
/// markup's bytes again; it takes no part in equality, which is the line and column's.
package struct SourcePosition: Hashable, Sendable {
    package var file: SourceFileID
    /// The byte offset of the markup's first byte (a start tag's `<`) in the file; -1 when unknown.
    package var offset: Int32 = -1
    package var line: Int
    package var column: Int

    package init(file: SourceFileID, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package init(file: SourceFileID, offset: Int, line: Int, column: Int) {
        self.init(file: file, line: line, column: column)
        // Files are at most `InputLimits.maximumFileBytes` (4 MiB) long.
        self.offset = Int32(truncatingIfNeeded: offset)
    }

    package static func == (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && lhs.file == rhs.file
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
    }
}

/// Maps byte offsets of a file to lines and columns, for files of any length.
///
/// Lines end at LF, CRLF or a lone CR, as XML defines them; columns count Unicode scalars. The
/// parser asks for positions in document order, so the table keeps a cursor and counts forward from
/// the last position it gave: one pass over the file in all, and no table of line starts to build.
package struct LineTable: Sendable {
    private let bytes: [UInt8]
    /// The file the bytes are, put on every position.
    package let file: SourceFileID
    private var cursor = (offset: 0, line: 1, column: 1)

    package init(_ bytes: [UInt8], file: SourceFileID) {
        self.bytes = bytes
        self.file = file
    }

    var byteCount: Int { bytes.count }

    /// The line and column of a byte offset.
    package mutating func position(ofOffset offset: Int) -> SourcePosition {
        let target = max(0, min(offset, bytes.count))
        if target < cursor.offset { cursor = (0, 1, 1) }
        var (index, line, column) = cursor
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while index < target {
                // Eight bytes at a time while they are all printable ASCII (no line break, no
                // multi-byte scalar), which is most of a layout: one column each.
                if target - index >= 8 {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    let highs: UInt64 = 0x8080_8080_8080_8080
                    // A byte under 0x0E (LF, CR and other controls) or at or over 0x80 sets its high bit.
                    let special = ((word &- ones &* 0x0E) | word) & highs
                    if special == 0 {
                        index += 8
                        column += 8
                        continue
                    }
                    // The bytes before the first special one are one column each: skip to it. (A borrow
                    // can only flag bytes above a special one, so the lowest flag is a special byte.)
                    let plain = special.trailingZeroBitCount / 8
                    index += plain
                    column += plain
                }
                let byte = buffer[index]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte == 0x0D {
                    // CR LF is one line break, counted at the LF; a lone CR is one on its own.
                    if index + 1 >= buffer.count || buffer[index + 1] != 0x0A {
                        line += 1
                        column = 1
                    }
                } else if byte & 0xC0 != 0x80 {
                    // Continuation bytes (10xxxxxx) belong to the scalar before them.
                    column += 1
                }
                index += 1
            }
        }
        cursor = (index, line, column)
        return SourcePosition(file: file, offset: target, line: line, column: column)
    }

    /// The offset of the last occurrence of `needle` that starts before `end`.
    ///
    /// The reader asks this for every start tag (its `<`, from the end of the tag), so the scan looks
    /// at eight bytes at a time for the needle's first byte.
    func lastOccurrence(of needle: [UInt8], before end: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let first = needle[0]
            func matches(at start: Int) -> Bool {
                guard buffer[start] == first else { return false }
                for index in 1..<needle.count where buffer[start + index] != needle[index] { return false }
                return true
            }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let pattern = UInt64(first) &* ones
            var start = min(end, buffer.count) - needle.count
            while start >= 7 {
                // The eight bytes that end at `start`, with the needle's first byte turned to zero;
                // a zero byte sets its high bit in (x - 1…) & ~x.
                let word =
                    UInt64(littleEndian: UnsafeRawPointer(base + start - 7).loadUnaligned(as: UInt64.self)) ^ pattern
                if (word &- ones) & ~word & highs != 0 {
                    for candidate in stride(from: start, through: start - 7, by: -1) where matches(at: candidate) {
                        return candidate
                    }
                }
                start -= 8
            }
            while start >= 0 {
                if matches(at: start) { return start }
                start -= 1
            }
            return nil
        }
    }
}
