#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A document as the reader read it, flat: every element in one array in the order their start tags
/// come, linked to its first child and next sibling by index; every attribute in one array; every
/// attribute value a range of one byte buffer; every name and namespace URI an index into one table of
/// the names the file uses.
///
/// One parse makes four arrays and a few dozen names, whatever the file holds, where a tree of
/// `ParsedElement`s makes a `String` for every value and an array for every element's attributes and
/// children. Decoders read values in place (`withValue`) and make a `String` only of what they keep.
struct ParsedDocument: Sendable {
    /// An index into `elements`.
    typealias ElementIndex = Int32
    /// An index into `attributes`.
    typealias AttributeIndex = Int32
    /// An index into `names`; `ParsedDocument.none` for no namespace.
    typealias NameIndex = Int32

    /// "No namespace", "no child", "no sibling".
    static let none: Int32 = -1

    struct Element: Sendable {
        var name: NameIndex
        var namespace: NameIndex
        /// The element's attributes start here and end where the next element's start: each start
        /// tag's attributes are added before the next start tag is read.
        var firstAttribute: AttributeIndex
        var firstChild: ElementIndex = ParsedDocument.none
        var nextSibling: ElementIndex = ParsedDocument.none
        /// Where its start tag begins.
        var position: SourcePosition
        /// Where the first non-whitespace text directly inside it starts, if there is any.
        var textPosition: SourcePosition?
    }

    struct Attribute: Sendable {
        var name: NameIndex
        var namespace: NameIndex
        /// The decoded value is `bytes[valueStart ..< valueStart + valueCount]`.
        var valueStart: Int32
        var valueCount: Int32
    }

    /// Every element and attribute name and namespace URI of the file, each once (the reader keys them
    /// by libxml2's interned pointers).
    private(set) var names: [String] = []
    /// What each name of `names` is to the layout format, as the reader recognised it (`NameMeaning`):
    /// the decoder takes them as they are rather than looking each name up again.
    private(set) var meanings: [NameMeaning] = []
    /// The attribute values, decoded, back to back.
    private(set) var bytes: [UInt8] = []
    private(set) var elements: [Element] = []
    private(set) var attributes: [Attribute] = []

    /// The document element: the first start tag. Only a document read to its end is handed out, so it is there.
    static let root: ElementIndex = 0

    // MARK: Reading

    func name(of element: ElementIndex) -> String { names[Int(elements[Int(element)].name)] }

    func namespace(of element: ElementIndex) -> String? {
        let index = elements[Int(element)].namespace
        return index == Self.none ? nil : names[Int(index)]
    }

    func position(of element: ElementIndex) -> SourcePosition { elements[Int(element)].position }

    /// The element's attributes, by index, in document order.
    func attributes(of element: ElementIndex) -> Range<AttributeIndex> {
        let next = Int(element) + 1
        let end = next < elements.count ? elements[next].firstAttribute : AttributeIndex(attributes.count)
        return elements[Int(element)].firstAttribute..<end
    }

    /// The element's children, in document order.
    func children(of element: ElementIndex) -> Children {
        Children(elements: elements, upcoming: elements[Int(element)].firstChild)
    }

    func name(ofAttribute attribute: AttributeIndex) -> String { names[Int(attributes[Int(attribute)].name)] }

    func namespace(ofAttribute attribute: AttributeIndex) -> String? {
        let index = attributes[Int(attribute)].namespace
        return index == Self.none ? nil : names[Int(index)]
    }

