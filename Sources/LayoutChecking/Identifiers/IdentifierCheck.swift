import LayoutKit

/// The identifier rules of a run: Swift string literals that name a reuse identifier, storyboard ID,
/// segue or Interface Builder file that no file of the run defines (`unknown-reuse-identifier`,
/// `unknown-storyboard-identifier`, `unknown-segue-identifier`, `unknown-interface-file`), and the
/// reverse where it is certain: scenes and files nothing reaches (`unreachable-scene`,
/// `unloaded-interface-file`), whose own findings are then warnings.
///
/// Only plain literals are judged; a name built at run time is never a finding. Linear in the uses and
/// definitions: one dictionary per kind, and did-you-mean paid from one `SuggestionBudget` for the run.
package struct IdentifierCheck {
    /// What the run knows besides Swift and Interface Builder files.
    public struct Context: Sendable {
        /// File names the app's settings load (`UIMainStoryboardFile`, `UILaunchStoryboardName`,
        /// `UISceneStoryboardFile`… of its Info.plist files); `nil` when no such settings were read, so
        /// that no file can be said to be loaded by nothing.
        public var settingsNames: Set<String>?
        /// Whether the app has Objective-C code that may name an Interface Builder identifier or file by a
        /// literal the checker does not read (an Objective-C file that names none does not count).
        public var hasObjectiveC = false
        /// The classes the app's Objective-C code implements: a view controller loads the nib named like
        /// its class by default, as a Swift one does.
        public var objectiveCClasses: Set<String> = []

        /// A context of these settings.
        public init(settingsNames: Set<String>? = nil, hasObjectiveC: Bool = false) {
            self.settingsNames = settingsNames
            self.hasObjectiveC = hasObjectiveC
        }
    }

    private let swift: [SwiftDeclarations]
    /// The files the run checks: their own findings may be lowered, and they alone get reverse findings.
    private let checked: [InterfaceBuilderIdentifiers]
    /// Files that only define names: other platforms', and those beside the Swift sources.
    private let others: [InterfaceBuilderIdentifiers]
    private let context: Context

    /// A check of the Swift files' uses against the checked files and the others' definitions.
    public init(
        swift: [SwiftDeclarations], checked: [InterfaceBuilderIdentifiers], others: [InterfaceBuilderIdentifiers],
        context: Context
    ) {
        self.swift = swift
        self.checked = checked
        self.others = others
        self.context = context
    }

    /// Names and where each is first defined.
    private struct Names {
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

    /// The findings of the run, the checked files nothing loads (whose own findings `lowering(_:)` makes
    /// warnings), and for each rule that had something to judge and was not judged, why (`notJudged`, for
    /// the run's summary: a rule that says nothing says why).
    public func run() -> (diagnostics: [Diagnostic], unloadedFiles: [String: SourceLocation], notJudged: [String]) {
        var reuse = Names()
        var storyboardIDs = Names()
        var segues = Names()
        var storyboards = Names()
        var nibs = Names()
        var referencedStoryboards: Set<LiteralName> = []
        var referencedScenes: Set<LiteralName> = []
        for document in checked + others {
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
        // Where the first name built at run time is, for the summary's reason.
        var computedRegistration: SourceLocation?
        var computedInstantiation: SourceLocation?
        var computedLoad: SourceLocation?
        var dequeues = 0
        var instantiated: Set<LiteralName> = []
        var loaded: Set<LiteralName> = []
        for file in swift {
            for use in file.identifierUses {
                switch use.kind {
                case .registration:
                    if let name = use.literal {
                        reuse.add(name, use.location)
                    } else if computedRegistration == nil {
                        computedRegistration = use.location
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
                    if use.isJudged { dequeues += 1 }
                case .segue:
                    break
                }
            }
        }

        var diagnostics: [Diagnostic] = []
        // One budget for the whole run: each finding may look at every name, so the suggestions of a run
        // with many findings and many names stop once it is spent rather than growing with their product.
        var budget = SuggestionBudget()
        // `Bundle(for: X.self)` is the run's own bundle only for a class `X` the run declares (an extension
        // of a framework's class does not make its bundle the app's).
        let typeNames = Set(
            swift.lazy.flatMap { $0.types.lazy.filter { $0.kind == .class } }.map {
                $0.name.split(separator: ".").last.map(String.init) ?? $0.name
            })
        for file in swift where !file.identifierUses.isEmpty {
            for use in file.identifierUses where use.isJudged && use.bundleClass.map(typeNames.contains) ?? true {
                guard let name = use.literal else { continue }
                let finding: (RuleID, Names, String, String)?
                switch use.kind {
                // Objective-C code may register cells by literals the checker does not read.
                case .dequeue
                where computedRegistration == nil && !context.hasObjectiveC && !(checked.isEmpty && others.isEmpty):
                    finding = (
                        .unknownReuseIdentifier, reuse,
                        "no prototype cell, nib or register(_:…ReuseIdentifier:) call of the run defines the reuse "
                            + "identifier \(quoted(name)): \(use.call) crashes",
                        "the reuse identifier"
                    )
                case .storyboardIdentifier where !storyboards.first.isEmpty:
                    finding = (
                        .unknownStoryboardIdentifier, storyboardIDs,
                        "no scene of the run's storyboards has the storyboard ID \(quoted(name)): \(use.call) crashes",
                        "the storyboard ID"
                    )
                case .segue where !storyboards.first.isEmpty:
                    finding = (
                        .unknownSegueIdentifier, segues,
                        "no segue of the run's storyboards has the identifier \(quoted(name)): \(use.call) crashes",
                        "the segue"
                    )
                case .storyboardName where !storyboards.first.isEmpty:
                    finding = (
                        .unknownInterfaceFile, storyboards,
                        "no storyboard of the run is named \(quoted(name)) (\(name).storyboard): \(use.call) crashes",
                        "the storyboard"
                    )
                case .nibName where !nibs.first.isEmpty:
                    finding = (
                        .unknownInterfaceFile, nibs,
                        "no nib of the run is named \(quoted(name)) (\(name).xib): \(use.call) crashes",
                        "the nib"
                    )
                default:
                    finding = nil
                }
                guard let (rule, names, message, what) = finding, names.location(of: name) == nil else { continue }
                let closest = budget.closestMatch(to: name, in: names.ordered)
                diagnostics.append(
                    Diagnostic(
                        rule: rule,
                        message: message + (closest.map { "; did you mean '\($0)'?" } ?? ""),
                        location: use.location,
                        notes: closest.flatMap { closest in
                            names.location(of: closest).map {
                                [Diagnostic.Note(message: "\(what) '\(closest)'", location: $0)]
                            }
                        } ?? []))
            }
        }

        // The reverse: only where nothing the checker cannot read may be what reaches a scene or loads a file.
        if !context.hasObjectiveC && computedInstantiation == nil {
            for document in checked {
                for scene in document.scenes
                where !instantiated.contains(LiteralName(scene.identifier))
                    && !document.reachedObjects.contains(scene.objectID)
                    && !referencedScenes.contains(LiteralName(scene.identifier))
                {
                    diagnostics.append(
                        Diagnostic(
                            rule: .unreachableScene, severity: .warning,
                            message: "the scene \(quoted(scene.identifier)) (<\(scene.element)>) is reached by no "
                                + "segue, storyboard reference or instantiateViewController literal",
                            location: scene.location))
                }
            }
        }
        var unloaded: [String: SourceLocation] = [:]
        if let settings = context.settingsNames, !context.hasObjectiveC, computedLoad == nil {
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
            for document in checked where !loads.contains(LiteralName(document.loadName)) {
                unloaded[document.file] = document.location
                let name = document.file.split(separator: "/").last.map(String.init) ?? document.file
                diagnostics.append(
                    Diagnostic(
                        rule: .unloadedInterfaceFile, severity: .warning,
                        message: "nothing loads \(quoted(name)): no Swift literal, Info.plist entry or build setting, "
                            + "storyboard reference or class name names \(quoted(document.loadName)); its findings "
                            + "are warnings",
                        location: document.location))
            }
        }
        var notJudged: [String] = []
        func place(_ location: SourceLocation) -> String { "\(location.file):\(location.line)" }
        let hasScenes = checked.contains { !$0.scenes.isEmpty }
        if context.hasObjectiveC {
            let rules =
                (dequeues > 0 ? ["unknown-reuse-identifier"] : []) + (hasScenes ? ["unreachable-scene"] : [])
                + (checked.isEmpty ? [] : ["unloaded-interface-file"])
            if !rules.isEmpty {
                notJudged.append(
                    "\(rules.joined(separator: ", ")) not judged: the sources hold Objective-C, whose string "
                        + "literals are not read")
            }
        } else {
            if dequeues > 0, let location = computedRegistration {
                notJudged.append(
                    "unknown-reuse-identifier not judged: a register call at \(place(location)) names its reuse "
                        + "identifier otherwise than by a literal, so it may register any")
            }
            if hasScenes, let location = computedInstantiation {
                notJudged.append(
                    "unreachable-scene not judged: instantiateViewController at \(place(location)) names its "
                        + "storyboard ID otherwise than by a literal, so it may reach any scene")
            }
            if !checked.isEmpty, let location = computedLoad {
                notJudged.append(
                    "unloaded-interface-file not judged: \(place(location)) loads a storyboard or nib by a name "
                        + "built at run time, which may be any file")
            }
            // Without settings (a run over some nibs, no Info.plist) the rule is not judged either; that is
            // most partial runs, and the documentation says so rather than every summary.
        }
        return (diagnostics, unloaded, notJudged)
    }

    /// `diagnostics` with the errors in `files` lowered to warnings, each with a note saying why: a file
    /// nothing loads cannot crash the app.
    public static func lowering(_ diagnostics: [Diagnostic], in files: [String: SourceLocation]) -> [Diagnostic] {
        guard !files.isEmpty else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard diagnostic.severity == .error, let location = diagnostic.sourceLocation,
                let document = files[location.file],
                diagnostic.rule.descriptor?.isLowerable == true
            else { return diagnostic }
            var lowered = diagnostic
            lowered.severity = .warning
            lowered.notes.append(
                Diagnostic.Note(
                    message: "a warning: nothing loads this file (unloaded-interface-file)",
                    location: document))
            return lowered
        }
    }
}
