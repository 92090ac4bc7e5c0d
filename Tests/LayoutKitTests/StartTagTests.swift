import Testing

@testable import LayoutKit

/// Where fix-its find an attribute as written: the reader's offset of each start tag, and the attributes
/// read again from the bytes there, in the order and with the values libxml2 reported.
@Suite struct StartTagTests {
    static func document(_ text: String) throws -> ParsedDocument {
        guard case .document(let document) = XMLReader.document(Array(text.utf8), file: "t.xml") else {
            Issue.record("not read")
            throw CancellationError()
        }
        return document
    }

    @Test func everyElementsOffsetIsItsStartTagAndItsAttributesAreThoseReadInOrder() throws {
        let text =
            "\u{FEFF}<?xml version=\"1.0\"?>\r\n<root xmlns=\"urn:a\" xmlns:lk='urn:b'\r\n  a = \"1\" lk:b='x &amp; \"y\"'>"
            + "<é c=\"&#x41;\"\td=\"\"/>\n  <e\nf=\"a\nb\"/></root>"
        let document = try Self.document(text)
        let bytes = Array(text.utf8)
        var seen = 0
        for element in 0..<Int32(document.elements.count) {
            let offset = Int(document.position(of: element).offset)
            #expect(bytes[offset] == UInt8(ascii: "<"))
            let written = StartTag.plainAttributes(in: bytes, at: offset)
            let attributes = Array(document.attributes(of: element))
            #expect(written.count == attributes.count, "element \(element)")
            for (place, attribute) in zip(written, attributes) {
                let name = String(decoding: bytes[place.qualifiedName], as: UTF8.self)
                #expect(name.hasSuffix(document.name(ofAttribute: attribute)))
                #expect(
                    bytes[place.value.lowerBound - 1] == place.quote && bytes[place.value.upperBound] == place.quote)
                seen += 1
            }
        }
        #expect(seen == 5)
        let root = StartTag.attributes(in: bytes, at: Int(document.position(of: ParsedDocument.root).offset))
        // Namespace declarations are attributes as written, left out of the plain ones.
        #expect(root.count == 4)
        let value = try #require(root.last)
        #expect(String(decoding: bytes[value.value], as: UTF8.self) == "x &amp; \"y\"")
        #expect(value.quote == UInt8(ascii: "'"))
        // Removing an attribute takes the whitespace before it (here a CR LF and two spaces precede `a`).
        let first = try #require(StartTag.plainAttributes(in: bytes, at: Int(document.position(of: 0).offset)).first)
        #expect(
            String(decoding: bytes[first.leadingSpace..<first.whole.upperBound], as: UTF8.self) == "\r\n  a = \"1\"")
    }

    @Test func aScanThatMeetsNoStartTagFindsNothing() {
        let bytes = Array("text <a b=\"1\" c=\"unterminated".utf8)
        #expect(StartTag.attributes(in: bytes, at: 0).isEmpty)
        #expect(StartTag.attributes(in: bytes, at: 99).isEmpty)
        #expect(StartTag.attributes(in: bytes, at: 5).count == 1)
    }

    @Test func aValueIsEscapedForItsOwnQuotes() {
        #expect(StartTag.escaped("a'b\"c&<", quote: UInt8(ascii: "\"")) == "a'b&quot;c&amp;&lt;")
        #expect(StartTag.escaped("a'b\"c&<", quote: UInt8(ascii: "'")) == "a&apos;b&quot;c&amp;&lt;")
    }

    @Test func onlyAUniqueClosestNameIsARepair() {
        var budget = SuggestionBudget()
        #expect(budget.onlyClosestMatch(to: "dameLabel", in: ["nameLabel", "gameLabel"]) == nil)
        #expect(budget.closest(to: "dameLabel", in: ["nameLabel", "gameLabel"], countingTies: true)?.tie != nil)
        #expect(budget.onlyClosestMatch(to: "titelLabel", in: ["titleLabel", "subtitleLabel"]) == "titleLabel")
        // The same name twice is one candidate, not a tie.
        #expect(budget.onlyClosestMatch(to: "titelLabel", in: ["titleLabel", "titleLabel"]) == "titleLabel")
        // Without counting ties the answer is the one closestMatch always gave: the name that sorts first.
        #expect(budget.closestMatch(to: "dameLabel", in: ["nameLabel", "gameLabel"]) == "gameLabel")
    }
}
