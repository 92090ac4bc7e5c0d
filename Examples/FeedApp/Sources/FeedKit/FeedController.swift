import LayoutKit

/// The owner of `FeedScreen.layout.xml`: it keeps the screen's header and the prototype article cell.
public final class FeedController: OutletDeclaring {
    public var headerView: AuthorHeaderView?
    public var articleCell: ArticleCell?

    public init() {}

    public static var outlets: [Outlet] {
        [
            Outlet("headerView", \FeedController.headerView),
            Outlet("articleCell", \FeedController.articleCell),
        ]
    }
}
