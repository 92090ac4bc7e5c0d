import LayoutKit

/// The cell of `Layouts/ProfileCell.layout.xml`: a profile's header, included from
/// `Layouts/ProfileHeader.layout.xml` rather than copied, with an outlet to it.
public final class ProfileCell: TableViewCell {
    public var header: ProfileHeaderView?

    override public class var outlets: [Outlet] {
        super.outlets + [Outlet("header", \ProfileCell.header)]
    }
}
