import UIKit

/// The app's alone. TagList.storyboard connects `countLable`, a misspelling of `countLabel`.
class TagListViewController: UITableViewController {
    @IBOutlet weak var countLabel: UILabel?
}
