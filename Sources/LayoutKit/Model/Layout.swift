/// A decoded layout file: typed, immutable, every node with the position of its start tag.
struct Layout: Sendable {
    /// The layout's own file, `SourceFileID.main`.
    var file: String
    /// The files of included layouts: `SourceFileID(index: i)` is `includedFiles[i - 1]`.
    var includedFiles: [String] = []
    var owner: OwnerPlaceholder?
    var externals: [ExternalPlaceholder]
    /// Every object element, nested ones included, in document order (preorder): a node comes before its
    /// children, and its `parent` is the index of the node it is nested in. One array rather than one per
    /// node, so that the rules and the compiler read a node's fields in place, by index.
    var nodes: [LayoutNode] = []
    /// The indices in `nodes` of the top-level object elements, in document order.
    var topLevel: [Int] = []
    /// The `<layout>` start tag: where findings about the layout as a whole point.
    var position = SourcePosition(file: .main, line: 1, column: 1)

    /// Where a position is, in the file it came from (which an included layout's is not `file`).
    func location(_ position: SourcePosition) -> SourceLocation {
        let index = Int(position.file.index)
        let path = index == 0 || index > includedFiles.count ? file : includedFiles[index - 1]
        return SourceLocation(file: path, line: position.line, column: position.column)
    }

    /// The top-level nodes, copied: for a caller that wants them as values. The engine reads `nodes` by index.
    var objects: [LayoutNode] { topLevel.map { nodes[$0] } }

    /// Appends `node` (top-level when its `parent` is `nil`) and returns its index: a node's children are
    /// appended after it.
    mutating func append(_ node: consuming LayoutNode) -> Int {
        let index = nodes.count
        if node.parent == nil { topLevel.append(index) }
        nodes.append(node)
        return index
    }
}

extension Layout {
    /// A layout whose objects are all top-level: `objects`, none nested in another (their `parent` is ignored).
    init(file: String, owner: OwnerPlaceholder?, externals: [ExternalPlaceholder], objects: [LayoutNode]) {
        self.init(file: file, owner: owner, externals: externals, nodes: objects, topLevel: Array(objects.indices))
        for index in nodes.indices { nodes[index].parent = nil }
    }
}

/// A `class=` with its optional `module=`.
struct ClassReference: Hashable, Sendable, CustomStringConvertible {
    var name: String
    var module: String?

    var description: String { module.map { "\($0).\(name)" } ?? name }
}

/// `<owner>`: the File's Owner, supplied by the caller, never created.
struct OwnerPlaceholder: Sendable {
    var id: String?
    var classReference: ClassReference
    var connections: [Connection]
    var position: SourcePosition
}

/// `<external>`: an object the caller supplies under `name`.
struct ExternalPlaceholder: Sendable {
    var id: String
    var name: String
    var classReference: ClassReference?
    var position: SourcePosition
}

/// An object element: what it creates, how it is set up, and what it connects.
struct LayoutNode: Sendable {
    var kind: ElementKind
    var id: String?
    var classReference: ClassReference?
    /// `outlet="P"`: outlet P of the nearest enclosing element with a class is connected to this object.
    var outlet: String?
    /// `action="A"` on a control: action A of the nearest enclosing element with a class is sent this
    /// control's default event.
    var action: String? = nil
    /// The built-in attributes it sets (`text=`, `alpha=`, …), decoded.
    var attributeValues: [AttributeValue]
    /// `<property>` elements: values set on the class's own properties, checked against its declarations.
    var properties: [PropertySetting] = []
    var connections: [Connection]
    var position: SourcePosition
    /// For `<include layout="NAME">`: NAME. Such a node stands for the included layout's one top-level
    /// object; once the include is resolved its `kind` and `classReference` are that object's.
    var include: IncludeReference? = nil
    /// The index in `Layout.nodes` of the object element this one is nested in; `nil` at the top level.
    var parent: Int? = nil
}

/// `<outlet property= destination=>` or `<action name= destination= event=>` inside `<connections>`.
struct Connection: Sendable {
    /// `.outlet` or `.action`.
    var kind: MemberKind = .outlet
    /// The outlet's name (the `property=` attribute) or the action's (`name=`).
    var name: String
    /// The id of an outlet's destination, or of an action's target.
    var destination: String
    /// The event an action is sent for; `nil` for outlets.
    var event: Control.Event? = nil
    var position: SourcePosition
    /// An Interface Builder `<outletCollection>`: the destination is appended to an array outlet. A
    /// layout has none.
    var isCollection = false
}

/// `<property name= value=>`: the value as written, parsed once its class's declaration is known.
struct PropertySetting: Sendable {
    var name: String
    var value: String
    var position: SourcePosition
}

/// The value of one built-in attribute of an object element, typed.
enum AttributeValue: Sendable, Equatable {
    case hidden(Bool)
    case alpha(Double)
    case backgroundColor(Color)
    case tag(Int)
    case accessibilityIdentifier(String)
    case text(String)
    case font(Label.Font)
    case textColor(Color)
    case numberOfLines(Int)
    case textAlignment(Label.TextAlignment)
    case image(String)
    case contentMode(ImageView.ContentMode)
    case title(String)
    case isOn(Bool)
    case placeholder(String)
    case axis(StackView.Axis)
    case spacing(Double)
    case alignment(StackView.Alignment)
    case distribution(StackView.Distribution)
    case reuseIdentifier(String)
    case selectionStyle(TableViewCell.SelectionStyle)
    case accessoryType(TableViewCell.AccessoryType)

    /// Sets this attribute on `view`, which the decoder and the class rules guarantee is of the right kind.
    func apply(to view: View) {
        switch self {
        case .hidden(let value): view.isHidden = value
        case .alpha(let value): view.alpha = value
        case .backgroundColor(let value): view.backgroundColor = value
        case .tag(let value): view.tag = value
        case .accessibilityIdentifier(let value): view.accessibilityIdentifier = value
        case .text(let value):
            if let label = view as? Label {
                label.text = value
            } else if let textField = view as? TextField {
                textField.text = value
            }
        case .font(let value): (view as? Label)?.font = value
        case .textColor(let value): (view as? Label)?.textColor = value
        case .numberOfLines(let value): (view as? Label)?.numberOfLines = value
        case .textAlignment(let value): (view as? Label)?.textAlignment = value
        case .image(let value):
            if let imageView = view as? ImageView {
                imageView.image = value
            } else if let button = view as? Button {
                button.image = value
            }
        case .contentMode(let value): (view as? ImageView)?.contentMode = value
        case .title(let value): (view as? Button)?.title = value
        case .isOn(let value): (view as? Switch)?.isOn = value
        case .placeholder(let value): (view as? TextField)?.placeholder = value
        case .axis(let value): (view as? StackView)?.axis = value
        case .spacing(let value): (view as? StackView)?.spacing = value
        case .alignment(let value): (view as? StackView)?.alignment = value
        case .distribution(let value): (view as? StackView)?.distribution = value
        case .reuseIdentifier(let value): (view as? TableViewCell)?.reuseIdentifier = value
        case .selectionStyle(let value): (view as? TableViewCell)?.selectionStyle = value
        case .accessoryType(let value): (view as? TableViewCell)?.accessoryType = value
        }
    }
}
