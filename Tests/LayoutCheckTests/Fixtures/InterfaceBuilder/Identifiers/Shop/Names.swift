import UIKit

/// Names the checker does not evaluate: interpolation, concatenation. None is a finding, whatever they
/// hold. A static constant it does evaluate (`IdentifierExpressions`): its typo is one.
enum Names {
    static let productCell = "ProductCellTypo"
    static let scene = "NoSuchScene"
}

extension CatalogViewController {
    func notJudged(_ tableView: UITableView, at indexPath: IndexPath, count: Int) {
        // expect: unknown-reuse-identifier
        _ = tableView.dequeueReusableCell(withIdentifier: Names.productCell, for: indexPath)
        _ = tableView.dequeueReusableCell(withIdentifier: "Cell\(count)", for: indexPath)
        _ = tableView.dequeueReusableCell(withIdentifier: "Product" + "Celll", for: indexPath)
        performSegue(withIdentifier: "show\(count)", sender: nil)
    }
}
