/// Every class a layout may name, with its base and its outlets: the one description the rules read.
///
/// The checker builds it from class schema files (`Schemas/*.classes.xml`); the loader builds it from a
/// `LayoutRegistry` of Swift classes. The same rules run on both.
public struct ClassCatalog: Sendable {
    /// One class: its name, where it sits in the hierarchy, and the outlets it declares itself.
    struct ClassEntry: Sendable {
        /// `Module.Name`, `Name` when declared without a module, or the element name of a built-in.
        var key: String
        var name: String
        var module: String?
        /// The key of the base class, already resolved.
        var base: String?
        /// Outlets declared by this class itself, not inherited.
        var outlets: [OutletEntry]
        /// Set on the six built-in entries only.
        var builtIn: ElementKind?
        /// The Swift class, when the catalog came from a registry.
        var swiftType: ClassType?
        /// Creates the object, for classes a layout can create.
        var make: (@Sendable () -> View)?
        /// Where it was declared, for schema-built catalogs.
        var location: SourceLocation?

        var displayName: String { builtIn.map { "<\($0.rawValue)>" } ?? key }
        /// How outlet types are written: `label`, `Module.Name`.
        var typeName: String { builtIn?.rawValue ?? key }
    }

    /// One declared outlet.
    struct OutletEntry: Sendable {
        var name: String
        /// The key of the outlet's type in the catalog, when it has one.
        var type: String?
        /// The type as declared, for messages.
        var typeName: String
        var isOptional: Bool
        /// The Swift outlet, when the catalog came from a registry.
        var outlet: Outlet?
        var location: SourceLocation?
    }

    private(set) var classes: [String: ClassEntry] = [:]
    /// Plain name → keys of user classes with that name (built-ins are not found by `class=`).
    private var plainNames: [String: [String]] = [:]

    /// Only the six built-in classes.
    public static let builtIn: ClassCatalog = {
        var catalog = ClassCatalog()
        for kind in ElementKind.allCases {
            catalog.insert(
                ClassEntry(
                    key: kind.rawValue, name: kind.rawValue, module: nil,
                    base: kind == .view ? nil : ElementKind.view.rawValue, outlets: [], builtIn: kind,
                    swiftType: ClassType(kind.viewClass), make: { kind.viewClass.init() }))
        }
        catalog.resolveHierarchy()
        return catalog
    }()

    mutating func insert(_ entry: ClassEntry) {
        if classes[entry.key] == nil, entry.builtIn == nil {
            plainNames[entry.name, default: []].append(entry.key)
        }
        classes[entry.key] = entry
        flattened = [:]
    }

    /// Each class's outlets (inherited ones included) and ancestors, worked out once the catalog is
    /// complete: the rules ask for them once per connection, and walking the hierarchy each time
    /// was most of the time it took to load a layout.
    private var flattened: [String: (outlets: [OutletEntry], ancestors: Set<String>)] = [:]

    /// Works out `flattened`; call when the last class is inserted (a later insert clears it).
    mutating func resolveHierarchy() {
        var result: [String: (outlets: [OutletEntry], ancestors: Set<String>)] = [:]
        for key in classes.keys {
            result[key] = (walkOutlets(of: key), Set(lineage(of: key).map(\.key)))
        }
        flattened = result
    }

    /// The number of classes other than the built-ins.
    public var declaredClassCount: Int { classes.count - ElementKind.allCases.count }

    // MARK: Lookup

    /// The result of looking a class up by name.
    enum Resolution {
        case found(ClassEntry)
        case notFound(message: String)
    }

    /// Finds the class a `class=`/`module=` pair names: with a module, only that module's class;
    /// without, the one class of that plain name. A suggestion for an unknown name is paid for out of
    /// the file's `suggestions`.
    func resolve(_ reference: ClassReference, suggestions: inout SuggestionBudget) -> Resolution {
        if let module = reference.module {
            if let entry = classes["\(module).\(reference.name)"] { return .found(entry) }
            let others = plainNames[reference.name] ?? []
            let hint =
                others.isEmpty
                ? suggestions.suggestion(for: reference.name, in: plainNames.keys)
                : "; \(others.sorted().joined(separator: ", ")) \(others.count == 1 ? "is" : "are") in another module"
            return .notFound(message: "unknown class '\(reference.name)' in module '\(module)'\(hint)")
        }
        let keys = plainNames[reference.name] ?? []
        switch keys.count {
        case 1:
            return .found(classes[keys[0]]!)
        case 0:
            return .notFound(
                message: "unknown class '\(reference.name)'"
                    + suggestions.suggestion(for: reference.name, in: plainNames.keys))
        default:
            return .notFound(
                message:
                    "class name '\(reference.name)' is ambiguous: \(keys.sorted().joined(separator: ", ")); add module= to say which"
            )
        }
    }

    /// Resolves a type written in a class schema: a built-in element name, `Module.Name`, or a plain name.
    func resolveTypeName(_ name: String, suggestions: inout SuggestionBudget) -> Resolution {
        if let entry = classes[name] { return .found(entry) }
        return resolve(ClassReference(name: name, module: nil), suggestions: &suggestions)
    }

    /// The class itself, then its base, and so on to the root.
    func lineage(of key: String) -> [ClassEntry] {
        var result: [ClassEntry] = []
        var next: String? = key
        var seen: Set<String> = []
        while let current = next, let entry = classes[current], seen.insert(current).inserted {
            result.append(entry)
            next = entry.base
        }
        return result
    }

    /// Whether `key` is `ancestor` or derives from it.
    func derives(_ key: String, from ancestor: String) -> Bool {
        if let known = flattened[key] { return known.ancestors.contains(ancestor) }
        return lineage(of: key).contains { $0.key == ancestor }
    }

    /// The built-in kind a class ultimately derives from, if any.
    func builtInKind(of key: String) -> ElementKind? {
        lineage(of: key).lazy.compactMap(\.builtIn).first
    }

    /// Every outlet of the class, inherited ones first, a redeclared name keeping the subclass's entry.
    func outlets(of key: String) -> [OutletEntry] {
        flattened[key]?.outlets ?? walkOutlets(of: key)
    }

    private func walkOutlets(of key: String) -> [OutletEntry] {
        var result: [OutletEntry] = []
        for entry in lineage(of: key).reversed() {
            for outlet in entry.outlets {
                if let index = result.firstIndex(where: { $0.name == outlet.name }) {
                    result[index] = outlet
                } else {
                    result.append(outlet)
                }
            }
        }
        return result
    }

    /// Whether an object of class `destination` fits an outlet.
    func fits(_ destination: ClassEntry, _ outlet: OutletEntry) -> Bool {
        if let swiftOutlet = outlet.outlet, let type = destination.swiftType {
            return swiftOutlet.accepts(type.type)
        }
        guard let type = outlet.type else { return false }
        return derives(destination.key, from: type)
    }
}
