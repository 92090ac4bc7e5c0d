import AppKit

/// The macOS app's coupon screen: its outlets are not the iOS class's, and its nib is a Cocoa nib.
final class CouponViewController: NSViewController {
    @IBOutlet weak var couponTable: NSTableView!
    @IBOutlet weak var codeField: NSTextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        codeField.stringValue = "WELCOME10"
        couponTable.reloadData()
    }
}
