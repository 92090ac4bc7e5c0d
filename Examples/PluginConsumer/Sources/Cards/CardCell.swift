import LayoutKit

/// The cell of `Layouts/CardCell.layout.xml`; layout-check reads its outlets from this very list.
public final class CardCell: TableViewCell {
    public var titleLabel: Label?
    public var subtitleLabel: Label?

    override public class var outlets: [Outlet] {
        super.outlets + [
            Outlet("titleLabel", \CardCell.titleLabel),
            Outlet("subtitleLabel", \CardCell.subtitleLabel),
        ]
    }
}
