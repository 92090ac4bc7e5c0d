import Feature
import UIKit

/// The app's: its scene holds the package's BannerView, which the app links as the FeatureKit product.
final class HomeViewController: UIViewController {
    @IBOutlet weak var banner: BannerView?

    static func make() -> UIViewController? {
        UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()
    }
}
