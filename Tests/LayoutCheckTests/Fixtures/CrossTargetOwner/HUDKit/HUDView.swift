import UIKit

/// A view that loads its contents from HUDView.xib with itself as the nib's owner: the nib connects its
/// outlets, and a storyboard in another target that only places a HUDView connects none.
public class HUDView: UIView {
    @IBOutlet public weak var timeLabel: UILabel!
    /// Connected by no file: reading it crashes.
    @IBOutlet public weak var iconView: UIImageView!

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        let contents =
            UINib(nibName: "HUDView", bundle: Bundle(for: HUDView.self))
            .instantiate(withOwner: self)[0] as! UIView
        addSubview(contents)
        timeLabel.text = "12:00"
        iconView.isHidden = true
    }
}
