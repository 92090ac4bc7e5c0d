/// The root of every object a layout creates: a view-model node with subviews, common display
/// properties and the outlets its class declares.
///
/// Subclass it (or one of the built-in kinds) to give a layout's `class=` something to create;
/// override `outlets` to declare what layouts may connect, and `awakeFromLayout()` to finish setting up
/// once every outlet is connected.
open class View: OutletDeclaring {
    /// The children, in document order.
    public private(set) var subviews: [View] = []
    /// The view this one is a subview of; weak, so a tree is released from its root.
    public private(set) weak var superview: View?
    /// `hidden=` in a layout.
    public var isHidden = false
    /// `alpha=` in a layout, 0…1.
    public var alpha = 1.0
    /// `backgroundColor=` in a layout.
    public var backgroundColor: Color?
    /// `tag=` in a layout.
    public var tag = 0
    /// `accessibilityIdentifier=` in a layout.
    public var accessibilityIdentifier: String?

    /// Creates an empty view; layouts create views through this initialiser.
    public required init() {}

    /// The outlets layouts may connect on this class; subclasses return `super.outlets + [...]`.
    open class var outlets: [Outlet] { [] }

    /// Called once on every object a layout created, in document order, after all outlets are connected.
    open func awakeFromLayout() {}

    /// Appends `view` to `subviews`, taking it from its previous superview first.
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Takes this view out of its superview's `subviews`.
    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }
}

/// A line or block of text: `<label>`.
open class Label: View {
    /// The text styles a layout's `font=` names.
    public enum Font: String, CaseIterable, Sendable {
        case body, headline, subheadline, caption, footnote, title1, title2, title3, largeTitle
    }

    /// How lines of text are aligned: `textAlignment=`.
    public enum TextAlignment: String, CaseIterable, Sendable {
        case natural, left, center, right, justified
    }

    public var text: String?
    public var font = Font.body
    public var textColor: Color?
    /// 0 means as many lines as the text needs.
    public var numberOfLines = 1
    public var textAlignment = TextAlignment.natural
}

/// An image: `<imageView>`.
open class ImageView: View {
    /// How the image fills the view: `contentMode=`.
    public enum ContentMode: String, CaseIterable, Sendable {
        case scaleToFill, aspectFit, aspectFill, center
    }

    /// The name of the image asset.
    public var image: String?
    public var contentMode = ContentMode.scaleToFill
}

/// A tappable control with a title and an image: `<button>`.
open class Button: View {
    public var title: String?
    /// The name of the image asset.
    public var image: String?
}

/// A row or column of subviews: `<stackView>`.
open class StackView: View {
    public enum Axis: String, CaseIterable, Sendable {
        case horizontal, vertical
    }

    public enum Alignment: String, CaseIterable, Sendable {
        case fill, leading, center, trailing
    }

    public enum Distribution: String, CaseIterable, Sendable {
        case fill, fillEqually, equalSpacing
    }

    public var axis = Axis.horizontal
    public var spacing = 0.0
    public var alignment = Alignment.fill
    public var distribution = Distribution.fill
}

/// A row of a list, reused by identifier: `<tableViewCell>`.
open class TableViewCell: View {
    public enum SelectionStyle: String, CaseIterable, Sendable {
        case none, `default`
    }

    public enum AccessoryType: String, CaseIterable, Sendable {
        case none, disclosureIndicator, checkmark
    }

    public var reuseIdentifier: String?
    public var selectionStyle = SelectionStyle.default
    public var accessoryType = AccessoryType.none

    /// Called before a recycled cell is handed out again; reset per-item state here.
    open func prepareForReuse() {}
}

/// The built-in object elements of format v1 and the class each creates.
enum ElementKind: String, CaseIterable, Sendable {
    case view, label, imageView, button, stackView, tableViewCell

    var viewClass: View.Type {
        switch self {
        case .view: View.self
        case .label: Label.self
        case .imageView: ImageView.self
        case .button: Button.self
        case .stackView: StackView.self
        case .tableViewCell: TableViewCell.self
        }
    }
}
