/// Every class a layout may name, with its base and its members: the one description the rules read.
///
/// The checker builds it from class schema files (`Schemas/*.classes.xml`); the loader builds it from a
/// `LayoutRegistry` of Swift classes. The same rules run on both.
public struct ClassCatalog: Sendable {
    /// One class: its name, where it sits in the hierarchy, and the members it declares itself.
    ///
    /// Its fields live in one immutable box: the rules and the compiler copy an entry for every
    /// endpoint and connection they look at, and a copy is then one retain rather than one per field.
    package struct ClassEntry: Sendable {
        private struct Fields: Sendable {
            var key: String
            var name: String
            var module: String?
            var base: String?
            var members: [Member]
            var builtIn: ElementKind?
            var swiftType: ClassType?
            var viewClass: View.Type?
            var location: SourceLocation?
            var openReason: String?
            var unknownBase: String?
        }

        private final class Box: Sendable {
            let fields: Fields
            init(_ fields: Fields) { self.fields = fields }
        }

        private var box: Box

        init(
            key: String, name: String, module: String?, base: String?, members: [Member],
            builtIn: ElementKind? = nil, swiftType: ClassType? = nil, viewClass: View.Type? = nil,
            location: SourceLocation? = nil, openReason: String? = nil, unknownBase: String? = nil
        ) {
            box = Box(
                Fields(
                    key: key, name: name, module: module, base: base, members: members, builtIn: builtIn,
                    swiftType: swiftType, viewClass: viewClass, location: location, openReason: openReason,
                    unknownBase: unknownBase))
        }

        /// `Module.Name`, `Name` when declared without a module, or the element name of a built-in.
        package var key: String { box.fields.key }
        package var name: String { box.fields.name }
        package var module: String? { box.fields.module }
        /// The key of the base class, already resolved.
        package var base: String? {
            get { box.fields.base }
            set {
                var fields = box.fields
                fields.base = newValue
                box = Box(fields)
            }
        }
        /// Members declared by this class itself, not inherited. Set the whole list at once: each set
        /// makes a new box.
        package internal(set) var members: [Member] {
            get { box.fields.members }
            set {
                var fields = box.fields
                fields.members = newValue
                box = Box(fields)
            }
        }
        /// Set on the six built-in entries only.
        package var isBuiltIn: Bool { box.fields.builtIn != nil }
        var builtIn: ElementKind? { box.fields.builtIn }
        /// The Swift class, when the catalog came from a registry.
        var swiftType: ClassType? { box.fields.swiftType }
        /// The class created (`viewClass.init()`), for classes a layout can create: the built-in
        /// element's class, or the `T` a view class was registered as.
        var viewClass: View.Type? { box.fields.viewClass }
        /// Where it was declared, for schema-built catalogs.
        package var location: SourceLocation? { box.fields.location }
        /// Why its members are not all known (a list the Swift syntax does not show): rules then never
        /// claim one is missing. `nil` for a class whose members are all known.
        package var openReason: String? { box.fields.openReason }
        /// The superclass as written, when it is no class the catalog has (a library's without sources):
        /// the class's ancestry above it is unknown, so no rule may say what it does not derive from.
        var unknownBase: String? { box.fields.unknownBase }

        var displayName: String { builtIn.map { "<\($0.rawValue)>" } ?? key }
        /// How member types are written: `label`, `Module.Name`.
        var typeName: String { builtIn?.rawValue ?? key }
    }

    package private(set) var classes: [String: ClassEntry] = [:]
    /// Whether its classes are registered Swift classes (a `LayoutRegistry`'s), so that an unknown class
    /// is one to register rather than to declare in a class schema.
    var holdsRegisteredClasses = false {
        didSet { version = Version() }
    }

    /// Who this catalog is, as of its last change: every change makes a new one, and copies share it.
    /// What loads share (`SharedIncludes`) is kept per version, so a class registered since is seen.
    final class Version: Sendable {}
    private(set) var version = Version()
    /// For a catalog read from Swift sources, the modules whose sources were read: a class a layout
    /// names in another module may well exist there, so it is not reported as unknown. `nil`: every
    /// class a layout may name is in the catalog.
    package var coveredModules: Set<String>? {
        didSet { version = Version() }
    }
    /// Plain name → keys of user classes with that name (built-ins are not found by `class=`).
    private var plainNames: [String: [String]] = [:]

