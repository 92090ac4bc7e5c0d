import UIKit

/// Shown first, and once more from an old scene of the storyboard that nothing reaches any longer.
final class OrdersViewController: UIViewController {
    @IBOutlet weak var tableView: UITableView?
}
