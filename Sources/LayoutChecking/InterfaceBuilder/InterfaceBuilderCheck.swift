import LayoutKit

/// Checks `.xib` and `.storyboard` files against the Swift classes they name, with the rules of the
/// rules table: `unknown-outlet`, `unknown-action`, `outlet-type-mismatch`, `unknown-class`,
/// `unknown-destination` per file, and `unconnected-outlet` across every file of a run.
///
/// Each file is checked on its own (`check(_:file:)`, from any thread) and gives back what it
/// connects; `unconnectedOutlets(_:)` then looks at what the whole run connected, once.
package struct InterfaceBuilderCheck: Sendable {
    private let classes: SwiftClassIndex
    /// The modules whose Swift sources the run was given, by name: a `customModule` among them says the
    /// class must be declared there.
    private let modules: Set<String>
    /// What the configuration says of findings, applied as they leave the rules of each file.
    private let settings: InterfaceBuilderSettings

    /// Merges the declarations of every Swift file of the run, extensions into their classes, module by
    /// module: same-named classes of two modules stay apart, and a `customModule` picks among them.
    ///
    /// - Parameters:
    ///   - files: Each file's declarations with the module that compiles it (`--swift-sources
    ///     MODULE=DIR`); a nib's class of another module may come from a library whose sources were not
    ///     given, so it is not `unknown-class`.
    ///   - settings: The configuration's severities and `<ignore>`s.
    public init(
        swift files: [(module: String, declarations: SwiftDeclarations)],
        settings: InterfaceBuilderSettings = InterfaceBuilderSettings()
    ) {
        classes = SwiftClassIndex(files)
        self.modules = Set(files.map(\.module))
        self.settings = settings
    }

    /// Every diagnostic of one Interface Builder file, and what it connects for `unconnectedOutlets(_:)`.
    public func check(_ bytes: [UInt8], file: String) -> InterfaceBuilderFileReport {
        switch InterfaceBuilderDocument.read(bytes, file: file) {
        case .failure(let diagnostic):
            var usage = InterfaceBuilderUsage()
            let diagnostics = settings.judge([diagnostic], file: file, ids: { _ in [] }, usage: &usage)
            return InterfaceBuilderFileReport(diagnostics: diagnostics, usage: usage)
        case .otherPlatform(let platform):
            var report = InterfaceBuilderFileReport(diagnostics: [])
            report.skippedPlatform = platform
            return report
        case .document(let document):
            var checker = DocumentChecker(document: document, classes: classes, modules: modules)
            checker.run()
            var usage = checker.usage
            let diagnostics = settings.judge(checker.diagnostics, file: file, ids: document.ids(at:), usage: &usage)
            var report = InterfaceBuilderFileReport(diagnostics: diagnostics, usage: usage)
            report.identifiers = document.identifiers
            return report
        }
    }

    /// The findings about the whole run: `unconnected-outlet` (`unconnectedOutlets(_:uses:)`) as the
    /// configuration has it, then an `unused-suppression` warning at each `<ignore>` of the configuration
    /// that silenced nothing in the files it names that were checked.
    package func runFindings(_ usage: InterfaceBuilderUsage, uses: OutletUses?) -> [Diagnostic] {
        var usage = usage
        // Each unconnected outlet is reported at the first object of a class: the ids around it.
        var idsAt: [SourceLocation: [String]] = [:]
        for (name, location) in usage.firstUse { idsAt[location] = usage.firstUseIDs[name] ?? [] }
        var found: [Diagnostic] = []
        if !usage.firstUse.isEmpty { settings.noteDeclarationIgnoresApply(to: &usage) }
        for (diagnostic, declaration) in unconnectedFindings(usage, uses: uses) {
            found += settings.judge(
                [diagnostic], file: diagnostic.sourceLocation?.file ?? "", ids: { idsAt[$0] ?? [] }, usage: &usage,
                declaration: declaration, capped: false)
        }
        return found + settings.unusedIgnores(usage)
    }

    /// The names of the implicitly unwrapped outlets of the classes `usage` uses and their superclasses:
    /// what `OutletUses` must look for in the Swift code before `unconnectedOutlets(_:uses:)`.
    public func implicitlyUnwrappedOutletNames(_ usage: InterfaceBuilderUsage) -> Set<String> {
        var names: Set<String> = []
        for key in usage.firstUse.keys {
            for ancestor in classes.ancestors(ofKey: key) {
                for outlet in ancestor.swift?.outlets.values ?? [:].values
                where outlet.optionality == .implicitlyUnwrapped {
                    names.insert(outlet.name)
                }
            }
        }
        return names
    }

    /// `unconnected-outlet`: an implicitly unwrapped outlet of a Swift class that no Interface Builder
    /// file of the run connects on an object of that class, where reading it can crash — some code reads
    /// it forced and none assigns it (`uses`; without them, every such outlet). Reported once per
    /// declaration, at the first object of the first class that leaves it unconnected, with a note at
    /// the declaration and one at each other class that leaves it unconnected.
    package func unconnectedOutlets(_ usage: InterfaceBuilderUsage, uses: OutletUses? = nil) -> [Diagnostic] {
        unconnectedFindings(usage, uses: uses).map(\.diagnostic)
    }

    /// `unconnectedOutlets(_:uses:)`, each finding with the declaration it is about: `Class.outlet`.
    private func unconnectedFindings(
        _ usage: InterfaceBuilderUsage, uses: OutletUses?
    ) -> [(diagnostic: Diagnostic, declaration: String)] {
        struct Unconnected {
            var outlet: SwiftOutlet
            var declaringClass: String
            var classes: [(name: String, use: SourceLocation)]
        }
        // By declaration: a base class's outlet left unconnected by several subclasses is one finding.
        var byDeclaration: [SourceLocation: Unconnected] = [:]
        for (key, use) in usage.firstUse.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            var seen: Set<String> = []
            let className = classes.swiftClass(key: key)?.name ?? key
            let chain = classes.ancestors(ofKey: key)
            let ancestors = Set(chain.map { simpleName($0.name) })
            for ancestor in chain {
                guard let swift = ancestor.swift else { continue }
                for outlet in swift.outlets.values.sorted(by: { $0.name < $1.name })
                where outlet.optionality == .implicitlyUnwrapped && seen.insert(outlet.name).inserted {
                    guard !usage.connected.contains(OutletKey(classKey: key, outlet: outlet.name)),
                        uses?.mayCrash(
                            outlet.name, ancestors: ancestors, isClass: { classes.declares($0, module: nil) }) ?? true
                    else { continue }
                    byDeclaration[
                        outlet.location, default: Unconnected(outlet: outlet, declaringClass: swift.name, classes: [])
                    ].classes.append((className, use))
                }
            }
        }
        return byDeclaration.values.sorted { $0.classes[0].use < $1.classes[0].use }.map { unconnected in
            let (className, use) = unconnected.classes[0]
            let others = unconnected.classes.dropFirst()
            let name = unconnected.outlet.name
            let diagnostic = Diagnostic(
                rule: .unconnectedOutlet,
                message: "outlet '\(name)' of \(className) is implicitly unwrapped, but no Interface Builder file "
                    + "that uses \(className) connects it; reading it will crash"
                    + (others.isEmpty
                        ? ""
                        : " (\(others.count) more \(others.count == 1 ? "class leaves" : "classes leave") it unconnected too)"),
                location: use,
                notes: [declaredAt("outlet '\(name)'", unconnected.outlet.location)]
                    + others.map { Diagnostic.Note(message: "\($0.name) leaves it unconnected too", location: $0.use) })
            return (diagnostic, "\(unconnected.declaringClass).\(name)")
        }
    }

    /// `unconnectedOutlets(_:uses:)` without the Swift code's uses: every unconnected implicitly unwrapped outlet.
    public func unconnectedOutlets(_ usage: InterfaceBuilderUsage) -> [Diagnostic] {
        unconnectedOutlets(usage, uses: nil)
    }
}

