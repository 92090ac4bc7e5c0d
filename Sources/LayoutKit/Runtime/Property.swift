/// A typed value of a view class that a layout's `<property name= value=>` sets, declared with a key
/// path: a nib's user-defined runtime attribute, with its type known.
///
/// ```swift
/// override class var properties: [Property] {
///     super.properties + [
///         Property("cornerRadius", \CardView.cornerRadius),
///         Property("style", \CardView.style),        // a String-backed, CaseIterable enum
///     ]
/// }
/// ```
/// Values are `String`, `Int`, `Double`, `Bool`, `Color` or a `String`-backed enum that lists its
/// cases; properties are set after the element's attributes and before any outlet is connected.
public struct Property: Sendable, CustomStringConvertible {
    /// The member this property is: what catalogs and rules read, and how to set it.
    let declaration: MemberDeclaration

    /// The name layouts use in `<property name=>`.
    public var name: String { declaration.key.name }

    private init<Root: AnyObject, Value: Sendable>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, type: PropertyType,
        values: [String] = [], convert: @escaping @Sendable (PropertyValue) -> Value?
    ) {
        declaration = MemberDeclaration(
            key: .property(name), isOptional: true, sourceType: ClassType(Root.self), valueType: nil,
            propertyType: type, values: values, accessor: MemberAccessor(keyPath, convert: convert))
    }

    /// Declares a text property.
    public init<Root: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, String> & Sendable) {
        self.init(name, keyPath, type: .string) { if case .string(let value) = $0 { value } else { nil } }
    }

    /// Declares an optional text property; a layout sets it to a value, never back to `nil`.
    public init<Root: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, String?> & Sendable) {
        self.init(name, keyPath, type: .string) { if case .string(let value) = $0 { value } else { nil } }
    }

    /// Declares a whole-number property.
    public init<Root: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Int> & Sendable) {
        self.init(name, keyPath, type: .integer) { if case .integer(let value) = $0 { value } else { nil } }
    }

    /// Declares a fractional-number property.
    public init<Root: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Double> & Sendable) {
        self.init(name, keyPath, type: .number) { if case .number(let value) = $0 { value } else { nil } }
    }

    /// Declares a `true`/`false` property.
    public init<Root: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Bool> & Sendable) {
        self.init(name, keyPath, type: .boolean) { if case .boolean(let value) = $0 { value } else { nil } }
    }

    /// Declares a colour property, written `#RRGGBB` or `#RRGGBBAA`.
    public init<Root: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Color> & Sendable) {
        self.init(name, keyPath, type: .color) { if case .color(let value) = $0 { value } else { nil } }
    }

    /// Declares an optional colour property; a layout sets it to a colour, never back to `nil`.
    public init<Root: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Color?> & Sendable) {
        self.init(name, keyPath, type: .color) { if case .color(let value) = $0 { value } else { nil } }
    }

    /// Declares a `String`-backed enum property: its raw values are what a layout may write, and what
    /// messages list.
    public init<Root: AnyObject, Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable
    ) where Value.RawValue == String {
        self.init(name, keyPath, type: .enum, values: Value.allCases.map(\.rawValue)) {
            if case .enumCase(let value) = $0 { Value(rawValue: value) } else { nil }
        }
    }

    /// `name: type`.
    public var description: String { "\(name): \(declaration.typeName)" }
}
