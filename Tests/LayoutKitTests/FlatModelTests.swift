import Testing

@testable import LayoutKit

/// `Layout.nodes` holds every object element in one array in document order, each after its parent and
/// with its parent's index; the analysis numbers its objects by the same index.
@Suite struct FlatModelTests {
    private func decode(_ body: String) throws -> Layout {
        let text = #"<layout xmlns="urn:layoutkit:layout:1">"# + body + "</layout>"
        guard case .document(let document) = XMLReader.document(Array(text.utf8), file: "flat.layout.xml") else {
            Issue.record("the layout did not read")
            throw CancellationError()
        }
        var decoder = LayoutDecoder(file: "flat.layout.xml")
        let layout = decoder.decode(document)
        #expect(decoder.diagnostics.isEmpty)
        return layout
    }

    @Test func nodesAreInDocumentOrderEachAfterItsParent() throws {
        let layout = try decode(
            """
            <view id="a">
              <stackView id="b">
                <label id="c"/>
                <include layout="Header" id="d"/>
              </stackView>
              <button id="e"><properties><property name="x" value="1"/></properties></button>
            </view>
            <label id="f"/>
            """)
        #expect(layout.nodes.map(\.id) == ["a", "b", "c", "d", "e", "f"])
        #expect(layout.nodes.map(\.parent) == [nil, 0, 1, 1, 0, nil])
        #expect(layout.topLevel == [0, 5])
        #expect(layout.objects.map(\.id) == ["a", "f"])
        #expect(layout.nodes[3].include?.layout == "Header")
        #expect(layout.nodes[4].properties.map(\.name) == ["x"])
    }

    /// `outlet=` binds to the nearest enclosing element with a class, past one without; a node's
    /// `<connections>` come after its descendants' links, in document order.
    @Test func linksBindToTheNearestClassedAncestorInDocumentOrder() throws {
        let layout = try decode(
            """

            <view class="Card" id="card">
              <view id="plain">
                <label outlet="title"/>
              </view>
              <connections><outlet property="plain" destination="plain"/></connections>
            </view>
            <label outlet="orphan"/>
            """)
        let analysis = LayoutAnalysis(layout)
        #expect(analysis.links.map(\.source) == [.object(0), .object(0), nil])
        #expect(analysis.links.map(\.destination) == [.object(2), .object(1), .object(3)])
        #expect(analysis.links.map(\.position.line) == [4, 6, 8])
        #expect(analysis.ids["plain"] == .object(1))
    }
}
