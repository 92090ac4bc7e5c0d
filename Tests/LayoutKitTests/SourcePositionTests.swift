import Testing

@testable import LayoutKit

/// Every position knows its file, so a diagnostic about an element from an included layout points
/// into that layout, not into the file that includes it.
@Suite struct SourcePositionTests {
    @Test func elementPositionsCarryTheFileTheyWereReadFrom() throws {
        let included = SourceFileID(index: 1)
        let bytes = Array(#"<layout xmlns="urn:layoutkit:layout:1"><label/></layout>"#.utf8)
        guard case .document(let document) = XMLReader.document(bytes, file: "Card.layout.xml", fileID: included)
        else {
            Issue.record("the layout did not read")
            return
        }
        let label = try #require(document.children(of: ParsedDocument.root).first(where: { _ in true }))
        #expect(document.position(of: label) == SourcePosition(file: included, line: 1, column: 40))
    }

    @Test func elementPositionsOfTheMainFileSayIt() throws {
        let bytes = Array(#"<layout xmlns="urn:layoutkit:layout:1">\#n  <label id="a"/>\#n</layout>"#.utf8)
        guard case .document(let root) = XMLReader.read(bytes, file: "Card.layout.xml") else {
            Issue.record("the layout did not read")
            return
        }
        let label = try #require(root.children.first)
        #expect(label.position == SourcePosition(file: .main, line: 2, column: 3))
    }

    @Test func aLayoutLocatesAPositionInItsOwnFile() throws {
        var host = Layout(file: "Feed.layout.xml", owner: nil, externals: [], objects: [])
        host.includedFiles = ["Card.layout.xml"]
        let own = SourcePosition(file: .main, line: 3, column: 5)
        let included = SourcePosition(file: SourceFileID(index: 1), line: 7, column: 5)
        #expect(host.location(own) == SourceLocation(file: "Feed.layout.xml", line: 3, column: 5))
        #expect(host.location(included) == SourceLocation(file: "Card.layout.xml", line: 7, column: 5))
    }

    /// The reader finds where a tag begins by scanning back from its end, eight bytes at a time: it
    /// must find what a byte-at-a-time scan finds, at every end and near both ends of the buffer.
    @Test func theLastOccurrenceBeforeAnOffsetIsTheOneAByteScanFinds() {
        let text =
            Array("<a>x<<b c=\"<?\"/>  <?p?> <![CDATA[ < ]]>\n<".utf8) + Array(repeating: UInt8(ascii: "y"), count: 19)
        let lines = LineTable(text, file: .main)
        for needle in [Array("<".utf8), Array("<?".utf8), Array("<![CDATA[".utf8), Array("y".utf8), Array("z".utf8)] {
            for end in 0...text.count {
                var expected: Int?
                var start = end - needle.count
                while start >= 0 {
                    if Array(text[start..<(start + needle.count)]) == needle {
                        expected = start
                        break
                    }
                    start -= 1
                }
                #expect(lines.lastOccurrence(of: needle, before: end) == expected, "needle \(needle) before \(end)")
            }
        }
    }
}
