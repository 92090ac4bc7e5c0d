import LayoutKit

extension ClassCatalog {
    /// Builds a catalog from Swift code: every class the files declare, its superclass, and the
    /// elements of its `outlets`, `actions` and `properties` lists, typed by the declarations they name.
    ///
    /// Extensions (also of a `typealias`) add to their class; nested classes are keyed by their
    /// qualified name. A class whose lists the syntax does not show whole (a helper builds one, a key
    /// path reaches into a type that is not in the sources, a superclass is not in them) is *open*:
    /// the rules then never say one of its members is missing. Each class and member keeps its Swift
    /// line, which notes point at.
    /// - Parameter sources: each file's declarations with the module that compiles it.
    package static func load(swift sources: [(module: String, declarations: SwiftDeclarations)]) -> ClassCatalog {
        SwiftClassModel(sources).layoutCatalog()
    }
}

/// Turns the declarations of Swift files into the same class declarations a schema file gives.
struct SwiftCatalogBuilder {
    /// One class with its extensions merged.
    private struct SwiftClass {
        var module: String
        var name: String
        var declaration: SwiftTypeDeclaration
        var lists: [SwiftMemberList]
        var properties: [String: SwiftProperty] = [:]
        var methods: [String: SwiftMethod] = [:]
        var key: String { "\(module).\(name)" }
    }

    /// LayoutKit's protocols a class adopts, which are never its superclass.
    private static let knownProtocols: Set<String> = [
        "OutletDeclaring", "MainActorOutletDeclaring", "ActionDeclaring", "PropertyDeclaring", "AnyObject",
        "Sendable", "Equatable", "Hashable", "CustomStringConvertible", "CustomDebugStringConvertible", "Identifiable",
    ]

    /// LayoutKit's own view classes, by their Swift names: the element of each.
    private static let builtInNames = ClassCatalog.builtInElementsBySwiftName

    private var classes: [String: SwiftClass] = [:]
    /// Class keys in the order their files and declarations came, for a stable catalog.
    private var order: [String] = []
    /// Module → qualified name → key.
    private var byModule: [String: [String: String]] = [:]
    /// Qualified name → keys in every module.
    private var byName: [String: [String]] = [:]
    private var aliases: [String: [String: String]] = [:]
    private var enums: [String: [String]] = [:]
    /// The enums of each last name (`Style` for `Card.Style`): found in one lookup, not a scan per property.
    private var enumsByLastName: [String: [[String]]] = [:]
    private var protocols: Set<String> = []
    private let modules: Set<String>
    /// Classes declared more than once in their module with nothing to tell which applies
    /// (`SwiftClassModel`), by `Module.Name` as declared: open, with no known base.
    private let ambiguous: [String: String]
    private let unread: [String: [String: String]]

    /// - Parameters:
    ///   - sources: Each file's declarations with its module, one declaration of each class
    ///     (`SwiftClassModel.files(for:)`).
    ///   - ambiguous: The classes of `sources` that stand for several declarations, with why.
    ///   - unread: Module → names that files of it that could not be read whole declare or extend, with one
    ///     such file: a name no file read declares is an open class of no known base, not an unknown one.
    init(
        _ sources: [(module: String, declarations: SwiftDeclarations)], ambiguous: [String: String] = [:],
        unread: [String: [String: String]] = [:]
    ) {
        modules = Set(sources.map(\.module))
        self.ambiguous = ambiguous
        self.unread = unread
        var extensions: [(module: String, declaration: SwiftTypeDeclaration)] = []
        // A nested class is known by its own name (what a layout's class= says) unless another class
        // of its module has that name too; then by its qualified name.
        var ownNames: [String: [String: Int]] = [:]
        for (module, file) in sources {
            for type in file.types where type.kind == .class {
                ownNames[module, default: [:]][Self.ownName(type.name), default: 0] += 1
            }
        }
        for (module, file) in sources {
            for alias in file.typeAliases { aliases[module, default: [:]][alias.name] = alias.target }
            for (name, cases) in file.enumCases {
                enums[name] = cases
                enumsByLastName[Self.ownName(name), default: []].append(cases)
            }
            protocols.formUnion(file.protocols)
            for type in file.types {
                guard type.kind == .class else {
                    extensions.append((module, type))
                    continue
                }
                let own = Self.ownName(type.name)
                let name = ownNames[module]?[own] == 1 ? own : type.name
                let key = "\(module).\(name)"
                guard classes[key] == nil else { continue }
                classes[key] = SwiftClass(module: module, name: name, declaration: type, lists: [])
                order.append(key)
                byModule[module, default: [:]][type.name] = key
                byModule[module, default: [:]][name] = key
                byName[type.name, default: []].append(key)
                if name != type.name { byName[name, default: []].append(key) }
                absorb(type, into: key)
            }
        }
        for (module, type) in extensions {
            guard case .swiftClass(let key) = resolve(type.name, in: module) else { continue }
            absorb(type, into: key)
        }
    }

