import UIKit

/// A base cell whose subclasses' nibs connect none of its implicitly unwrapped outlets. Only `ratingView`
/// can crash: one read of it is forced. `badgeLabel` is only read nil-safely, and `spinner` is assigned
/// by the cell's own code, so leaving them unconnected cannot crash.
class BadgeBaseCell: UITableViewCell {
    @IBOutlet weak var badgeLabel: UILabel!
    @IBOutlet weak var ratingView: UIView!
    @IBOutlet weak var spinner: UIActivityIndicatorView!

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
}

final class NewsCell: BadgeBaseCell {}
final class SportsCell: BadgeBaseCell {}
final class WeatherCell: BadgeBaseCell {}
