import LayoutKit

/// A card whose schema was recorded before `headlineLabel` was renamed from `titleLabel`.
final class CardView: View {
    var headlineLabel: Label?

    override class var outlets: [Outlet] {
        super.outlets + [Outlet("headlineLabel", \CardView.headlineLabel)]
    }
}

/// A view whose outlets a helper builds: the syntax does not show them.
// expect: open-class
final class BadgeView: View {
    var countLabel: Label?

    override class var outlets: [Outlet] { super.outlets + BadgeView.made() }

    static func made() -> [Outlet] { [Outlet("countLabel", \BadgeView.countLabel)] }
}
