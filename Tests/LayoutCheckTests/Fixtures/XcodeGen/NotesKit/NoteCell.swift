import UIKit

/// The framework's cell, which the app's nib uses: the app target depends on NotesKit.
public final class NoteCell: UITableViewCell {
    @IBOutlet public weak var titleLabel: UILabel?
}
