import FeedKit
import LayoutKit
import LayoutTesting
import XCTest

/// The same assertions under XCTest: a failure is an `XCTFail` at the line that called the assertion.
final class FeedLayoutsXCTests: XCTestCase {
    func testBundledLayoutsAreValid() throws {
        assertLayoutsValid(in: bundledLayoutsURL, registry: try FeedLayouts.registry())
    }

    func testSchemasMatchTheSwiftClasses() throws {
        assertSchemasMatch(try FeedLayouts.registry(), schemasURL)
    }

    func testArticleCell() throws {
        let formatter = RelativeDateFormatter()
        let cell = try assertInstantiates(
            ArticleCell.self, from: feedLoader("ArticleCell"), externalObjects: ["dateFormatter": formatter])
        XCTAssertTrue(cell.dateFormatter === formatter)
        XCTAssertNotNil(cell.thumbnailView, "the layout connects the optional thumbnail too")
    }

    func testFeedScreenWithItsOwner() throws {
        let owner = FeedController()
        let (header, cell) = try assertInstantiates(
            AuthorHeaderView.self, ArticleCell.self, from: feedLoader("FeedScreen"), owner: owner,
            externalObjects: ["dateFormatter": RelativeDateFormatter()])
        XCTAssertTrue(owner.headerView === header)
        XCTAssertTrue(owner.articleCell === cell)
    }
}
