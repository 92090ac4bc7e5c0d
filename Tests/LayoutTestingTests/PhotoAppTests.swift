import LayoutKit
import LayoutTesting
import PhotoApp
import Testing

/// The example app's tests, written the way an app's own tests use `LayoutTesting`.
@Suite("PhotoApp layouts")
struct PhotoAppTests {
    @Test("the classic PhotoCell nib test, line by line")
    func photoCellClassic() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: ExampleApp.registry())
        let objects = try loader.instantiate(owner: nil)
        try #require(objects.count == 1)  // exactly one top-level object
        let cell = try #require(objects[0] as? PhotoCell)
        #expect(type(of: cell) == PhotoCell.self)  // that exact class
        #expect(cell.photoTitleLabel != nil)  // every outlet connected
        #expect(cell.photoDateLabel != nil)
    }

    @Test("the classic PhotoCell nib test, in one line")
    func photoCellOneLine() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: ExampleApp.registry())
        try assertInstantiates(PhotoCell.self, from: loader)
    }

    @Test("a feed cell with its owner and external object")
    func feedArticleCell() throws {
        let loader = try LayoutLoader(named: "FeedArticleCell", in: layoutsURL, registry: ExampleApp.registry())
        let owner = FeedViewController()
        let cell = try assertInstantiates(
            FeedArticleCell.self, from: loader, owner: owner, externalObjects: ["dateFormatter": DateFormat()])
        #expect(owner.articleCell === cell)
        #expect(cell.delegate === owner)
        assertOutletsConnected(owner)
    }

    @Test("tapping a feed cell's share button reaches its owner's shareTapped with the button")
    func feedArticleCellShareTap() throws {
        let loader = try LayoutLoader(named: "FeedArticleCell", in: layoutsURL, registry: ExampleApp.registry())
        let owner = FeedViewController()
        let cell = try assertInstantiates(
            FeedArticleCell.self, from: loader, owner: owner, externalObjects: ["dateFormatter": DateFormat()])
        let button = try #require(cell.shareButton)
        #expect(owner.sharedFrom.isEmpty)
        button.sendActions(for: .primaryActionTriggered)
        #expect(owner.sharedFrom.count == 1)
        #expect(owner.sharedFrom.first === button)
        assertActionsConnected(owner, in: [cell])
    }

    @Test("the profile header: a card with two properties and a follow action")
    func profileHeader() throws {
        let loader = try LayoutLoader(named: "ProfileHeader", in: layoutsURL, registry: ExampleApp.registry())
        let header = try assertInstantiates(ProfileHeaderView.self, from: loader)
        #expect(header.cornerRadius == 16)
        #expect(header.style == .card)
        header.followButton?.sendActions(for: .primaryActionTriggered)
        #expect(header.followTaps == 1)
        assertActionsConnected(header)
    }

    @Test("every layout in Layouts/ is valid against the app's Swift classes")
    func layoutsValid() throws {
        assertLayoutsValid(in: layoutsURL, registry: try ExampleApp.registry())
    }

    @Test("Schemas/ matches the app's Swift classes")
    func schemasMatch() throws {
        assertSchemasMatch(try ExampleApp.registry(), schemasURL)
    }

    @Test("the registry's class schema reads back with no diagnostic and no difference")
    func classSchemaRoundTrip() throws {
        let registry = try ExampleApp.registry()
        let (catalog, diagnostics) = ClassCatalog.load(
            schemas: [("PhotoApp.classes.xml", Array(registry.classSchemaDocument().utf8))])
        #expect(diagnostics.isEmpty)
        #expect(catalog.differences(from: registry.catalog).isEmpty)
    }
}
