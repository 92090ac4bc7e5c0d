import UIKit

/// A stale copy of the room screen under Test, which the spec's `**/Test/**` excludes: it declares the
/// misspelt outlet, and would hide Room.xib's defect if it were read.
final class RoomViewController: UIViewController {
    @IBOutlet weak var titleLabel: UILabel?
    @IBOutlet weak var subtitleLable: UILabel?
}