/// What one Interface Builder file found: its diagnostics and what it connects.
package struct InterfaceBuilderFileReport: Sendable {
    /// The file's own diagnostics (every rule but `unconnected-outlet`).
    public var diagnostics: [Diagnostic]
    /// The Swift classes it uses and the outlets it connects on them.
    public var usage: InterfaceBuilderUsage
    /// The platform of a file that was not checked because it is not a UIKit file (`macOS`, `watchOS`).
    public var skippedPlatform: String?
    /// What it defines that Swift code names by string (for `IdentifierCheck`); `nil` when it was not read.
    public var identifiers: InterfaceBuilderIdentifiers?

    /// A report of these diagnostics and this usage (for a file that could not be read: none).
    public init(diagnostics: [Diagnostic], usage: InterfaceBuilderUsage = InterfaceBuilderUsage()) {
        self.diagnostics = diagnostics
        self.usage = usage
    }
}

/// The Swift classes Interface Builder files use and the outlets they connect, merged over a run.
package struct InterfaceBuilderUsage: Sendable {
    /// Each class used, by `Module.Name`, at its first object (in path, line, column order).
    var firstUse: [String: SourceLocation] = [:]
    /// The ids of the element of each class's first use and of the elements around it, for `<ignore>`.
    var firstUseIDs: [String: [String]] = [:]
    var connected: Set<OutletKey> = []
    /// The configuration's `<ignore>`s (by index) that silenced a finding.
    var usedIgnores: Set<Int> = []
    /// The `<ignore>`s whose `file` matched a file that was checked: only those can be unused.
    var applicableIgnores: Set<Int> = []

    /// An empty usage.
    public init() {}

    /// Adds another file's usage; the earlier place of a class's first use wins.
    public mutating func merge(_ other: InterfaceBuilderUsage) {
        for (name, location) in other.firstUse {
            if let known = firstUse[name], known < location { continue }
            firstUse[name] = location
            firstUseIDs[name] = other.firstUseIDs[name]
        }
        connected.formUnion(other.connected)
        usedIgnores.formUnion(other.usedIgnores)
        applicableIgnores.formUnion(other.applicableIgnores)
    }
}