    /// Only the six built-in classes.
    public static let builtIn: ClassCatalog = {
        var catalog = ClassCatalog()
        for kind in ElementKind.allCases {
            catalog.insert(
                ClassEntry(
                    key: kind.rawValue, name: kind.rawValue, module: nil,
                    base: kind == .view ? nil : ElementKind.view.rawValue, members: [], builtIn: kind,
                    swiftType: ClassType(kind.viewClass), viewClass: kind.viewClass))
        }
        catalog.resolveHierarchy()
        return catalog
    }()

    /// LayoutKit's own view classes by their Swift names, each with the element that makes it, which is
    /// its key in every catalog: `Label` → `label`. For readers of Swift code, which name the classes.
    package static let builtInElementsBySwiftName: [String: String] = Dictionary(
        uniqueKeysWithValues: ElementKind.allCases.map { (String(describing: $0.viewClass), $0.rawValue) })

    /// The entry under each element's name, in `ElementKind.allCases` order: the class of every object
    /// without `class=`, found without hashing its name.
    private var kindEntries: [ClassEntry?] = Array(repeating: nil, count: ElementKind.allCases.count)
    private static let kinds = ElementKind.allCases

    mutating func insert(_ entry: ClassEntry) {
        if classes[entry.key] == nil, entry.builtIn == nil {
            plainNames[entry.name, default: []].append(entry.key)
        }
        classes[entry.key] = entry
        kindTables = Array(repeating: nil, count: Self.kinds.count)
        if let kind = ElementKind(rawValue: entry.key), let index = Self.kinds.firstIndex(of: kind) {
            kindEntries[index] = entry
        }
        resolved = [:]
        version = Version()
    }

    /// A class as the rules see it once the hierarchy is resolved: every member, inherited ones
    /// included, and where it sits. The rules ask for members once per connection, and walking the
    /// hierarchy each time was most of the time it took to load a layout.
    /// A class, shared rather than copied: a lookup is then one retain.
    fileprivate final class ResolvedClass: Sendable {
        /// Inherited members first, a redeclared member keeping the subclass's entry in its base's place.
        let members: [Member]
        let index: [MemberKey: Int]
        /// 0 for a root; a class derives from an ancestor exactly `depth` difference steps up.
        let depth: Int
        /// The built-in kind it derives from, if any.
        let builtIn: ElementKind?
        /// Indices in `members` of the non-optional ones, in order: what `unconnected-*` checks, and
        /// for most classes nothing, so that rule need not walk every member of every object.
        let required: [Int]
        /// `required`, by kind: what `requiredPositions(in:kind:)` answers without making an array.
        let requiredByKind: [[Int]]
        /// Whether no class of its lineage has a superclass the catalog lacks (`ClassEntry.unknownBase`).
        let ancestryIsKnown: Bool

        /// - Parameter inherited: The base's result when this class declares no member of its own: its
        ///   arrays are then shared rather than split again, so such a class costs a constant.
        init(
            members: [Member], index: [MemberKey: Int], depth: Int, builtIn: ElementKind?, required: [Int],
            ancestryIsKnown: Bool = true, sharing inherited: ResolvedClass? = nil
        ) {
            self.members = members
            self.index = index
            self.depth = depth
            self.builtIn = builtIn
            self.required = required
            if let inherited {
                requiredByKind = inherited.requiredByKind
            } else {
                var byKind = Array(repeating: [Int](), count: MemberKind.allCases.count)
                for position in required { byKind[members[position].kind.index].append(position) }
                requiredByKind = byKind
            }
            self.ancestryIsKnown = ancestryIsKnown
        }
    }

    private var resolved: [String: ResolvedClass] = [:]
    /// `memberTable(of:)` of each element's name, in `ElementKind.allCases` order, once resolved.
    private var kindTables: [MemberTable?] = Array(repeating: nil, count: ElementKind.allCases.count)

