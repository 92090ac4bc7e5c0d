import LayoutKit

/// The cell of `Layouts/Card.layout.xml`.
public final class CardCell: TableViewCell {
    public var titleLabel: Label?
    public var header: HeaderView?
    public var shareButton: Button?

    override public class var outlets: [Outlet] {
        super.outlets + [
            Outlet("titleLabel", \CardCell.titleLabel),
            Outlet("header", \CardCell.header),
            Outlet("shareButton", \CardCell.shareButton),
        ]
    }
}

/// The owner of `Layouts/Card.layout.xml`: it receives the share taps.
@MainActor
public final class CardController {
    public var cell: CardCell?

    public static var outlets: [Outlet] {
        [Outlet("cell", \CardController.cell)]
    }

    public static var actions: [Action] {
        [Action("shareTapped", CardController.shareTapped)]
    }

    public func shareTapped(_ sender: Button) {}
}

/// The view of `Layouts/Header.layout.xml`, included by the card.
public final class HeaderView: View {
    public var nameLabel: Label?

    override public class var outlets: [Outlet] {
        super.outlets + [Outlet("nameLabel", \HeaderView.nameLabel)]
    }
}
