import UIKit

/// The framework's avatar, which the app's nib uses: the app target depends on ChatKit.
public final class AvatarView: UIView {
    @IBOutlet public weak var initialsLabel: UILabel?
}
