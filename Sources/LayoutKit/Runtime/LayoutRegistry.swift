/// The Swift classes layouts may name, by plain and module-qualified name.
///
/// ```swift
/// var registry = LayoutRegistry.standard
/// try registry.register(PhotoCell.self)            // as "PhotoCell" and "PhotoApp.PhotoCell"
/// try registry.register(PhotosViewController.self) // an owner: connected, never created
/// ```
public struct LayoutRegistry: Sendable {
    /// A class known to the registry.
    public struct RegisteredClass: Sendable, CustomStringConvertible {
        /// The name layouts use in `class=`.
        public let name: String
        /// The module layouts use in `module=`.
        public let module: String
        /// The Swift class.
        public var type: AnyObject.Type { classType.type }
        /// Its outlets, inherited ones included.
        public let outlets: [Outlet]
        /// Whether a layout can create it (it is a `View`), rather than only receive it as owner or external.
        public var isView: Bool { make != nil }

        let classType: ClassType
        let make: (@Sendable () -> View)?

        /// `Module.Name`.
        public var description: String { "\(module).\(name)" }
    }

    /// Why a class could not be registered.
    public struct RegistrationError: Error, Sendable, CustomStringConvertible {
        /// What clashed, in words.
        public let description: String
    }

    /// The registered classes, in registration order; the built-ins are not listed.
    public private(set) var classes: [RegisteredClass] = []
    /// The catalog the rules read, kept in step with `classes`.
    public private(set) var catalog = ClassCatalog.builtIn

    /// A registry with the six built-in classes and nothing else.
    public static let standard = LayoutRegistry()

    private init() {}

    /// Registers a view class that layouts can create with `class=`.
    ///
    /// - Parameters:
    ///   - type: The class; its `outlets` are what layouts may connect.
    ///   - name: The name layouts use; the Swift type's name by default.
    ///   - module: The module layouts use; the Swift type's module by default.
    /// - Throws: `RegistrationError` when another type already has that name or module-qualified name.
    public mutating func register<T: View>(_ type: T.Type, name: String? = nil, module: String? = nil) throws {
        try add(type, name: name, module: module, outlets: T.outlets, make: { T.init() })
    }

    /// Registers a class that layouts never create but connect: an owner or an external object.
    ///
    /// Its outlets are connected when it adopts `OutletDeclaring`.
    /// - Throws: `RegistrationError` when another type already has that name or module-qualified name.
    public mutating func register<T: AnyObject>(_ type: T.Type, name: String? = nil, module: String? = nil) throws {
        let outlets = (type as? OutletDeclaring.Type)?.outlets ?? []
        try add(type, name: name, module: module, outlets: outlets, make: nil)
    }

    /// The registered class for a Swift type, if any.
    public func registeredClass(for type: AnyObject.Type) -> RegisteredClass? {
        classes.first { $0.classType == ClassType(type) }
    }

    private mutating func add(
        _ type: AnyObject.Type, name: String?, module: String?, outlets: [Outlet], make: (@Sendable () -> View)?
    ) throws {
        let classType = ClassType(type)
        let qualified = classType.qualifiedName
        let defaultModule = qualified.split(separator: ".").first.map(String.init) ?? qualified
        let registered = RegisteredClass(
            name: name ?? classType.name, module: module ?? defaultModule, outlets: outlets, classType: classType,
            make: make)
        if let existing = classes.first(where: { $0.classType == classType }) {
            guard existing.name == registered.name, existing.module == registered.module else {
                throw RegistrationError(
                    description: "\(qualified) is already registered as \(existing); a type has one name")
            }
            return
        }
        if let clash = classes.first(where: { $0.name == registered.name }) {
            throw RegistrationError(
                description:
                    "cannot register \(qualified) as '\(registered.name)': that name is already \(String(reflecting: clash.type)); "
                    + "two types under one name would let a layout create the wrong class")
        }
        guard Lexical.isName(registered.name), Lexical.isName(registered.module) else {
            throw RegistrationError(
                description:
                    "cannot register \(qualified) as '\(registered)': class and module names are written "
                    + "[A-Za-z_][A-Za-z0-9_]* in layouts; pass name: and module: to register(_:name:module:)")
        }
        if let outlet = outlets.first(where: { !Lexical.isName($0.name) }) {
            throw RegistrationError(
                description: "cannot register \(qualified): its outlet '\(outlet.name)' is not a name layouts can write"
            )
        }
        if ElementKind(rawValue: registered.name) != nil {
            throw RegistrationError(description: "'\(registered.name)' is the name of a built-in element")
        }
        classes.append(registered)
        catalog = Self.makeCatalog(classes)
    }

    /// Every class with its nearest registered (or built-in) superclass as its base.
    private static func makeCatalog(_ classes: [RegisteredClass]) -> ClassCatalog {
        var catalog = ClassCatalog.builtIn
        let builtIns = ElementKind.allCases.map { (key: $0.rawValue, type: ClassType($0.viewClass)) }
        let known = builtIns + classes.map { (key: $0.description, type: $0.classType) }
        func key(of type: AnyObject.Type) -> String? {
            known.first { $0.type == ClassType(type) }?.key
        }
        for registered in classes {
            // The most derived of the known classes this one is a subclass of.
            let ancestors = known.filter {
                $0.type != registered.classType && isSubclass(registered.type, of: $0.type.type)
            }
            let base = ancestors.first { candidate in
                ancestors.allSatisfy { other in
                    other.type == candidate.type || isSubclass(candidate.type.type, of: other.type.type)
                }
            }
            let declaredHere = registered.outlets.filter { outlet in
                guard let baseType = base?.type.type as? OutletDeclaring.Type else { return true }
                return !baseType.outlets.contains { $0.name == outlet.name && $0.sourceType == outlet.sourceType }
            }
            catalog.insert(
                ClassCatalog.ClassEntry(
                    key: registered.description, name: registered.name, module: registered.module, base: base?.key,
                    outlets: declaredHere.map { outlet in
                        ClassCatalog.OutletEntry(
                            name: outlet.name, type: key(of: outlet.valueType), typeName: outlet.destinationType.name,
                            isOptional: outlet.isOptional, outlet: outlet)
                    },
                    swiftType: registered.classType, make: registered.make))
        }
        catalog.resolveHierarchy()
        return catalog
    }
}

/// Whether `type` is `ancestor` or a subclass of it, without the Objective-C runtime.
func isSubclass(_ type: AnyObject.Type, of ancestor: AnyObject.Type) -> Bool {
    func check<Ancestor>(_: Ancestor.Type) -> Bool { type is Ancestor.Type }
    return _openExistential(ancestor, do: check)
}
