/// What a member of a class is. A layout connects members by kind and name, so one class may have an
/// outlet and an action of the same name; everything that reads members — the catalog, the
/// class schema reader, writer and comparison, the rules — is written once over `MemberKey`, and a new
/// kind is a new case here plus its schema element and its rules.
package enum MemberKind: String, Hashable, Sendable, CaseIterable {
    /// A reference to another object; its type is the class the destination must be (or derive from).
    case outlet
    /// A method a control calls on its target; its type is the class the sender must be (or derive from).
    case action
    /// A typed value a layout sets with `<property>`; its type is a `PropertyType`, not a class.
    case property

    /// The element that declares a member of this kind in a class schema: `<outlet>`, `<action>`, `<property>`.
    var schemaElement: String { rawValue }

    /// The attribute of `schemaElement` that names the member's type: `type=`, or `sender=` for an action.
    var schemaTypeAttribute: String {
        switch self {
        case .outlet, .property: "type"
        case .action: "sender"
        }
    }

    /// Whether the member's type is a class of the catalog (an outlet's destination, an action's sender).
    var hasClassType: Bool { self != .property }

    /// `outlets`, `actions`, `properties`, as messages say "it declares no …".
    package var plural: String { self == .property ? "properties" : "\(rawValue)s" }

    /// The type attributes whose values are class names, possibly module-qualified.
    static let typeAttributes = Set(allCases.filter(\.hasClassType).map(\.schemaTypeAttribute))

    /// Where the kind is in `allCases`: an index into arrays kept per kind.
    var index: Int {
        switch self {
        case .outlet: 0
        case .action: 1
        case .property: 2
        }
    }
}

/// A member's identity within its class: its kind and its name.
package struct MemberKey: Hashable, Sendable, CustomStringConvertible {
    package var kind: MemberKind
    package var name: String

    package init(kind: MemberKind, name: String) {
        self.kind = kind
        self.name = name
    }

    /// By the kind's index and the name: a kind's synthesized conformance would hash its `rawValue`, a
    /// second string, and the rules look a member up by key for every connection.
    package static func == (left: MemberKey, right: MemberKey) -> Bool {
        left.kind.index == right.kind.index && left.name == right.name
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind.index)
        hasher.combine(name)
    }

    static func outlet(_ name: String) -> MemberKey { MemberKey(kind: .outlet, name: name) }
    static func action(_ name: String) -> MemberKey { MemberKey(kind: .action, name: name) }
    static func property(_ name: String) -> MemberKey { MemberKey(kind: .property, name: name) }

    /// `outlet 'name'`, as messages name a member.
    package var description: String { "\(kind.rawValue) '\(name)'" }
}

extension ClassCatalog {
    /// One member a class declares itself: a plain description that catalogs compare and rules read,
    /// plus, for registry-built catalogs, the Swift declaration that applies it.
    ///
    /// Immutable, its fields in one box: the rules and the compiler copy a member for each connection,
    /// and a copy is then one retain rather than one per field.
    package struct Member: Sendable {
        private struct Fields: Sendable {
            var key: MemberKey
            var type: String?
            var typeName: String
            var isOptional: Bool
            var values: [String]
            var location: SourceLocation?
            var declaration: MemberDeclaration?
            var isCollection: Bool
        }

        private final class Box: Sendable {
            let fields: Fields
            init(_ fields: Fields) { self.fields = fields }
        }

        private let box: Box

        init(
            key: MemberKey, type: String?, typeName: String, isOptional: Bool, values: [String] = [],
            location: SourceLocation? = nil, declaration: MemberDeclaration? = nil, isCollection: Bool = false
        ) {
            box = Box(
                Fields(
                    key: key, type: type, typeName: typeName, isOptional: isOptional, values: values,
                    location: location, declaration: declaration, isCollection: isCollection))
        }

        package var key: MemberKey { box.fields.key }
        /// The key in the catalog of the member's type (an outlet's destination class, an action's
        /// sender class), when it has one; a property's type is a `PropertyType`, not a class.
        var type: String? { box.fields.type }
        /// The type as declared, for messages: a class, or a property's `PropertyType` raw value.
        package var typeName: String { box.fields.typeName }
        package var isOptional: Bool { box.fields.isOptional }
        /// A property of type `enum`: the values it accepts, in declaration order; empty otherwise.
        package var values: [String] { box.fields.values }
        /// Where it was declared, for schema-built catalogs.
        package var location: SourceLocation? { box.fields.location }
        /// The Swift member, when the catalog came from a registry. Kept out of every comparison: it is
        /// behaviour, and a later kind's may be isolated to the main actor.
        var declaration: MemberDeclaration? { box.fields.declaration }
        /// An Interface Builder outlet collection (`[UIButton]`): connected by `<outletCollection>`, and
        /// its `type` is the class of each element.
        package var isCollection: Bool { box.fields.isCollection }

        package var name: String { key.name }
        package var kind: MemberKind { key.kind }
        /// A property's value type; `nil` for other kinds and for a type no `PropertyType` names.
        var propertyType: PropertyType? { kind == .property ? PropertyType(rawValue: typeName) : nil }
    }
}
