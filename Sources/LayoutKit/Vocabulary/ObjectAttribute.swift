/// Every attribute an object element can have, and on which kinds.
enum ObjectAttribute: String, CaseIterable {
    case id, `class`, module, outlet, hidden, alpha, backgroundColor, tag, accessibilityIdentifier
    case text, font, textColor, numberOfLines, textAlignment
    case image, contentMode, title
    case action, isOn, placeholder
    case axis, spacing, alignment, distribution
    case reuseIdentifier, selectionStyle, accessoryType

    /// The attribute named `name`.
    static func named(_ name: String) -> ObjectAttribute? { byName[name] }

    private static let byName = NameTable<ObjectAttribute>()

    /// `id`, `class`, `module`, `outlet` and `action` shape the model; the rest set the object's attributes.
    var isStructural: Bool {
        switch self {
        case .id, .class, .module, .outlet, .action: true
        default: false
        }
    }

    func isAllowed(on kind: ElementKind) -> Bool {
        switch self {
        case .id, .class, .module, .outlet, .hidden, .alpha, .backgroundColor, .tag, .accessibilityIdentifier: true
        case .text: kind == .label || kind == .textField
        case .font, .textColor, .numberOfLines, .textAlignment: kind == .label
        case .image: kind == .imageView || kind == .button
        case .contentMode: kind == .imageView
        case .title: kind == .button
        case .action: kind.isControl
        case .isOn: kind == .switch
        case .placeholder: kind == .textField
        case .axis, .spacing, .alignment, .distribution: kind == .stackView
        case .reuseIdentifier, .selectionStyle, .accessoryType: kind == .tableViewCell
        }
    }
}
