/// The Swift classes layouts may name, by plain and module-qualified name.
///
/// ```swift
/// var registry = LayoutRegistry.standard
/// try registry.register(PhotoCell.self)            // as "PhotoCell" and "PhotoApp.PhotoCell"
/// try registry.register(PhotosViewController.self) // an owner: connected, never created
/// ```
/// Classes of one name in two modules are both registered; a layout then says which with `module=`
/// (`class="Cell" module="Profile"`), and a layout that names the plain name alone is refused as ambiguous,
/// never given either class.
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
        public var outlets: [Outlet] { members.compactMap { $0.key.kind == .outlet ? Outlet(declaration: $0) : nil } }
        /// Its actions, inherited ones included.
        public var actions: [Action] { members.compactMap { $0.key.kind == .action ? Action(declaration: $0) : nil } }
        /// Whether a layout can create it (it is a `View`), rather than only receive it as owner or external.
        public var isView: Bool { viewClass != nil }

        /// Every member, inherited ones included, as the Swift class declares them.
        let members: [MemberDeclaration]
        let classType: ClassType
        /// The class a layout creates for it (`viewClass.init()`): the `T` it was registered as, `nil` for
        /// a class layouts only connect.
        let viewClass: View.Type?

        /// `Module.Name`.
        public var description: String { "\(module).\(name)" }
    }

    /// Why a class could not be registered, and where the `register` call is.
    public struct RegistrationError: Error, Sendable, CustomStringConvertible {
        /// What clashed, in words, after the `register` call's `file:line: ` when it is known.
        public let description: String
        /// The `#fileID` of the `register` call that failed (`MyApp/Registry.swift`), when it is known.
        public let fileID: String?
        /// The line of the `register` call that failed, when it is known.
        public let line: Int?

        init(description: String) {
            self.description = description
            fileID = nil
            line = nil
        }

        /// The error at the `register` call at `fileID`:`line`.
        init(_ error: RegistrationError, fileID: String, line: UInt) {
            self.description = error.fileID == nil ? "\(fileID):\(line): \(error.description)" : error.description
            self.fileID = error.fileID ?? fileID
            self.line = error.line ?? Int(line)
        }
    }

    /// The registered classes, in registration order; the built-ins are not listed.
    public private(set) var classes: [RegisteredClass] = []
    /// The catalog the rules read, kept in step with `classes`.
    public private(set) var catalog = ClassCatalog.builtIn
    /// Where each Swift class and each module-qualified name is in `classes`, so that registering stays
    /// linear.
    private var indexByType: [ClassType: Int] = [:]
    private var indexByName: [String: Int] = [:]
    /// Keys of classes with a member whose type was not registered yet, by that type: registering it
    /// later gives those members their type, as if every class had been registered at once.
    private var waitingForType: [ClassType: Set<String>] = [:]

    /// A registry with the six built-in classes and nothing else.
    public static let standard = LayoutRegistry()

    private init() { catalog.holdsRegisteredClasses = true }

    /// Registers a view class that layouts can create with `class=`.
    ///
    /// - Parameters:
    ///   - type: The class; its `outlets` are what layouts may connect.
    ///   - name: The name layouts use; the Swift type's name by default.
    ///   - module: The module layouts use; the Swift type's module by default.
    ///   - fileID: The caller's `#fileID`, which a `RegistrationError` names; leave the default.
    ///   - line: The caller's `#line`, which a `RegistrationError` names; leave the default.
    /// - Throws: `RegistrationError`, at this call, when another type already has that module-qualified name.
    public mutating func register<T: View>(
        _ type: T.Type, name: String? = nil, module: String? = nil, fileID: String = #fileID, line: UInt = #line
    ) throws {
        do { try add(type, name: name, module: module, members: Self.members(of: type), viewClass: T.self) } catch {
            throw Self.located(error, fileID, line)
        }
    }

    /// Registers a class that layouts never create but connect: an owner or an external object.
    ///
    /// Its outlets are connected when it adopts `OutletDeclaring`, its actions when it adopts `ActionDeclaring`.
    /// - Parameters:
    ///   - type: The class.
    ///   - name: The name layouts use; the Swift type's name by default.
    ///   - module: The module layouts use; the Swift type's module by default.
    ///   - fileID: The caller's `#fileID`, which a `RegistrationError` names; leave the default.
    ///   - line: The caller's `#line`, which a `RegistrationError` names; leave the default.
    /// - Throws: `RegistrationError`, at this call, when another type already has that module-qualified name.
    public mutating func register<T: AnyObject>(
        _ type: T.Type, name: String? = nil, module: String? = nil, fileID: String = #fileID, line: UInt = #line
    ) throws {
        do { try add(type, name: name, module: module, members: Self.members(of: type), viewClass: nil) } catch {
            throw Self.located(error, fileID, line)
        }
    }

    /// Registers a main-actor class that layouts connect but never create: an owner such as a view
    /// controller, or an external object. Its outlets and actions are read here, on the main actor, and
    /// connected only by the `@MainActor` overloads of `LayoutLoader.instantiate`.
    ///
    /// - Parameters:
    ///   - type: The class.
    ///   - name: The name layouts use; the Swift type's name by default.
    ///   - module: The module layouts use; the Swift type's module by default.
    ///   - fileID: The caller's `#fileID`, which a `RegistrationError` names; leave the default.
    ///   - line: The caller's `#line`, which a `RegistrationError` names; leave the default.
    /// - Throws: `RegistrationError`, at this call, when another type already has that module-qualified name.
    @MainActor
    public mutating func register<T: MainActorOutletDeclaring>(
        _ type: T.Type, name: String? = nil, module: String? = nil, fileID: String = #fileID, line: UInt = #line
    ) throws {
        do { try add(type, name: name, module: module, members: mainActorMembers(of: type), viewClass: nil) } catch {
            throw Self.located(error, fileID, line)
        }
    }

    /// Registers a view class that layouts can create with `class=`: the 1.1 spelling, kept for code
    /// compiled against it; a call resolves to `register(_:name:module:fileID:line:)`, whose errors name it.
    ///
    /// - Throws: `RegistrationError` when another type already has that module-qualified name.
    @_disfavoredOverload
    public mutating func register<T: View>(_ type: T.Type, name: String? = nil, module: String? = nil) throws {
        try add(type, name: name, module: module, members: Self.members(of: type), viewClass: T.self)
    }

    /// Registers a class that layouts never create but connect: the 1.1 spelling, kept for code compiled
    /// against it; a call resolves to `register(_:name:module:fileID:line:)`, whose errors name it.
    ///
    /// - Throws: `RegistrationError` when another type already has that module-qualified name.
    @_disfavoredOverload
    public mutating func register<T: AnyObject>(_ type: T.Type, name: String? = nil, module: String? = nil) throws {
        try add(type, name: name, module: module, members: Self.members(of: type), viewClass: nil)
    }

    /// Registers a main-actor class that layouts connect but never create: the 1.1 spelling, kept for code
    /// compiled against it; a call resolves to `register(_:name:module:fileID:line:)`, whose errors name it.
    ///
    /// - Throws: `RegistrationError` when another type already has that module-qualified name.
    @MainActor @_disfavoredOverload
    public mutating func register<T: MainActorOutletDeclaring>(
        _ type: T.Type, name: String? = nil, module: String? = nil
    ) throws {
        try add(type, name: name, module: module, members: mainActorMembers(of: type), viewClass: nil)
    }

    /// `error` at the `register` call at `fileID`:`line`, when it is a `RegistrationError`.
    private static func located(_ error: any Error, _ fileID: String, _ line: UInt) -> any Error {
        (error as? RegistrationError).map { RegistrationError($0, fileID: fileID, line: line) } ?? error
    }

    /// The registered class for a Swift type, if any.
    public func registeredClass(for type: AnyObject.Type) -> RegisteredClass? {
        indexByType[ClassType(type)].map { classes[$0] }
    }

    /// Every member a Swift class declares, inherited ones included: the one place that knows which
    /// protocols declare members. A `MainActorOutletDeclaring` class's outlets are read by its own
    /// `register` overload, on the main actor.
    static func members(of type: AnyObject.Type) -> [MemberDeclaration] {
        let outlets = (type as? OutletDeclaring.Type)?.outlets.map(\.declaration) ?? []
        let actions = (type as? ActionDeclaring.Type)?.actions.map(\.declaration) ?? []
        let properties = (type as? View.Type)?.properties.map(\.declaration) ?? []
        return outlets + actions + properties
    }

    private mutating func add(
        _ type: AnyObject.Type, name: String?, module: String?, members: [MemberDeclaration],
        viewClass: View.Type?
    ) throws {
        let classType = ClassType(type)
        let qualified = classType.qualifiedName
        let defaultModule = qualified.split(separator: ".").first.map(String.init) ?? qualified
        let registered = RegisteredClass(
            name: name ?? classType.name, module: module ?? defaultModule, members: members, classType: classType,
            viewClass: viewClass)
        if let existing = indexByType[classType].map({ classes[$0] }) {
            guard existing.name == registered.name, existing.module == registered.module else {
                throw RegistrationError(
                    description: "\(qualified) is already registered as \(existing); a type has one name")
            }
            return
        }
        if let clash = indexByName[registered.description].map({ classes[$0] }) {
            throw RegistrationError(
                description:
                    "cannot register \(qualified) as '\(registered)': that name is already \(String(reflecting: clash.type)); "
                    + "two types under one module-qualified name would let a layout create the wrong class; "
                    + "register one of them under the module layouts name it by: "
                    + "register(\(classType.name).self, module: \"…\"), and write that module= in its layouts")
        }
        guard Lexical.isName(registered.name), Lexical.isName(registered.module) else {
            throw RegistrationError(
                description:
                    "cannot register \(qualified) as '\(registered)': class and module names are written "
                    + "[A-Za-z_][A-Za-z0-9_]* in layouts; pass name: and module: to register(_:name:module:)")
        }
        try checkMembers(members, of: classType)
        if let member = members.first(where: { !Lexical.isName($0.key.name) }) {
            throw RegistrationError(
                description:
                    "cannot register \(qualified): its \(member.key.kind.rawValue) '\(member.key.name)' is not a name layouts can write"
            )
        }
        if ElementKind(rawValue: registered.name) != nil {
            throw RegistrationError(description: "'\(registered.name)' is the name of a built-in element")
        }
        indexByType[classType] = classes.count
        indexByName[registered.description] = classes.count
        classes.append(registered)
        insertIntoCatalog(registered)
    }

    /// Every member belongs to the class or one of its ancestors (a copy-pasted key path of another class
    /// would be refused only when connecting), no two share a kind and name, and no two outlets set one
    /// property (a copy-pasted key path of the same class would wire one object under two names, and
    /// leave the property the second name was meant for unset, with every check passing).
    private func checkMembers(_ members: [MemberDeclaration], of classType: ClassType) throws {
        let qualified = classType.qualifiedName
        var seen: Set<MemberKey> = []
        var outletByProperty: [AnyHashable: MemberDeclaration] = [:]
        for member in members {
            if let identity = member.accessor.outletIdentity.map({ AnyHashable($0) }) {
                if let first = outletByProperty[identity], first.key != member.key {
                    throw RegistrationError(
                        description:
                            "cannot register \(qualified): outlets '\(first.key.name)' and '\(member.key.name)' set the same "
                            + "property of \(member.sourceType.name) (one key path, declared twice); each outlet needs "
                            + "the key path of its own property")
                }
                outletByProperty[identity] = outletByProperty[identity] ?? member
            }
            guard isSubclass(classType.type, of: member.sourceType.type) else {
                throw RegistrationError(
                    description:
                        "cannot register \(qualified): its \(member.key) is declared with a key path of "
                        + "\(member.sourceType.qualifiedName), which is neither \(qualified) nor one of its superclasses"
                )
            }
            guard seen.insert(member.key).inserted else {
                throw RegistrationError(
                    description:
                        "cannot register \(qualified): it declares \(member.key) twice; a layout could not say which it connects"
                )
            }
        }
    }

    /// Adds one class to `catalog` with its nearest registered (or built-in) superclass as its base,
    /// and makes it the base of the classes registered earlier that it now sits nearest above: one
    /// pass over the known classes, instead of rebuilding the catalog with pairwise checks.
    private mutating func insertIntoCatalog(_ registered: RegisteredClass) {
        let key = registered.description
        let builtIns = ElementKind.allCases.map { (key: $0.rawValue, type: ClassType($0.viewClass)) }
        let known = builtIns + classes.map { (key: $0.description, type: $0.classType) }
        // Every known class is the base of at most one chain, so the nearest superclass is the deepest one.
        var base: (key: String, depth: Int)?
        for candidate in known where candidate.key != key && isSubclass(registered.type, of: candidate.type.type) {
            let depth = catalog.depth(of: candidate.key)
            if base.map({ depth > $0.depth }) ?? true { base = (candidate.key, depth) }
        }
        place(registered, base: base?.key)
        // Earlier classes below this one whose base is above it now have it as their base.
        for other in classes
        where other.classType != registered.classType
            && isSubclass(other.type, of: registered.type)
        {
            let otherKey = other.description
            let currentBase = catalog.classes[otherKey]?.base
            if currentBase == nil || catalog.derives(key, from: currentBase!) {
                place(other, base: key)
            }
        }
        for waiting in waitingForType.removeValue(forKey: registered.classType) ?? [] {
            if let index = indexByName[waiting] {
                place(classes[index], base: catalog.classes[waiting]?.base)
            }
        }
        catalog.resolveHierarchy()
    }

    /// Puts a class's entry in the catalog and notes the member types it is still waiting for.
    private mutating func place(_ registered: RegisteredClass, base: String?) {
        let entry = entry(for: registered, base: base)
        for member in entry.members where member.type == nil && member.kind.hasClassType {
            if let type = member.declaration?.valueType { waitingForType[type, default: []].insert(entry.key) }
        }
        catalog.insert(entry)
        // A member of the class's own type is spelled by a catalog that holds the class.
        if entry.members.contains(where: { $0.type == entry.key }) {
            catalog.insert(self.entry(for: registered, base: base))
        }
    }

    /// A class's catalog entry: the members its base does not already declare the same way.
    private func entry(for registered: RegisteredClass, base: String?) -> ClassCatalog.ClassEntry {
        // A registered base's members as it was registered with them (a main-actor class's cannot be read
        // here); a built-in base's from its class.
        let baseMembers =
            base.flatMap { catalog.classes[$0]?.swiftType }.map { type in
                indexByType[type].map { classes[$0].members } ?? Self.members(of: type.type)
            } ?? []
        let declaredHere = registered.members.filter { member in !baseMembers.contains { $0.isSame(as: member) } }
        return ClassCatalog.ClassEntry(
            key: registered.description, name: registered.name, module: registered.module, base: base,
            members: declaredHere.map { member in
                // Spelled as a class schema would spell it, so that messages read the same from either catalog.
                let type = member.valueType.flatMap(key(of:))
                return ClassCatalog.Member(
                    key: member.key, type: type, typeName: type.map(catalog.schemaName) ?? member.typeName,
                    isOptional: member.isOptional, values: member.values, declaration: member)
            },
            swiftType: registered.classType, viewClass: registered.viewClass)
    }

    /// The catalog key of a registered or built-in Swift class.
    private func key(of type: ClassType) -> String? {
        if let index = indexByType[type] { return classes[index].description }
        return ElementKind.allCases.first { ClassType($0.viewClass) == type }?.rawValue
    }
}

/// Whether `type` is `ancestor` or a subclass of it, without the Objective-C runtime: a walk up `type`'s
/// superclasses. (Not a cast to the opened `ancestor`, `type is Ancestor.Type`: Swift 6.3.1's optimizer
/// opened a `View.Type` parameter passed on here as `View` itself, so every view "was" a `Label`.)
func isSubclass(_ type: AnyObject.Type, of ancestor: AnyObject.Type) -> Bool {
    let target = ObjectIdentifier(ancestor)
    var current: AnyClass? = type
    while let candidate = current {
        if ObjectIdentifier(candidate) == target { return true }
        current = _getSuperclass(candidate)
    }
    return false
}
