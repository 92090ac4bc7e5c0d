import FeedKit
import LayoutKit
import Testing

/// `FeedScreen.layout.xml` owned by a view controller, as apps write one: isolated to the main actor, its
/// outlets plain stored properties. It is registered and connected on the main actor; connecting it from
/// elsewhere does not compile.
@MainActor final class FeedViewController: MainActorOutletDeclaring {
    var headerView: AuthorHeaderView?
    var articleCell: ArticleCell?

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
}
