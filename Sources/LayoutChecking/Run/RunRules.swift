import LayoutKit

/// `schema-drift`: where the class schemas say of a class the Swift code declares something other than it
/// does, one finding at the schema's line. Classes of modules the Swift sources do not cover are not
/// compared.
struct SchemaDriftRule: RunRule {
    let id = RuleID.schemaDrift

    func findings(_ facts: inout RunFacts) -> [RunFinding] {
        guard let swift = facts.swiftCatalog, let schemas = facts.schemaCatalog else { return [] }
        let modules = facts.modules
        return schemas.differences(from: swift, named: "the class schema", otherNamed: "the Swift code")
            .filter { difference in
                difference.location != nil && modules.contains { difference.className.hasPrefix("\($0).") }
            }
            .map { difference in
                RunFinding(
                    Diagnostic(
                        rule: id,
                        message: "\(difference.description); the Swift code is the truth: fix the schema, or "
                            + "rewrite it with --write-schemas DIR",
                        location: difference.location))
            }
    }
}

/// `open-class` (off by default): each class whose members the Swift syntax does not show whole, at its
/// Swift line, with why.
struct OpenClassRule: RunRule {
    let id = RuleID.openClass

    func findings(_ facts: inout RunFacts) -> [RunFinding] {
        guard let catalog = facts.swiftCatalog else { return [] }
        return catalog.openClasses.map { open in
            RunFinding(
                Diagnostic(
                    rule: id, severity: .warning,
                    message: "class '\(open.key)' is open: \(open.reason); no rule says one of its members is missing",
                    location: open.location))
        }
    }
}

/// `unconnected-outlet` for Interface Builder files: an implicitly unwrapped outlet no file connects on an
/// object of its class, where reading it can crash (`InterfaceBuilderCheck`). A class is one class wherever
/// it is used (`Module.Name`), so a file of any unit connects its outlet for every unit: a framework's nib
/// whose owner is the view connects what an app's storyboard, in another target, only places. Each
/// declaration is one finding, at its first use; the other units' uses are its notes.
struct UnconnectedOutletRule: RunRule {
    let id = RuleID.unconnectedOutlet

    func findings(_ facts: inout RunFacts) -> [RunFinding] {
        let connectedAnywhere = facts.units.reduce(into: Set<OutletKey>()) { $0.formUnion($1.usage.connected) }
        var found: [RunFinding] = []
        var indexByDeclaration: [String: Int] = [:]
        for unit in facts.units {
            var usage = unit.usage
            usage.connected = connectedAnywhere
            let idsByPlace = usage.idsByPlace
            for (diagnostic, declaration) in unit.check.unconnectedFindings(usage, uses: unit.uses) {
                if let index = indexByDeclaration[declaration] {
                    if let place = diagnostic.sourceLocation, place != found[index].diagnostic.sourceLocation {
                        found[index].diagnostic.notes.append(
                            Diagnostic.Note(message: "it is used here too, unconnected", location: place))
                    }
                    continue
                }
                let ids = diagnostic.sourceLocation.flatMap { idsByPlace[$0] } ?? []
                indexByDeclaration[declaration] = found.count
                found.append(RunFinding(diagnostic, ids: ids, declaration: declaration))
            }
        }
        return found
    }
}

/// The identifier rules that judge a Swift literal against what the run's files define.
protocol IdentifierUseRule: RunRule {
    var kinds: [IdentifierUse.Kind] { get }
}

extension IdentifierUseRule {
    func findings(_ facts: inout RunFacts) -> [RunFinding] {
        guard facts.identifiers != nil else { return [] }
        return kinds.flatMap { kind in facts.identifiers?.unknownNames(kind) ?? [] }.map { RunFinding($0) }
    }
}

/// `unknown-reuse-identifier`: a dequeue of a reuse identifier nothing defines.
struct UnknownReuseIdentifierRule: IdentifierUseRule {
    let id = RuleID.unknownReuseIdentifier
    let kinds: [IdentifierUse.Kind] = [.dequeue]
}

/// `unknown-storyboard-identifier`: `instantiateViewController(withIdentifier:)` of an ID no scene has.
struct UnknownStoryboardIdentifierRule: IdentifierUseRule {
    let id = RuleID.unknownStoryboardIdentifier
    let kinds: [IdentifierUse.Kind] = [.storyboardIdentifier]
}

/// `unknown-segue-identifier`: `performSegue(withIdentifier:)` of a segue no storyboard has.
struct UnknownSegueIdentifierRule: IdentifierUseRule {
    let id = RuleID.unknownSegueIdentifier
    let kinds: [IdentifierUse.Kind] = [.segue]
}

/// `unknown-interface-file`: a storyboard or nib loaded by a name no file has.
struct UnknownInterfaceFileRule: IdentifierUseRule {
    let id = RuleID.unknownInterfaceFile
    let kinds: [IdentifierUse.Kind] = [.storyboardName, .nibName]
}

/// `unreachable-scene`: a scene with a storyboard ID that nothing reaches.
struct UnreachableSceneRule: RunRule {
    let id = RuleID.unreachableScene

    func findings(_ facts: inout RunFacts) -> [RunFinding] {
        (facts.identifiers?.unreachableScenes() ?? []).map { RunFinding($0) }
    }
}

/// `unloaded-interface-file`: a checked file nothing loads; its own errors become warnings in the judging
/// step.
struct UnloadedInterfaceFileRule: RunRule {
    let id = RuleID.unloadedInterfaceFile

    func findings(_ facts: inout RunFacts) -> [RunFinding] {
        (facts.identifiers?.unloadedFileFindings() ?? []).map { RunFinding($0) }
    }
}

/// `unused-suppression` of the configuration's `<ignore>`s: one that silenced nothing in the files of its
/// `file` that were checked (or, naming a declaration, in a run whose files use Swift classes).
struct UnusedIgnoreRule: RunRule {
    let id = RuleID.unusedSuppression

    func findings(_ facts: inout RunFacts) -> [RunFinding] {
        guard let settings = facts.units.first?.check.settings else { return [] }
        return settings.unusedIgnores(facts.ignoreUsage).map { RunFinding($0) }
    }
}