/// An outlet connected on an object of a class.
struct OutletKey: Hashable, Sendable {
    /// The class's `Module.Name`.
    var classKey: String
    var outlet: String
}

/// A note at a Swift declaration: `outlet 'title' declared at PhotoCell.swift:12:5`.
private func declaredAt(_ what: String, _ location: SourceLocation) -> Diagnostic.Note {
    let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
    return Diagnostic.Note(
        message: "\(what) declared at \(file):\(location.line):\(location.column)", location: location)
}

// MARK: - Classes

/// A Swift class with the members of all its extensions.
struct SwiftClass: Sendable {
    /// The module whose sources declare it; empty for a class only extended here.
    var module: String
    var name: String
    var superclass: String?
    var outlets: [String: SwiftOutlet] = [:]
    var actions: [String: SwiftAction] = [:]
    var location: SourceLocation
    /// Declared only by extensions here: a UIKit class (or another module's) that the app extends.
    var isExtensionOnly: Bool

    /// `Module.Name`: what keeps same-named classes of two modules apart.
    var key: String { "\(module).\(name)" }

    mutating func add(_ declaration: SwiftTypeDeclaration) {
        for outlet in declaration.outlets where outlets[outlet.name] == nil { outlets[outlet.name] = outlet }
        // An `@objc` method answers a selector as an `@IBAction` does.
        for action in declaration.actions + declaration.objectiveCMethods where actions[action.selector] == nil {
            actions[action.selector] = action
        }
    }
}

/// One step up a class's ancestry: the class's name and, when the app declares it, its Swift class.
struct Ancestor {
    var name: String
    var swift: SwiftClass?
}

/// The Swift classes of a run by every name Interface Builder may know them by, module by module:
/// same-named classes of two modules (an iOS and a macOS target's) stay apart.
struct SwiftClassIndex: Sendable {
    private var classes: [SwiftClass] = []
    /// Name → the classes of that name in every module, by index.
    private var byName: [String: [Int]] = [:]
    /// Module → name → class, by index.
    private var byModule: [String: [String: Int]] = [:]
    /// `Module.Name` → class, by index.
    private var byKey: [String: Int] = [:]
    /// UIKit's (or another library's) classes the app only extends, by name, every module's extensions merged.
    private var extended: [String: Int] = [:]

