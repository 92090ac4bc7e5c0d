import AppKit

/// The macOS app's list, of the same name: in folder mode the two would be one ambiguous class.
final class NoteListViewController: NSViewController {
    @IBOutlet weak var emptyLable: NSTextField?
}
