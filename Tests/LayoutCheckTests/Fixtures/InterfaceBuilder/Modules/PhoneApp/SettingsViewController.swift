import UIKit

/// The iOS target's settings screen; the macOS target declares a class of the same name.
final class SettingsViewController: UIViewController {
    @IBOutlet weak var doneButton: UIButton!
    @IBOutlet weak var titleLabel: UILabel!

    @IBAction func done(_ sender: UIButton) {
        titleLabel.text = doneButton.currentTitle
    }
}
