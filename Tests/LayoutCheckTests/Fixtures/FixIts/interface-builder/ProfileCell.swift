import UIKit

/// Its outlet and action were renamed in Swift only; the nib still names the old ones.
final class ProfileCell: UITableViewCell {
    @IBOutlet weak var nameLabel: UILabel!

    @IBAction func followTapped(_ sender: UIButton) {}
}

/// Renamed in Swift only too: the nib's `customClass` still says `ProfileHeadr`.
final class ProfileHeader: UIView {}
