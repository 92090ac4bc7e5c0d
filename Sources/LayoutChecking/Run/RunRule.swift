import LayoutKit

/// A rule that judges the whole run rather than one file: it reads what every file and the Swift code
/// came to (`RunFacts`) once all of them are checked. Its findings go through the same judging step as a
/// file's (`RunJudgment`).
///
/// Adding one: a type here (or beside), its entry in `RunRules.all`, a fixture, its row in the rules
/// table and in Rules.md (CONTRIBUTING, "Add a run-level rule"; `RunRuleTests` checks each step).
package protocol RunRule: Sendable {
    /// The row of the rules table whose findings it makes.
    var id: RuleID { get }
    /// Its findings, before they are judged (severity, `<ignore>`s, the cap).
    func findings(_ facts: inout RunFacts) -> [RunFinding]
}

/// A run-level finding with what the configuration's `<ignore>`s match it by.
package struct RunFinding: Sendable {
    /// The finding.
    package var diagnostic: Diagnostic
    /// The ids of the Interface Builder element it stands at and of those around it.
    package var ids: [String] = []
    /// `Class.outlet`, for a finding about that declaration.
    package var declaration: String?

    /// A finding with nothing for `<ignore>`s to match but its file and rule.
    package init(_ diagnostic: Diagnostic, ids: [String] = [], declaration: String? = nil) {
        self.diagnostic = diagnostic
        self.ids = ids
        self.declaration = declaration
    }
}

/// Every run-level rule, in the order they run. Order matters once: `unused-suppression` of the
/// configuration's `<ignore>`s comes last, since it reads which ignores the others' findings used.
package enum RunRules {
    /// The run-level rules.
    package static let all: [any RunRule] = [
        SchemaDriftRule(),
        OpenClassRule(),
        UnreadableMemberRule(),
        UnconnectedOutletRule(),
        UnknownReuseIdentifierRule(),
        UnknownStoryboardIdentifierRule(),
        UnknownSegueIdentifierRule(),
        UnknownInterfaceFileRule(),
        UnreachableSceneRule(),
        UnloadedInterfaceFileRule(),
        UnusedIgnoreRule(),
    ]
}

/// What the run-level rules read: the class model and catalogs, each Interface Builder unit's check and
/// what its files connected, the identifiers every file defines and uses.
package struct RunFacts {
    /// The run's Swift classes; `nil` when no Swift source was read whole.
    package let model: SwiftClassModel?
    package let configuration: CheckConfiguration
    /// The modules whose Swift sources were named.
    package let modules: Set<String>
    /// The catalog of the Swift code, as layouts see it, when the run needed one.
    package var swiftCatalog: ClassCatalog?
    /// The catalog of the class schema files, when there were any.
    package var schemaCatalog: ClassCatalog?
    /// Each Interface Builder unit's check and what its files connected.
    package var units: [InterfaceBuilderUnitFacts] = []
    /// What the run's files define and its Swift code uses by name; `nil` when the identifier rules do
    /// not run.
    package var identifiers: IdentifierFacts?
    /// Class names Interface Builder files give that several declarations fit (for the run's note).
    package var ambiguousNames: Set<String> = []
    /// Which of the configuration's `<ignore>`s applied to a checked file and which silenced something.
    package var ignoreUsage = InterfaceBuilderUsage()

    init(model: SwiftClassModel?, configuration: CheckConfiguration, modules: Set<String>) {
        self.model = model
        self.configuration = configuration
        self.modules = modules
    }

    /// Why a rule that had something to judge was not judged.
    var notJudged: [String] { identifiers?.notJudged ?? [] }

}

/// One unit of Interface Builder files once checked.
package struct InterfaceBuilderUnitFacts: Sendable {
    package var check: InterfaceBuilderCheck
    package var usage: InterfaceBuilderUsage
    /// How the unit's Swift code uses the implicitly unwrapped outlets its files' classes declare.
    package var uses: OutletUses
}
