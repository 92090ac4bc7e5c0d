import UIKit

/// The app's alone: the share extension does not compile it.
class RoundButton: UIButton {}
