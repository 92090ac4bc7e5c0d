import UIKit

/// The main storyboard's first scene. The app's Info.plist is generated from the build settings
/// (`INFOPLIST_KEY_UIMainStoryboardFile`), so no file names Main.storyboard but the project.
final class NotesViewController: UIViewController {
    @IBOutlet weak var titleLabel: UILabel?
}
