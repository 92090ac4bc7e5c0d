/// A member as Swift code declares it: a plain, `Sendable` description — kind, name, optionality, the
/// declaring class and the member's type — with its behaviour kept apart in `accessor`.
///
/// The registry and the catalog read only the description; only `LayoutTemplate.instantiate` calls the
/// accessor. Keeping the two apart lets a later kind give main-actor classes an accessor whose closures
/// are `@MainActor`, without touching what is compared, written to class schemas or checked by rules.
///
/// A class, not a struct: every compiled connection and property setting holds its member, and a
/// declaration carries a dozen references (names, types, closures); sharing one costs a retain where a
/// copy cost one per field.
final class MemberDeclaration: Sendable {
    let key: MemberKey
    /// Whether a layout may leave it unconnected.
    let isOptional: Bool
    /// The class that declares it: the root of its key path or method.
    let sourceType: ClassType
    /// An outlet's destination type, an action's sender type; `nil` for a property.
    let valueType: ClassType?
    /// A property's value type; `nil` for the other kinds.
    let propertyType: PropertyType?
    /// A property of type `enum`: the raw values it accepts.
    let values: [String]
    let accessor: MemberAccessor

    init(
        key: MemberKey, isOptional: Bool, sourceType: ClassType, valueType: ClassType?,
        propertyType: PropertyType? = nil, values: [String] = [], accessor: MemberAccessor
    ) {
        self.key = key
        self.isOptional = isOptional
        self.sourceType = sourceType
        self.valueType = valueType
        self.propertyType = propertyType
        self.values = values
        self.accessor = accessor
    }

    /// Whether objects of `type` may be this member's value (an outlet's destination, an action's
    /// sender): `type` is `valueType` or derives from it.
    func accepts(_ type: AnyObject.Type) -> Bool { valueType.map { isSubclass(type, of: $0.type) } ?? false }

    /// The type as messages write it: a class name, or a property's type.
    var typeName: String { valueType?.name ?? propertyType?.rawValue ?? "?" }

    /// Whether `other` is this same declaration reached through a subclass's list (`super.outlets + …`).
    func isSame(as other: MemberDeclaration) -> Bool { key == other.key && sourceType == other.sourceType }
}

/// How a member is applied to an object and read back: the one place its closures live.
///
/// A member of a main-actor class gets closures isolated to the main actor: they capture a key path to
/// main-actor state, which only the main actor may form or use. The declaration around it stays a plain
/// value; only `LayoutTemplate.instantiateOnMainActor` calls them.
struct MemberAccessor: Sendable {
    /// The closures of a member, with the isolation they need.
    enum Isolation: Sendable {
        /// Usable from any thread.
        case nonisolated(
            apply: @Sendable (AnyObject, AnyObject) -> Bool, read: @Sendable (AnyObject) -> AnyObject?)
        /// Usable only on the main actor: the member belongs to a `@MainActor` class.
        case mainActor(
            apply: @MainActor @Sendable (AnyObject, AnyObject) -> Bool,
            read: @MainActor @Sendable (AnyObject) -> AnyObject?)
    }

    /// Applies the member of the first object with the second (sets an outlet to it, or calls an action
    /// with it as the sender), and reads an outlet back.
    let isolation: Isolation
    /// Sets a property of an object to a value; `false` when the object or the value is of another type,
    /// and always for kinds other than properties.
    let assign: @Sendable (AnyObject, PropertyValue) -> Bool
    /// `assign` with its value converted once: the closure that sets that value on an object (`false`
    /// when the object is of another type), made when a layout is compiled so that instantiating
    /// converts nothing. `nil` when the value does not convert, and always for kinds other than properties.
    let bind: @Sendable (PropertyValue) -> (@Sendable (AnyObject) -> Bool)?
    /// Where an outlet's or a property's Swift property lies in its object, when it is a stored property
    /// of a final class: a checked connection then sets it with one store (`StoredPropertyOffset`) rather
    /// than through `isolation`'s closure and the key path, once the offset is checked (`CheckedOffset`);
    /// a property's `assign` and `bind` closures hold the same object. `nil` for other members, and when
    /// the fast path is off (`LAYOUTKIT_DISABLE_STORED_OFFSETS`).
    let storedOffset: CheckedOffset?
    /// What tells apart the properties outlets set, so that registering can refuse two outlets on one
    /// property (a copy-pasted declaration would wire one object under two names): the key path itself;
    /// for a main-actor class, whose key paths are not `Sendable`, its class and stored offset (`nil`
    /// when the property is not stored inline, which then goes unchecked). `nil` for other kinds.
    let outletIdentity: (any Hashable & Sendable)?

