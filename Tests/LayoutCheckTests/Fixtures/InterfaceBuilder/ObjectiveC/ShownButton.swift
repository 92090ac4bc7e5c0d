import UIKit

/// The one Swift class of the fixture, judged as ever: the nib's `badge` is not its outlet, an
/// `unknown-outlet`. The Objective-C classes around it (`MLLegacyController`, `MLLegacyCell`, declared
/// in no Swift file) are judged by no rule, and the run says how many of their connections that leaves.
class ShownButton: UIButton {
    @IBOutlet var caption: UILabel!
}
