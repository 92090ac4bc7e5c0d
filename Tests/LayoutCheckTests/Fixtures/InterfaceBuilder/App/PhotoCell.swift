import UIKit

/// Every cell of the app has a separator; its outlet is connected in each subclass's nib.
class BaseCell: UITableViewCell {
    @IBOutlet weak var separatorView: UIView!
}

final class PhotoCell: BaseCell {
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var thumbnailView: UIImageView!
    /// Optional: a nib may leave it out.
    @IBOutlet weak var captionLabel: UILabel?
    @IBOutlet var ratingButtons: [UIButton]!

    @IBAction func shareTapped(_ sender: UIButton) {
        print("share \(titleLabel.text ?? "")")
    }

    @objc(toggleFavorite:)
    @IBAction func favorite(_ sender: UIButton) {
        sender.isSelected.toggle()
    }
}

extension PhotoCell {
    @IBAction func rate(sender: UIButton) {
        for (index, button) in ratingButtons.enumerated() {
            button.isSelected = index <= (ratingButtons.firstIndex(of: sender) ?? 0)
        }
    }
}
