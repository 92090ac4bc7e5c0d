// The README of LayoutKit 1.1.0: its Swift blocks new since 1.0 that the released FeedApp (../FeedApp) does
// not already hold, as a client would paste them, wrapped only in the declarations they need to compile.
// The README elides two things a client fills in: the body of `shareTapped` and the outlet `shareButton`
// its `cell.shareButton?.sendActions(for:)` reads; both are marked below.
import LayoutKit

// "Declaring actions and properties"
public final class FeedArticleCell: TableViewCell {
    public enum Style: String, CaseIterable, Sendable { case flat, elevated }
    public var cornerRadius = 0.0
    public var style = Style.flat

    public func shareTapped(_ sender: Button) { shares += 1 }  // the README: `{ … }`

    override public class var actions: [Action] {
        super.actions + [Action("shareTapped", FeedArticleCell.shareTapped)]  // (Self) -> (Button) -> Void
    }
    override public class var properties: [Property] {
        super.properties + [
            Property("cornerRadius", \FeedArticleCell.cornerRadius), Property("style", \FeedArticleCell.style),
        ]
    }

    // Not in the README: what it elides.
    public var shareButton: Button?
    public private(set) var shares = 0

    override public class var outlets: [Outlet] {
        super.outlets + [Outlet("shareButton", \FeedArticleCell.shareButton)]
    }
}

/// The README's `controller` of "Testing" (`assertActionsConnected(controller, in: [cell])`): an owner
/// whose action a control in the cell sends.
public final class FeedController: OutletDeclaring, ActionDeclaring {
    public var cell: FeedArticleCell?
    public private(set) var refreshes = 0

    public init() {}

    public func refreshTapped(_ sender: Button) { refreshes += 1 }

    public static var outlets: [Outlet] { [Outlet("cell", \FeedController.cell)] }
    public static var actions: [Action] { [Action("refreshTapped", FeedController.refreshTapped)] }
}
