// The README of LayoutKit 1.1.0, "Declaring actions and properties" and "Testing": its lines new since 1.0,
// as a client would paste them into a test, against the layout in ../../Layouts. Where the README calls a
// value `loader`, `cell` or `controller`, the test makes one first.
import Foundation
import LayoutKit
import LayoutTesting
import ReadmeSnippets1_1
import Testing

/// Compatibility/1.1/Layouts, from this file's path.
let layoutsURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Layouts")

@Suite("The README of 1.1.0") struct ReadmeSnippetTests {
    func loader() throws -> LayoutLoader {
        var registry = LayoutRegistry.standard
        try registry.register(FeedArticleCell.self)
        try registry.register(FeedController.self)
        return try LayoutLoader(named: "FeedArticleCell", in: layoutsURL, registry: registry)
    }

    @Test func actionsAndProperties() throws {
        let controller = FeedController()
        let cell = try assertInstantiates(FeedArticleCell.self, from: loader(), owner: controller)
        #expect(cell.cornerRadius == 12 && cell.style == .elevated)

        cell.shareButton?.sendActions(for: .primaryActionTriggered)  // fire an action in a test, no UI needed
        #expect(cell.shares == 1)
    }

    @Test func testingActions() throws {
        let loader = try loader()
        let controller = FeedController()
        let cell = try assertInstantiates(FeedArticleCell.self, from: loader, owner: controller)
        assertOutletsConnected(cell)  // every non-optional outlet is non-nil
        assertActionsConnected(cell)  // a control inside sends every non-optional action
        assertActionsConnected(controller, in: [cell])  // an owner: the controls of the views it owns
        #expect(controller.cell === cell)
    }

    @Test func layoutFileData() throws {
        let photoCellData = try Data(contentsOf: layoutsURL.appendingPathComponent("FeedArticleCell.layout.xml"))
        #expect(!photoCellData.isEmpty)
    }

    /// Not from the release: the corpus was built in the mode the check asked for.
    @Test func builtInTheAskedLanguageMode() throws {
        let asked = ProcessInfo.processInfo.environment["LAYOUTKIT_COMPAT_MODE"]
        #expect(asked != nil, "run the corpus through Scripts/check-source-compat.sh, which names the mode")
        #expect(readmeSnippets11LanguageMode == asked)
    }
}
