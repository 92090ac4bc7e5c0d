import LayoutKit

/// The owner of `FeedScreen.layout.xml`: it keeps the screen's header and the prototype article cell,
/// and the screen's refresh button calls it.
public final class FeedController: OutletDeclaring, ActionDeclaring {
    public var headerView: AuthorHeaderView?
    public var articleCell: ArticleCell?
    /// How often the refresh button was tapped.
    public private(set) var refreshCount = 0

    public init() {}

    public static var outlets: [Outlet] {
        [
            Outlet("headerView", \FeedController.headerView),
            Outlet("articleCell", \FeedController.articleCell),
        ]
    }

    public static var actions: [Action] { [Action("refreshTapped", FeedController.refreshTapped)] }

    /// The refresh button was tapped.
    public func refreshTapped(_ sender: Button) {
        refreshCount += 1
    }
}
