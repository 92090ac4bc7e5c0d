import LayoutKit

/// The classic cell of `Layouts/PhotoCell.layout.xml`.
public final class PhotoCell: TableViewCell {
    public var photoTitleLabel: Label?
    public var photoDateLabel: Label?
    public var thumbnailView: ImageView?

    override public class var outlets: [Outlet] {
        super.outlets + [
            Outlet("photoTitleLabel", \PhotoCell.photoTitleLabel),
            Outlet("photoDateLabel", \PhotoCell.photoDateLabel),
            Outlet("thumbnailView", \PhotoCell.thumbnailView),
        ]
    }
}