    /// A class's members, found once by its key and then read without hashing it again: the rules look
    /// at the members of an object's class once per connection and per kind.
    struct MemberTable: Sendable {
        fileprivate let resolved: ResolvedClass
    }

    /// The members of the class `key`: before the hierarchy is resolved, found by walking its lineage.
    func memberTable(of key: String) -> MemberTable {
        if let known = resolved[key] { return MemberTable(resolved: known) }
        let members = allMembers(of: key)
        var index: [MemberKey: Int] = [:]
        for position in members.indices { index[members[position].key] = position }
        return MemberTable(
            resolved: ResolvedClass(
                members: members, index: index, depth: 0, builtIn: nil,
                required: members.indices.filter { !members[$0].isOptional }))
    }

    /// The members of the class keyed by an element's name, `memberTable(of: kind.rawValue)`.
    func memberTable(for kind: ElementKind) -> MemberTable {
        Self.kinds.firstIndex(of: kind).flatMap { kindTables[$0] } ?? memberTable(of: kind.rawValue)
    }

    /// Works out every class's `ResolvedClass`; call when the last class is inserted (a later insert
    /// clears it). Linear in the classes and their members: each class is resolved once, from its
    /// base's result, bases first. A base chain that loops (which `ClassSchemaDecoder` cuts before
    /// calling this) is cut where the walk meets it again.
    mutating func resolveHierarchy() {
        version = Version()
        kindsWithRequiredMembers = []
        var result: [String: ResolvedClass] = [:]
        result.reserveCapacity(classes.count)
        for start in classes.keys where result[start] == nil {
            // The unresolved part of the chain above `start`, nearest first.
            var chain: [String] = []
            var onChain: Set<String> = []
            var next: String? = start
            while let key = next, result[key] == nil, classes[key] != nil, onChain.insert(key).inserted {
                chain.append(key)
                next = classes[key]?.base
            }
            for key in chain.reversed() {
                let entry = classes[key]!
                var members: [Member] = []
                var index: [MemberKey: Int] = [:]
                var depth = 0
                var builtIn: ElementKind?
                var required: [Int] = []
                var ancestryIsKnown = entry.unknownBase == nil
                if let base = entry.base, let inherited = result[base] {
                    ancestryIsKnown = ancestryIsKnown && inherited.ancestryIsKnown
                    // Shared with the base until this class declares a member: a class that declares
                    // none costs a constant, however much it inherits.
                    members = inherited.members
                    index = inherited.index
                    depth = inherited.depth + 1
                    builtIn = inherited.builtIn
                    required = inherited.required
                }
                if let kind = entry.builtIn { builtIn = kind }
                for member in entry.members {
                    if !member.isOptional { kindsWithRequiredMembers.insert(member.kind) }
                    if let position = index[member.key] {
                        let wasRequired = !members[position].isOptional
                        members[position] = member
                        if wasRequired && member.isOptional {
                            required.removeAll { $0 == position }
                        } else if !wasRequired && !member.isOptional {
                            required.insert(position, at: required.firstIndex { $0 > position } ?? required.count)
                        }
                    } else {
                        if !member.isOptional { required.append(members.count) }
                        index[member.key] = members.count
                        members.append(member)
                    }
                }
                result[key] = ResolvedClass(
                    members: members, index: index, depth: depth, builtIn: builtIn, required: required,
                    ancestryIsKnown: ancestryIsKnown,
                    sharing: entry.members.isEmpty ? entry.base.flatMap { result[$0] } : nil)
            }
        }
        resolved = result
        kindTables = Self.kinds.map { kind in
            result[kind.rawValue].map { MemberTable(resolved: $0) }
        }
    }

    /// The kinds of which some class declares a non-optional member: for the others,
    /// `unconnected-*` has nothing to look for in any object.
    private var kindsWithRequiredMembers: Set<MemberKind> = []

