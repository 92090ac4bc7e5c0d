import UIKit

/// A banner whose nib connects every outlet: the configuration's <ignore> silences nothing.
final class BannerView: UIView {
    @IBOutlet weak var titleLabel: UILabel!

    override func awakeFromNib() {
        super.awakeFromNib()
        titleLabel.text = "Sale"
    }
}
