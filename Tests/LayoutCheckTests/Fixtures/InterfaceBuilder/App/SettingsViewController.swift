import UIKit

/// A generic base: Interface Builder never names it, only its subclasses.
class ListViewController<Item>: UIViewController {
    @IBOutlet weak var tableView: UITableView!
    var items: [Item] = []
}

final class SettingsViewController: ListViewController<String> {
    @IBOutlet weak var doneButton: UIBarButtonItem!

    @IBAction func done(_ sender: UIBarButtonItem) {
        dismiss(animated: true)
    }
}

class ProfileViewController: UIViewController {
    @IBOutlet weak var nameField: UITextField!
    @IBOutlet weak var avatarView: UIImageView!

    @IBAction func save(_ sender: UIButton) {
        print(nameField.text ?? "")
    }
}

class AboutViewController: UIViewController {
    @IBOutlet weak var versionLabel: UILabel!
    @IBOutlet weak var licenseTextView: UITextView?
}
