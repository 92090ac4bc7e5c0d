import FeedKit
import LayoutKit
import LayoutTesting
import Testing

/// FeedKit's layouts under Swift Testing, loaded from its resource bundle as the app loads them.
@Suite("FeedKit layouts")
struct FeedLayoutsTests {
    @Test("every bundled layout is valid against FeedKit's Swift classes")
    func layoutsValid() throws {
        assertLayoutsValid(in: bundledLayoutsURL, registry: try FeedLayouts.registry())
    }

    @Test("Schemas/ declares exactly FeedKit's Swift classes")
    func schemasMatch() throws {
        assertSchemasMatch(try FeedLayouts.registry(), schemasURL)
    }

    @Test("the author header")
    func authorHeader() throws {
        let header = try assertInstantiates(AuthorHeaderView.self, from: feedLoader("AuthorHeader"))
        header.configure(with: Author(name: "Ada", handle: "ada", avatar: "ada.png"), published: "")
        #expect(header.detailLabel?.text == "@ada")
    }

    @Test("an article cell, given the shared date formatter")
    func articleCell() throws {
        let cell = try assertInstantiates(
            ArticleCell.self, from: feedLoader("ArticleCell"),
            externalObjects: ["dateFormatter": RelativeDateFormatter()])
        cell.configure(
            with: Article(
                title: "Layouts on Linux", summary: "…", author: Author(name: "Ada", handle: "ada", avatar: "ada.png"),
                age: .seconds(3 * 3600)))
        #expect(cell.titleLabel?.text == "Layouts on Linux")
        #expect(cell.authorHeader?.detailLabel?.text == "@ada · 3 hours ago")
    }
}
