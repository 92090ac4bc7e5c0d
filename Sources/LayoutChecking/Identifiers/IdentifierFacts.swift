import LayoutKit

/// What the identifier rules read, gathered once for a run: the names every Interface Builder file
/// defines (reuse identifiers, storyboard IDs, segues, file names), the names the Swift code uses by
/// literal, and where the first name built at run time is. Each rule is one function over it
/// (`unknownNames(_:)`, `unreachableScenes()`, `unloadedFileFindings()`).
///
/// Linear in the uses and definitions: one dictionary per kind, and did-you-mean paid from one
/// `SuggestionBudget` for the run.
package struct IdentifierFacts: Sendable {
    /// Names and where each is first defined.
    struct Names: Sendable {
        /// Compared as UIKit compares them (`LiteralName`).
        var first: [LiteralName: SourceLocation] = [:]
        /// In order of definition, for suggestions whose ties go the same way on every run.
        var ordered: [String] = []

        mutating func add(_ name: String, _ location: SourceLocation) {
            if first[LiteralName(name)] == nil {
                first[LiteralName(name)] = location
                ordered.append(name)
            }
        }

        func location(of name: String) -> SourceLocation? { first[LiteralName(name)] }
    }

    private let swift: [SwiftDeclarations]
    private let checked: [InterfaceBuilderIdentifiers]
    private let context: IdentifierCheck.Context
    private var reuse = Names()
    private var storyboardIDs = Names()
    private var segues = Names()
    private var storyboards = Names()
    private var nibs = Names()
    private var referencedStoryboards: Set<LiteralName> = []
    private var referencedScenes: Set<LiteralName> = []
    private var hasDefinitions = false
    /// What reuse identifiers written otherwise than by literals evaluate to; `nil`: none is evaluated.
    private let expressions: IdentifierExpressions?
    private var evaluated: [String: IdentifierExpressions.Value] = [:]
    /// Class names `NSStringFromClass` registers, after the module: the run may name a module otherwise
    /// than the build does (a folder's name), so `AnyModule.Name` counts as registered too.
    private var qualifiedNames: Set<LiteralName> = []
    // Where the first name built at run time is, for the summary's reason: of a registration, by registry
    // (UIKit keeps a table view's cells apart from a collection view's, and from their other views).
    private var computedRegistrations: [IdentifierUse.Registry: SourceLocation] = [:]
    private var computedInstantiation: SourceLocation?
    private var computedLoad: SourceLocation?
    /// The dequeues that can be judged, by registry.
    private var dequeues: [IdentifierUse.Registry: Int] = [:]
    private var instantiated: Set<LiteralName> = []
    private var loaded: Set<LiteralName> = []
    /// The run's own classes' simple names: `Bundle(for: X.self)` is the run's bundle only for them.
    private let classNames: Set<String>
    /// One budget for the whole run: each finding may look at every name, so the suggestions of a run
    /// with many findings and many names stop once it is spent rather than growing with their product.
    private var budget = SuggestionBudget()

    /// The facts of Swift files' uses against the checked files and the others' definitions.
    package init(
        swift: [SwiftDeclarations], checked: [InterfaceBuilderIdentifiers], others: [InterfaceBuilderIdentifiers],
        context: IdentifierCheck.Context, expressions: IdentifierExpressions? = nil
    ) {
        self.swift = swift
        self.checked = checked
        self.context = context
        self.expressions = expressions
        classNames = Set(
            swift.lazy.flatMap { $0.types.lazy.filter { $0.kind == .class } }.map {
                $0.name.split(separator: ".").last.map(String.init) ?? $0.name
            })
        hasDefinitions = !(checked.isEmpty && others.isEmpty)
        for document in checked + others { define(document) }
        for file in swift {
            for use in file.identifierUses { record(use) }
        }
        for registration in context.objectiveCRegistrations ?? [] {
            if let name = registration.name {
                reuse.add(name, registration.location)
            } else if computedRegistrations[registration.registry] == nil {
                computedRegistrations[registration.registry] = registration.location
            }
        }
    }

    /// What a reuse identifier written otherwise than by a literal may be (each expression evaluated once);
    /// `certain`: only what it is for sure (`IdentifierExpressions.evaluate(_:certain:)`).
    private mutating func value(of expression: String, certain: Bool = false) -> IdentifierExpressions.Value {
        let key = (certain ? "!" : "") + expression
        if let known = evaluated[key] { return known }
        let value = expressions?.evaluate(expression, certain: certain) ?? .unknown
        evaluated[key] = value
        return value
    }

    /// The name a use is judged by, with the expression that gave it when it is no literal: a literal, or
    /// a dequeue's expression that can be only one name.
    private mutating func judgedName(of use: IdentifierUse) -> (name: String, expression: String?)? {
        if use.isJudged, let literal = use.literal { return (literal, nil) }
        guard use.kind == .dequeue, let expression = use.expression,
            case .names(let names) = value(of: expression, certain: true), names.count == 1, let name = names.first
        else { return nil }
        return (name, expression)
    }

    /// Whether a reuse identifier `Module.Name` is what `NSStringFromClass` registers for `Name` in some module.
    private func isRegisteredInAnyModule(_ name: String, _ kind: IdentifierUse.Kind) -> Bool {
        guard kind == .dequeue, let dot = name.firstIndex(of: ".") else { return false }
        return qualifiedNames.contains(LiteralName(String(name[dot...])))
    }

    /// Whether nothing the checker cannot read may register a name in `registry`: no registration there by
    /// a name it cannot evaluate, and Objective-C code read for its registrations.
    private func registersOnlyKnownNames(in registry: IdentifierUse.Registry) -> Bool {
        computedRegistrations[registry] == nil && !(context.hasObjectiveC && context.objectiveCRegistrations == nil)
    }

    private mutating func define(_ document: InterfaceBuilderIdentifiers) {
        for definition in document.reuseIdentifiers { reuse.add(definition.name, definition.location) }
        for scene in document.scenes { storyboardIDs.add(scene.identifier, scene.location) }
        for segue in document.segues { segues.add(segue.name, segue.location) }
        if document.isStoryboard {
            storyboards.add(document.loadName, document.location)
        } else {
            nibs.add(document.loadName, document.location)
        }
        referencedStoryboards.formUnion(document.referencedStoryboards.map(LiteralName.init))
        referencedScenes.formUnion(document.referencedScenes.map(LiteralName.init))
    }

    private mutating func record(_ use: IdentifierUse) {
        switch use.kind {
        case .registration:
            let registry = use.registry ?? .tableCell
            if let name = use.literal {
                reuse.add(name, use.location)
            } else if let expression = use.expression, case .names(let names) = value(of: expression) {
                for name in names.sorted() { reuse.add(name, use.location) }
                if expression.hasPrefix("NSStringFromClass") {
                    for name in names {
                        if let dot = name.firstIndex(of: ".") {
                            qualifiedNames.insert(LiteralName(String(name[dot...])))
                        }
                    }
                }
            } else if computedRegistrations[registry] == nil {
                computedRegistrations[registry] = use.location
            }
        case .storyboardIdentifier:
            if let name = use.literal {
                instantiated.insert(LiteralName(name))
            } else if computedInstantiation == nil {
                computedInstantiation = use.location
            }
        case .storyboardName, .nibName:
            if let name = use.literal {
                loaded.insert(LiteralName(name))
            } else if computedLoad == nil {
                computedLoad = use.location
            }
        case .dequeue:
            if judgedName(of: use) != nil { dequeues[use.registry ?? .tableCell, default: 0] += 1 }
        case .segue:
            break
        }
    }

    /// What a kind of use is judged against, and how its finding reads; `nil` when the run cannot judge
    /// it (a registration by a name built at run time, Objective-C code, no storyboard at all).
    private func judged(
        _ kind: IdentifierUse.Kind, _ name: String, call: String, registry: IdentifierUse.Registry?
    ) -> (RuleID, Names, String, String)? {
        switch kind {
        case .dequeue where registersOnlyKnownNames(in: registry ?? .tableCell) && hasDefinitions:
            return (
                .unknownReuseIdentifier, reuse,
                "no prototype cell, nib or register(_:…ReuseIdentifier:) call of the run defines the reuse "
                    + "identifier \(quoted(name)): \(call) crashes", "the reuse identifier"
            )
        case .storyboardIdentifier where !storyboards.first.isEmpty:
            return (
                .unknownStoryboardIdentifier, storyboardIDs,
                "no scene of the run's storyboards has the storyboard ID \(quoted(name)): \(call) crashes",
                "the storyboard ID"
            )
        case .segue where !storyboards.first.isEmpty:
            return (
                .unknownSegueIdentifier, segues,
                "no segue of the run's storyboards has the identifier \(quoted(name)): \(call) crashes", "the segue"
            )
        case .storyboardName where !storyboards.first.isEmpty:
            return (
                .unknownInterfaceFile, storyboards,
                "no storyboard of the run is named \(quoted(name)) (\(name).storyboard): \(call) crashes",
                "the storyboard"
            )
        case .nibName where !nibs.first.isEmpty:
            return (
                .unknownInterfaceFile, nibs,
                "no nib of the run is named \(quoted(name)) (\(name).xib): \(call) crashes",
                "the nib"
            )
        default:
            return nil
        }
    }

    /// The uses of one kind whose literal no file of the run defines, each with a did-you-mean.
    mutating func unknownNames(_ kind: IdentifierUse.Kind) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for file in swift where !file.identifierUses.isEmpty {
            for use in file.identifierUses
            where use.kind == kind && use.bundleClass.map(classNames.contains) ?? true {
                guard let (name, expression) = judgedName(of: use),
                    let (rule, names, written, what) = judged(kind, name, call: use.call, registry: use.registry),
                    names.location(of: name) == nil, !isRegisteredInAnyModule(name, kind)
                else { continue }
                let message = written + (expression.map { " (\(quoted(name)) is what \($0) is)" } ?? "")
                let closest = budget.closestMatch(to: name, in: names.ordered)
                let notes = closest.flatMap { closest in
                    names.location(of: closest).map { [Diagnostic.Note(message: "\(what) '\(closest)'", location: $0)] }
                }
                diagnostics.append(
                    Diagnostic(
                        rule: rule, message: message + (closest.map { "; did you mean '\($0)'?" } ?? ""),
                        location: use.location, notes: notes ?? []))
            }
        }
        return diagnostics
    }

    /// The scenes nothing reaches, only where nothing the checker cannot read may be what reaches one.
    private func unreachable() -> [InterfaceBuilderIdentifiers.Scene] {
        guard !context.hasObjectiveC, computedInstantiation == nil else { return [] }
        return checked.flatMap { document in
            document.scenes.filter { scene in
                !instantiated.contains(LiteralName(scene.identifier))
                    && !document.reachedObjects.contains(scene.objectID)
                    && !referencedScenes.contains(LiteralName(scene.identifier))
            }
        }
    }

    /// The scenes nothing reaches, by file: their own findings are warnings (`IdentifierCheck.lowering`).
    package var unreachableSceneLines: [String: [IdentifierCheck.UnreachableScene]] {
        var scenes: [String: [IdentifierCheck.UnreachableScene]] = [:]
        for scene in unreachable() {
            scenes[scene.location.file, default: []].append(
                IdentifierCheck.UnreachableScene(
                    identifier: scene.identifier, lines: scene.lines, location: scene.location))
        }
        return scenes
    }

    /// `unreachable-scene`: only where nothing the checker cannot read may be what reaches a scene.
    package func unreachableScenes() -> [Diagnostic] {
        unreachable().map { scene in
            Diagnostic(
                rule: .unreachableScene, severity: .warning,
                message: "the scene \(quoted(scene.identifier)) (<\(scene.element)>) is reached by no "
                    + "segue, storyboard reference or instantiateViewController literal",
                location: scene.location)
        }
    }

    /// The checked files nothing loads, by path, at their first line: their own errors are lowered to
    /// warnings (`IdentifierCheck.lowering`). Empty when that cannot be known.
    package var unloadedFiles: [String: SourceLocation] {
        var files: [String: SourceLocation] = [:]
        for document in unloadedDocuments() { files[document.file] = document.location }
        return files
    }

    private func unloadedDocuments() -> [InterfaceBuilderIdentifiers] {
        guard let settings = context.settingsNames, !context.hasObjectiveC, computedLoad == nil else { return [] }
        var loads = loaded.union(settings.map(LiteralName.init)).union(referencedStoryboards)
        // `init(nibName: nil, bundle: nil)` of a view controller loads the nib named like its class
        // (`ProfileView` for `ProfileViewController` too).
        let swiftClasses = swift.lazy.flatMap { $0.types.lazy.filter { $0.kind == .class } }.map {
            $0.name.split(separator: ".").last.map(String.init) ?? $0.name
        }
        for name in Array(swiftClasses) + context.objectiveCClasses.sorted() {
            loads.insert(LiteralName(name))
            if name.hasSuffix("Controller") { loads.insert(LiteralName(String(name.dropLast("Controller".count)))) }
        }
        return checked.filter { !loads.contains(LiteralName($0.loadName)) }
    }

    /// `unloaded-interface-file`: a checked file no literal, setting, reference or class name loads.
    package func unloadedFileFindings() -> [Diagnostic] {
        unloadedDocuments().map { document in
            let name = document.file.split(separator: "/").last.map(String.init) ?? document.file
            return Diagnostic(
                rule: .unloadedInterfaceFile, severity: .warning,
                message: "nothing loads \(quoted(name)): no Swift literal, Info.plist entry or build setting, "
                    + "storyboard reference or class name names \(quoted(document.loadName)); its findings "
                    + "are warnings",
                location: document.location)
        }
    }

    /// For each registry whose dequeues were not judged because a registration there names its reuse
    /// identifier by something the checker cannot evaluate, why.
    private func computedRegistrationReasons(_ place: (SourceLocation) -> String) -> [String] {
        IdentifierUse.Registry.allCases.compactMap { registry in
            guard dequeues[registry, default: 0] > 0, let location = computedRegistrations[registry] else {
                return nil
            }
            return "unknown-reuse-identifier not judged for \(registry.rawValue)s: a registration at "
                + "\(place(location)) names its reuse identifier otherwise than by a literal or a spelling the "
                + "checker evaluates, so it may register any"
        }
    }

    /// For each rule that had something to judge and was not judged, why (for the run's summary: a rule
    /// that says nothing says why).
    package var notJudged: [String] {
        func place(_ location: SourceLocation) -> String { "\(location.file):\(location.line)" }
        let hasScenes = checked.contains { !$0.scenes.isEmpty }
        let hasDequeues = dequeues.values.contains { $0 > 0 }
        if context.hasObjectiveC {
            let reuseIsJudged = context.objectiveCRegistrations != nil
            let rules =
                (hasDequeues && !reuseIsJudged ? ["unknown-reuse-identifier"] : [])
                + (hasScenes ? ["unreachable-scene"] : [])
                + (checked.isEmpty ? [] : ["unloaded-interface-file"])
            if !rules.isEmpty {
                return [
                    "\(rules.joined(separator: ", ")) not judged: the sources hold Objective-C, whose string "
                        + "literals are not read"
                ] + (reuseIsJudged ? computedRegistrationReasons(place) : [])
            }
            if !reuseIsJudged { return [] }
        }
        var reasons = computedRegistrationReasons(place)
        if hasScenes, let location = computedInstantiation {
            reasons.append(
                "unreachable-scene not judged: instantiateViewController at \(place(location)) names its "
                    + "storyboard ID otherwise than by a literal, so it may reach any scene")
        }
        if !checked.isEmpty, let location = computedLoad {
            reasons.append(
                "unloaded-interface-file not judged: \(place(location)) loads a storyboard or nib by a name "
                    + "built at run time, which may be any file")
        }
        // Without settings (a run over some nibs, no Info.plist) the rule is not judged either; that is
        // most partial runs, and the documentation says so rather than every summary.
        return reasons
    }
}
