/// An open document as the client sees it: UTF-16 code units (LSP's positions count them, by default)
/// and where each line starts, kept up to date through incremental changes.
struct TextDocument {
    /// A position as LSP sends it: a 0-based line and a 0-based offset in UTF-16 code units.
    struct Position: Equatable {
        var line: Int
        var character: Int
    }

    let uri: String
    /// The absolute path of the file, for `file:` URIs; the URI itself otherwise.
    let path: String
    private(set) var version: Int
    private(set) var units: [UInt16]
    /// The offset in `units` at which each line starts; the first is 0.
    private(set) var lineStarts: [Int] = [0]

    init(uri: String, path: String, version: Int, text: String) {
        self.uri = uri
        self.path = path
        self.version = version
        units = Array(text.utf16)
        indexLines()
    }

    /// The text as UTF-8, as the checker reads a file.
    var bytes: [UInt8] { Array(String(decoding: units, as: UTF16.self).utf8) }

    /// Replaces the text between two positions (or all of it, without a range).
    ///
    /// - Returns: `false` when a position lies outside the document; the change is then made with the
    ///   position moved to the nearest place inside it, as the protocol says of a character past a line's end.
    @discardableResult
    mutating func apply(range: (start: Position, end: Position)?, text: String, version: Int) -> Bool {
        self.version = version
        guard let range else {
            units = Array(text.utf16)
            indexLines()
            return true
        }
        let start = offset(of: range.start)
        let end = offset(of: range.end)
        let lower = min(start.offset, end.offset)
        let upper = max(start.offset, end.offset)
        units.replaceSubrange(lower..<upper, with: text.utf16)
        indexLines()
        return start.isInside && end.isInside && start.offset <= end.offset
    }

    /// The offset in `units` of a position, and whether it was inside the document (a character past the
    /// end of its line is its line's end, as LSP says; a line past the last is the end of the text).
    func offset(of position: Position) -> (offset: Int, isInside: Bool) {
        guard position.line >= 0, position.character >= 0 else { return (0, false) }
        guard position.line < lineStarts.count else { return (units.count, false) }
        let start = lineStarts[position.line]
        let end = lineEnd(position.line)
        // Compared as a length, so that a character of Int.max cannot overflow.
        guard position.character <= end - start else { return (end, false) }
        return (start + position.character, true)
    }

    /// The offset of a position strictly inside the document, or `nil`.
    func exactOffset(of position: Position) -> Int? {
        let found = offset(of: position)
        return found.isInside ? found.offset : nil
    }

    /// The position of an offset in `units`.
    func position(of offset: Int) -> Position {
        let clamped = max(0, min(offset, units.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        return Position(line: low, character: clamped - lineStarts[low])
    }

    /// The position of a checker's 1-based line and column (columns count Unicode scalars).
    /// The positions of UTF-8 byte offsets into the text (a fix-it's edits), found in one pass over the
    /// text however many there are; an offset past the end or inside a character has none.
    func positions(ofUTF8 offsets: Set<Int>) -> [Int: Position] {
        var found: [Int: Position] = [:]
        var pending = offsets.filter { $0 >= 0 }.sorted()[...]
        var bytes = 0
        var index = 0
        while let next = pending.first {
            if next == bytes {
                found[next] = position(of: index)
                pending.removeFirst()
                continue
            }
            guard next > bytes, index < units.count else {
                pending.removeFirst()
                continue
            }
            let unit = units[index]
            if UTF16.isLeadSurrogate(unit) {
                bytes += 4
                index += 2
            } else {
                bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3
                index += 1
            }
        }
        return found
    }

    func position(line: Int, column: Int) -> Position {
        let lineIndex = max(0, min(line - 1, lineStarts.count - 1))
        var offset = lineStarts[lineIndex]
        let end = lineEnd(lineIndex)
        var scalars = 1
        while scalars < column, offset < end {
            offset += UTF16.isLeadSurrogate(units[offset]) && offset + 1 < end ? 2 : 1
            scalars += 1
        }
        return Position(line: lineIndex, character: offset - lineStarts[lineIndex])
    }

    /// The offset at which line `line` ends, before its line break.
    func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : units.count
        if end > lineStarts[line], end <= units.count, end > 0, units[end - 1] == 10 { end -= 1 }
        if end > lineStarts[line], end > 0, units[end - 1] == 13 { end -= 1 }
        return end
    }

    /// Whether the text holds `needle` (UTF-16 units) anywhere.
    func contains(_ needle: [UInt16]) -> Bool {
        guard let first = needle.first, units.count >= needle.count else { return needle.isEmpty }
        var index = 0
        let last = units.count - needle.count
        while index <= last {
            if units[index] == first, units[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// The text between two offsets.
    func text(_ range: Range<Int>) -> String {
        String(decoding: units[max(0, range.lowerBound)..<min(units.count, range.upperBound)], as: UTF16.self)
    }

    private mutating func indexLines() {
        lineStarts = [0]
        var index = 0
        let count = units.count
        while index < count {
            let unit = units[index]
            if unit == 10 {
                lineStarts.append(index + 1)
            } else if unit == 13 {
                if index + 1 < count, units[index + 1] == 10 { index += 1 }
                lineStarts.append(index + 1)
            }
            index += 1
        }
    }
}