    /// What a name finds among the classes the app declares.
    enum Lookup {
        case found(Int)
        /// Two modules declare a class of that name and nothing says which: nothing can be known.
        case ambiguous
        case none
    }

    /// - Parameter files: The declarations of every Swift file with the module that compiles it; an
    ///   extension of a `typealias` adds to the class it names.
    init(_ files: [(module: String, declarations: SwiftDeclarations)]) {
        var aliases: [String: [String: String]] = [:]
        for (module, file) in files {
            for alias in file.typeAliases where aliases[module]?[alias.name] == nil {
                aliases[module, default: [:]][alias.name] = alias.target
            }
        }
        // Classes first, so that an extension finds its class whichever file it is in.
        for (module, file) in files {
            for declaration in file.types where declaration.kind == .class {
                // Declared twice in one module (`#if os(iOS)` … `#else` …): one class.
                if let index = byModule[module]?[declaration.name] {
                    classes[index].add(declaration)
                    continue
                }
                let index = classes.count
                var swiftClass = SwiftClass(
                    module: module, name: declaration.name, superclass: declaration.superclass,
                    location: declaration.location, isExtensionOnly: false)
                swiftClass.add(declaration)
                classes.append(swiftClass)
                byKey[swiftClass.key] = index
                // Interface Builder names a class by its Objective-C name, or by its own (simple) name.
                for name in Set(
                    [declaration.name, declaration.objectiveCName, simpleName(declaration.name)].compactMap(\.self))
                where byModule[module]?[name] == nil {
                    byModule[module, default: [:]][name] = index
                    byName[name, default: []].append(index)
                }
            }
        }
        for (module, file) in files {
            for declaration in file.types where declaration.kind == .extension {
                // `extension Alias`, for `typealias Alias = Class`, extends the class (a few steps at most).
                var name = declaration.name
                for _ in 0..<8 {
                    guard case .none = lookup(name, from: module),
                        let target = aliases[module]?[name] ?? aliases[module]?[simpleName(name)]
                    else { break }
                    name = target
                }
                switch lookup(name, from: module) {
                case .found(let index):
                    classes[index].add(declaration)
                case .ambiguous:
                    // Of a class two other modules declare: it may add to either, so to both (a
                    // selector one of them answers is then never reported missing).
                    for index in byName[name] ?? byName[simpleName(name)] ?? [] { classes[index].add(declaration) }
                case .none:
                    let plain = simpleName(name)
                    if let index = extended[plain] {
                        classes[index].add(declaration)
                        continue
                    }
                    var extensionOnly = SwiftClass(
                        module: "", name: plain, superclass: UIKitCatalog.superclass(of: plain),
                        location: declaration.location, isExtensionOnly: true)
                    extensionOnly.add(declaration)
                    extended[plain] = classes.count
                    classes.append(extensionOnly)
                }
            }
        }
    }

    /// The class a name finds seen from `module`: that module's class of the name, else the one class
    /// of that name in any module.
    private func lookup(_ name: String, from module: String) -> Lookup {
        if let index = byModule[module]?[name] ?? byModule[module]?[simpleName(name)] { return .found(index) }
        return lookup(name, module: nil)
    }

    /// The class Interface Builder's `customClass` names, in `customModule` when that is a module of the
    /// run; without one (or with a module whose sources were not given), the one class of that name.
    func lookup(_ name: String, module: String?) -> Lookup {
        if let module, let classes = byModule[module] {
            return (classes[name] ?? classes[simpleName(name)]).map(Lookup.found) ?? .none
        }
        let candidates = byName[name] ?? byName[simpleName(name)] ?? []
        switch candidates.count {
        case 0: return .none
        case 1: return .found(candidates[0])
        default: return .ambiguous
        }
    }

    /// The class keyed `Module.Name`.
    func swiftClass(key: String) -> SwiftClass? { byKey[key].map { classes[$0] } }

