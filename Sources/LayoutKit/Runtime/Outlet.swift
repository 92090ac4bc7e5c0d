/// A named reference from one object to another that a layout connects, declared with a key path.
///
/// ```swift
/// override class var outlets: [Outlet] {
///     super.outlets + [Outlet("photoTitleLabel", \PhotoCell.photoTitleLabel)]
/// }
/// ```
/// Connecting goes through the key path and checks the destination's type; there is no KVC, no
/// `Mirror` and no Objective-C runtime involved.
public struct Outlet: Sendable, CustomStringConvertible {
    /// The member this outlet is: what catalogs and rules read, and how to set it.
    let declaration: MemberDeclaration

    /// The name layouts use in `property=` and `outlet=`.
    public var name: String { declaration.key.name }
    /// Whether a layout may leave this outlet unconnected.
    public var isOptional: Bool { declaration.isOptional }

    /// Declares the outlet `name`, set through `keyPath`, whose destination must be a `Value`.
    ///
    /// - Parameters:
    ///   - name: The name layouts use in `property=` and `outlet=`.
    ///   - keyPath: The property the outlet sets, of the declaring class.
    ///   - optional: `true` when layouts may leave it unconnected (`unconnected-outlet` is then silent).
    public init<Root: AnyObject, Value: AnyObject>(
        _ name: String,
        _ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable,
        optional: Bool = false
    ) {
        declaration = MemberDeclaration(
            key: .outlet(name), isOptional: optional, sourceType: ClassType(Root.self),
            valueType: ClassType(Value.self), accessor: MemberAccessor(keyPath))
    }

    /// Declares the outlet `name` of a main-actor class, set through `keyPath` on the main actor only.
    ///
    /// ```swift
    /// @MainActor final class FeedViewController: MainActorOutletDeclaring {
    ///     var headerView: AuthorHeaderView?
    ///     static var outlets: [Outlet] { [.mainActor("headerView", \FeedViewController.headerView)] }
    /// }
    /// ```
    /// The outlet itself is a plain `Sendable` value; only its setter is isolated to the main actor, so a
    /// layout connects it only through the `@MainActor` overloads of `LayoutLoader.instantiate`.
    ///
    /// A spelling of its own rather than an overload of `init(_:_:optional:)`: where both would apply (a
    /// nonisolated class's outlets declared on the main actor, or any call in Swift 5 language mode, where a
    /// key path is not inferred `Sendable`) the compiler would pick by isolation rules that differ between
    /// language modes, and 1.0 code would stop compiling or connect through the main actor. With its own
    /// name, `Outlet("…", \T.p)` means what it meant in 1.0 in every mode.
    ///
    /// - Parameters:
    ///   - name: The name layouts use in `outlet=` and `<outlet property=>`.
    ///   - keyPath: The optional stored property the outlet sets.
    ///   - optional: `true` when layouts may leave it unconnected (`unconnected-outlet` is then silent).
    /// - Returns: The outlet, isolated to the main actor (`isMainActorIsolated`).
    @MainActor
    public static func mainActor<Root: AnyObject, Value: AnyObject>(
        _ name: String,
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>,
        optional: Bool = false
    ) -> Outlet {
        Outlet(
            declaration: MemberDeclaration(
                key: .outlet(name), isOptional: optional, sourceType: ClassType(Root.self),
                valueType: ClassType(Value.self), accessor: MemberAccessor(mainActor: keyPath)))
    }

    /// An outlet for a member declaration of kind `.outlet`.
    init(declaration: MemberDeclaration) {
        self.declaration = declaration
    }

    /// `name: Type`.
    public var description: String { "\(name): \(declaration.typeName)" }

    /// The type a destination must be (or derive from).
    public var valueType: AnyObject.Type {
        // Every outlet is made with a destination type (`init(_:_:optional:)` and `mainActor(_:_:optional:)`).
        declaration.valueType!.type
    }

    /// Whether its setter is isolated to the main actor: it was declared on the main actor, for a
    /// main-actor class.
    public var isMainActorIsolated: Bool { declaration.accessor.isMainActor }

    /// The current value of this outlet on `object`, or `nil` when it is not connected — or when the
    /// outlet belongs to a main-actor class (`isMainActorIsolated`), which `value(onMainActor:)` reads.
    public func value(in object: AnyObject) -> AnyObject? { declaration.accessor.read(object) }

    /// The current value of this outlet on `object`, whatever its isolation, or `nil` when it is not connected.
    @MainActor
    public func value(onMainActor object: AnyObject) -> AnyObject? { declaration.accessor.readOnMainActor(object) }
}

/// A class that declares outlets a layout can connect. `View` adopts it; owners and external
/// objects (a view controller, a formatter) adopt it to be connected too.
public protocol OutletDeclaring: AnyObject {
    /// Every outlet of the class, inherited ones included (`super.outlets + [...]`).
    static var outlets: [Outlet] { get }
}

/// A main-actor class that declares outlets a layout can connect and actions its controls can call: a
/// view controller, or any owner or external object isolated to the main actor. Its members are read,
/// registered and connected on the main actor only.
///
/// ```swift
/// @MainActor final class FeedViewController: MainActorOutletDeclaring {
///     var headerView: AuthorHeaderView?
///     func refreshTapped(_ sender: Button) { … }
///     static var outlets: [Outlet] { [.mainActor("headerView", \FeedViewController.headerView)] }
///     static var actions: [Action] { [.mainActor("refreshTapped", FeedViewController.refreshTapped)] }
/// }
/// ```
public protocol MainActorOutletDeclaring: AnyObject {
    /// Every outlet of the class, inherited ones included.
    @MainActor static var outlets: [Outlet] { get }
    /// Every action of the class, inherited ones included; none unless the class declares them.
    @MainActor static var actions: [Action] { get }
}

extension MainActorOutletDeclaring {
    /// No actions: a class that receives none need not declare any.
    @MainActor public static var actions: [Action] { [] }
}

/// The members a main-actor class declares, read on the main actor: its outlets and its actions (also
/// those it declares as an `ActionDeclaring` class, with `nonisolated static var actions`).
@MainActor
func mainActorMembers(of type: any MainActorOutletDeclaring.Type) -> [MemberDeclaration] {
    let actions = (type as? ActionDeclaring.Type)?.actions ?? type.actions
    return type.outlets.map(\.declaration) + actions.map(\.declaration)
}

/// A class object that can cross threads: metatypes are immutable.
struct ClassType: Sendable, Hashable {
    let type: AnyObject.Type

    init(_ type: AnyObject.Type) { self.type = type }

    var name: String { String(describing: type) }

    /// `Module.Name` as the compiler spells it.
    var qualifiedName: String { String(reflecting: type) }

    static func == (lhs: ClassType, rhs: ClassType) -> Bool { ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
}
