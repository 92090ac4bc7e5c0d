import UIKit

/// Loads by names built at run time: any nib, scene or reuse identifier could be the one loaded, so
/// nothing is said to be loaded by nothing, and no literal reuse identifier is judged.
final class HomeViewController: UIViewController {
    @IBOutlet weak var titleLabel: UILabel?

    static let settingsScene = "Settings"

    func show(_ name: String, rows identifier: String, in tableView: UITableView, at indexPath: IndexPath) {
        _ = Bundle.main.loadNibNamed(name, owner: self, options: nil)
        _ = storyboard?.instantiateViewController(withIdentifier: Self.settingsScene)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: identifier)
        _ = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
    }
}
