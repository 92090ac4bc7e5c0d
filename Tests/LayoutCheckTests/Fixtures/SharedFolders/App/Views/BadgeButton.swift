import UIKit

/// Shared with the share extension: the project ticks the extension's target membership for this file.
class BadgeButton: UIButton {}