    /// `Outer.Inner` → `Inner`.
    private static func ownName(_ qualified: String) -> String {
        qualified.split(separator: ".").last.map(String.init) ?? qualified
    }

    private mutating func absorb(_ type: SwiftTypeDeclaration, into key: String) {
        classes[key]?.lists += type.memberLists
        for property in type.storedProperties where classes[key]?.properties[property.name] == nil {
            classes[key]?.properties[property.name] = property
        }
        for method in type.methods where classes[key]?.methods[method.name] == nil {
            classes[key]?.methods[method.name] = method
        }
    }

    private enum ResolvedType: Equatable {
        case swiftClass(String)
        /// LayoutKit's view made by the element of this name.
        case builtIn(String)
    }

    /// The class a type name names, seen from `module`: that module's class first, then the one class
    /// of that name in another module, then LayoutKit's views; typealiases followed.
    private func resolve(_ written: String, in module: String) -> ResolvedType? {
        var name = written.filter { !$0.isWhitespace }
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        for _ in 0..<8 {
            var parts = name.split(separator: ".").map(String.init)
            var inModule = module
            if parts.count > 1, modules.contains(parts[0]) || parts[0] == "LayoutKit" {
                inModule = parts.removeFirst()
            }
            let qualified = parts.joined(separator: ".")
            if let key = byModule[inModule]?[qualified] { return .swiftClass(key) }
            if let target = aliases[inModule]?[qualified] {
                name = target
                continue
            }
            let others = byName[qualified] ?? []
            // LayoutKit's views are the built-in classes, also when LayoutKit's own sources are read.
            if let element = Self.builtInNames[qualified], others.allSatisfy({ $0.hasPrefix("LayoutKit.") }) {
                return .builtIn(element)
            }
            if others.count == 1 { return .swiftClass(others[0]) }
            // `Control` is what every sender of an action is; a view is the nearest the catalog knows.
            if qualified == "Control" { return .builtIn("view") }
            return nil
        }
        return nil
    }

    private func catalogKey(_ type: ResolvedType) -> String {
        switch type {
        case .swiftClass(let key): key
        case .builtIn(let element): element
        }
    }

    /// The property `name` of the class `key` or of a class it derives from, in the sources.
    private func property(_ name: String, of key: String) -> SwiftProperty? {
        var next: String? = key
        var seen: Set<String> = []
        while let current = next, seen.insert(current).inserted, let type = classes[current] {
            if let found = type.properties[name] { return found }
            next = superclass(of: type).flatMap { if case .swiftClass(let base) = $0 { base } else { nil } }
        }
        return nil
    }

    private func method(_ name: String, of key: String) -> SwiftMethod? {
        var next: String? = key
        var seen: Set<String> = []
        while let current = next, seen.insert(current).inserted, let type = classes[current] {
            if let found = type.methods[name] { return found }
            next = superclass(of: type).flatMap { if case .swiftClass(let base) = $0 { base } else { nil } }
        }
        return nil
    }

    private func superclass(of type: SwiftClass) -> ResolvedType? {
        type.declaration.inherited.first.flatMap { resolve($0, in: type.module) }
    }

