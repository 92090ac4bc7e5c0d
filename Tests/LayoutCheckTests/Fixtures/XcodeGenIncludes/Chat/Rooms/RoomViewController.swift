import UIKit

/// The room screen. Room.xib connects `subtitleLable`, a misspelling of `subtitleLabel`.
final class RoomViewController: UIViewController {
    @IBOutlet weak var titleLabel: UILabel?
    @IBOutlet weak var subtitleLabel: UILabel?
    @IBOutlet weak var avatarView: AvatarView?

    convenience init() {
        self.init(nibName: "Room", bundle: nil)
    }
}
