import LayoutKit

/// Checks `.xib` and `.storyboard` files against the Swift classes they name, with the rules of the
/// rules table: `unknown-outlet`, `unknown-action`, `outlet-type-mismatch`, `unknown-class`,
/// `unknown-destination` per file, and `unconnected-outlet` across every file of a run.
///
/// Each file is checked on its own (`check(_:file:)`, from any thread) and gives back what it
/// connects; `unconnectedOutlets(_:)` then looks at what the whole run connected, once.
package struct InterfaceBuilderCheck: Sendable {
    private let classes: InterfaceBuilderClasses
    /// What the configuration says of findings, applied as they leave the rules of each file.
    let settings: InterfaceBuilderSettings

    /// Merges the declarations of every Swift file of the run into one catalog, extensions into their
    /// classes, module by module: same-named classes of two modules stay apart, and a `customModule`
    /// picks among them.
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
        classes = InterfaceBuilderClasses(SwiftClassModel(files))
        self.settings = settings
    }

    /// A check over the run's one Swift class model (`CheckRun`), which it shares with the layouts.
    package init(model: SwiftClassModel, settings: InterfaceBuilderSettings = InterfaceBuilderSettings()) {
        classes = InterfaceBuilderClasses(model)
        self.settings = settings
    }

    /// Every diagnostic of one Interface Builder file, and what it connects for `unconnectedOutlets(_:)`.
    ///
    /// The file becomes the rule engine's document (`ExternalDocument`); the step here is only the one a
    /// format decides, which class each object is. The rules that judge it are the layouts' own.
    public func check(_ bytes: [UInt8], file: String) -> InterfaceBuilderFileReport {
        check(InterfaceBuilderDocument.read(bytes, file: file), bytes: bytes, file: file)
    }

    /// `check(_:file:)` of a file already read (`InterfaceBuilderDocument.read` of `bytes`), which needs
    /// no class of the check's: read ahead while the check was being built.
    func check(
        _ read: InterfaceBuilderDocument.ReadResult, bytes: [UInt8], file: String
    ) -> InterfaceBuilderFileReport {
        switch read {
        case .failure(let diagnostic):
            var usage = InterfaceBuilderUsage()
            let diagnostics = settings.judge([diagnostic], file: file, ids: { _ in [] }, usage: &usage)
            return InterfaceBuilderFileReport(diagnostics: diagnostics, usage: usage)
        case .otherPlatform(let platform):
            var report = InterfaceBuilderFileReport(diagnostics: [])
            report.skippedPlatform = platform
            return report
        case .document(var document):
            let (resolution, ambiguous, unjudged) = resolveClasses(document)
            // Which member each outlet connection's key sets, as key-value coding finds it.
            let keys = KeyValueCodingKeys(catalog: classes.catalog).resolve(
                &document, classKeys: resolution.classKeys, file: file, bytes: bytes)
            var usage = self.usage(of: document, classKeys: resolution.classKeys)
            let found =
                keys
                + external(document, file: file, bytes: bytes).judge(
                    as: .interfaceBuilder, catalog: classes.catalog, resolution: resolution,
                    ruleSettings: settings.rules)
            let diagnostics = settings.judge(found, file: file, ids: document.ids(at:), usage: &usage)
            var report = InterfaceBuilderFileReport(diagnostics: diagnostics, usage: usage)
            report.identifiers = document.identifiers
            report.ambiguousClasses = ambiguous
            report.unjudgedConnections = unjudgedConnections(of: document, unjudged: unjudged)
            return report
        }
    }

    /// The document as the rule engine takes it.
    private func external(_ document: InterfaceBuilderDocument, file: String, bytes: [UInt8]) -> ExternalDocument {
        var external = ExternalDocument(
            file: file,
            objects: document.objects.map { object in
                var made = ExternalDocument.Object(
                    element: object.element, id: object.id, line: object.location.line,
                    column: object.location.column, connections: object.connections)
                made.offset = object.offset
                return made
            })
        // The bytes the rules' fix-its edit (shared, not copied).
        external.source = bytes
        return external
    }

    /// The step before the rules: each object's class — its `customClass` in its `customModule`, or the
    /// UIKit class of its element — by object, once per class name; and each `customClass` that Interface
    /// Builder attributes to a module whose sources were given (the app's own target,
    /// `customModuleProvider="target"`, or a `customModule` of the run) that no Swift file declares,
    /// whatever its name: an app's own `UICircleButton` is `unknown-class` when it is renamed away. A class
    /// with no module may be Objective-C or a framework's, and a name two modules declare may be either's:
    /// nothing is said of them, and they have no class to judge by.
    /// The names given as classes that had no class to judge by because several declarations fit are
    /// returned beside, for the run's note about them.
    ///
    /// Also returned: the objects whose class no Swift file declares and nothing is said of (Objective-C's
    /// or a framework's), whose connections no rule judges: what the run's note counts.
    private func resolveClasses(
        _ document: InterfaceBuilderDocument
    ) -> (ExternalDocument.Resolution, ambiguous: Set<String>, unjudged: Set<Int>) {
        var ambiguous: Set<String> = []
        var unjudged: Set<Int> = []
        // A file has many objects of few classes: each name is looked up once. `unknown`: no class of
        // that name (not one that two modules declare), so each object of it may be `unknown-class`.
        var known: [String: (key: String?, unknown: Bool)] = [:]
        var keys: [String?] = []
        var unresolved: [(object: Int, message: String)] = []
        var repairs: [Int: (written: String, repair: String)] = [:]
        keys.reserveCapacity(document.objects.count)
        for (index, object) in document.objects.enumerated() {
            // First Responder is whatever object is first responder when the action is sent: not checkable.
            guard object.placeholder != .firstResponder else {
                keys.append(nil)
                continue
            }
            guard let name = object.customClass, !name.isEmpty else {
                let uiKit = object.placeholder == nil ? UIKitCatalog.className(ofElement: object.element) : nil
                keys.append(uiKit.map { "\(InterfaceBuilderClasses.uiKit).\($0)" })
                continue
            }
            let module = object.customModule.flatMap { $0.isEmpty ? nil : $0 }
            let cacheKey = (module ?? "") + "\u{0}" + name
            let found: (key: String?, unknown: Bool)
            if let known = known[cacheKey] {
                found = known
            } else {
                switch classes.lookup(name, module: module) {
                case .found(let key): found = (key, false)
                case .ambiguous:
                    found = (nil, false)
                    ambiguous.insert(simpleName(name))
                case .none:
                    found =
                        UIKitCatalog.contains(name) ? ("\(InterfaceBuilderClasses.uiKit).\(name)", false) : (nil, true)
                }
                known[cacheKey] = found
            }
            keys.append(found.key)
            guard found.unknown else { continue }
            if let message = unknownClass(name, of: object, module: module) {
                unresolved.append((index, message))
                if let repair = repair(of: name, module: module) { repairs[index] = (name, repair) }
            } else {
                unjudged.insert(index)
            }
        }
        var resolution = ExternalDocument.Resolution(classKeys: keys, unresolved: unresolved)
        resolution.repairs = repairs
        return (resolution, ambiguous, unjudged)
    }

    /// How many connections of `document` go to a member of a class no Swift file declares (an outlet of
    /// one of the `unjudged` objects, an action whose target is one), by the class's name as written.
    private func unjudgedConnections(
        of document: InterfaceBuilderDocument, unjudged: Set<Int>
    ) -> [String: Int] {
        guard !unjudged.isEmpty else { return [:] }
        var counts: [String: Int] = [:]
        for object in document.objects.indices {
            for connection in document.objects[object].connections {
                let owner: Int? =
                    switch connection.kind {
                    case .outlet, .outletCollection: object
                    case .action: document.firstObject[connection.destination]
                    }
                guard let owner, unjudged.contains(owner), let name = document.objects[owner].customClass else {
                    continue
                }
                counts[name, default: 0] += 1
            }
        }
        return counts
    }

    /// What `unknown-class` says of a `customClass` no Swift file declares, when the object's module is
    /// one whose sources were given; `nil` otherwise.
    private func unknownClass(_ name: String, of object: InterfaceBuilderObject, module: String?) -> String? {
        guard object.customModuleProvider == "target" || module.map(classes.modules.contains) == true else {
            return nil
        }
        return "no Swift file declares the class '\(name)' of this <\(object.element)>"
            + suggestion(for: name, in: classes.names)
    }

    /// The one class name a `customClass` no Swift file declares is a typo of, when no other name is as
    /// close and it resolves in the object's module: what the `unknown-class` fix-it writes.
    private func repair(of name: String, module: String?) -> String? {
        var budget = SuggestionBudget()
        guard let candidate = budget.onlyClosestMatch(to: name, in: classes.names),
            case .found = classes.lookup(candidate, module: module)
        else { return nil }
        return candidate
    }

    /// Whether a catalog key is of the app's own classes (not UIKit's).
    private func isAppClass(_ key: String) -> Bool {
        classes.catalog.classes[key].map { $0.module != InterfaceBuilderClasses.uiKit } ?? false
    }

    /// What the file tells the run-level `unconnected-outlet`: the first object of each app class, in
    /// document order, and every outlet connected on an object of an app class.
    private func usage(of document: InterfaceBuilderDocument, classKeys: [String?]) -> InterfaceBuilderUsage {
        var usage = InterfaceBuilderUsage()
        for (index, object) in document.objects.enumerated() {
            guard let key = classKeys[index], isAppClass(key) else { continue }
            if object.customClass != nil, usage.firstUse[key] == nil {
                usage.firstUse[key] = object.location
                usage.firstUseIDs[key] = document.ids(at: object.location)
            }
            for connection in object.connections
            where connection.kind != .action && document.firstObject[connection.destination] != nil {
                usage.connected.insert(OutletKey(classKey: key, outlet: connection.name))
            }
        }
        return usage
    }

    /// The implicitly unwrapped outlets the app's classes in the lineage of `key` declare themselves,
    /// nearest class first, each class's by name.
    private func implicitlyUnwrappedOutlets(
        inLineageOf key: String
    ) -> [(owner: ClassCatalog.ClassEntry, outlets: [ClassCatalog.Member])] {
        classes.catalog.lineage(of: key).filter { isAppClass($0.key) }.map { entry in
            (entry, entry.members.filter { $0.kind == .outlet && !$0.isOptional }.sorted { $0.name < $1.name })
        }
    }

    /// The names of the implicitly unwrapped outlets of the classes `usage` uses and their superclasses:
    /// what `OutletUses` must look for in the Swift code before `unconnectedOutlets(_:uses:)`.
    public func implicitlyUnwrappedOutletNames(_ usage: InterfaceBuilderUsage) -> Set<String> {
        var names: Set<String> = []
        for key in usage.firstUse.keys {
            for (_, outlets) in implicitlyUnwrappedOutlets(inLineageOf: key) {
                names.formUnion(outlets.map { $0.name })
            }
        }
        return names
    }

    /// `unconnected-outlet`: an implicitly unwrapped outlet of a Swift class that no Interface Builder
    /// file of the run connects on an object of that class, where reading it can crash — some code reads
    /// it forced and none assigns it (`uses`; without them, every such outlet). Reported once per
    /// declaration, at the first object of the first class that leaves it unconnected, with a note at
    /// the declaration and one at each other class that leaves it unconnected.
    ///
    /// The function of this rule's row for Interface Builder files (`LayoutRules.runLevel`): an outlet is
    /// connected by whichever file uses the class, so it needs every file of the run.
    package func unconnectedOutlets(_ usage: InterfaceBuilderUsage, uses: OutletUses? = nil) -> [Diagnostic] {
        unconnectedFindings(usage, uses: uses).map(\.diagnostic)
    }

    /// `unconnectedOutlets(_:uses:)`, each finding with the declaration it is about: `Class.outlet`.
    func unconnectedFindings(
        _ usage: InterfaceBuilderUsage, uses: OutletUses?
    ) -> [(diagnostic: Diagnostic, declaration: String)] {
        struct Unconnected {
            var name: String
            var location: SourceLocation
            var declaringClass: String
            var classes: [(name: String, use: SourceLocation)]
            /// Whether some class's objects read it as their own (a bare read in its lineage's code), or
            /// no object of the run connects it at all: then reading it crashes for certain.
            var certain = false
            /// A class whose objects connect it, which a member read (`cell.label`) may be reading.
            var connectedOn: String?
        }
        let connectedOn = connectingSubclasses(usage)
        // By declaration: a base class's outlet left unconnected by several subclasses is one finding.
        var byDeclaration: [SourceLocation: Unconnected] = [:]
        for (key, use) in usage.firstUse.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            var seen: Set<String> = []
            // Named as the engine names a class: `Module.Name`.
            let className = key
            let ancestors = Set(classes.catalog.lineage(of: key).map { simpleName($0.name) })
            for (owner, outlets) in implicitlyUnwrappedOutlets(inLineageOf: key) {
                for outlet in outlets where seen.insert(outlet.name).inserted {
                    guard let location = outlet.location,
                        !usage.connected.contains(OutletKey(classKey: key, outlet: outlet.name)),
                        uses?.mayCrash(outlet.name, ancestors: ancestors, isClass: { classes.declares($0) }) ?? true
                    else { continue }
                    // Another class's objects connect it: a member read may be theirs, not this class's.
                    let elsewhere = connectedOn[OutletKey(classKey: owner.key, outlet: outlet.name)]
                    let certain =
                        elsewhere == nil
                        || uses?.readsOwn(outlet.name, ancestors: ancestors, isClass: { classes.declares($0) })
                            ?? true
                    // Taken out and put back, so that appending to its classes copies nothing.
                    var entry =
                        byDeclaration.removeValue(forKey: location)
                        ?? Unconnected(name: outlet.name, location: location, declaringClass: owner.name, classes: [])
                    entry.classes.append((className, use))
                    entry.certain = entry.certain || certain
                    entry.connectedOn = entry.connectedOn ?? elsewhere
                    byDeclaration[location] = entry
                }
            }
        }
        return byDeclaration.values.sorted { $0.classes[0].use < $1.classes[0].use }.map { unconnected in
            (
                unconnectedDiagnostic(
                    unconnected.name, declaredAt: unconnected.location, classes: unconnected.classes,
                    connectedOn: unconnected.certain ? nil : unconnected.connectedOn, usage: usage),
                "\(unconnected.declaringClass).\(unconnected.name)"
            )
        }
    }

    /// For each outlet and each class of its lineage, by `OutletKey(classKey: ancestor, outlet:)`, the
    /// first class (by name) whose objects connect that outlet somewhere in the run and which descends from
    /// that ancestor: a member read of the outlet (`cell.label`) may be of those objects. One walk of each
    /// connecting class's lineage, so linear in what the run connects.
    private func connectingSubclasses(_ usage: InterfaceBuilderUsage) -> [OutletKey: String] {
        var first: [OutletKey: String] = [:]
        for connected in usage.connected {
            for entry in classes.catalog.lineage(of: connected.classKey) {
                let key = OutletKey(classKey: entry.key, outlet: connected.outlet)
                if let known = first[key], known <= connected.classKey { continue }
                first[key] = connected.classKey
            }
        }
        return first
    }

    /// The `unconnected-outlet` finding of one declaration, at the first class that leaves it unconnected.
    /// An error; a warning when another class's objects connect it (`connectedOn`) and the code reads it only
    /// as a member of some object (`cell.label`), which may be one of those: whether a read reaches an
    /// object that leaves it unconnected is then not in the text.
    private func unconnectedDiagnostic(
        _ name: String, declaredAt location: SourceLocation, classes: [(name: String, use: SourceLocation)],
        connectedOn: String?, usage: InterfaceBuilderUsage
    ) -> Diagnostic {
        let (className, use) = classes[0]
        let others = classes.dropFirst()
        var message =
            "outlet '\(name)' of \(className) is implicitly unwrapped, but no Interface Builder file "
            + "that uses \(className) connects it; reading it will crash"
        if !others.isEmpty {
            message +=
                " (\(others.count) more \(others.count == 1 ? "class leaves" : "classes leave") it unconnected too)"
        }
        var notes = [Diagnostic.Note(message: "outlet '\(name)' is declared here", location: location)]
        notes += others.map { Diagnostic.Note(message: "\($0.name) leaves it unconnected too", location: $0.use) }
        guard let connectedOn else {
            return Diagnostic(rule: .unconnectedOutlet, message: message, location: use, notes: notes)
        }
        message =
            "outlet '\(name)' of \(className) is implicitly unwrapped, but no Interface Builder file that uses "
            + "\(className) connects it; reading it on one will crash, but \(connectedOn) connects it, and the code "
            + "reads '\(name)' only as a member of some object ('x.\(name)'), which may be an object of \(connectedOn)"
        if let place = usage.firstUse[connectedOn] {
            notes.append(
                Diagnostic.Note(message: "\(connectedOn) connects '\(name)'; it is used here", location: place))
        }
        return Diagnostic(rule: .unconnectedOutlet, severity: .warning, message: message, location: use, notes: notes)
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
    /// The class names it gives that several declarations fit, so that nothing judged their members.
    public var ambiguousClasses: Set<String> = []
    /// How many of its connections go to members of classes no Swift file declares (Objective-C's or a
    /// framework's), which no rule could judge, by class name.
    public var unjudgedConnections: [String: Int] = [:]

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

    /// The ids around each class's first use, by place: what an `<ignore>` of a run-level finding there
    /// matches.
    var idsByPlace: [SourceLocation: [String]] {
        var ids: [SourceLocation: [String]] = [:]
        for (name, location) in firstUse { ids[location] = firstUseIDs[name] ?? [] }
        return ids
    }

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