    /// The class a `customClass` and `customModule` name, when exactly one is meant.
    func swiftClass(named name: String, module: String?) -> SwiftClass? {
        guard case .found(let index) = lookup(name, module: module) else { return nil }
        return classes[index]
    }

    /// Whether a `customClass` may name a class the app declares (an extension alone does not declare
    /// one): found, or declared by several modules.
    func declares(_ name: String, module: String?) -> Bool {
        if case .none = lookup(name, module: module) { return false }
        return true
    }

    /// Whether anyone (the app, in any module, or the UIKit catalog) knows the class.
    func knows(_ name: String) -> Bool { declares(name, module: nil) || UIKitCatalog.contains(name) }

    /// The class keyed `key` and its superclasses, nearest first, as far as they are known.
    func ancestors(ofKey key: String) -> [Ancestor] {
        guard let index = byKey[key] else { return [] }
        return ancestry(from: .found(index), name: classes[index].name).chain
    }

    /// Every name the app's classes are known by, for suggestions.
    var allNames: [String] { classes.filter { !$0.isExtensionOnly }.map(\.name) }

    /// The class and its superclasses, and whether the chain reaches a root (`NSObject` or a Swift class
    /// without a superclass) rather than a class nobody declares, or one several modules declare.
    func ancestry(of name: String, module: String?) -> (chain: [Ancestor], isComplete: Bool) {
        ancestry(from: lookup(name, module: module), name: name)
    }

    private func ancestry(from start: Lookup, name: String) -> (chain: [Ancestor], isComplete: Bool) {
        var chain: [Ancestor] = []
        var next: (lookup: Lookup, name: String)? = (start, name)
        var seen: Set<String> = []
        while let (found, current) = next {
            switch found {
            case .ambiguous:
                return (chain, false)
            case .found(let index):
                let swift = classes[index]
                guard seen.insert(swift.key).inserted else { return (chain, false) }
                chain.append(Ancestor(name: swift.name, swift: swift))
                next = swift.superclass.map { (lookup($0, from: swift.module), $0) }
            case .none:
                let plain = simpleName(current)
                guard UIKitCatalog.contains(plain), seen.insert(plain).inserted else { return (chain, false) }
                chain.append(Ancestor(name: plain, swift: extended[plain].map { classes[$0] }))
                next = UIKitCatalog.superclass(of: plain).map { (.none, $0) }
            }
        }
        // A loop (`class A: B`, `class B: A`) does not compile; it was treated as unknown above.
        return (chain, true)
    }
}

private func simpleName(_ name: String) -> String {
    name.split(separator: ".").last.map(String.init) ?? name
}

// MARK: - One document

/// The rules run on one Interface Builder document.
struct DocumentChecker {
    let document: InterfaceBuilderDocument
    let classes: SwiftClassIndex
    let modules: Set<String>
    var diagnostics: [Diagnostic] = []
    var usage = InterfaceBuilderUsage()

    init(document: InterfaceBuilderDocument, classes: SwiftClassIndex, modules: Set<String>) {
        self.document = document
        self.classes = classes
        self.modules = modules
    }

    /// UIKit action methods an object of an app's class may also be sent (UIResponder's).
    private static let responderSelectors: Set<String> = [
        "becomeFirstResponder", "resignFirstResponder", "cut:", "copy:", "paste:", "select:", "selectAll:",
        "delete:", "toggleBoldface:", "toggleItalics:", "toggleUnderline:",
    ]

    /// A rule of one Interface Builder file: each is a function named after its id. `unconnected-outlet`
    /// needs every file of the run: `InterfaceBuilderCheck.unconnectedOutlets(_:uses:)` is its function.
    enum Step {
        case duplicateID, unknownDestination, unknownClass, unknownOutlet, unknownAction, outletTypeMismatch,
            actionSenderMismatch

