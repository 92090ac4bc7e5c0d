import UIKit

class ConcentrationViewController: UIViewController {
    @IBOutlet private weak var flipCountLabel: UILabel!
    @IBOutlet private weak var scoreLabel: UILabel!
    @IBOutlet private weak var themeNameLabel: UILabel!
    @IBOutlet private var cardButtons: [UIButton]!

    @IBAction private func touchNewGame(_ sender: UIButton) {}
    @IBAction private func tochCard(_ sender: UIButton) {}
}

class CountriesViewController: UIViewController, UITableViewDataSource {
    @IBOutlet weak var tableView: UITableView!

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell()
    }
}

class CollectionViewController: UIViewController {
    @IBOutlet weak var collectionView: UICollectionView!
}

class DisplayViewController: UIViewController {
    @IBOutlet weak var display: UILabel!
}

class LoginViewController: UIViewController {
    @IBOutlet weak var emailLogin: UITextField!
    @IBOutlet weak var passwordLogin: UITextField!
    @IBOutlet weak var googleImg: UIImageView!
    @IBOutlet weak var eyeButton: UIButton!

    @IBAction func loginBT(_ sender: Any) {}
    @IBAction func signNB(_ sender: Any) {}
    @IBAction func forgetBT(_ sender: Any) {}
    @IBAction func eyeButtonTapped() {}
}

class NewsDetailViewController: UIViewController {
    @IBOutlet weak var tableView: UITableView!
}

class HomeTableViewController: UITableViewController {}

class UserPreferencesNewsTableViewController: UITableViewController {}

class TabBarViewController: UITabBarController {}

class ProfileViewController: UIViewController {
    @IBOutlet weak var userNameField: UITextField!

    @IBAction func didPressSave(_ sender: UIButton) {}
}
