import Testing

@testable import LayoutKit

/// The decoder reads a typed attribute's value from the reader's bytes when it is valid as written, and
/// takes the String path for everything else: both must give the same value, or the same diagnostic.
@Suite struct TypedValueTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var element: String
        var attribute: String
        var value: String
        /// The decoded value, or `nil` when the value is a schema error.
        var expected: AttributeValue?

        var testDescription: String { "<\(element) \(attribute)=\"\(value)\">" }
    }

    static let cases: [Case] = [
        Case(element: "view", attribute: "hidden", value: "true", expected: .hidden(true)),
        Case(element: "view", attribute: "hidden", value: " false\n", expected: .hidden(false)),
        Case(element: "view", attribute: "hidden", value: "1", expected: nil),
        Case(element: "view", attribute: "alpha", value: "0", expected: .alpha(0)),
        Case(element: "view", attribute: "alpha", value: "1", expected: .alpha(1)),
        Case(element: "view", attribute: "alpha", value: "0.25", expected: .alpha(0.25)),
        Case(element: "view", attribute: "alpha", value: "+1", expected: .alpha(1)),
        Case(element: "view", attribute: "alpha", value: "2", expected: nil),
        Case(element: "view", attribute: "alpha", value: "1e0", expected: nil),
        Case(element: "stackView", attribute: "spacing", value: "007", expected: .spacing(7)),
        Case(element: "stackView", attribute: "spacing", value: "1000000", expected: .spacing(1_000_000)),
        Case(element: "stackView", attribute: "spacing", value: "1000001", expected: nil),
        Case(element: "stackView", attribute: "spacing", value: "999999999999999999", expected: nil),
        Case(element: "view", attribute: "tag", value: "-2147483648", expected: .tag(-2_147_483_648)),
        Case(element: "view", attribute: "tag", value: "2147483648", expected: nil),
        Case(element: "view", attribute: "tag", value: "12", expected: .tag(12)),
        Case(element: "label", attribute: "numberOfLines", value: "0", expected: .numberOfLines(0)),
        Case(element: "label", attribute: "numberOfLines", value: "-1", expected: nil),
        Case(
            element: "view", attribute: "backgroundColor", value: "#FFffFF",
            expected: .backgroundColor(Color(red: 255, green: 255, blue: 255))),
        Case(
            element: "label", attribute: "textColor", value: "#00000080",
            expected: .textColor(Color(red: 0, green: 0, blue: 0, alpha: 128))),
        Case(element: "view", attribute: "backgroundColor", value: "#FFF", expected: nil),
        Case(element: "label", attribute: "font", value: "headline", expected: .font(.headline)),
        Case(element: "label", attribute: "font", value: "  headline ", expected: .font(.headline)),
        Case(element: "label", attribute: "font", value: "Headline", expected: nil),
        Case(element: "stackView", attribute: "axis", value: "vertical", expected: .axis(.vertical)),
        Case(
            element: "stackView", attribute: "distribution", value: "fillEqually", expected: .distribution(.fillEqually)
        ),
        Case(
            element: "tableViewCell", attribute: "accessoryType", value: "disclosureIndicator",
            expected: .accessoryType(.disclosureIndicator)),
        Case(element: "label", attribute: "text", value: "  two  spaces ", expected: .text("  two  spaces ")),
    ]

    @Test(arguments: cases)
    func aValueReadInPlaceIsTheValueReadAsAString(_ testCase: Case) throws {
        let text = """
            <layout xmlns="urn:layoutkit:layout:1"><\(testCase.element) \(testCase.attribute)="\(testCase.value)"/></layout>
            """
        guard case .document(let document) = XMLReader.document(Array(text.utf8), file: "v.layout.xml") else {
            Issue.record("the layout did not read")
            return
        }
        var decoder = LayoutDecoder(file: "v.layout.xml")
        let layout = decoder.decode(document)
        if let expected = testCase.expected {
            #expect(decoder.diagnostics.isEmpty)
            #expect(layout.objects.first?.attributeValues == [expected])
        } else {
            let diagnostic = try #require(decoder.diagnostics.first)
            #expect(diagnostic.rule == .schema)
            #expect(diagnostic.message.hasPrefix("invalid \(testCase.attribute)="))
            #expect(layout.objects.first?.attributeValues == [])
        }
    }
}
