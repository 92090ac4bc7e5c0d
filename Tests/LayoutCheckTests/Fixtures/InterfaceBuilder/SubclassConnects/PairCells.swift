import UIKit

/// A base cell whose outlets a subclass's nib connects and whose own nib leaves some unconnected.
/// - `marker` is connected on `TagCell` only and read only as a member (`cell.marker`) by a controller: the
///   read may be of a `TagCell`, so leaving it unconnected on a `PairCell` is a warning, not an error.
/// - `badge` is connected on `TagCell` only too, but `PairCell`'s own code reads it bare (`self.badge`),
///   which runs on every `PairCell`: an error.
/// - `stale` is connected on no object at all: every read crashes, an error.
class PairCell: UITableViewCell {
    @IBOutlet var title: UILabel!
    @IBOutlet var marker: UIView!
    @IBOutlet var badge: UIView!
    @IBOutlet var stale: UIView!

    func highlight() {
        badge.isHidden = false
    }
}

class TagCell: PairCell {}

class TagsController: UITableViewController {
    func configure(_ cell: TagCell) {
        cell.marker.backgroundColor = nil
        cell.stale.isHidden = true
    }
}
