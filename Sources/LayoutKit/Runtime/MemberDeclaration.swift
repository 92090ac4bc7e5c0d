/// A member as Swift code declares it: a plain, `Sendable` description — kind, name, optionality, the
/// declaring class and the member's type — with its behaviour kept apart in `accessor`.
///
/// The registry and the catalog read only the description; only `LayoutTemplate.instantiate` calls the
/// accessor. Keeping the two apart lets a later kind give main-actor classes an accessor whose closures
/// are `@MainActor`, without touching what is compared, written to class schemas or checked by rules.
struct MemberDeclaration: Sendable {
    var key: MemberKey
    /// Whether a layout may leave it unconnected.
    var isOptional: Bool
    /// The class that declares it: the root of its key path.
    var sourceType: ClassType
    /// An outlet's destination type.
    var valueType: ClassType
    var accessor: MemberAccessor

    /// Whether objects of `type` may be this member's value: `type` is `valueType` or derives from it.
    func accepts(_ type: AnyObject.Type) -> Bool { isSubclass(type, of: valueType.type) }

    /// Whether `other` is this same declaration reached through a subclass's list (`super.outlets + …`).
    func isSame(as other: MemberDeclaration) -> Bool { key == other.key && sourceType == other.sourceType }
}

/// How a member is applied to an object and read back: the one place its closures live.
struct MemberAccessor: Sendable {
    /// Sets the member of the first object to the second; `false` when either is not of the declared type.
    let apply: @Sendable (AnyObject, AnyObject) -> Bool
    /// The member's current value on an object, or `nil` when unset or of another class.
    let read: @Sendable (AnyObject) -> AnyObject?

    /// The accessor of a key path from `Root` to an optional `Value`.
    init<Root: AnyObject, Value: AnyObject>(_ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable) {
        apply = { source, value in
            guard let source = source as? Root, let value = value as? Value else { return false }
            source[keyPath: keyPath] = value
            return true
        }
        read = { source in
            guard let source = source as? Root else { return nil }
            return source[keyPath: keyPath]
        }
    }
}
