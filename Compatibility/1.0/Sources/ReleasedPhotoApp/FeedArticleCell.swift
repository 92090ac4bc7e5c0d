import LayoutKit

/// A date formatter the feed supplies to its cells as the layout's external object `dateFormatter`.
public final class DateFormat {
    public let style: String

    public init(style: String = "medium") {
        self.style = style
    }
}

/// The owner of `Layouts/FeedArticleCell.layout.xml`: it keeps the prototype cell the layout creates.
public final class FeedViewController: OutletDeclaring {
    public var articleCell: FeedArticleCell?

    public init() {}

    public static var outlets: [Outlet] {
        [Outlet("articleCell", \FeedViewController.articleCell)]
    }
}

/// An article in a feed: headline, summary, byline, hero image and a share button.
public final class FeedArticleCell: TableViewCell {
    public var headlineLabel: Label?
    public var summaryLabel: Label?
    public var bylineLabel: Label?
    public var heroImageView: ImageView?
    public var shareButton: Button?
    public var dateFormatter: DateFormat?
    public weak var delegate: FeedViewController?
    /// Set by `awakeFromLayout()`, which runs once every outlet is connected.
    public private(set) var awokeWithOutletsConnected = false

    override public class var outlets: [Outlet] {
        super.outlets + [
            Outlet("headlineLabel", \FeedArticleCell.headlineLabel),
            Outlet("summaryLabel", \FeedArticleCell.summaryLabel),
            Outlet("bylineLabel", \FeedArticleCell.bylineLabel),
            Outlet("heroImageView", \FeedArticleCell.heroImageView),
            Outlet("shareButton", \FeedArticleCell.shareButton),
            Outlet("dateFormatter", \FeedArticleCell.dateFormatter),
            Outlet("delegate", \FeedArticleCell.delegate, optional: true),
        ]
    }

    override public func awakeFromLayout() {
        super.awakeFromLayout()
        awokeWithOutletsConnected =
            headlineLabel != nil && summaryLabel != nil && bylineLabel != nil && heroImageView != nil
            && shareButton != nil && dateFormatter != nil
    }
}
