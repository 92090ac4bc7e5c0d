/// A forgiving read of a layout's markup, for completion, hover, definition and rename: its elements with
/// their attributes and where each name and value lies, read from text that may be half typed. The
/// checker's libxml2 reader judges the file; this only finds what is under the cursor.
struct LayoutSyntax {
    /// One attribute: its name and value, and where each is (offsets in the document's UTF-16 units).
    struct Attribute {
        var name: String
        var nameRange: Range<Int>
        var value: String
        /// Inside the quotes; empty at the opening quote for an attribute with `=` and no value yet.
        var valueRange: Range<Int>?
    }

    /// One element's start tag.
    struct Element {
        var name: String
        var nameRange: Range<Int>
        /// From `<` to after `>` (or to where the tag breaks off).
        var tagRange: Range<Int>
        var attributes: [Attribute]
        /// The index of the enclosing element.
        var parent: Int?
        /// Whether the start tag ends in `>` or `/>` (it is not still being typed).
        var isTagEnded = false
        /// Where the element ends: after its end tag, or its start tag when it is empty; `nil` when open.
        var end: Int?

        func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
        func value(_ name: String) -> String? { attribute(name)?.value }
    }

    private(set) var elements: [Element] = []

    init(_ units: [UInt16]) {
        var scan = Scan(units: units)
        scan.run()
        elements = scan.elements
    }

    /// One pass over the text, element by element.
    private struct Scan {
        let units: [UInt16]
        var elements: [Element] = []
        /// The elements open at the current place, innermost last.
        private var stack: [Int] = []

        init(units: [UInt16]) { self.units = units }

        private func starts(_ text: String, at offset: Int) -> Bool {
            var position = offset
            for unit in text.utf16 {
                guard position < units.count, units[position] == unit else { return false }
                position += 1
            }
            return true
        }

        private func skip(past text: String, from offset: Int) -> Int {
            var position = offset
            while position < units.count {
                if starts(text, at: position) { return position + text.utf16.count }
                position += 1
            }
            return units.count
        }

        private func name(from offset: Int) -> Int {
            var position = offset
            while position < units.count, LayoutSyntax.isNameUnit(units[position]) { position += 1 }
            return position
        }

        private func isSpace(_ unit: UInt16) -> Bool { unit == 32 || unit == 9 || unit == 10 || unit == 13 }

        private func spaces(from offset: Int) -> Int {
            var position = offset
            while position < units.count, isSpace(units[position]) { position += 1 }
            return position
        }

        mutating func run() {
            var index = 0
            while index < units.count {
                guard units[index] == 60 else {  // <
                    index += 1
                    continue
                }
                if starts("<!--", at: index) {
                    index = skip(past: "-->", from: index + 4)
                } else if starts("<![CDATA[", at: index) {
                    index = skip(past: "]]>", from: index + 9)
                } else if starts("<?", at: index) {
                    index = skip(past: "?>", from: index + 2)
                } else if starts("<!", at: index) {
                    index = skip(past: ">", from: index + 2)
                } else if starts("</", at: index) {
                    index = endTag(at: index)
                } else {
                    index = startTag(at: index)
                }
            }
        }

        /// An end tag closes the innermost open element of its name, and those inside it left open.
        private mutating func endTag(at index: Int) -> Int {
            let nameEnd = name(from: index + 2)
            let closed = String(decoding: units[(index + 2)..<nameEnd], as: UTF16.self)
            let end = skip(past: ">", from: nameEnd)
            if let match = stack.lastIndex(where: { elements[$0].name == closed }) {
                for open in stack[match...] { elements[open].end = end }
                stack.removeSubrange(match...)
            }
            return end
        }

        /// A start tag, however far it was typed: its name, its attributes, whether it ended.
        private mutating func startTag(at index: Int) -> Int {
            let nameStart = index + 1
            let nameEnd = name(from: nameStart)
            var element = Element(
                name: String(decoding: units[nameStart..<nameEnd], as: UTF16.self), nameRange: nameStart..<nameEnd,
                tagRange: index..<nameEnd, attributes: [], parent: stack.last)
            var position = nameEnd
            var selfClosing = false
            var ended = false
            while position < units.count {
                let unit = units[position]
                if isSpace(unit) {
                    position += 1
                } else if unit == 62 {  // >
                    position += 1
                    ended = true
                    break
                } else if unit == 47, position + 1 < units.count, units[position + 1] == 62 {  // />
                    position += 2
                    selfClosing = true
                    ended = true
                    break
                } else if unit == 60 {  // a new tag: this one broke off
                    break
                } else if LayoutSyntax.isNameUnit(unit) {
                    let (attribute, next) = self.attribute(at: position)
                    element.attributes.append(attribute)
                    position = next
                } else {
                    position += 1
                }
            }
            element.tagRange = index..<position
            element.isTagEnded = ended
            if selfClosing { element.end = position }
            elements.append(element)
            if !selfClosing || !ended { stack.append(elements.count - 1) }
            return position
        }

