import Core
import UIKit

/// The package's public banner, which the app's storyboard also uses.
public final class BannerView: RoundedView {
    @IBOutlet public weak var titleLabel: UILabel!

    public func show(_ title: String) {
        titleLabel.text = title
    }

    public static let nib = UINib(nibName: "BannerView", bundle: .module)
    public static let promoNib = UINib(nibName: "PromoBannerView", bundle: .module)
}
