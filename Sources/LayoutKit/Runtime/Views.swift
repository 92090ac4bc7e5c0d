/// The root of every object a layout creates: a view-model node with subviews, common display
/// properties and the outlets its class declares.
///
/// Subclass it (or one of the built-in kinds) to give a layout's `class=` something to create;
/// override `outlets` to declare what layouts may connect, and `awakeFromLayout()` to finish setting up
/// once every outlet is connected.
open class View: OutletDeclaring, ActionDeclaring {
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

    /// The actions controls in layouts may send to this class; subclasses return `super.actions + [...]`.
    open class var actions: [Action] { [] }

    /// The properties `<property>` may set on this class; subclasses return `super.properties + [...]`.
    open class var properties: [Property] { [] }

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
        /// `font="body"`: running text, the default.
        case body
        /// `font="headline"`: a bold heading of a row.
        case headline
        /// `font="subheadline"`: text under a headline.
        case subheadline
        /// `font="caption"`: small print, such as a date.
        case caption
        /// `font="footnote"`: smaller print still.
        case footnote
        /// `font="title1"`: the largest title.
        case title1
        /// `font="title2"`: a second-level title.
        case title2
        /// `font="title3"`: a third-level title.
        case title3
        /// `font="largeTitle"`: a screen's title.
        case largeTitle
    }

    /// How lines of text are aligned: `textAlignment=`.
    public enum TextAlignment: String, CaseIterable, Sendable {
        /// Left in left-to-right languages and right in right-to-left ones, the default.
        case natural
        /// `textAlignment="left"`.
        case left
        /// `textAlignment="center"`.
        case center
        /// `textAlignment="right"`.
        case right
        /// `textAlignment="justified"`: lines stretched to both edges.
        case justified
    }

    /// The text shown: `text=`.
    public var text: String?
    /// The text style: `font=`.
    public var font = Font.body
    /// The text's colour: `textColor=`; `nil` for the platform's default.
    public var textColor: Color?
    /// 0 means as many lines as the text needs.
    public var numberOfLines = 1
    /// How lines are aligned: `textAlignment=`.
    public var textAlignment = TextAlignment.natural
}

/// An image: `<imageView>`.
open class ImageView: View {
    /// How the image fills the view: `contentMode=`.
    public enum ContentMode: String, CaseIterable, Sendable {
        /// Stretched to the view's size, the default.
        case scaleToFill
        /// Scaled to fit inside the view, keeping its aspect ratio.
        case aspectFit
        /// Scaled to cover the view, keeping its aspect ratio.
        case aspectFill
        /// Centred at its own size.
        case center
    }

    /// The name of the image asset.
    public var image: String?
    /// How the image fills the view: `contentMode=`.
    public var contentMode = ContentMode.scaleToFill
}

/// A view that sends actions to targets when an event happens: the base of `Button`, `Switch` and
/// `TextField`.
///
/// A layout connects actions (`action=` or `<action>`); tests fire them with no UI:
/// `cell.shareButton?.sendActions(for: .primaryActionTriggered)`. Targets are held weakly, as UIKit
/// holds them, so a cell whose button targets the cell is not a retain cycle.
open class Control: View {
    /// What happened to a control; each control sends some of them (`Control.events(of:)`).
    public enum Event: String, CaseIterable, Sendable {
        /// The control's main gesture: a button tapped, Return pressed in a text field.
        case primaryActionTriggered
        /// A switch turned on or off.
        case valueChanged
        /// The text of a text field changed: its default event.
        case editingChanged
        /// A text field stopped being edited.
        case editingDidEnd
    }

    /// One connected action: a weakly held target and the method to call on it.
    private struct TargetAction {
        var event: Event
        weak var target: AnyObject?
        var name: String
        var perform: @Sendable (AnyObject, AnyObject) -> Bool
    }

    private var targetActions: [TargetAction] = []

    /// Calls every action connected for `event`, in the order they were connected, with this control
    /// as the sender; an action whose target is gone is skipped.
    public func sendActions(for event: Event) {
        for targetAction in targetActions where targetAction.event == event {
            if let target = targetAction.target { _ = targetAction.perform(target, self) }
        }
    }

    /// Connects `action` of `target` to `event`; `target` is not retained. An action of a main-actor
    /// class (`Action.mainActor(_:_:optional:)`) must then be sent on the main actor.
    ///
    /// - Returns: `false`, connecting nothing, when `target` or this control is not of the types the
    ///   action was declared with.
    @discardableResult
    public func addTarget(_ target: AnyObject, action: Action, for event: Event) -> Bool {
        let declaration = action.declaration
        guard isSubclass(type(of: target), of: declaration.sourceType.type), declaration.accepts(type(of: self))
        else { return false }
        addTarget(target, name: declaration.key.name, perform: declaration.accessor.sendAction, for: event)
        return true
    }

