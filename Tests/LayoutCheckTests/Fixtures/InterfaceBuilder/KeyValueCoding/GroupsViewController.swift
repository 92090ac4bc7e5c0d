import UIKit

/// Its nib was made when the outlets were spelled `NoGroupsButton` and `EmptyLabel`; the Swift names
/// were lowercased later and the nib never reconnected. Key-value coding still finds
/// `setNoGroupsButton:` for the key `NoGroupsButton`, so the app works.
final class GroupsViewController: UIViewController {
    @IBOutlet weak var noGroupsButton: UIButton!
    @IBOutlet weak var emptyLabel: UILabel!
    @IBOutlet weak var tableView: UITableView!
    var footer: UIView?

    /// An Objective-C style setter: the key `footer` finds it (`setFooter:`).
    @objc func setFooter(_ view: UIView) {
        footer = view
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        noGroupsButton.isHidden = true
        emptyLabel.text = nil
        tableView.reloadData()
    }
}
