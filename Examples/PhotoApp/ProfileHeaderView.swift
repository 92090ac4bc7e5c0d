import LayoutKit

/// The header of a profile screen, built from stack views, drawn as a card.
public final class ProfileHeaderView: View {
    /// How the header is drawn: `<property name="style">`.
    public enum Style: String, CaseIterable, Sendable {
        case plain, card
    }

    public var cornerRadius = 0.0
    public var style = Style.plain
    /// How many times the follow button was tapped.
    public private(set) var followTaps = 0
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

    override public class var actions: [Action] {
        super.actions + [Action("followTapped", ProfileHeaderView.followTapped)]
    }

    override public class var properties: [Property] {
        super.properties + [
            Property("cornerRadius", \ProfileHeaderView.cornerRadius), Property("style", \ProfileHeaderView.style),
        ]
    }

    /// The follow button was tapped.
    public func followTapped(_ sender: Button) {
        followTaps += 1
    }
}
