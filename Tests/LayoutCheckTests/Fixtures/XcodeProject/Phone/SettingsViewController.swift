import UIKit

/// The iOS settings screen. The macOS target has a class of the same name with other outlets: the
/// project file says which one Main.storyboard means.
final class SettingsViewController: UIViewController {
    @IBOutlet weak var nameField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        nameField.placeholder = "Name"
    }
}
