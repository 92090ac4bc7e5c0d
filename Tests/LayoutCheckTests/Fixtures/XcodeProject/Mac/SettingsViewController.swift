import AppKit

/// The macOS settings pane: same name as the iOS screen, other outlets, in another target.
final class SettingsViewController: NSViewController {
    @IBOutlet weak var themePopUp: NSPopUpButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        themePopUp.removeAllItems()
    }
}
