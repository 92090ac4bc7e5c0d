/// One attribute of a start tag as the file writes it: byte ranges into the file, found again from the
/// tag's offset only when a fix-it needs them, so the reader keeps nothing per attribute for it.
package struct WrittenAttribute: Sendable, Equatable {
    /// The attribute's name as written, with its prefix (`lk:ignore`).
    package var qualifiedName: Range<Int>
    /// The value between the quotes, entities and all, as written.
    package var value: Range<Int>
    /// The quote the value is written in: `"` or `'`.
    package var quote: UInt8
    /// Where the whitespace before the name begins: removing the attribute removes from here.
    package var leadingSpace: Int

    /// The name, the `=`, the quotes and the value.
    package var whole: Range<Int> { qualifiedName.lowerBound..<(value.upperBound + 1) }
}

/// Reads the attributes of one start tag from the file's bytes, where the reader's position of its
/// element (`SourcePosition.offset`) says the tag starts. libxml2 has read the tag already, so the
/// bytes are well-formed; a scan that meets anything else stops and gives what it found.
package enum StartTag {
    /// The attributes of the start tag whose `<` is at `offset`, in the order written, namespace
    /// declarations (`xmlns`, `xmlns:p`) included; empty when no start tag begins there.
    package static func attributes(in bytes: [UInt8], at offset: Int) -> [WrittenAttribute] {
        guard offset >= 0, offset < bytes.count, bytes[offset] == UInt8(ascii: "<") else { return [] }
        var found: [WrittenAttribute] = []
        var index = offset + 1
        let count = bytes.count
        while index < count, !isXMLSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
            bytes[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        while index < count {
            let space = index
            while index < count, isXMLSpace(bytes[index]) { index += 1 }
            guard index < count, index > space, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
            else { break }
            let nameStart = index
            while index < count, !isXMLSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let nameEnd = index
            while index < count, isXMLSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "=") else { break }
            index += 1
            while index < count, isXMLSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { break }
            let quote = bytes[index]
            let valueStart = index + 1
            guard let close = bytes[valueStart...].firstIndex(of: quote) else { break }
            found.append(
                WrittenAttribute(
                    qualifiedName: nameStart..<nameEnd, value: valueStart..<close, quote: quote, leadingSpace: space))
            index = close + 1
        }
        return found
    }

    /// The attribute written `name` (no prefix) of the start tag at `offset`.
    package static func attribute(named name: String, in bytes: [UInt8], at offset: Int) -> WrittenAttribute? {
        let wanted = Array(name.utf8)
        return attributes(in: bytes, at: offset).first { bytes[$0.qualifiedName].elementsEqual(wanted) }
    }

    /// The attributes of the tag without its namespace declarations: the `n`th is the element's `n`th
    /// attribute in `ParsedDocument`, which libxml2 reports in the order written.
    package static func plainAttributes(in bytes: [UInt8], at offset: Int) -> [WrittenAttribute] {
        let xmlns = Array("xmlns".utf8)
        return attributes(in: bytes, at: offset).filter { attribute in
            let name = bytes[attribute.qualifiedName]
            guard name.starts(with: xmlns) else { return true }
            return !(name.count == xmlns.count || name[name.startIndex + xmlns.count] == UInt8(ascii: ":"))
        }
    }

    /// `text` written for an attribute value in `quote`: `&`, `<`, `>`, both quotes and the line breaks
    /// escaped as XMLText does, so that the value reads back as `text`.
    package static func escaped(_ text: String, quote: UInt8) -> String {
        let escaped = XMLText.escaped(text)
        guard quote == UInt8(ascii: "'"), escaped.utf8.contains(UInt8(ascii: "'")) else { return escaped }
        var result = ""
        for scalar in escaped.unicodeScalars {
            if scalar == "'" { result += "&apos;" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
