import HUDKit
import UIKit

final class ClockViewController: UIViewController {
    @IBOutlet weak var hud: HUDView!
}
