import UIKit

/// Bare-slash regex literals, as a current project builds them (Swift 6 mode, or Swift 5 with Xcode's
/// default "Enable Bare Slash Regex Literals"): Swift that compiles, so it must parse.
extension AboutViewController {
    @IBAction func copyVersion(_ sender: UIButton) {
        let text = versionLabel.text ?? ""
        guard text.contains(/^[0-9.]+$/) else { return }
        UIPasteboard.general.string = text.replacing(/\s+/, with: "")
    }
}
