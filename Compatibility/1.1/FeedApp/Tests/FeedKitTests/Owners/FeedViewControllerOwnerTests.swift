import FeedKit
import LayoutKit
import Testing
import XCTest

/// `FeedScreen.layout.xml` owned by a view controller, as apps write one: isolated to the main actor, its
/// outlets plain stored properties, its action a plain method. It is registered and connected on the main
/// actor; connecting it from elsewhere does not compile.
@MainActor final class FeedViewController: MainActorOutletDeclaring {
    var headerView: AuthorHeaderView?
    var articleCell: ArticleCell?
    private(set) var refreshCount = 0

    func refreshTapped(_ sender: Button) {
        refreshCount += 1
    }

    static var actions: [Action] { [.mainActor("refreshTapped", FeedViewController.refreshTapped)] }

    static var outlets: [Outlet] {
        [
            .mainActor("headerView", \FeedViewController.headerView),
            .mainActor("articleCell", \FeedViewController.articleCell),
        ]
    }
}

@Suite("FeedScreen owned by a main-actor FeedViewController")
@MainActor struct FeedViewControllerOwnerTests {
    /// FeedKit's classes, with the view controller as the class the layout names `FeedController`.
    func registry() throws -> LayoutRegistry {
        var registry = LayoutRegistry.standard
        try registry.register(AuthorHeaderView.self)
        try registry.register(ArticleCell.self)
        try registry.register(RelativeDateFormatter.self)
        try registry.register(FeedViewController.self, name: "FeedController")
        return registry
    }

    @Test("creates the header and the prototype cell on the main actor, and the controller keeps both")
    func controllerKeepsBoth() throws {
        let controller = FeedViewController()
        let objects = try feedLoader("FeedScreen", registry: registry()).instantiate(
            owner: controller, externalObjects: ["dateFormatter": RelativeDateFormatter()])
        #expect(objects.count == 2)
        #expect(controller.headerView === objects.first)
        #expect(controller.articleCell === objects.last)
        #expect(controller.articleCell?.titleLabel != nil)
    }

    @Test("the refresh button calls the view controller on the main actor")
    func refreshTapped() throws {
        let controller = FeedViewController()
        _ = try feedLoader("FeedScreen", registry: registry()).instantiate(
            owner: controller, externalObjects: ["dateFormatter": RelativeDateFormatter()])
        let refresh = try #require(controller.headerView?.subviews.compactMap { $0 as? Button }.first)
        refresh.sendActions(for: .primaryActionTriggered)
        #expect(controller.refreshCount == 1)
    }
}

/// The main-actor owner under XCTest. On Linux a `@MainActor` subclass of `XCTestCase` builds but stops
/// the test process (swift-corelibs-xctest); the pattern that works is a nonisolated test case whose test
/// methods are `@MainActor … async throws`.
final class FeedViewControllerOwnerXCTests: XCTestCase {
    @MainActor func testControllerKeepsBothAndReceivesRefresh() async throws {
        var registry = LayoutRegistry.standard
        try registry.register(AuthorHeaderView.self)
        try registry.register(ArticleCell.self)
        try registry.register(RelativeDateFormatter.self)
        try registry.register(FeedViewController.self, name: "FeedController")
        let controller = FeedViewController()
        let objects = try feedLoader("FeedScreen", registry: registry).instantiate(
            owner: controller, externalObjects: ["dateFormatter": RelativeDateFormatter()])
        XCTAssertEqual(objects.count, 2)
        let header = try XCTUnwrap(controller.headerView)
        XCTAssertTrue(header === objects.first)
        XCTAssertTrue(controller.articleCell === objects.last)
        header.subviews.compactMap { $0 as? Button }.first?.sendActions(for: .primaryActionTriggered)
        XCTAssertEqual(controller.refreshCount, 1)
    }
}
