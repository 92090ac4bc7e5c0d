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
    /// The class that declares it: the root of its key path or method.
    var sourceType: ClassType
    /// An outlet's destination type, an action's sender type; `nil` for a property.
    var valueType: ClassType?
    /// A property's value type; `nil` for the other kinds.
    var propertyType: PropertyType? = nil
    /// A property of type `enum`: the raw values it accepts.
    var values: [String] = []
    var accessor: MemberAccessor

    /// Whether objects of `type` may be this member's value (an outlet's destination, an action's
    /// sender): `type` is `valueType` or derives from it.
    func accepts(_ type: AnyObject.Type) -> Bool { valueType.map { isSubclass(type, of: $0.type) } ?? false }

    /// The type as messages write it: a class name, or a property's type.
    var typeName: String { valueType?.name ?? propertyType?.rawValue ?? "?" }

    /// Whether `other` is this same declaration reached through a subclass's list (`super.outlets + …`).
    func isSame(as other: MemberDeclaration) -> Bool { key == other.key && sourceType == other.sourceType }
}

/// How a member is applied to an object and read back: the one place its closures live.
struct MemberAccessor: Sendable {
    /// Applies the member of the first object with the second: sets an outlet to it, or calls an action
    /// with it as the sender; `false` when either is not of the declared type.
    let apply: @Sendable (AnyObject, AnyObject) -> Bool
    /// The member's current value on an object, or `nil` when unset, of another class, or not an outlet.
    let read: @Sendable (AnyObject) -> AnyObject?
    /// Sets a property of an object to a value; `false` when the object or the value is of another type,
    /// and always for kinds other than properties.
    let assign: @Sendable (AnyObject, PropertyValue) -> Bool

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
        assign = { _, _ in false }
    }

    /// The accessor of an action: an unapplied method reference, `Root.method`, called with the sender.
    init<Root: AnyObject, Sender: AnyObject>(_ method: @escaping @Sendable (Root) -> (Sender) -> Void) {
        apply = { target, sender in
            guard let target = target as? Root, let sender = sender as? Sender else { return false }
            method(target)(sender)
            return true
        }
        read = { _ in nil }
        assign = { _, _ in false }
    }

    /// The accessor of a property: a key path to a value that `convert` makes from a parsed value.
    init<Root: AnyObject, Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable,
        convert: @escaping @Sendable (PropertyValue) -> Value?
    ) {
        apply = { _, _ in false }
        read = { _ in nil }
        assign = { object, value in
            guard let object = object as? Root, let converted = convert(value) else { return false }
            object[keyPath: keyPath] = converted
            return true
        }
    }
}
