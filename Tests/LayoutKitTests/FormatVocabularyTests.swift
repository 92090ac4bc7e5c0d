import Foundation
import Testing

@testable import LayoutKit

/// What `layout-check lsp` offers and says (`FormatVocabulary`, `FormatDocumentation`) is what
/// `Schemas/layout.xsd` says: the same attributes on each element, the same enumerated values, and its
/// documentation's words.
@Suite struct FormatVocabularyTests {
    static let xsd =
        (try? Repository.bytes(Repository.schemas.appendingPathComponent("layout.xsd")))
        .map { String(decoding: $0, as: UTF8.self) } ?? ""

    /// The text of one top-level `xs:complexType` or `xs:simpleType` of the schema.
    static func type(_ name: String) -> String {
        guard let start = xsd.range(of: "Type name=\"\(name)\"") else { return "" }
        let rest = xsd[start.upperBound...]
        // Its own end, at the top level's indentation: types nest inside it.
        let end = rest.range(of: "\n    </xs:complexType>") ?? rest.range(of: "\n    </xs:simpleType>")
        return String(rest[..<(end?.lowerBound ?? rest.endIndex)])
    }

    static func attributes(in text: String) -> [String] {
        text.matches(of: /<xs:attribute name="([A-Za-z]+)"/).map { String($0.1) }
    }

    static let typeNames = [
        "view": "View", "label": "Label", "imageView": "ImageView", "button": "Button", "stackView": "StackView",
        "tableViewCell": "TableViewCell", "switch": "Switch", "textField": "TextField",
    ]

    @Test func everyObjectElementTakesTheAttributesTheSchemaGivesIt() {
        #expect(Set(FormatVocabulary.objectElements) == Set(Self.typeNames.keys))
        let common = Self.attributes(in: Self.type("ObjectContent"))
        #expect(common.count == 9, "\(common)")
        for (element, type) in Self.typeNames {
            var expected = Set(common + Self.attributes(in: Self.type(type)))
            if FormatVocabulary.isControl(element) { expected.formUnion(Self.attributes(in: Self.type("Control"))) }
            #expect(Set(FormatVocabulary.attributes(of: element)) == expected, "\(element)")
        }
        for (element, type) in ["owner": "Owner", "external": "External", "include": "Include", "outlet": "Outlet"] {
            #expect(Set(FormatVocabulary.attributes(of: element)) == Set(Self.attributes(in: Self.type(type))))
        }
    }

    @Test func enumeratedAttributesOfferTheSchemasValues() {
        let types = [
            "font": "Font", "textAlignment": "TextAlignment", "contentMode": "ContentMode", "axis": "Axis",
            "alignment": "StackAlignment", "distribution": "StackDistribution", "selectionStyle": "SelectionStyle",
            "accessoryType": "AccessoryType", "hidden": "Boolean",
        ]
        for (attribute, type) in types {
            let listed = Self.type(type).matches(of: /<xs:enumeration value="([A-Za-z0-9]+)"/).map { String($0.1) }
            #expect(!listed.isEmpty, "\(type)")
            #expect(FormatVocabulary.values(of: attribute) == listed, "\(attribute)")
        }
        #expect(
            FormatVocabulary.values(of: "event", control: "textField")
                == ["editingChanged", "editingDidEnd", "primaryActionTriggered"])
        #expect(FormatVocabulary.values(of: "text") == nil)
    }

    /// Each sentence of the documentation is one of the schema's (spaces and line breaks aside).
    @Test func theDocumentationIsTheSchemasWords() {
        let schemaWords = Self.xsd.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        let texts =
            Array(FormatDocumentation.byAttribute.values) + Array(FormatDocumentation.byElementAttribute.values)
            + Array(FormatDocumentation.elements.values)
        #expect(texts.count > 30)
        for text in texts {
            for sentence in text.split(separator: ". ").map({ $0.hasSuffix(".") ? String($0.dropLast()) : String($0) })
            {
                #expect(schemaWords.contains(sentence.lowercased()), "not in layout.xsd: \(sentence)")
            }
        }
        #expect(FormatDocumentation.text("axis", element: "label") == nil)
        #expect(FormatDocumentation.text("axis", element: "stackView")?.contains("`horizontal`") == true)
    }
}

/// The vocabulary (below the reader) says which elements are controls; the runtime says which events
/// each sends. The two agree: a control sends at least one event, and no other element sends any.
@Suite struct ElementVocabularyTests {
    @Test(arguments: ElementKind.allCases)
    func anElementIsAControlExactlyWhenItSendsEvents(_ kind: ElementKind) {
        #expect(kind.isControl == !kind.events.isEmpty, "\(kind)")
    }
}
