import LayoutKit
import PhotoApp
import Testing

@testable import LayoutTesting

@Suite("assertActionsConnected")
struct AssertActionsConnectedTests {
    /// A ToggleCell whose switch sends nothing: the rule that would refuse it is silenced.
    func unconnectedToggle() throws -> LayoutLoader {
        try loader(
            #"""
            <tableViewCell class="ToggleCell" xmlns:lk="urn:layoutkit:tools" lk:ignore="unconnected-action">
                <switch/>
            </tableViewCell>
            """#)
    }

    @Test("passes when a control inside the view sends every required action to it")
    func passes() throws {
        let cell = try loader(#"<tableViewCell class="ToggleCell"><switch action="toggled"/></tableViewCell>"#)
            .instantiate(ToggleCell.self)
        #expect(capture { assertActionsConnected(cell) }.messages == [])
    }

    @Test("names every required action no control sends, and skips optional ones")
    func namesUnconnected() throws {
        let cell = try unconnectedToggle().instantiate(ToggleCell.self)
        #expect(
            capture { assertActionsConnected(cell) }.messages == [
                "unconnected action of LayoutTestingTests.ToggleCell: toggled"
            ])
        #expect(capture { assertActionsConnected(ToggleCell()) }.messages.count == 1)
    }

    @Test("an owner is checked against the controls of the views it is given; a class without actions passes")
    func owner() throws {
        let owner = FeedViewController()
        #expect(
            capture { assertActionsConnected(owner) }.messages == [
                "unconnected action of PhotoApp.FeedViewController: shareTapped"
            ])
        let loader = try LayoutLoader(named: "FeedArticleCell", in: layoutsURL, registry: ExampleApp.registry())
        let cell = try loader.instantiate(
            FeedArticleCell.self, owner: owner, externalObjects: ["dateFormatter": DateFormat()])
        #expect(capture { assertActionsConnected(owner, in: [cell]) }.messages == [])
        #expect(capture { assertActionsConnected(DateFormat()) }.messages == [])
    }

    @Test("assertInstantiates names unconnected actions with the nil outlets")
    func assertInstantiatesReportsThem() throws {
        let layout = try unconnectedToggle()
        let captured = capture { try assertInstantiates(ToggleCell.self, from: layout) }
        try #require(captured.messages.count == 1)
        #expect(
            captured.messages[0].split(separator: "\n").dropFirst().map(String.init) == [
                "- unconnected action of LayoutTestingTests.ToggleCell: toggled"
            ])
        #expect(captured.value != nil)
    }
}
