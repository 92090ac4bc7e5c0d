import AppKit

/// The macOS target's settings screen: its outlets are not the iOS class's.
final class SettingsViewController: NSViewController {
    @IBOutlet weak var sidebarView: NSView!
    @IBOutlet weak var titleLabel: NSTextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        sidebarView.isHidden = titleLabel.stringValue.isEmpty
    }
}
