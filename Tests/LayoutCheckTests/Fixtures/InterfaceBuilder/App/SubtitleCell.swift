import UIKit

/// A cell of UIKit's subtitle style: its nib connects UIKit's own `textLabel`, `detailTextLabel` and
/// `imageView`, and an optional badge of its own.
final class SubtitleCell: UITableViewCell {
    @IBOutlet weak var badgeView: UIView?
}