        /// The step of the rule `id`; `nil` for a row with no function of one file here.
        init?(_ id: RuleID) {
            switch id {
            case .duplicateID: self = .duplicateID
            case .unknownDestination: self = .unknownDestination
            case .unknownClass: self = .unknownClass
            case .unknownOutlet: self = .unknownOutlet
            case .unknownAction: self = .unknownAction
            case .outletTypeMismatch: self = .outletTypeMismatch
            case .actionSenderMismatch: self = .actionSenderMismatch
            default: return nil
            }
        }
    }

    /// Whether the rule `id` has its function here: one of one file, or the run's `unconnected-outlet`.
    static func hasFunction(for id: RuleID) -> Bool { Step(id) != nil || id == .unconnectedOutlet }

    /// The rules of one file, in table order: those whose row says they judge Interface Builder files.
    private static let steps: [Step] = RuleDescriptor.all.filter {
        $0.documents.contains(.interfaceBuilder) && ($0.phase == .structure || $0.phase == .classes)
    }.compactMap { Step($0.id) }

    /// An object's class as the rules see it: its name and its ancestry as far as it is known.
    struct ResolvedClass {
        var name: String
        var chain: [Ancestor]
        var isComplete: Bool
        /// The app's class, when the object is of one (not of a UIKit class, not of one only extended).
        var swift: SwiftClass? { chain.first?.swift.flatMap { $0.isExtensionOnly ? nil : $0 } }
    }

    /// The class of each object that has one, by id: found by `resolveClasses()` before any rule runs.
    private var resolved: [String: ResolvedClass] = [:]

    /// Resolves every object's class, records what the file uses and connects, then runs each rule.
    mutating func run() {
        resolveClasses()
        recordUsage()
        for step in Self.steps {
            switch step {
            case .duplicateID: duplicateID()
            case .unknownDestination: unknownDestination()
            case .unknownClass: unknownClass()
            case .unknownOutlet: unknownOutlet()
            case .unknownAction: unknownAction()
            case .outletTypeMismatch: outletTypeMismatch()
            case .actionSenderMismatch: actionSenderMismatch()
            }
        }
    }

    /// The step before the rules: each object's class (its `customClass` in its `customModule`, or the
    /// UIKit class of its element) with its ancestry, once per object.
    private mutating func resolveClasses() {
        // A file has many objects of few classes (its labels, its buttons): each class's ancestry is found once.
        var known: [String: ResolvedClass] = [:]
        for object in document.objects.values {
            guard let name = className(of: object) else { continue }
            let key = (name.module ?? "") + "\u{0}" + name.name
            if let found = known[key] {
                resolved[object.id] = found
                continue
            }
            let (chain, isComplete) = classes.ancestry(of: name.name, module: name.module)
            let found = ResolvedClass(name: name.name, chain: chain, isComplete: isComplete)
            known[key] = found
            resolved[object.id] = found
        }
    }

    /// What the file tells the run-level `unconnected-outlet`: the first object of each app class, in
    /// document order, and every outlet connected on an object of an app class.
    private mutating func recordUsage() {
        for object in document.objects.values.sorted(by: { $0.location < $1.location }) {
            if object.customClass != nil, let swift = resolved[object.id]?.swift, usage.firstUse[swift.key] == nil {
                usage.firstUse[swift.key] = object.location
                usage.firstUseIDs[swift.key] = document.ids(at: object.location)
            }
        }
        for (connection, source, _) in linked where connection.kind != .action {
            if let swift = resolved[source]?.swift {
                usage.connected.insert(OutletKey(classKey: swift.key, outlet: connection.name))
            }
        }
    }

    /// The connections whose both ends are objects of this file.
    private var linked: [(connection: InterfaceBuilderConnection, source: String, destination: String)] {
        document.connections.compactMap { connection in
            guard document.objects[connection.source] != nil, document.objects[connection.destination] != nil else {
                return nil
            }
            return (connection, connection.source, connection.destination)
        }
    }

    /// `duplicate-id`: found by the reader, which keeps the first object of an id.
    private mutating func duplicateID() {
        diagnostics += document.duplicateIDs
    }

    /// `unknown-destination`: a connection to an id no object of the file has.
    private mutating func unknownDestination() {
        for connection in document.connections
        where document.objects[connection.source] != nil && document.objects[connection.destination] == nil {
            report(
                .unknownDestination,
                "the destination '\(connection.destination)' of \(describe(connection)) is no object in this file",
                at: connection.location)
        }
    }

