import UIKit

/// Its actions answer selectors three ways: `@objc` methods that are no `@IBAction` (one named by
/// `@objc(name:)`), and an `@IBAction` in an extension of a typealias of the class.
final class ComposeViewController: UIViewController {
    @IBOutlet weak var bodyView: UITextView?

    @objc func send(_ sender: Any) {
        dismiss(animated: true)
    }

    @objc(discardDraft:) func discard(_ sender: UIButton) {
        bodyView?.text = ""
    }
}

typealias Composer = ComposeViewController

extension Composer {
    @IBAction func attach(_ sender: UIButton) {}
}

/// Every method of an `@objc` extension answers its selector.
@objc extension ComposeViewController {
    func insertSignature(sender: UIBarButtonItem) {}
}
