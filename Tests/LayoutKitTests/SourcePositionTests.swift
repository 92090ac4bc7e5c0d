import Testing

@testable import LayoutKit

/// Every position knows its file, so a diagnostic about an element from an included layout points
/// into that layout, not into the file that includes it.
@Suite struct SourcePositionTests {
    @Test func elementPositionsCarryTheFileTheyWereReadFrom() throws {
        let bytes = Array(#"<layout xmlns="urn:layoutkit:layout:1">\#n  <label id="a"/>\#n</layout>"#.utf8)
        guard case .document(let root) = XMLReader.read(bytes, file: "Card.layout.xml") else {
            Issue.record("the layout did not read")
            return
        }
        let label = try #require(root.children.first)
        #expect(label.position == SourcePosition(file: "Card.layout.xml", line: 2, column: 3))
    }

    @Test func aLayoutLocatesAPositionInItsOwnFile() throws {
        let host = Layout(file: "Feed.layout.xml", owner: nil, externals: [], objects: [])
        let included = SourcePosition(file: "Card.layout.xml", line: 7, column: 5)
        #expect(host.location(included) == SourceLocation(file: "Card.layout.xml", line: 7, column: 5))
    }
}
