import UIKit

/// The iOS app's coupon screen. The macOS app in the same repository declares a class of the same name
/// with other outlets; a folder-mode run reads both into one module.
final class CouponViewController: UIViewController {
    @IBOutlet weak var codeLabel: UILabel!
    @IBOutlet weak var applyButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        codeLabel.text = "WELCOME10"
        applyButton.isEnabled = true
    }
}
