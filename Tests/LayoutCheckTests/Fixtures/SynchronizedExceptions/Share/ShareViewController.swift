import UIKit

/// The extension's own folder; it also builds App/Cells/TagCell.swift and TagCell.xib, which the app
/// folder's exception set for this target lists.
class ShareViewController: UIViewController {}
