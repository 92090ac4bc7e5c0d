/// A named reference from one object to another that a layout connects, declared with a key path.
///
/// ```swift
/// override class var outlets: [Outlet] {
///     super.outlets + [Outlet("photoTitleLabel", \PhotoCell.photoTitleLabel)]
/// }
/// ```
/// Binding goes through the key path and checks the destination's type; there is no KVC, no
/// `Mirror` and no Objective-C runtime involved.
public struct Outlet: Sendable, CustomStringConvertible {
    /// The name layouts use in `property=` and `outlet=`.
    public let name: String
    /// Whether a layout may leave this outlet unconnected.
    public let isOptional: Bool
    let sourceType: ClassType
    let destinationType: ClassType
    private let write: @Sendable (AnyObject, AnyObject) -> Bool
    private let read: @Sendable (AnyObject) -> AnyObject?
    private let acceptsType: @Sendable (AnyObject.Type) -> Bool

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
        self.name = name
        self.isOptional = optional
        self.sourceType = ClassType(Root.self)
        self.destinationType = ClassType(Value.self)
        self.write = { source, destination in
            guard let source = source as? Root, let destination = destination as? Value else { return false }
            source[keyPath: keyPath] = destination
            return true
        }
        self.read = { source in
            guard let source = source as? Root else { return nil }
            return source[keyPath: keyPath]
        }
        self.acceptsType = { type in type is Value.Type }
    }

    /// `name: Type`.
    public var description: String { "\(name): \(destinationType.name)" }

    /// The type a destination must be (or derive from).
    public var valueType: AnyObject.Type { destinationType.type }

    /// The current value of this outlet on `object`, or `nil` when it is not connected.
    public func value(in object: AnyObject) -> AnyObject? { read(object) }

    /// Sets the outlet on `source`; `false` when either object is not of the declared type.
    func connect(_ source: AnyObject, to destination: AnyObject) -> Bool { write(source, destination) }

    /// Whether objects of `type` may be this outlet's destination.
    func accepts(_ type: AnyObject.Type) -> Bool { acceptsType(type) }
}

/// A class that declares outlets a layout can connect. `View` adopts it; owners and external
/// objects (a view controller, a formatter) adopt it to be connected too.
public protocol OutletDeclaring: AnyObject {
    /// Every outlet of the class, inherited ones included (`super.outlets + [...]`).
    static var outlets: [Outlet] { get }
}

/// A class object that can cross threads: metatypes are immutable.
struct ClassType: @unchecked Sendable, Hashable {
    let type: AnyObject.Type

    init(_ type: AnyObject.Type) { self.type = type }

    var name: String { String(describing: type) }

    /// `Module.Name` as the compiler spells it.
    var qualifiedName: String { String(reflecting: type) }

    static func == (lhs: ClassType, rhs: ClassType) -> Bool { ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
}
