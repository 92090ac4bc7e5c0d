import LayoutKit

/// The header of a profile screen, built from stack views.
public final class ProfileHeaderView: View {
    public var avatarImageView: ImageView?
    public var nameLabel: Label?
    public var handleLabel: Label?
    public var statsStack: StackView?
    public var followersLabel: Label?
    public var followingLabel: Label?
    public var followButton: Button?

    override public class var outlets: [Outlet] {
        super.outlets + [
            Outlet("avatarImageView", \ProfileHeaderView.avatarImageView),
            Outlet("nameLabel", \ProfileHeaderView.nameLabel),
            Outlet("handleLabel", \ProfileHeaderView.handleLabel),
            Outlet("statsStack", \ProfileHeaderView.statsStack),
            Outlet("followersLabel", \ProfileHeaderView.followersLabel),
            Outlet("followingLabel", \ProfileHeaderView.followingLabel),
            Outlet("followButton", \ProfileHeaderView.followButton),
        ]
    }
}
