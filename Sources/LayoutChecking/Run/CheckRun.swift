import LayoutKit

/// One check of a repository, whatever the front end (`layout-check`, the build and command plugins
/// through it, the language server): its inputs → one Swift class model → the per-file rules over every
/// layout and Interface Builder file → the run-level rules (`RunRules.all`) → one judging step
/// (`RunJudgment`) → an `Outcome`.
///
/// The front end finds the files (`RunFileSearch`), reads the configuration, the Swift sources and the
/// projects, and renders the outcome; everything that decides a finding is here. A folder-mode run and a
/// project-mode run are the same run with other inputs: one unit of Interface Builder files seeing every
/// Swift file, or one unit per Xcode target seeing its own and its dependencies'.
package struct CheckRun {
    /// The Swift side of a run, read by the front end.
    package struct Swift: Sendable {
        /// Each file's declarations with its module, in the order found (a file two targets compile is
        /// here once for each).
        package var files: [(module: String, declarations: SwiftDeclarations)]
        /// The Xcode project target of each of `files`; `nil` for a root named by the user.
        package var targets: [Int?]
        /// Whether files were left unread (sourcekitd's budget ran out): then nothing may be judged
        /// missing from the declarations, and no Interface Builder file is judged.
        package var isIncomplete: Bool

        /// The Swift side of a run.
        package init(files: [(module: String, declarations: SwiftDeclarations)], targets: [Int?], isIncomplete: Bool) {
            self.files = files
            self.targets = targets
            self.isIncomplete = isIncomplete
        }
    }

    /// Interface Builder files that see the same Swift classes: the whole run in folder mode, one Xcode
    /// target's files in project mode.
    package struct InterfaceBuilderUnit {
        /// The files to check.
        package var search: any RunFileSearch
        /// Whether a Swift file of a target (`nil`: named by the user) is one this unit's files may name.
        package var sees: @Sendable (Int?) -> Bool

        /// A unit of these files, seeing the Swift files `sees` admits.
        package init(search: any RunFileSearch, sees: @escaping @Sendable (Int?) -> Bool) {
            self.search = search
            self.sees = sees
        }
    }

    /// The classes a run judges by, built once: the one Swift class model, the catalog layouts are judged
    /// by, and the class schemas' catalog. A front end that checks again and again (the language server)
    /// keeps one and hands it to each check (`Inputs.classes`).
    package struct Classes: Sendable {
        /// The run's Swift classes; `nil` when no Swift source was read whole.
        package let model: SwiftClassModel?
        /// The Swift code's catalog, as layouts see it, when it was asked for.
        package let swiftCatalog: ClassCatalog?
        /// The class schema files' catalog, when there were any.
        package let schemaCatalog: ClassCatalog?
        /// What the class schema files' reading found wrong with them.
        package let diagnostics: [Diagnostic]

        /// The classes of these Swift sources (incomplete ones judge nothing) and class schema files.
        package init(swift: Swift?, schemas: [(path: String, bytes: [UInt8])], needsLayoutCatalog: Bool = true) {
            model = swift.flatMap { $0.isIncomplete ? nil : SwiftClassModel($0.files) }
            swiftCatalog = needsLayoutCatalog ? model?.layoutCatalog() : nil
            let loaded = ClassCatalog.load(schemas: schemas)
            schemaCatalog = schemas.isEmpty ? nil : loaded.catalog
            diagnostics = loaded.diagnostics
        }

        /// The catalog layouts are judged by: the Swift code's, with class schemas for the modules whose
        /// sources were not given.
        package var layoutCatalog: ClassCatalog? {
            swiftCatalog.map { swift in schemaCatalog.map { swift.adding(uncoveredClassesOf: $0) } ?? swift }
                ?? schemaCatalog
        }
    }

    /// Everything a run is given.
    package struct Inputs {
        /// The layouts to check, with the name each is included by (`nil` for one the run's layouts do
        /// not know by its name), and where includes are resolved.
        package var layouts: (any RunFileSearch)?
        package var layoutName: @Sendable (any RunFile) -> String? = { _ in nil }
        package var layoutSource: (any LayoutSource)?
        /// Class schema files, read.
        package var schemas: [(path: String, bytes: [UInt8])] = []
        /// The classes, built already from `swift` and `schemas`; `nil` to build them for this run.
        package var classes: Classes?
        /// The Swift sources; `nil` when none were named or they could not be read.
        package var swift: Swift?
        /// The modules whose Swift sources were named, for `schema-drift`.
        package var swiftModules: Set<String> = []
        /// Interface Builder files to check, by unit.
        package var interfaceBuilder: [InterfaceBuilderUnit] = []
        /// Interface Builder files that only define names for the identifier rules (beside the Swift
        /// sources, in no target); read after the checked ones, so a file met twice is read once.
        package var definingOnly: (any RunFileSearch)?
        /// The Swift files under the projects' folders that no target compiles: read only to say where a
        /// class that `unknown-class` finds undeclared is declared after all.
        package var swiftOutsideTargets: (any RunFileSearch)?
        /// What the app's settings say about which files it loads; `nil` runs no identifier rule.
        package var identifierContext: (@Sendable () -> IdentifierCheck.Context)?
        /// Whether the run checks Interface Builder files at all (Swift sources were named or found).
        package var checksInterfaceBuilder = false
        /// Whether the identifier rules judge the units' files (a run with one unit, or projects).
        package var judgesIdentifiers = false
        /// The configuration's severities and `<ignore>`s.
        package var configuration = CheckConfiguration()
        package var interfaceBuilderSettings = InterfaceBuilderSettings()
        /// Whether the layouts' catalog is needed (layouts, schemas to compare, `--write-schemas`,
        /// `open-class`): a run over an app's Interface Builder files alone needs none.
        package var needsLayoutCatalog = true
        /// The most files checked at once.
        package var jobs = 1
        /// Whether the outcome lists every layout checked (for a report that names clean files).
        package var listsFiles = false
        /// Why the Swift sources named were not read (sourcekitd could not be loaded): the run then warns
        /// that class rules went by class schemas only.
        package var sourceKitProblem: String?
        /// Findings the front end made (a directory it could not read, a project that is no project):
        /// judged with the rest.
        package var findings: [Diagnostic] = []

        /// Inputs with nothing to check.
        package init() {}
    }

    /// What a run found.
    package struct Outcome: Sendable {
        /// The layout and Interface Builder files checked.
        package var files = 0
        /// Every finding, judged, in `Diagnostic.ordered` order.
        package var diagnostics: [Diagnostic] = []
        /// Every layout and Interface Builder file checked, when the inputs asked for the list.
        package var checkedPaths: [String]?
        /// Interface Builder files of other platforms, not checked, by platform.
        package var skipped: [String: Int] = [:]
        /// What the run says about itself: rules it could not judge, and why.
        package var notes: [String] = []
    }

    let inputs: Inputs

    /// A run of these inputs.
    package init(_ inputs: Inputs) {
        self.inputs = inputs
    }

    /// Checks everything the inputs name, then judges every finding in one step.
    package mutating func run() async -> Outcome {
        let classes =
            inputs.classes
            ?? Classes(swift: inputs.swift, schemas: inputs.schemas, needsLayoutCatalog: inputs.needsLayoutCatalog)
        let model = classes.model
        var facts = RunFacts(model: model, configuration: inputs.configuration, modules: inputs.swiftModules)
        facts.swiftCatalog = classes.swiftCatalog
        facts.schemaCatalog = classes.schemaCatalog
        var outcome = Outcome()
        var judgment = RunJudgment(configuration: inputs.configuration, settings: inputs.interfaceBuilderSettings)
        judgment.add(runFindings: (inputs.findings + classes.diagnostics).map { RunFinding($0) })
        let catalog = classes.layoutCatalog
        let layouts = await checkLayouts(catalog: catalog)
        outcome.files = layouts.files
        outcome.checkedPaths = layouts.paths
        if (catalog == nil && inputs.swift?.isIncomplete != true
            && (layouts.files > 0 || !inputs.checksInterfaceBuilder))
            || inputs.sourceKitProblem != nil
        {
            judgment.add(runFindings: [RunFinding(Self.noClassSchemas(sourceKitProblem: inputs.sourceKitProblem))])
        }
        judgment.add(fileFindings: layouts.diagnostics)
        var unjudged: [String: Int] = [:]
        if let swift = inputs.swift, let model, !inputs.interfaceBuilder.isEmpty {
            let found = await checkInterfaceBuilder(swift, model: model)
            unjudged = found.unjudged
            outcome.files += found.files
            outcome.skipped = found.skipped
            outcome.checkedPaths = outcome.checkedPaths.map { $0 + found.paths }
            judgment.add(fileFindings: found.diagnostics)
            facts.units = found.units
            facts.ambiguousNames = found.ambiguousNames
            for unit in found.units { judgment.record(unit.usage) }
            if found.units.contains(where: { !$0.usage.firstUse.isEmpty }) {
                judgment.recordDeclarationIgnoresApply()
            }
            facts.identifiers = await identifierFacts(swift, checked: found.identifiers, others: found.others)
        }
        for rule in RunRules.all {
            facts.ignoreUsage = judgment.ignoreUsage
            judgment.add(runFindings: rule.findings(&facts))
        }
        outcome.diagnostics = judgment.finish(
            unloadedFiles: facts.identifiers?.unloadedFiles ?? [:],
            unreachableScenes: facts.identifiers?.unreachableSceneLines ?? [:])
        outcome.notes =
            (model?.notes(layouts: layouts.files > 0, interfaceBuilderNames: facts.ambiguousNames) ?? [])
            + facts.notJudged + Self.unjudgedNote(unjudged)
        return outcome
    }

    /// The findings of one layout as a run reports them, judged the same way (for a front end that checks
    /// one file at a time as it is edited): the inputs' classes, layout source and configuration.
    ///
    /// - Parameter name: The layout's name among the run's layouts, asked for only when it includes one.
    package func checkLayout(_ bytes: [UInt8], file: String, name: () -> String?) -> [Diagnostic] {
        let classes = inputs.classes ?? Classes(swift: inputs.swift, schemas: inputs.schemas)
        let validator = LayoutValidator(
            catalog: classes.layoutCatalog, source: inputs.layoutSource,
            options: LayoutValidator.Options(ruleSettings: inputs.configuration.rules))
        var judgment = RunJudgment(configuration: inputs.configuration, settings: inputs.interfaceBuilderSettings)
        judgment.add(fileFindings: validator.validate(bytes, file: file, name: name))
        return judgment.finish(unloadedFiles: [:])
    }

    /// The one warning of a run without classes to check against; it has no place in a file.
    private static func noClassSchemas(sourceKitProblem: String?) -> Diagnostic {
        let rules = RuleDescriptor.ids(in: .classes).map(\.rawValue).joined(separator: ", ")
        let message =
            if let sourceKitProblem {
                "the Swift sources were not read, so class rules (\(rules)) went by class schemas only, if any: "
                    + sourceKitProblem
            } else {
                "no class schema loaded; class rules (\(rules)) were skipped; pass --swift-sources [MODULE=]DIR "
                    + "to check the layouts against the Swift code (or --schemas DIR)"
            }
        return Diagnostic(rule: .noClassSchemas, severity: .warning, message: message, location: nil)
    }
}
