import Testing

@testable import LayoutKit

/// The reader's one primitive calls a handler; the element tree is one such handler.
@Suite struct XMLHandlerTests {
    final class Recorder: XMLHandler {
        var events: [String] = []

        func startElement(name: String, namespace: String?, attributes: [ParsedAttribute], position: SourcePosition) {
            let values = attributes.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
            events.append("start \(name) [\(values)] \(position.line):\(position.column)")
        }

        func endElement() { events.append("end") }

        func text(at position: SourcePosition) { events.append("text \(position.line):\(position.column)") }
    }

    @Test func aHandlerSeesEveryTagAndTheFirstTextOfEachElementInOrder() {
        let text = "<classes xmlns=\"urn:x\">\n  <class name=\"A&amp;B\">one <b/> two</class>\n</classes>"
        let recorder = Recorder()
        let failure = XMLReader.read(Array(text.utf8), file: "t.xml", handler: recorder)
        #expect(failure == nil)
        #expect(
            recorder.events == [
                "start classes [] 1:1", "start class [name=A&B] 2:3", "text 2:25", "start b [] 2:29", "end", "end",
                "end",
            ])
    }

    @Test func aFailureStopsTheHandlerAndIsReturned() {
        let recorder = Recorder()
        let failure = XMLReader.read(Array("<a><b></a>".utf8), file: "t.xml", handler: recorder)
        #expect(failure?.rule == .xmlSyntax)
        #expect(recorder.events.prefix(2) == ["start a [] 1:1", "start b [] 1:4"])
    }
}
