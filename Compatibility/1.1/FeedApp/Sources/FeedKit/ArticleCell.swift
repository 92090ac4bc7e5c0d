import LayoutKit

/// One article in the feed: its author, title, summary and an optional thumbnail.
public final class ArticleCell: TableViewCell {
    public var authorHeader: AuthorHeaderView?
    public var titleLabel: Label?
    public var summaryLabel: Label?
    public var thumbnailView: ImageView?
    public var dateFormatter: RelativeDateFormatter?

    override public class var outlets: [Outlet] {
        super.outlets + [
            Outlet("authorHeader", \ArticleCell.authorHeader),
            Outlet("titleLabel", \ArticleCell.titleLabel),
            Outlet("summaryLabel", \ArticleCell.summaryLabel),
            Outlet("thumbnailView", \ArticleCell.thumbnailView, optional: true),
            Outlet("dateFormatter", \ArticleCell.dateFormatter),
        ]
    }

    /// Fills the cell from `article`, the date through the formatter the layout connected.
    public func configure(with article: Article) {
        titleLabel?.text = article.title
        summaryLabel?.text = article.summary
        authorHeader?.configure(with: article.author, published: dateFormatter?.string(for: article.age) ?? "")
    }
}