        /// An attribute and where the scan goes on: its value, when one was begun, up to its quote or the
        /// next `<`.
        private func attribute(at start: Int) -> (Attribute, Int) {
            let attributeEnd = name(from: start)
            var attribute = Attribute(
                name: String(decoding: units[start..<attributeEnd], as: UTF16.self), nameRange: start..<attributeEnd,
                value: "", valueRange: nil)
            var position = spaces(from: attributeEnd)
            guard position < units.count, units[position] == 61 else { return (attribute, position) }  // =
            position = spaces(from: position + 1)
            guard position < units.count, units[position] == 34 || units[position] == 39 else {
                return (attribute, position)
            }
            let quote = units[position]
            let valueStart = position + 1
            var valueEnd = valueStart
            while valueEnd < units.count, units[valueEnd] != quote, units[valueEnd] != 60 { valueEnd += 1 }
            attribute.valueRange = valueStart..<valueEnd
            attribute.value = String(decoding: units[valueStart..<valueEnd], as: UTF16.self)
            return (attribute, valueEnd < units.count && units[valueEnd] == quote ? valueEnd + 1 : valueEnd)
        }
    }

    /// What lies at an offset.
    enum Place {
        /// In an element's name (or right after `<`): the element, and the text of the name before the cursor.
        case elementName(element: Int)
        /// In a start tag where an attribute name is or may go.
        case attributeName(element: Int, attribute: Int?)
        /// In an attribute's value.
        case attributeValue(element: Int, attribute: Int)
        /// Elsewhere: text between tags, inside `parent`.
        case content(parent: Int?)
    }

    /// What lies at `offset`.
    func place(at offset: Int) -> Place {
        // The last tag starting before the offset.
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].tagRange.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return .content(parent: nil) }
        let index = low - 1
        let element = elements[index]
        guard offset <= element.tagRange.upperBound,
            offset < element.tagRange.upperBound || !isClosed(element)
        else {
            return .content(parent: enclosing(offset))
        }
        if offset <= element.nameRange.upperBound { return .elementName(element: index) }
        for (number, attribute) in element.attributes.enumerated() {
            if let value = attribute.valueRange, value.lowerBound <= offset, offset <= value.upperBound {
                return .attributeValue(element: index, attribute: number)
            }
            if attribute.nameRange.lowerBound <= offset, offset <= attribute.nameRange.upperBound {
                return .attributeName(element: index, attribute: number)
            }
        }
        return .attributeName(element: index, attribute: nil)
    }

    /// The elements from `index` up to the root, `index` first.
    func lineage(of index: Int) -> [Int] {
        var result: [Int] = []
        var next: Int? = index
        while let current = next, result.count <= elements.count {
            result.append(current)
            next = elements[current].parent
        }
        return result
    }

    /// The element with `id="…"` equal to `id`.
    func element(withID id: String) -> Int? {
        elements.firstIndex { $0.value("id") == id }
    }

    private func isClosed(_ element: Element) -> Bool { element.isTagEnded }

    /// The innermost element open at `offset`: the last one whose start tag ends before it and which has
    /// not ended there.
    private func enclosing(_ offset: Int) -> Int? {
        elements.indices.last { elements[$0].tagRange.upperBound <= offset && (elements[$0].end ?? Int.max) > offset }
    }

    /// A character of an XML name as the format uses them (ASCII letters, digits, `_`, `-`, `.`, `:`),
    /// or any non-ASCII unit.
    static func isNameUnit(_ unit: UInt16) -> Bool {
        (unit >= 97 && unit <= 122) || (unit >= 65 && unit <= 90) || (unit >= 48 && unit <= 57) || unit == 95
            || unit == 45 || unit == 46 || unit == 58 || unit > 127
    }
}
