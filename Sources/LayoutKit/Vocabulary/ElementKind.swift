/// The built-in object elements of the format. What each creates and sends is the runtime's
/// (`viewClass`, `events` in Runtime/Views.swift); the names are the vocabulary every step reads,
/// the reader first.
enum ElementKind: String, CaseIterable, Sendable {
    case view, label, imageView, button, stackView, tableViewCell
    case `switch`, textField

    /// Whether the element is a control, which sends actions (`action=`, `<action>`).
    var isControl: Bool {
        switch self {
        case .button, .switch, .textField: true
        case .view, .label, .imageView, .stackView, .tableViewCell: false
        }
    }

    /// The kind an element name names.
    static func named(_ name: String) -> ElementKind? { byName[name] }

    private static let byName = NameTable<ElementKind>()
}
