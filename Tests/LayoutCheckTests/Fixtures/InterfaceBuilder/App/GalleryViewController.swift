import UIKit

final class GalleryViewController: UIViewController, UICollectionViewDataSource {
    @IBOutlet weak var collectionView: UICollectionView!
    @IBOutlet weak var titleLabel: UILabel!

    @IBAction func refresh() {
        collectionView.reloadData()
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
    }
}

enum Gallery {
    /// Nested: Interface Builder names it by its own name.
    final class HeaderView: UICollectionReusableView {
        @IBOutlet weak var titleLabel: UILabel!
    }
}
