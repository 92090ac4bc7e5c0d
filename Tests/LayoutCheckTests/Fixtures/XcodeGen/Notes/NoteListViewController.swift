import UIKit

/// The iOS app's list. NoteList.xib connects `emptyLable`, a misspelling of `emptyLabel`.
final class NoteListViewController: UIViewController {
    @IBOutlet weak var emptyLabel: UILabel?
    @IBOutlet weak var sampleCell: UITableViewCell?

    convenience init() {
        self.init(nibName: "NoteList", bundle: nil)
    }
}
