import Testing

@testable import LayoutKit

/// The reader's one primitive reads into a flat document: elements in start-tag order linked by index,
/// attribute values in one buffer; the element tree the other readers walk is made from it.
@Suite struct ParsedDocumentTests {
    /// The document walked as the events a SAX reader gives: start, first text, children, end.
    private func events(_ document: ParsedDocument, _ element: ParsedDocument.ElementIndex = ParsedDocument.root)
        -> [String]
    {
        let values = document.attributes(of: element).map {
            "\(document.name(ofAttribute: $0))=\(document.value(of: $0))"
        }
        let position = document.position(of: element)
        var events = [
            "start \(document.name(of: element)) [\(values.joined(separator: ","))] \(position.line):\(position.column)"
        ]
        if let text = document.elements[Int(element)].textPosition { events.append("text \(text.line):\(text.column)") }
        for child in document.children(of: element) { events += self.events(document, child) }
        events.append("end")
        return events
    }

    @Test func theDocumentHoldsEveryTagAndTheFirstTextOfEachElementInOrder() throws {
        let text = "<classes xmlns=\"urn:x\">\n  <class name=\"A&amp;B\">one <b/> two</class>\n</classes>"
        guard case .document(let document) = XMLReader.document(Array(text.utf8), file: "t.xml") else {
            Issue.record("the document did not read")
            return
        }
        #expect(
            events(document) == [
                "start classes [] 1:1", "start class [name=A&B] 2:3", "text 2:25", "start b [] 2:29", "end", "end",
                "end",
            ])
        #expect(document.namespace(of: ParsedDocument.root) == "urn:x")
    }

    @Test func siblingsAreLinkedInDocumentOrderAndValuesShareOneBuffer() {
        let text = #"<a><b v="1"/><c v="&#38;&lt;x"/><d><e/></d><f v="a &#38; b"/></a>"#
        guard case .document(let document) = XMLReader.document(Array(text.utf8), file: "t.xml") else {
            Issue.record("the document did not read")
            return
        }
        #expect(document.children(of: ParsedDocument.root).map { document.name(of: $0) } == ["b", "c", "d", "f"])
        #expect(document.elements.map { document.names[Int($0.name)] } == ["a", "b", "c", "d", "e", "f"])
        #expect(document.attributes.indices.map { document.value(of: Int32($0)) } == ["1", "&<x", "a & b"])
        #expect(document.bytes == Array("1&<xa & b".utf8))
        // One name-table entry per distinct name: `v` stands once for its three attributes.
        #expect(document.names.filter { $0 == "v" }.count == 1)
    }

    @Test func theTreeIsTheDocument() throws {
        let text = "<a xmlns=\"urn:x\"><b k=\"v\">t</b><c/></a>"
        guard case .document(let root) = XMLReader.read(Array(text.utf8), file: "t.xml") else {
            Issue.record("the document did not read")
            return
        }
        #expect(root.name == "a" && root.namespace == "urn:x")
        #expect(root.children.map(\.name) == ["b", "c"])
        let b = try #require(root.children.first)
        #expect(b.attributes.map(\.value) == ["v"] && b.attributes.first?.namespace == nil)
        #expect(b.textPosition == SourcePosition(file: .main, line: 1, column: 27))
    }

    @Test func aFailureIsReturnedInsteadOfADocument() {
        guard case .failure(let failure) = XMLReader.document(Array("<a><b></a>".utf8), file: "t.xml") else {
            Issue.record("a document that is not well-formed read")
            return
        }
        #expect(failure.rule == .xmlSyntax)
        #expect(failure.sourceLocation?.file == "t.xml")
    }
}
