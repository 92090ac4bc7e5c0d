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
        /// The reuse identifiers the app's Objective-C code registers (`ObjectiveCRegistrations`), when every
        /// Objective-C file was read for them: then that code keeps only the registries it registers in
        /// by a name built at run time from `unknown-reuse-identifier`. `nil`: not read, so Objective-C code
        /// (`hasObjectiveC`) may register any name.
        package var objectiveCRegistrations: [ReuseRegistration]?

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

    /// The findings of every identifier rule, the checked files nothing loads (whose own findings
    /// `lowering(_:in:)` makes warnings), and for each rule that had something to judge and was not judged,
    /// why: the identifier rules of `RunRules.all`, outside a run (for a test of their cost).
    public func run() -> (diagnostics: [Diagnostic], unloadedFiles: [String: SourceLocation], notJudged: [String]) {
        run(expressions: nil)
    }

    /// `run()`, with reuse identifiers written otherwise than by literals evaluated by `expressions`.
    func run(
        expressions: IdentifierExpressions?
    ) -> (diagnostics: [Diagnostic], unloadedFiles: [String: SourceLocation], notJudged: [String]) {
        var facts = IdentifierFacts(
            swift: swift, checked: checked, others: others, context: context, expressions: expressions)
        let diagnostics =
            facts.unknownNames(.dequeue) + facts.unknownNames(.storyboardIdentifier) + facts.unknownNames(.segue)
            + facts.unknownNames(.storyboardName) + facts.unknownNames(.nibName) + facts.unreachableScenes()
            + facts.unloadedFileFindings()
        return (diagnostics, facts.unloadedFiles, facts.notJudged)
    }

    /// A scene nothing reaches: the lines of its `<scene>` and where its `unreachable-scene` finding is.
    package struct UnreachableScene: Sendable {
        var identifier: String
        var lines: ClosedRange<Int>
        var location: SourceLocation
    }

    /// `diagnostics` with the errors inside scenes nothing reaches lowered to warnings, each with a note
    /// saying why: a scene nothing instantiates cannot crash the app. (The run says a scene is unreachable
    /// only where it can tell; a scene it wrongly calls so keeps its finding, as a warning.)
    package static func lowering(
        _ diagnostics: [Diagnostic], inScenes scenes: [String: [UnreachableScene]]
    ) -> [Diagnostic] {
        guard !scenes.isEmpty else { return diagnostics }
        return diagnostics.map { diagnostic in
            // `unconnected-outlet` is about every file that uses the class, not the scene of its first use.
            guard diagnostic.severity == .error, diagnostic.rule != .unconnectedOutlet,
                let location = diagnostic.sourceLocation,
                let scene = scenes[location.file]?.first(where: { $0.lines.contains(location.line) }),
                diagnostic.rule.descriptor?.isLowerable == true
            else { return diagnostic }
            var lowered = diagnostic
            lowered.severity = .warning
            lowered.notes.append(
                Diagnostic.Note(
                    message: "a warning: nothing reaches the scene \(quoted(scene.identifier)) this is in "
                        + "(unreachable-scene)", location: scene.location))
            return lowered
        }
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
