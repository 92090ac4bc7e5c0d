import UIKit

/// Shared with the share extension: the app folder's exception set for the extension lists this file
/// and TagCell.xib, which connects `titleLabel`.
class TagCell: UITableViewCell {
    @IBOutlet weak var titleLabel: UILabel!

    func show(_ tag: String) {
        titleLabel.text = tag
    }
}
