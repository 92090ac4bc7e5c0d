import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `Schemas/layout.xsd` and `Schemas/classes.xsd` are what an XML editor shows on hover and completion, so
/// every element, attribute and enumeration value in them is documented (`xs:documentation`), and they are
/// the one source of those words: the article "Layout format" shows them in tables generated from the
/// schemas, which these tests keep identical (issue 40, item 9).
///
/// `LAYOUTKIT_RECORD_FORMAT_REFERENCE=1 swift test --filter SchemaDocumentationTests` rewrites the tables
/// from the schemas, and fails once, saying so.
@Suite struct SchemaDocumentationTests {
    static let article = "Sources/LayoutKit/LayoutKit.docc/LayoutFormat.md"

    struct Schema: Sendable, CustomTestStringConvertible {
        var path: String
        /// Where each named type's attributes are written, in the article's words.
        var places: [String: String]
        var testDescription: String { path }
    }

    static let layout = Schema(
        path: "Schemas/layout.xsd",
        places: [
            "Owner": "`owner`", "External": "`external`", "Outlet": "`outlet`", "Action": "`action`",
            "ButtonConnections": "`action` in a `button`", "SwitchConnections": "`action` in a `switch`",
            "TextFieldConnections": "`action` in a `textField`", "Properties": "`property`", "Include": "`include`",
            "ObjectContent": "every object element", "Control": "`button`, `switch`, `textField`",
            "Label": "`label`", "ImageView": "`imageView`", "Button": "`button`", "Switch": "`switch`",
            "TextField": "`textField`", "StackView": "`stackView`", "TableViewCell": "`tableViewCell`",
        ])
    static let classes = Schema(
        path: "Schemas/classes.xsd",
        places: ["Class": "`class`", "Outlet": "`outlet`", "Action": "`action`", "Property": "`property`"])

    @Test(arguments: [layout, classes])
    func everyElementAttributeAndValueIsDocumented(_ schema: Schema) throws {
        let declarations = try SchemaDeclarations(Self.text(schema.path))
        #expect(declarations.items.count > 10)
        for item in declarations.items where item.documentation.isEmpty {
            Issue.record(
                "\(schema.path): \(item.kind) \(item.name) (in \(item.context ?? "the schema")) has no xs:documentation"
            )
        }
    }

    /// The counts of issue 40: 26 element declarations, 47 attributes and every value of the layout format.
    @Test func theLayoutSchemaDeclaresWhatTheIssueCounted() throws {
        let declarations = try SchemaDeclarations(Self.text(Self.layout.path))
        #expect(declarations.items.count { $0.kind == .element } == 26)
        #expect(declarations.items.count { $0.kind == .attribute } == 47)
        #expect(declarations.items.count { $0.kind == .value } == 39)
    }

    /// Serialized: recording rewrites one article, one table at a time.
    @Test(.serialized, arguments: [layout, classes])
    func theArticleShowsTheSchemasWords(_ schema: Schema) throws {
        let expected = try Self.table(schema)
        var text = try Self.text(Self.article)
        let begin = "<!-- generated from \(schema.path) -->\n"
        let end = "<!-- end of generated table -->"
        let start = try #require(text.range(of: begin), "\(Self.article) has no line \(begin)")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        guard text[start.upperBound..<stop.lowerBound] != expected else { return }
        if ProcessInfo.processInfo.environment["LAYOUTKIT_RECORD_FORMAT_REFERENCE"] == "1" {
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: expected)
            try text.write(to: repositoryRoot.appendingPathComponent(Self.article), atomically: true, encoding: .utf8)
            Issue.record("rewrote the table of \(schema.path) in \(Self.article); check it in")
        } else {
            Issue.record(
                """
                \(Self.article)'s table of \(schema.path) should read (or run with LAYOUTKIT_RECORD_FORMAT_REFERENCE=1):
                \(expected)
                """)
        }
    }

    /// The article's table: each element once, then each attribute where it is written, its values with theirs.
    static func table(_ schema: Schema) throws -> String {
        let declarations = try SchemaDeclarations(text(schema.path))
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var rows = ["| element | attribute | on | documentation |", "|---|---|---|---|"]
        var seen: Set<String> = []
        for item in declarations.items where item.kind == .element && seen.insert(item.name).inserted {
            rows.append("| `\(item.name)` | | | \(cell(item.documentation)) |")
        }
        for item in declarations.items where item.kind == .attribute {
            let context = item.context ?? ""
            let place = try #require(schema.places[context], "\(schema.path): no place in the article for \(context)")
            var words = cell(item.documentation)
            let values = declarations.items.filter { $0.kind == .value && $0.context == item.type }
            if !values.isEmpty {
                words += " One of: " + values.map { "`\($0.name)`: \(cell($0.documentation))" }.joined(separator: " ")
            }
            rows.append("| | `\(item.name)` | \(place) | \(words) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }
}

/// The named declarations of an XSD in document order, each with its own `xs:annotation/xs:documentation`
/// (whitespace collapsed), read with Foundation's XML parser.
final class SchemaDeclarations: NSObject, XMLParserDelegate {
    struct Item {
        enum Kind: String { case element, attribute, value }
        var kind: Kind
        var name: String
        /// The nearest named type around it.
        var context: String?
        /// Its type's local name (`lk:Font` → `Font`), for an attribute.
        var type: String?
        var documentation = ""
    }

    private(set) var items: [Item] = []
    private var path: [String] = []
    private var contexts: [(depth: Int, name: String)] = []
    private var open: [(depth: Int, index: Int)] = []
    private var documentation: String?

    init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.propertyListReadCorrupt) }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        path.append(name)
        let depth = path.count
        switch name {
        case "xs:complexType", "xs:simpleType":
            if let type = attributes["name"] { contexts.append((depth, type)) }
        case "xs:element", "xs:attribute", "xs:enumeration":
            guard let itemName = attributes["name"] ?? attributes["value"] else { break }
            let kind: Item.Kind = name == "xs:element" ? .element : name == "xs:attribute" ? .attribute : .value
            let type = attributes["type"].map { String($0.split(separator: ":").last ?? "") }
            items.append(Item(kind: kind, name: itemName, context: contexts.last?.name, type: type))
            open.append((depth, items.count - 1))
        case "xs:documentation":
            // Only the item's own annotation: item > xs:annotation > xs:documentation.
            if let item = open.last, item.depth == depth - 2 { documentation = "" }
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        documentation? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let depth = path.count
        if name == "xs:documentation", let text = documentation, let item = open.last {
            items[item.index].documentation = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            documentation = nil
        }
        if open.last?.depth == depth { open.removeLast() }
        if contexts.last?.depth == depth { contexts.removeLast() }
        path.removeLast()
    }
}
