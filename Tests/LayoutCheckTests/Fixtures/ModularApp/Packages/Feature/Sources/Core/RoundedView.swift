import UIKit

/// Core's: the Feature target depends on Core, so Feature's nibs may use it.
open class RoundedView: UIView {
    @IBInspectable public var cornerRadius: CGFloat = 8
}
