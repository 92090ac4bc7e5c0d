import UIKit

/// A base cell whose subclasses' nibs connect none of its implicitly unwrapped outlets. Only `ratingView`,
/// `iconView` and `headerView` can crash: one read of each is forced. `badgeLabel` is only
/// read nil-safely, `spinner` is assigned by the cell's own code, `dateLabel` is read only where
/// `dateLabel != nil` guards it, `footerView` only as a local of the same name hides it, `shareButton`
/// is only an argument label, `sendButton` is only passed whole as an argument (to a `UIButton?`, which
/// cannot crash; the scan does not read parameter types, so it never claims one), `titleLabel` is read only
/// by an unrelated class of its own `titleLabel`: leaving them unconnected cannot crash, or cannot be known
/// to. `subtitleLabel` is read by a subclass, which can.
class BadgeBaseCell: UITableViewCell {
    @IBOutlet weak var badgeLabel: UILabel!
    @IBOutlet weak var ratingView: UIView!
    @IBOutlet weak var spinner: UIActivityIndicatorView!
    @IBOutlet weak var dateLabel: UILabel!
    @IBOutlet weak var iconView: UIImageView!
    @IBOutlet weak var footerView: UIView!
    @IBOutlet weak var headerView: UIView!
    @IBOutlet weak var shareButton: UIButton!
    @IBOutlet weak var sendButton: UIButton!
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var subtitleLabel: UILabel!

    func configure(count: Int) {
        badgeLabel?.text = "\(count)"
        if badgeLabel != nil { badgeLabel?.isHidden = count == 0 }
        if let label = badgeLabel { label.sizeToFit() }
        guard let badge = badgeLabel else { return }
        _ = badge
        // "ratingView.alpha" in a comment or a string is no read.
        ratingView?.isHidden = count > 3
        ratingView.alpha = 0.5
        if spinner == nil { spinner = UIActivityIndicatorView(style: .medium) }
        spinner.startAnimating()
    }

    func decorate(count: Int) {
        if count > 0, dateLabel != nil {
            dateLabel.text = "today"
        }
        guard dateLabel != nil else { return }
        dateLabel.sizeToFit()
        // `||`: the other side may be what holds, so the read is forced.
        if count > 0 || iconView != nil {
            iconView.alpha = 1
        }
        let footerView = UIView()
        footerView.backgroundColor = .red
        let headerView = UIView()
        headerView.tag = 1
        // `self.headerView` is the outlet, not the local.
        self.headerView.tag = 2
        share(shareButton: nil)
        share(shareButton: sendButton)
    }

    func share(shareButton: UIButton?) {
        shareButton?.isEnabled = true
    }
}

final class NewsCell: BadgeBaseCell {
    func showSubtitle() {
        subtitleLabel.text = "Breaking"
    }
}

/// Not a cell: its `titleLabel` is its own, whatever a nib connects on the cells.
final class PromoBanner: UIView {
    @IBOutlet weak var titleLabel: UILabel!

    func show() {
        titleLabel.text = "Sale"
    }
}
final class SportsCell: BadgeBaseCell {}
final class WeatherCell: BadgeBaseCell {}