    /// Whether some class of the catalog has a non-optional member of `kind`. Before the hierarchy is
    /// resolved, answers `true`: the members are then found by walking each class's lineage.
    func hasRequiredMembers(_ kind: MemberKind) -> Bool {
        (resolved.isEmpty && !classes.isEmpty) || kindsWithRequiredMembers.contains(kind)
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
            return .notFound(
                message: "unknown class '\(reference.name)' in module '\(module)'\(hint)"
                    + registrationHint(for: reference))
        }
        let keys = plainNames[reference.name] ?? []
        switch keys.count {
        case 1:
            return .found(classes[keys[0]]!)
        case 0:
            return .notFound(
                message: "unknown class '\(reference.name)'"
                    + suggestions.suggestion(for: reference.name, in: plainNames.keys)
                    + registrationHint(for: reference))
        default:
            return .notFound(
                message:
                    "class name '\(reference.name)' is ambiguous: \(keys.sorted().joined(separator: ", ")); add module= to say which"
            )
        }
    }

    /// The one class name `reference` is a typo of, when `resolve` would suggest it and no other name is
    /// as close, and writing it in place of the name (the module kept) resolves: what a fix-it may write.
    func repair(of reference: ClassReference, suggestions: inout SuggestionBudget) -> String? {
        guard plainNames[reference.name] == nil,
            let name = suggestions.onlyClosestMatch(to: reference.name, in: plainNames.keys)
        else { return nil }
        if let module = reference.module { return classes["\(module).\(name)"] != nil ? name : nil }
        return plainNames[name]?.count == 1 ? name : nil
    }

    /// For a registry's catalog, how to make `reference` known: the call that registers it under that name.
    private func registrationHint(for reference: ClassReference) -> String {
        guard holdsRegisteredClasses else { return "" }
        let module = reference.module.map { ", module: \"\($0)\"" } ?? ""
        return "; if it is a Swift class, register it: try registry.register(\(reference.name).self\(module))"
    }

    /// Whether some class of the catalog (not a built-in) has the plain name `name`, in any module.
    package func declaresClass(named name: String) -> Bool { plainNames[name] != nil }

    /// Resolves a type written in a class schema: a built-in element name, `Module.Name`, or a plain name.
    func resolveTypeName(_ name: String, suggestions: inout SuggestionBudget) -> Resolution {
        if let entry = classes[name] { return .found(entry) }
        return resolve(ClassReference(name: name, module: nil), suggestions: &suggestions)
    }

    /// The class keyed by an element's name, `classes[kind.rawValue]`: the class of an object without `class=`.
    func entry(for kind: ElementKind) -> ClassEntry? {
        Self.kinds.firstIndex(of: kind).flatMap { kindEntries[$0] }
    }

    /// The class itself, then its base, and so on to the root.
    package func lineage(of key: String) -> [ClassEntry] {
        var result: [ClassEntry] = []
        var next: String? = key
        var seen: Set<String> = []
        while let current = next, let entry = classes[current], seen.insert(current).inserted {
            result.append(entry)
            next = entry.base
        }
        return result
    }

    /// This catalog with the classes of `other` whose modules this one does not cover (classes read
    /// from Swift, completed by the class schemas of modules whose sources were not given).
    package func adding(uncoveredClassesOf other: ClassCatalog) -> ClassCatalog {
        guard let covered = coveredModules else { return self }
        var merged = self
        var added: Set<String> = []
        for entry in other.classes.values where entry.builtIn == nil && merged.classes[entry.key] == nil {
            guard let module = entry.module, !covered.contains(module) else { continue }
            merged.insert(entry)
            added.insert(module)
        }
        merged.coveredModules = covered.union(added)
        merged.resolveHierarchy()
        return merged
    }

    /// Why the class `key`, or a class it derives from, has members the catalog does not know; `nil`
    /// when every member is known. Rules that would say a member is missing stay silent for it.
    func openReason(of key: String) -> String? {
        lineage(of: key).lazy.compactMap(\.openReason).first
    }

    /// Whether every ancestor of the class `key` is known: no class of its lineage has a superclass the
    /// catalog lacks. Only then can a rule say the class does not derive from a type.
    func ancestryIsKnown(of key: String) -> Bool {
        if let known = resolved[key] { return known.ancestryIsKnown }
        return !lineage(of: key).contains { $0.unknownBase != nil }
    }

    /// Whether the class comes from a module whose sources were not read (UIKit's, a library's): its
    /// members are its own module's business, so no rule says one is missing. `false` for every class of
    /// a catalog that does not say which modules it covers.
    func isForeign(_ entry: ClassEntry) -> Bool {
        guard let covered = coveredModules, let module = entry.module else { return false }
        return !covered.contains(module)
    }

    /// Every open class the catalog declares, with the reason, by key.
    package var openClasses: [(key: String, reason: String, location: SourceLocation?)] {
        classes.values.compactMap { entry in entry.openReason.map { (entry.key, $0, entry.location) } }
            .sorted { $0.key < $1.key }
    }

    /// Whether `key` is `ancestor` or derives from it: O(depth) once the hierarchy is resolved.
    func derives(_ key: String, from ancestor: String) -> Bool {
        guard let known = resolved[key], let target = resolved[ancestor] else {
            return lineage(of: key).contains { $0.key == ancestor }
        }
        var current = key
        for _ in 0..<max(0, known.depth - target.depth) {
            guard let base = classes[current]?.base else { return false }
            current = base
        }
        return current == ancestor
    }

    /// How many bases up the class's root is.
    func depth(of key: String) -> Int {
        resolved[key]?.depth ?? max(0, lineage(of: key).count - 1)
    }

    /// The built-in kind a class ultimately derives from, if any.
    func builtInKind(of key: String) -> ElementKind? {
        if let known = resolved[key] { return known.builtIn }
        return lineage(of: key).lazy.compactMap(\.builtIn).first
    }

    /// Every member of the class of one kind, inherited ones first, a redeclared name keeping the
    /// subclass's entry.
    func members(of key: String, kind: MemberKind) -> [Member] {
        members(of: key).filter { $0.kind == kind }
    }

    /// Every member of the class, of every kind, inherited ones first: the resolved list itself, so
    /// a rule that runs once per object makes no copy.
    func members(of key: String) -> [Member] {
        if let known = resolved[key] { return known.members }
        return allMembers(of: key)
    }

    /// The positions in `table` of its class's non-optional members of one kind, in member order.
    func requiredPositions(in table: MemberTable, kind: MemberKind) -> [Int] {
        table.resolved.requiredByKind[kind.index]
    }

    /// Where the member `memberKey` is in `table`, if the class has it.
    func position(of memberKey: MemberKey, in table: MemberTable) -> Int? {
        let members = table.resolved.members
        // Most classes a layout names declare a handful of members: comparing their keys in place costs
        // less than hashing the name (a dictionary look-up was some 400 instructions, a tenth of the
        // rules' own work). Keys are unique in a table, so the match is the one the index holds.
        guard members.count <= Self.membersSearchedInOrder else { return table.resolved.index[memberKey] }
        var position = members.count
        while position > 0 {
            position -= 1
            if members[position].key == memberKey { return position }
        }
        return nil
    }

    /// The most members `position(of:in:)` compares one by one rather than looking up by hash.
    private static let membersSearchedInOrder = 16

    /// How many members the class of `table` has, inherited ones included: positions are below it.
    func memberCount(in table: MemberTable) -> Int { table.resolved.members.count }

    /// The member at a position that `position(of:in:)` or `requiredPositions(in:kind:)` gave.
    func member(at position: Int, in table: MemberTable) -> Member {
        table.resolved.members[position]
    }

    /// The member `memberKey` of a class found by `memberTable(of:)`.
    func member(_ memberKey: MemberKey, in table: MemberTable) -> Member? {
        position(of: memberKey, in: table).map { member(at: $0, in: table) }
    }

    private func allMembers(of key: String) -> [Member] {
        var result: [Member] = []
        for entry in lineage(of: key).reversed() {
            for member in entry.members {
                if let index = result.firstIndex(where: { $0.key == member.key }) {
                    result[index] = member
                } else {
                    result.append(member)
                }
            }
        }
        return result
    }

    /// Whether an object of class `destination` fits a member's type: by Swift type when both came
    /// from a registry, by the catalog's hierarchy otherwise.
    func fits(_ destination: ClassEntry, _ member: Member) -> Bool {
        if let declaration = member.declaration, let type = destination.swiftType {
            return declaration.accepts(type.type)
        }
        guard let type = member.type else { return false }
        return derives(destination.key, from: type)
    }
}