    /// `unknown-class`: a `customClass` that Interface Builder attributes to a module whose sources were
    /// given — the app's own target (`customModuleProvider="target"`) or a `customModule` of the run — that
    /// no Swift file declares. Whatever its name: an app's own `UICircleButton` is reported when it is
    /// renamed away. A class with no module may be Objective-C, or a framework's: nothing can be known, so
    /// nothing is said.
    private mutating func unknownClass() {
        for object in document.objects.values.sorted(by: { $0.location < $1.location }) { unknownClass(object) }
    }

    private mutating func unknownClass(_ object: InterfaceBuilderObject) {
        let module = module(of: object)
        guard let name = object.customClass, !name.isEmpty, !classes.declares(name, module: module),
            !UIKitCatalog.contains(name)
        else {
            return
        }
        guard object.customModuleProvider == "target" || module.map(modules.contains) == true else { return }
        report(
            .unknownClass,
            "no Swift file declares the class '\(name)' of this <\(object.element)>"
                + suggestion(for: name, in: classes.allNames), at: object.location)
    }

    /// The module an object's `customModule` names, if any.
    private func module(of object: InterfaceBuilderObject) -> String? {
        object.customModule.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The class of an object and the module it names, when it has one to check against.
    private func className(of object: InterfaceBuilderObject) -> (name: String, module: String?)? {
        if let name = object.customClass, !name.isEmpty { return (name, module(of: object)) }
        if object.placeholder != nil { return nil }
        return UIKitCatalog.className(ofElement: object.element).map { ($0, nil) }
    }

    /// The outlet a connection names, as the source's app class or a UIKit class above it declares it;
    /// `nil` when the source is of no app class (UIKit's own objects are UIKit's business).
    private func declaredOutlet(
        _ connection: InterfaceBuilderConnection
    ) -> (source: SwiftClass, type: (name: String, isCollection: Bool, swift: SwiftOutlet?)?, isComplete: Bool)? {
        guard let source = resolved[connection.source], let sourceClass = source.swift else { return nil }
        for ancestor in source.chain {
            if let outlet = ancestor.swift?.outlets[connection.name] {
                return (sourceClass, (outlet.typeName, outlet.isCollection, outlet), source.isComplete)
            }
            if let type = UIKitCatalog.outlets(of: ancestor.name)[connection.name] {
                let isCollection = type.hasPrefix("[")
                return (
                    sourceClass, (isCollection ? String(type.dropFirst().dropLast()) : type, isCollection, nil),
                    source.isComplete
                )
            }
        }
        return (sourceClass, nil, source.isComplete)
    }

    /// `unknown-outlet`: an `<outlet>` or `<outletCollection>` of an app class's object that names no
    /// outlet of the class or the classes above it, when the whole chain is known.
    private mutating func unknownOutlet() {
        for (connection, _, _) in linked where connection.kind != .action {
            guard let declared = declaredOutlet(connection), declared.type == nil, declared.isComplete,
                let source = resolved[connection.source]
            else { continue }
            let outlets = source.chain.compactMap(\.swift).flatMap { $0.outlets.keys }
            let sourceClass = declared.source
            report(
                .unknownOutlet,
                "\(sourceClass.name) has no outlet named '\(connection.name)'"
                    + suggestion(for: connection.name, in: outlets),
                at: connection.location, notes: [declaredAt("class \(sourceClass.name)", sourceClass.location)])
        }
    }

    /// `outlet-type-mismatch`: the destination is not of the outlet's type, or an outlet collection is
    /// connected as a single outlet (or the reverse).
    private mutating func outletTypeMismatch() {
        for (connection, _, destinationID) in linked where connection.kind != .action {
            guard let declared = declaredOutlet(connection), let declaredType = declared.type,
                let destination = document.objects[destinationID]
            else { continue }
            let sourceClass = declared.source
            // Made only for a finding: most connections have none.
            let notes = { declaredType.swift.map { [declaredAt("outlet '\(connection.name)'", $0.location)] } ?? [] }
            if (connection.kind == .outletCollection) != declaredType.isCollection {
                let message =
                    declaredType.isCollection
                    ? "outlet '\(connection.name)' of \(sourceClass.name) is an outlet collection, but it is connected as a single outlet"
                    : "outlet '\(connection.name)' of \(sourceClass.name) is not an outlet collection, but it is connected as one"
                report(.outletTypeMismatch, message, at: connection.location, notes: notes())
                continue
            }
            guard let destinationClass = resolved[destinationID], classes.knows(declaredType.name),
                destinationClass.isComplete,
                !destinationClass.chain.contains(where: { $0.name == simpleName(declaredType.name) })
            else { continue }
            let type = declaredType.isCollection ? "[\(declaredType.name)]" : declaredType.name
            report(
                .outletTypeMismatch,
                "outlet '\(connection.name)' of \(sourceClass.name) has type \(type), but its destination "
                    + "<\(destination.element) id=\"\(destination.id)\"> is a \(destinationClass.chain.first?.name ?? destinationClass.name)",
                at: connection.location, notes: notes())
        }
    }

    /// The action a connection names, of the target's app class or a class above it, when the target is
    /// an app class's object whose chain is known; `.some(nil)` when none answers the selector.
    private func declaredAction(
        _ connection: InterfaceBuilderConnection
    ) -> (target: SwiftClass, action: SwiftAction?, chain: [Ancestor])? {
        // First Responder is whatever object is first responder when the action is sent: not checkable.
        guard document.objects[connection.destination]?.placeholder != .firstResponder,
            let target = resolved[connection.destination], let targetClass = target.swift, target.isComplete,
            !Self.responderSelectors.contains(connection.name)
        else { return nil }
        return (targetClass, target.chain.lazy.compactMap { $0.swift?.actions[connection.name] }.first, target.chain)
    }

    /// `unknown-action`: the selector is answered by no `@IBAction` and no `@objc` method of the target's
    /// Swift class or its superclasses.
    private mutating func unknownAction() {
        for (connection, _, _) in linked where connection.kind == .action {
            guard let declared = declaredAction(connection), declared.action == nil else { continue }
            let targetClass = declared.target
            let selectors = declared.chain.compactMap(\.swift).flatMap { $0.actions.keys }
            report(
                .unknownAction,
                "\(targetClass.name) has no action '\(connection.name)'"
                    + suggestion(for: connection.name, in: selectors),
                at: connection.location, notes: [declaredAt("class \(targetClass.name)", targetClass.location)])
        }
    }

    /// `action-sender-mismatch`: the control that sends an action is not of the sender type the action
    /// accepts, when both are known.
    private mutating func actionSenderMismatch() {
        for (connection, controlID, _) in linked where connection.kind == .action {
            guard let declared = declaredAction(connection), let action = declared.action,
                let written = action.senderType, let control = document.objects[controlID]
            else { continue }
            let senderType = simpleName(
                String(written.drop { $0 == " " }.reversed().drop { "?! ".contains($0) }.reversed()))
            guard classes.knows(senderType), let controlClass = resolved[controlID], controlClass.isComplete,
                !controlClass.chain.contains(where: { $0.name == senderType })
            else { continue }
            report(
                .actionSenderMismatch,
                "action '\(connection.name)' of \(declared.target.name) accepts a sender of type \(senderType), but "
                    + "<\(control.element) id=\"\(control.id)\"> is a \(controlClass.chain.first?.name ?? controlClass.name)",
                at: connection.location, notes: [declaredAt("action '\(connection.name)'", action.location)])
        }
    }

    private func describe(_ connection: InterfaceBuilderConnection) -> String {
        switch connection.kind {
        case .outlet: "outlet '\(connection.name)'"
        case .outletCollection: "outlet collection '\(connection.name)'"
        case .action: "action '\(connection.name)'"
        }
    }

    private mutating func report(
        _ rule: RuleID, _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(Diagnostic(rule: rule, message: message, location: location, notes: notes))
    }
}
