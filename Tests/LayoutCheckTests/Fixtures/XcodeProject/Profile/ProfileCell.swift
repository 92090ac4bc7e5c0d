import UIKit

/// A cell of the synchronized folder Profile/: no project entry lists this file, the folder does.
final class ProfileCell: UITableViewCell {
    @IBOutlet weak var nameLabel: UILabel!
    /// Renamed from avatarView after ProfileCell.xib was made.
    @IBOutlet weak var avatarImageView: UIImageView!
}
