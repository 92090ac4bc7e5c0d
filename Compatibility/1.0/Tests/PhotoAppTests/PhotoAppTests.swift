import LayoutKit
import LayoutTesting
import ReleasedPhotoApp
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

    @Test("the profile header")
    func profileHeader() throws {
        let loader = try LayoutLoader(named: "ProfileHeader", in: layoutsURL, registry: ExampleApp.registry())
        try assertInstantiates(ProfileHeaderView.self, from: loader)
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
            schemas: [("ReleasedPhotoApp.classes.xml", Array(registry.classSchemaDocument().utf8))])
        #expect(diagnostics.isEmpty)
        #expect(catalog.differences(from: registry.catalog).isEmpty)
    }
}
