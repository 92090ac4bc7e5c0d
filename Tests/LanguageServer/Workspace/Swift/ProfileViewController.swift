import UIKit

/// The controller of `InterfaceBuilder/Profile.xib`, whose outlet the nib misspells.
final class ProfileViewController: UIViewController {
    @IBOutlet weak var nameLabel: UILabel!
}