    /// Connects the action `name` of `target`, which `perform` calls with this control, to `event`.
    func addTarget(
        _ target: AnyObject, name: String, perform: @escaping @Sendable (AnyObject, AnyObject) -> Bool,
        for event: Event
    ) {
        targetActions.append(TargetAction(event: event, target: target, name: name, perform: perform))
    }

    /// The names of the actions connected to `target`, for any event, in the order they were connected.
    package func actionNames(targeting target: AnyObject) -> [String] {
        targetActions.filter { $0.target === target }.map(\.name)
    }
}

/// A tappable control with a title and an image: `<button>`.
open class Button: Control {
    /// The title shown: `title=`.
    public var title: String?
    /// The name of the image asset.
    public var image: String?
}

/// An on/off control: `<switch>`; sends `valueChanged`.
open class Switch: Control {
    /// `isOn=` in a layout.
    public var isOn = false
}

/// A single line of editable text: `<textField>`; sends `editingChanged`, `editingDidEnd` and
/// `primaryActionTriggered`.
open class TextField: Control {
    /// `text=` in a layout.
    public var text: String?
    /// `placeholder=` in a layout: shown while `text` is empty.
    public var placeholder: String?
}

/// A row or column of subviews: `<stackView>`.
open class StackView: View {
    /// The direction subviews are laid out in: `axis=`.
    public enum Axis: String, CaseIterable, Sendable {
        /// Side by side, the default.
        case horizontal
        /// One above the other.
        case vertical
    }

    /// How subviews are placed across the axis: `alignment=`.
    public enum Alignment: String, CaseIterable, Sendable {
        /// Subviews span the stack's breadth; the default.
        case fill
        /// At the leading (or top) edge.
        case leading
        /// Centred.
        case center
        /// At the trailing (or bottom) edge.
        case trailing
    }

    /// How subviews share the length of the axis: `distribution=`.
    public enum Distribution: String, CaseIterable, Sendable {
        /// Subviews fill the axis, as with UIKit's `.fill`; the default.
        case fill
        /// Subviews of equal length, as with UIKit's `.fillEqually`.
        case fillEqually
        /// Equal space between subviews, as with UIKit's `.equalSpacing`.
        case equalSpacing
    }

    /// The direction subviews are laid out in: `axis=`.
    public var axis = Axis.horizontal
    /// The space between adjacent subviews, in points: `spacing=`.
    public var spacing = 0.0
    /// How subviews are placed across the axis: `alignment=`.
    public var alignment = Alignment.fill
    /// How subviews share the length of the axis: `distribution=`.
    public var distribution = Distribution.fill
}

/// A row of a list, reused by identifier: `<tableViewCell>`.
open class TableViewCell: View {
    /// How a selected cell looks: `selectionStyle=`.
    public enum SelectionStyle: String, CaseIterable, Sendable {
        /// No highlight when selected.
        case none
        /// The platform's highlight when selected; the default.
        case `default`
    }

    /// The standard view at a cell's trailing edge: `accessoryType=`.
    public enum AccessoryType: String, CaseIterable, Sendable {
        /// No accessory, the default.
        case none
        /// A chevron: the row leads somewhere.
        case disclosureIndicator
        /// A checkmark: the row is chosen.
        case checkmark
    }

    /// The identifier cells of this layout are recycled under: `reuseIdentifier=`.
    public var reuseIdentifier: String?
    /// How a selected cell looks: `selectionStyle=`.
    public var selectionStyle = SelectionStyle.default
    /// The standard view at the cell's trailing edge: `accessoryType=`.
    public var accessoryType = AccessoryType.none

    /// Called before a recycled cell is handed out again; reset per-item state here.
    open func prepareForReuse() {}
}

extension ElementKind {
    /// The class the element creates.
    var viewClass: View.Type {
        switch self {
        case .view: View.self
        case .label: Label.self
        case .imageView: ImageView.self
        case .button: Button.self
        case .stackView: StackView.self
        case .tableViewCell: TableViewCell.self
        case .switch: Switch.self
        case .textField: TextField.self
        }
    }

    /// The events a control element sends, its default (what `action=` and an `<action>` without
    /// `event=` connect) first; empty for elements that are not controls (`isControl`).
    var events: [Control.Event] {
        switch self {
        case .button: [.primaryActionTriggered]
        case .switch: [.valueChanged]
        case .textField: [.editingChanged, .editingDidEnd, .primaryActionTriggered]
        case .view, .label, .imageView, .stackView, .tableViewCell: []
        }
    }
}
