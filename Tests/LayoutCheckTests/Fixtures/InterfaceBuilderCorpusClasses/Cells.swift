import UIKit

final class RoundedImageView: UIImageView {
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
    }
}

final class BrowseCollection: UICollectionViewCell {
    @IBOutlet weak var imgBG: UIImageView!
    @IBOutlet weak var imgBrowse: RoundedImageView!
    @IBOutlet weak var labelBrowse: UILabel!
}

class ImageTableViewCell: UITableViewCell {
    @IBOutlet weak var articleImageView: UIImageView!
}

class LinkTableViewCell: UITableViewCell {
    @IBOutlet weak var linkLabel: UILabel!
}

class NewsTableViewCell: UITableViewCell {
    @IBOutlet weak var title: UILabel!
    @IBOutlet weak var articleDescription: UILabel!
    @IBOutlet weak var articleImageVIew: UIImageView!
}

class MyCustomTableViewCell: UITableViewCell {
    @IBOutlet var cellImage: UIImageView!
    @IBOutlet var titleLabel: UILabel!
    @IBOutlet var subTitleLabel: UILabel!
}

class CollectionViewCell: UICollectionViewCell {
    @IBOutlet weak var label: UILabel!
    @IBOutlet weak var button: UIButton!

    @IBAction func buttonAction(sender: UIButton) {
        label.text = button.currentTitle
    }
}