    /// Whether its closures may only run on the main actor: `isolation` is `.mainActor`. Stored, since the
    /// compiler asks it of every connection, and matching the enum copied its closures each time.
    let isMainActor: Bool

    /// The stored property of a main-actor outlet, as `outletIdentity` compares it.
    private struct StoredOutlet: Hashable, Sendable {
        var root: ObjectIdentifier
        var offset: Int
    }

    /// The accessor of a key path from `Root` to an optional `Value`.
    init<Root: AnyObject, Value: AnyObject>(_ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable) {
        isMainActor = false
        isolation = .nonisolated(
            apply: { source, value in Self.set(keyPath, of: source, to: value) },
            read: { source in Self.get(keyPath, of: source) })
        assign = { _, _ in false }
        bind = { _ in nil }
        storedOffset = Self.checkedReferenceOffset(keyPath)
        outletIdentity = keyPath
    }

    /// The accessor of a key path into a main-actor class: the key path is formed on the main actor and
    /// never leaves the closures that only run there.
    @MainActor
    init<Root: AnyObject, Value: AnyObject>(mainActor keyPath: ReferenceWritableKeyPath<Root, Value?>) {
        isMainActor = true
        isolation = .mainActor(
            apply: { source, value in Self.set(keyPath, of: source, to: value) },
            read: { source in Self.get(keyPath, of: source) })
        assign = { _, _ in false }
        bind = { _ in nil }
        storedOffset = Self.checkedReferenceOffset(keyPath)
        // The offset as read, checked or not and whether or not the fast path is on: it only tells
        // properties apart, and writes nothing.
        outletIdentity = Self.referenceOffset(keyPath).map {
            StoredOutlet(root: ObjectIdentifier(Root.self), offset: $0)
        }
    }

    /// The accessor of an action: an unapplied method reference, `Root.method`, called with the sender.
    init<Root: AnyObject, Sender: AnyObject>(_ method: @escaping @Sendable (Root) -> (Sender) -> Void) {
        isMainActor = false
        isolation = .nonisolated(
            apply: { target, sender in
                guard let target = target as? Root, let sender = sender as? Sender else { return false }
                method(target)(sender)
                return true
            },
            read: { _ in nil })
        assign = { _, _ in false }
        bind = { _ in nil }
        storedOffset = nil
        outletIdentity = nil
    }

    /// The accessor of an action of a main-actor class: the method runs on the main actor only.
    init<Root: AnyObject, Sender: AnyObject>(
        mainActor method: @escaping @MainActor @Sendable (Root) -> (Sender) -> Void
    ) {
        isMainActor = true
        isolation = .mainActor(
            apply: { target, sender in
                guard let target = target as? Root, let sender = sender as? Sender else { return false }
                method(target)(sender)
                return true
            },
            read: { _ in nil })
        assign = { _, _ in false }
        bind = { _ in nil }
        storedOffset = nil
        outletIdentity = nil
    }

