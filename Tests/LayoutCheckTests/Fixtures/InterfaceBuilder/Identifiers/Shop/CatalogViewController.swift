import UIKit

/// Every call form the identifier rules read, once with a name the app defines and once broken; each
/// broken one says what it must report with an `expect:` comment on the line before it.
final class CatalogViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UINib(nibName: "ReviewCell", bundle: nil), forCellReuseIdentifier: "ReviewCell")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "PlainCell")
        tableView.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "Footer")
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        switch indexPath.section {
        case 0: return tableView.dequeueReusableCell(withIdentifier: "ProductCell", for: indexPath)
        case 1: return tableView.dequeueReusableCell(withIdentifier: "ReviewCell", for: indexPath)
        case 2: return tableView.dequeueReusableCell(withIdentifier: "PlainCell", for: indexPath)
        // expect: unknown-reuse-identifier
        case 3: return tableView.dequeueReusableCell(withIdentifier: "ProductsCell", for: indexPath)
        // Without `for:` it returns nil instead of crashing: not judged.
        default: return tableView.dequeueReusableCell(withIdentifier: "Spare") ?? UITableViewCell()
        }
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if indexPath.section == 0 {
            performSegue(withIdentifier: "showProduct", sender: nil)
        } else {
            // expect: unknown-segue-identifier
            self.performSegue(withIdentifier: "showProducts", sender: nil)
        }
    }

    func checkout() {
        performSegue(withIdentifier: "presentCheckout", sender: self)
        let receipt = storyboard?.instantiateViewController(withIdentifier: "Receipt")
        let checkout = storyboard!.instantiateViewController(identifier: "Checkout") as CheckoutViewController
        // expect: unknown-storyboard-identifier
        let wrong = storyboard?.instantiateViewController(withIdentifier: "Reciept")
        let created = storyboard?.instantiateViewController(identifier: "Checkout") { coder in
            CheckoutViewController(coder: coder)
        }
        // expect: unknown-storyboard-identifier
        let missing = storyboard?.instantiateViewController(identifier: "Chekout") { coder in
            CheckoutViewController(coder: coder)
        }
        _ = (receipt, checkout, wrong, created, missing)
    }

    func showOnboarding() {
        let onboarding = UIStoryboard(name: "Onboarding", bundle: nil)
        let welcome = onboarding.instantiateViewController(withIdentifier: "Welcome")
        // expect: unknown-interface-file
        let broken = UIStoryboard(name: "Onboard", bundle: .main)
        let elsewhere = UIStoryboard(name: "Paywall", bundle: Bundle(identifier: "com.example.PaywallKit"))
        _ = (welcome, broken, elsewhere)
    }

    func showHeader() {
        let header = Bundle.main.loadNibNamed("ReviewHeader", owner: self, options: nil)
        // expect: unknown-interface-file
        let typo = Bundle.main.loadNibNamed("ReviewHeadr", owner: self, options: nil)
        // expect: unknown-interface-file
        let nib = UINib(nibName: "ReviewCel", bundle: nil)
        // The bundle of a class the app does not declare (a framework's) may hold files the run has not seen.
        let paywall = UINib(nibName: "PaywallHeader", bundle: Bundle(for: PaywallKit.self))
        let badge = Bundle(for: PaywallKit.self).loadNibNamed("PaywallBadge", owner: nil, options: nil)
        _ = (header, typo, nib, paywall, badge)
    }
}

final class ProductViewController: UIViewController, UICollectionViewDataSource {
    @IBOutlet weak var collectionView: UICollectionView!

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Size")
        if indexPath.item == 0 {
            return collectionView.dequeueReusableCell(withReuseIdentifier: "Swatch", for: indexPath)
        }
        if indexPath.item == 1 {
            return collectionView.dequeueReusableCell(withReuseIdentifier: "Size", for: indexPath)
        }
        // expect: unknown-reuse-identifier
        return collectionView.dequeueReusableCell(withReuseIdentifier: "Swatches", for: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
            withReuseIdentifier: "SizeFooter")
        if kind == UICollectionView.elementKindSectionFooter {
            return collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: "SizeFooter", for: indexPath)
        }
        if indexPath.section == 0 {
            return collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: "SwatchHeader", for: indexPath)
        }
        return collectionView.dequeueReusableSupplementaryView(
            // expect: unknown-reuse-identifier
            ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
    }
}

final class CheckoutViewController: UIViewController {}

final class ReviewCell: UITableViewCell {}

final class GiftCardViewController: UIViewController {
    @IBOutlet weak var titleLabel: UILabel?

    static func make() -> GiftCardViewController {
        GiftCardViewController(nibName: "GiftCard", bundle: nil)
    }

    static func makeBroken() -> GiftCardViewController {
        // expect: unknown-interface-file
        GiftCardViewController(nibName: "Giftcard", bundle: Bundle(for: GiftCardViewController.self))
    }

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