    /// An attribute's value, read in place.
    func withValue<Result>(of attribute: AttributeIndex, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let item = attributes[Int(attribute)]
        return bytes.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[Int(item.valueStart)..<Int(item.valueStart + item.valueCount)]))
        }
    }

    /// An attribute's value as a `String`, for what is kept or shown.
    func value(of attribute: AttributeIndex) -> String {
        withValue(of: attribute) { String(decoding: $0, as: UTF8.self) }
    }

    /// The children of one element, followed through their sibling links.
    struct Children: Sequence, IteratorProtocol {
        let elements: [ParsedDocument.Element]
        var upcoming: ElementIndex

        mutating func next() -> ElementIndex? {
            guard upcoming != ParsedDocument.none else { return nil }
            defer { upcoming = elements[Int(upcoming)].nextSibling }
            return upcoming
        }
    }

    /// The element and everything inside it as a tree, for the readers that walk one (class schemas,
    /// settings, Interface Builder documents).
    func tree(_ element: ElementIndex = Self.root) -> ParsedElement {
        let item = elements[Int(element)]
        var parsed = ParsedElement(
            name: names[Int(item.name)], namespace: namespace(of: element),
            attributes: attributes(of: element).map {
                ParsedAttribute(
                    name: name(ofAttribute: $0), namespace: namespace(ofAttribute: $0), value: value(of: $0))
            },
            position: item.position)
        parsed.textPosition = item.textPosition
        // The reader bounds nesting (input-limit), and with it this recursion.
        for child in children(of: element) { parsed.children.append(tree(child)) }
        return parsed
    }

    // MARK: Building, for the reader

    /// The open elements, innermost last, each with its last child so far.
    private var open: [(element: ElementIndex, lastChild: ElementIndex)] = []

    var openCount: Int { open.count }

    /// Whether the innermost open element has had its first text reported.
    var openElementHasText: Bool {
        guard let last = open.last else { return true }
        return elements[Int(last.element)].textPosition != nil
    }

    /// Adds a name or namespace URI to the table.
    mutating func addName(_ name: String, meaning: NameMeaning = .none) -> NameIndex {
        names.append(name)
        meanings.append(meaning)
        return NameIndex(names.count - 1)
    }

    /// Sets aside room for a file of `byteCount` bytes: its values cannot be longer than the file, and
    /// its elements, attributes and names are estimated from its size (a layout has a start tag every
    /// 90 bytes or so and an attribute every 40), so that a typical file's arrays are made once rather
    /// than grown through every power of two: each growth was an allocation, a copy and a free, a
    /// tenth of the reader's own cost. Past the estimate they grow as before.
    mutating func reserve(byteCount: Int) {
        bytes.reserveCapacity(byteCount)
        let estimate = min(byteCount, Self.largestEstimatedFile)
        elements.reserveCapacity(estimate / 48 + 4)
        attributes.reserveCapacity(estimate / 20 + 4)
        names.reserveCapacity(32)
        meanings.reserveCapacity(32)
        open.reserveCapacity(16)
    }

    /// The size past which `reserve(byteCount:)` estimates no further: a larger file's arrays grow as they fill.
    private static let largestEstimatedFile = 256 * 1024

    /// A start tag; its attributes follow through `addAttribute`.
    mutating func startElement(name: NameIndex, namespace: NameIndex, position: SourcePosition) {
        let index = ElementIndex(elements.count)
        elements.append(
            Element(
                name: name, namespace: namespace, firstAttribute: AttributeIndex(attributes.count), position: position))
        if let parent = open.last {
            if parent.lastChild == Self.none {
                elements[Int(parent.element)].firstChild = index
            } else {
                elements[Int(parent.lastChild)].nextSibling = index
            }
            open[open.count - 1].lastChild = index
        }
        open.append((index, Self.none))
    }

    /// An attribute of the element started last. libxml2 hands values over with each `&` kept as
    /// `&#38;` (and only those: every other reference is already decoded), so that one replacement
    /// makes the value exact.
    mutating func addAttribute(name: NameIndex, namespace: NameIndex, value: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        if let base = value.baseAddress, memchr(base, Int32(UInt8(ascii: "&")), value.count) != nil {
            var index = 0
            while index < value.count {
                if value[index] == UInt8(ascii: "&"), index + 5 <= value.count, value[index + 1] == UInt8(ascii: "#"),
                    value[index + 2] == UInt8(ascii: "3"), value[index + 3] == UInt8(ascii: "8"),
                    value[index + 4] == UInt8(ascii: ";")
                {
                    bytes.append(UInt8(ascii: "&"))
                    index += 5
                } else {
                    bytes.append(value[index])
                    index += 1
                }
            }
        } else {
            bytes.append(contentsOf: value)
        }
        attributes.append(
            Attribute(
                name: name, namespace: namespace, valueStart: Int32(start), valueCount: Int32(bytes.count - start)))
    }

    /// The end tag of the innermost open element.
    mutating func endElement() {
        _ = open.popLast()
    }

    /// The first text of the innermost open element.
    mutating func text(at position: SourcePosition) {
        guard let last = open.last else { return }
        elements[Int(last.element)].textPosition = position
    }

    /// Drops the building state once the document is read.
    mutating func finish() {
        open = []
    }
}
