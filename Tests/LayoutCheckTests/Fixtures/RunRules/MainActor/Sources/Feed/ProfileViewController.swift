import LayoutKit

/// An action whose name is no string literal: the checker cannot read it, and says so.
@MainActor final class ProfileViewController: MainActorOutletDeclaring {
    static let followName = "followTapped"
    func followTapped(_ sender: Button) {}
    static var actions: [Action] {
        // expect: unreadable-member
        [.mainActor(followName, ProfileViewController.followTapped)]
    }
}

/// A list a helper builds is open by choice: `open-class` (off by default) says so, not `unreadable-member`.
final class BadgeView: View {
    var countLabel: Label?
    override class var outlets: [Outlet] { super.outlets + BadgeView.made() }
    static func made() -> [Outlet] { [Outlet("countLabel", \BadgeView.countLabel)] }
}
