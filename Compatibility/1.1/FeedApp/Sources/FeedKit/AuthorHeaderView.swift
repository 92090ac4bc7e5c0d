import LayoutKit

/// The author's avatar, name and handle above an article, and atop the feed screen.
public final class AuthorHeaderView: View {
    public var avatarView: ImageView?
    public var nameLabel: Label?
    public var detailLabel: Label?

    override public class var outlets: [Outlet] {
        super.outlets + [
            Outlet("avatarView", \AuthorHeaderView.avatarView),
            Outlet("nameLabel", \AuthorHeaderView.nameLabel),
            Outlet("detailLabel", \AuthorHeaderView.detailLabel),
        ]
    }

    /// Shows `author`, with `published` (e.g. "3 hours ago") after the handle.
    public func configure(with author: Author, published: String) {
        avatarView?.image = author.avatar
        nameLabel?.text = author.name
        detailLabel?.text = published.isEmpty ? "@\(author.handle)" : "@\(author.handle) · \(published)"
    }
}
