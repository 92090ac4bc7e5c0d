/// What a member of a class is. A layout connects members by kind and name, so one class may have an
/// outlet and (later) an action of the same name; everything that reads members — the catalog, the
/// class schema reader, writer and comparison, the rules — is written once over `MemberKey`, and a new
/// kind is a new case here plus its schema element and its rules.
enum MemberKind: String, Hashable, Sendable, CaseIterable {
    /// A reference to another object; its type is the class the destination must be (or derive from).
    case outlet

    /// The element that declares a member of this kind in a class schema: `<outlet>`.
    var schemaElement: String { rawValue }

    /// The attribute of `schemaElement` that names the member's type: `type=` for an outlet.
    var schemaTypeAttribute: String {
        switch self {
        case .outlet: "type"
        }
    }

    /// Every kind's type attribute: their values are class names, possibly module-qualified.
    static let typeAttributes = Set(allCases.map(\.schemaTypeAttribute))
}

/// A member's identity within its class: its kind and its name.
struct MemberKey: Hashable, Sendable, CustomStringConvertible {
    var kind: MemberKind
    var name: String

    static func outlet(_ name: String) -> MemberKey { MemberKey(kind: .outlet, name: name) }

    /// `outlet 'name'`, as messages name a member.
    var description: String { "\(kind.rawValue) '\(name)'" }
}

extension ClassCatalog {
    /// One member a class declares itself: a plain description that catalogs compare and rules read,
    /// plus, for registry-built catalogs, the Swift declaration that applies it.
    struct Member: Sendable {
        var key: MemberKey
        /// The key in the catalog of the member's type (an outlet's destination class), when it has one.
        var type: String?
        /// The type as declared, for messages.
        var typeName: String
        var isOptional: Bool
        /// Where it was declared, for schema-built catalogs.
        var location: SourceLocation?
        /// The Swift member, when the catalog came from a registry. Kept out of every comparison: it is
        /// behaviour, and a later kind's may be isolated to the main actor.
        var declaration: MemberDeclaration?

        var name: String { key.name }
        var kind: MemberKind { key.kind }
    }
}