    mutating func catalog() -> ClassCatalog {
        var decoder = ClassSchemaDecoder()
        for key in order {
            guard let type = classes[key] else { continue }
            var openReason: String?
            var unknownBase: String?
            var base: (name: String, location: SourceLocation)?
            if let first = type.declaration.inherited.first {
                if let resolved = resolve(first, in: type.module) {
                    base = (catalogKey(resolved), type.declaration.location)
                } else if !Self.knownProtocols.contains(first), !protocols.contains(first) {
                    openReason = "its superclass '\(first)' is not in the Swift sources"
                    unknownBase = first
                }
            }
            var members: [(key: MemberKey, type: String, optional: Bool, values: [String], location: SourceLocation)] =
                []
            var declared: Set<MemberKey> = []
            for list in type.lists {
                if let reason = list.openReason { openReason = openReason ?? reason }
                for entry in list.entries {
                    let memberKey = MemberKey(kind: entry.kind, name: entry.name)
                    guard !declared.contains(memberKey) else { continue }
                    switch member(entry, of: type) {
                    case .success(let member):
                        declared.insert(memberKey)
                        members.append(
                            (
                                memberKey, member.type, entry.isOptional || entry.kind == .property, member.values,
                                entry.location
                            ))
                    case .failure(let reason):
                        openReason = openReason ?? reason.text
                    }
                }
            }
            // A list that does not add to super's replaces it at run time: what the superclasses declare of
            // that kind is then not the class's. The catalog always inherits, so those members are
            // declared again as optional: a layout that connects one is not checked, never falsely failed.
            for list in type.lists where !list.extendsSuper {
                for (entry, owner) in inheritedEntries(list.kind, of: type) {
                    let memberKey = MemberKey(kind: entry.kind, name: entry.name)
                    guard declared.insert(memberKey).inserted, case .success(let member) = member(entry, of: owner)
                    else { continue }
                    members.append((memberKey, member.type, true, member.values, entry.location))
                }
            }
            if let reason = ambiguous["\(type.module).\(type.declaration.name)"] {
                openReason = reason
                unknownBase = type.declaration.inherited.first ?? type.name
                base = nil
            }
            var declaration = ClassSchemaDecoder.Declaration(
                name: type.name, module: type.module, base: base, members: members,
                location: type.declaration.location, openReason: openReason, typesAreKeys: true)
            declaration.unknownBase = unknownBase
            decoder.add(declaration)
        }
        for (module, names) in unread.sorted(by: { $0.key < $1.key }) {
            for (name, file) in names.sorted(by: { $0.key < $1.key })
            where byModule[module]?[name] == nil && name.first?.isUppercase == true {
                var declaration = ClassSchemaDecoder.Declaration(
                    name: name, module: module, base: nil, members: [],
                    location: SourceLocation(file: file, line: 1, column: 1),
                    openReason: "it is named in \(file), which could not be read whole", typesAreKeys: true)
                declaration.unknownBase = name
                decoder.add(declaration)
            }
        }
        var catalog = decoder.finish().catalog
        catalog.coveredModules = modules
        return catalog
    }

    /// The list entries of one kind that the superclasses of `type` in the sources declare.
    private func inheritedEntries(_ kind: MemberKind, of type: SwiftClass) -> [(SwiftListEntry, SwiftClass)] {
        var found: [(SwiftListEntry, SwiftClass)] = []
        var seen: Set<String> = [type.key]
        var next = superclass(of: type)
        while case .swiftClass(let key) = next, seen.insert(key).inserted, let ancestor = classes[key] {
            for list in ancestor.lists where list.kind == kind {
                found += list.entries.map { ($0, ancestor) }
            }
            next = superclass(of: ancestor)
        }
        return found
    }

    private struct Unreadable: Error {
        var text: String
    }

    /// A list entry as a catalog member: its type's key (or a property's type), and an enum's values.
    private func member(_ entry: SwiftListEntry, of type: SwiftClass) -> Result<
        (type: String, values: [String]), Unreadable
    > {
        var rootKey = type.key
        if let root = entry.root {
            guard case .swiftClass(let key) = resolve(root, in: type.module) else {
                return .failure(
                    Unreadable(
                        text: "\(entry.kind) '\(entry.name)' reaches into '\(root)', which is not in the Swift sources")
                )
            }
            rootKey = key
        }
        let module = classes[rootKey]?.module ?? type.module
        switch entry.kind {
        case .outlet:
            guard let typeName = property(entry.member, of: rootKey)?.typeName,
                let resolved = resolve(typeName, in: module)
            else {
                return .failure(
                    Unreadable(text: "the type of outlet '\(entry.name)' is not a class in the Swift sources"))
            }
            return .success((catalogKey(resolved), []))
        case .action:
            guard let sender = method(entry.member, of: rootKey)?.firstParameterType,
                let resolved = resolve(sender, in: module)
            else {
                return .failure(
                    Unreadable(text: "the sender type of action '\(entry.name)' is not a class in the Swift sources"))
            }
            return .success((catalogKey(resolved), []))
        case .property:
            guard let typeName = property(entry.member, of: rootKey)?.typeName else {
                return .failure(
                    Unreadable(text: "the type of property '\(entry.name)' does not show in the Swift sources"))
            }
            let plain = typeName.split(separator: ".").last.map(String.init) ?? typeName
            let mapped: PropertyType? =
                switch plain {
                case "String": .string
                case "Int": .integer
                case "Double": .number
                case "Bool": .boolean
                case "Color": .color
                default: nil
                }
            if let mapped { return .success((mapped.rawValue, [])) }
            let owner = classes[rootKey]?.name
            let candidates = [owner.map { "\($0).\(typeName)" }, typeName].compactMap { $0 }
            let byLastName = enumsByLastName[plain] ?? []
            if let cases = candidates.lazy.compactMap({ self.enums[$0] }).first
                ?? (byLastName.count == 1 ? byLastName.first : nil), !cases.isEmpty
            {
                return .success((PropertyType.enum.rawValue, cases))
            }
            return .failure(
                Unreadable(text: "the type of property '\(entry.name)', \(typeName), is not one a layout can set"))
        }
    }
}
