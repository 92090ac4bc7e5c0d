/// A file's bytes as the rules read them, for the fix-its they offer: each edit is a range of these
/// bytes, found from the reader's offset of the element's start tag (`StartTag`), and carries their digest
/// so that whoever applies it can tell the file is still the one that was read.
///
/// Made by a rule only when it has a fix-it to offer: a file without one never has its digest taken.
package struct FixItSource: Sendable {
    package let file: String
    package let bytes: [UInt8]
    package let digest: UInt64

    package init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        self.digest = FixIt.digest(of: bytes)
    }

    /// The attribute written `name` of the start tag at `position`, when the position is the reader's.
    package func attribute(named name: String, at position: SourcePosition) -> WrittenAttribute? {
        guard position.offset >= 0 else { return nil }
        return StartTag.attribute(named: name, in: bytes, at: Int(position.offset))
    }

    /// Writes `value` in place of the attribute's value, in the attribute's own quotes; `nil` when the
    /// value already reads so.
    package func setting(_ attribute: WrittenAttribute, to value: String, description: String) -> FixIt? {
        let replacement = StartTag.escaped(value, quote: attribute.quote)
        guard !bytes[attribute.value].elementsEqual(replacement.utf8) else { return nil }
        return fixIt(description, attribute.value, replacement)
    }

    /// `setting(_:to:description:)` for the attribute written `name` at `position`, described as the
    /// replacement of `old` by `value`.
    package func replacing(
        _ old: String, with value: String, inAttribute name: String, at position: SourcePosition
    ) -> FixIt? {
        guard let attribute = attribute(named: name, at: position) else { return nil }
        return setting(attribute, to: value, description: "replace \(quoted(old)) with \(quoted(value))")
    }

    /// Removes the whole attribute and the whitespace before it.
    package func removing(_ attribute: WrittenAttribute, description: String) -> FixIt {
        fixIt(description, attribute.leadingSpace..<attribute.whole.upperBound, "")
    }

    /// Removes `name` from the attribute's whitespace-separated list, with the space that set it apart
    /// from the next name (from the one before, for the last); `nil` unless the value writes it exactly
    /// once as it is (not through a character reference).
    package func removing(name: String, from attribute: WrittenAttribute, description: String) -> FixIt? {
        var tokens: [Range<Int>] = []
        var index = attribute.value.lowerBound
        while index < attribute.value.upperBound {
            while index < attribute.value.upperBound, isXMLSpace(bytes[index]) { index += 1 }
            let start = index
            while index < attribute.value.upperBound, !isXMLSpace(bytes[index]) { index += 1 }
            if index > start { tokens.append(start..<index) }
        }
        let wanted = Array(name.utf8)
        let matching = tokens.indices.filter { bytes[tokens[$0]].elementsEqual(wanted) }
        guard matching.count == 1, let position = matching.first else { return nil }
        if tokens.count == 1 { return removing(attribute, description: description) }
        let range =
            position + 1 < tokens.count
            ? tokens[position].lowerBound..<tokens[position + 1].lowerBound
            : tokens[position - 1].upperBound..<tokens[position].upperBound
        return fixIt(description, range, "")
    }

    private func fixIt(_ description: String, _ range: Range<Int>, _ replacement: String) -> FixIt {
        FixIt(
            description: description,
            edits: [FixIt.Edit(file: file, byteRange: range, replacement: replacement, checkedDigest: digest)])
    }
}
