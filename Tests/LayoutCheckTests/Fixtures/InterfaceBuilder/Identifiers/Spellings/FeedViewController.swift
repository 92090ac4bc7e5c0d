import UIKit

/// Every spelling of a reuse identifier the checker evaluates, registered and dequeued: the dequeues of
/// what is registered are silent, the typos are reported.
final class FeedViewController: UIViewController {
    @IBOutlet weak var tableView: UITableView?
    @IBOutlet weak var tagsView: UICollectionView?
    private let switchCellID = "Switch"

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView?.register(PhotoCell.self, forCellReuseIdentifier: PhotoCell.reuseIdentifier)
        tableView?.register(BannerCell.self, forCellReuseIdentifier: BannerCell.reuseIdentifier)
        tableView?.register(AuthorCell.self, forCellReuseIdentifier: AuthorCell.identifier)
        tableView?.register(FooterCell.self, forCellReuseIdentifier: NSStringFromClass(FooterCell.self))
        tableView?.register(CommentCell.self, forCellReuseIdentifier: String(describing: CommentCell.self))
        tableView?.register(UITableViewCell.self, forCellReuseIdentifier: "\(UITableViewCell.self)")
        tableView?.register(UITableViewCell.self, forCellReuseIdentifier: Row.summary.rawValue)
        tableView?.register(UITableViewCell.self, forCellReuseIdentifier: Row.detail.rawValue)
        tagsView?.register(TagCell.self, forCellWithReuseIdentifier: TagCell.reuseIdentifier)
        tableView?.register(UITableViewCell.self, forCellReuseIdentifier: switchCellID)
        tableView?.register(UITableViewCell.self, forCellReuseIdentifier: self.switchCellID)
    }

    func cell(_ tableView: UITableView, row: Int, at indexPath: IndexPath) -> UITableViewCell {
        switch row {
        case 0: return tableView.dequeueReusableCell(withIdentifier: "PhotoCell", for: indexPath)
        case 1: return tableView.dequeueReusableCell(withIdentifier: "Banner", for: indexPath)
        case 2: return tableView.dequeueReusableCell(withIdentifier: "Author", for: indexPath)
        case 3: return tableView.dequeueReusableCell(withIdentifier: "Spellings.FooterCell", for: indexPath)
        case 4: return tableView.dequeueReusableCell(withIdentifier: "CommentCell", for: indexPath)
        case 5: return tableView.dequeueReusableCell(withIdentifier: "UITableViewCell", for: indexPath)
        case 6: return tableView.dequeueReusableCell(withIdentifier: "SummaryRow", for: indexPath)
        case 7: return tableView.dequeueReusableCell(withIdentifier: "detail", for: indexPath)
        case 8: return tableView.dequeueReusableCell(withIdentifier: BannerCell.reuseIdentifier, for: indexPath)
        case 9: return tableView.dequeueReusableCell(withIdentifier: "Prototype", for: indexPath)
        case 14: return tableView.dequeueReusableCell(withIdentifier: "Switch", for: indexPath)
        // The module as the build names it, which a run over folders may not know.
        case 13: return tableView.dequeueReusableCell(withIdentifier: "Feed_App.FooterCell", for: indexPath)
        case 10:
            // expect: unknown-reuse-identifier
            return tableView.dequeueReusableCell(withIdentifier: "PhotoCel", for: indexPath)
        case 11:
            // expect: unknown-reuse-identifier
            return tableView.dequeueReusableCell(withIdentifier: "FooterCell", for: indexPath)
        default:
            // expect: unknown-reuse-identifier
            return tableView.dequeueReusableCell(withIdentifier: Row.archive.rawValue, for: indexPath)
        }
    }

    func tag(_ collectionView: UICollectionView, at indexPath: IndexPath) -> UICollectionViewCell {
        _ = collectionView.dequeueReusableCell(withReuseIdentifier: "TagCell", for: indexPath)
        // expect: unknown-reuse-identifier
        return collectionView.dequeueReusableCell(withReuseIdentifier: "TagCel", for: indexPath)
    }
}
