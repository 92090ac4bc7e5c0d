import Foundation
import LayoutKit
import LayoutTesting
import PhotoApp
import Testing

/// The code of the article "Adopting LayoutKit in your app" and of the landing pages, run as tests: each
/// `// snippet:` region below is shown word for word by an article (`SnippetTests` checks it).
@Suite struct AdoptingLayoutKitTests {
    @Test func registerLoadAndInstantiate() throws {
        // snippet: load
        var registry = LayoutRegistry.standard  // the built-in classes
        try registry.register(PhotoCell.self)  // as "PhotoCell" and "PhotoApp.PhotoCell"
        let loader = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: registry)
        let cell = try loader.instantiate(PhotoCell.self)  // a fresh cell, every outlet connected
        // snippet-end
        #expect(cell.photoTitleLabel?.text == "Title")
    }

    @Test func classicNibTest() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: ExampleApp.registry())
        // snippet: classic-test
        let objects = try loader.instantiate(owner: nil)
        try #require(objects.count == 1)  // exactly one top-level object
        let cell = try #require(objects[0] as? PhotoCell)
        #expect(type(of: cell) == PhotoCell.self)  // of exactly that class
        #expect(cell.photoTitleLabel != nil)  // and every outlet connected
        #expect(cell.photoDateLabel != nil)
        #expect(cell.thumbnailView != nil)
        // snippet-end
    }

    @Test func oneLineTest() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: ExampleApp.registry())
        // snippet: one-line-test
        let cell = try assertInstantiates(PhotoCell.self, from: loader)
        assertOutletsConnected(cell)
        // snippet-end
    }

    // snippet: folder-tests
    @Test func layoutsValid() throws {
        assertLayoutsValid(in: layoutsURL, registry: try ExampleApp.registry())
    }

    @Test func schemasMatch() throws {
        assertSchemasMatch(try ExampleApp.registry(), schemasURL)
    }
    // snippet-end

    @Test func owner() throws {
        let loader = try LayoutLoader(named: "FeedArticleCell", in: layoutsURL, registry: ExampleApp.registry())
        // snippet: owner
        let controller = FeedViewController()
        let cell = try loader.instantiate(
            FeedArticleCell.self, owner: controller, externalObjects: ["dateFormatter": DateFormat()])
        // snippet-end
        #expect(controller.articleCell === cell)
    }

    @MainActor @Test func renderCells() async throws {
        let registry = try ExampleApp.registry()
        let photos = ["Harbour", "Dunes"]
        // snippet: render
        let cache = LayoutTemplateCache(source: DirectoryLayoutSource(layoutsURL), registry: registry)
        let provider = CellProvider(items: photos, reuseIdentifier: "PhotoCell") { cell, title in
            (cell as? PhotoCell)?.photoTitleLabel?.text = title
        }
        provider.register(try await cache.load(named: "PhotoCell"), forReuseIdentifier: "PhotoCell")
        let cell = try provider.cell(at: 1)  // fresh or recycled, configured with photos[1]
        provider.enqueueReusableCell(cell)  // scrolled away: back into the pool
        // snippet-end
        #expect((cell as? PhotoCell)?.photoTitleLabel?.text == "Dunes")
    }
}
