import UIKit

/// The reuse identifier of a cell is its class's name, unless the class says otherwise.
protocol Reusable: AnyObject {
    static var reuseIdentifier: String { get }
}

extension Reusable {
    static var reuseIdentifier: String { String(describing: self) }
}

final class PhotoCell: UITableViewCell, Reusable {}

final class BannerCell: UITableViewCell, Reusable {
    static let reuseIdentifier = "Banner"
}

final class AuthorCell: UITableViewCell {
    class var identifier: String {
        return "Author"
    }
}

final class FooterCell: UITableViewCell {}

final class CommentCell: UITableViewCell {}

final class TagCell: UICollectionViewCell, Reusable {}

/// A global constant, read bare.
let plainCellID = "Plain"

/// Rows by raw value: the case's name when none is written.
enum Row: String {
    case summary = "SummaryRow"
    case detail
    case archive
}
