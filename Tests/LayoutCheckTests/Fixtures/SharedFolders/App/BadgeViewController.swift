import UIKit

/// The app's alone, although its storyboard is shared with the extension.
class BadgeViewController: UIViewController {
    @IBOutlet weak var badgeButton: BadgeButton?
}
