import UIKit

class ShareViewController: UIViewController {
    @IBOutlet weak var sendButton: BadgeButton?
    @IBOutlet weak var cancelButton: UIButton?
}