    /// The accessor of a property: a key path to a value that `convert` makes from a parsed value.
    init<Root: AnyObject, Value: Sendable>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable,
        convert: @escaping @Sendable (PropertyValue) -> Value?
    ) {
        isMainActor = false
        isolation = .nonisolated(apply: { _, _ in false }, read: { _ in nil })
        // A stored property of a final class is set with one store once its offset is checked, as outlets
        // are (`CheckedOffset`).
        let offset = StoredPropertyOffset.checked(keyPath)
        assign = { object, value in
            guard let object = object as? Root, let converted = convert(value) else { return false }
            if let offset {
                offset.set(keyPath, of: object, to: converted)
            } else {
                object[keyPath: keyPath] = converted
            }
            return true
        }
        bind = { value in
            guard let converted = convert(value) else { return nil }
            return { object in
                guard let object = object as? Root else { return false }
                if let offset {
                    offset.set(keyPath, of: object, to: converted)
                } else {
                    object[keyPath: keyPath] = converted
                }
                return true
            }
        }
        storedOffset = offset
        outletIdentity = nil
    }

    /// The offset of an outlet's stored property, when it holds a `Value?` as one reference, the way
    /// `StoredPropertyOffset.assign(_:at:of:)` stores an `AnyObject?`.
    private static func referenceOffset<Root: AnyObject, Value: AnyObject>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>
    ) -> Int? {
        guard MemoryLayout<Value?>.size == MemoryLayout<AnyObject?>.size else { return nil }
        return StoredPropertyOffset.of(keyPath)
    }

    /// `referenceOffset(_:)`, to be checked before it is written through; `nil` when the fast path is off.
    private static func checkedReferenceOffset<Root: AnyObject, Value: AnyObject>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>
    ) -> CheckedOffset? {
        guard MemoryLayout<Value?>.size == MemoryLayout<AnyObject?>.size else { return nil }
        return StoredPropertyOffset.checked(keyPath)
    }

    /// Sets `keyPath` of `source` to `value`; `false` when either is not of the key path's types. Runs in
    /// the isolation of the closure that calls it.
    private static func set<Root: AnyObject, Value: AnyObject>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>, of source: AnyObject, to value: AnyObject
    ) -> Bool {
        guard let source = source as? Root, let value = value as? Value else { return false }
        source[keyPath: keyPath] = value
        return true
    }

    /// `keyPath` of `source`, or `nil` when unset or `source` is of another class.
    private static func get<Root: AnyObject, Value: AnyObject>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>, of source: AnyObject
    ) -> AnyObject? {
        guard let source = source as? Root else { return nil }
        return source[keyPath: keyPath]
    }

    /// Applies the member of `source` with `value` off the main actor; `false` when either is not of the
    /// declared type, or when the member belongs to a main-actor class (`isMainActor`).
    func apply(_ source: AnyObject, _ value: AnyObject) -> Bool {
        guard case .nonisolated(let apply, _) = isolation else { return false }
        return apply(source, value)
    }

    /// The closure a control keeps for an action and calls when it sends the event. An action of a
    /// main-actor class runs on the main actor, where UIKit sends events too: the control must send it
    /// there, and sending it from another thread stops the process (`MainActor.assumeIsolated`) rather
    /// than running main-actor code elsewhere.
    var sendAction: @Sendable (AnyObject, AnyObject) -> Bool {
        switch isolation {
        case .nonisolated(let apply, _):
            return apply
        case .mainActor(let apply, _):
            return { target, sender in
                // `assumeIsolated` runs the closure synchronously, on this thread, once it has checked that
                // this thread is the main actor's: the two objects are used there and never leave the call.
                nonisolated(unsafe) let target = target
                nonisolated(unsafe) let sender = sender
                return MainActor.assumeIsolated { apply(target, sender) }
            }
        }
    }

    /// Applies the member of `source` with `value`, whatever its isolation.
    @MainActor
    func applyOnMainActor(_ source: AnyObject, _ value: AnyObject) -> Bool {
        switch isolation {
        case .nonisolated(let apply, _): apply(source, value)
        case .mainActor(let apply, _): apply(source, value)
        }
    }

    /// The member's current value on `source`, or `nil` when unset or of another class.
    @MainActor
    func readOnMainActor(_ source: AnyObject) -> AnyObject? {
        switch isolation {
        case .nonisolated(_, let read): read(source)
        case .mainActor(_, let read): read(source)
        }
    }

    /// The member's current value on `source` off the main actor; `nil` for a main-actor member.
    func read(_ source: AnyObject) -> AnyObject? {
        guard case .nonisolated(_, let read) = isolation else { return nil }
        return read(source)
    }
}
