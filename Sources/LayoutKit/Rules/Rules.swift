/// The rules of the README's rules table that look past one element: each is one function named after its id.
///
/// `xml-syntax`, `forbidden-dtd` and `input-limit` are found by `XMLReader`, `schema` by `LayoutDecoder`,
/// `class-schema` by `ClassSchemaDecoder`, `unreadable-file` and `no-class-schemas` by whoever reads files.
struct LayoutRules {
    let analysis: LayoutAnalysis
    /// `nil` when no class schema was loaded: the class rules are then skipped.
    let catalog: ClassCatalog?
    private var collector = DiagnosticCollector()
    /// The did-you-mean work this file may still cause.
    private var suggestions = SuggestionBudget()
    /// The class of each endpoint, where it resolved.
    private(set) var classes: EndpointClasses

    init(analysis: LayoutAnalysis, catalog: ClassCatalog?) {
        self.analysis = analysis
        self.catalog = catalog
        self.classes = EndpointClasses(analysis)
    }

    /// What the rules found, in source order, capped per file.
    var diagnostics: [Diagnostic] { collector.diagnostics }

    /// The structure rules, then the class rules, in the order of the rules table.
    static let engineRules = RuleDescriptor.all.filter { $0.phase == .structure || $0.phase == .classes }

    /// Runs every rule in table order; the class rules only when there is a catalog.
    mutating func run() {
        for rule in Self.engineRules {
            if rule.phase == .classes && catalog == nil { continue }
            run(rule.id)
        }
    }

    /// Runs the one rule `id`: each is a function named after it.
    private mutating func run(_ id: RuleID) {
        switch (id, catalog) {
        case (.duplicateID, _): duplicateID()
        case (.unknownDestination, _): unknownDestination()
        case (.orphanOutlet, _): orphanOutlet()
        case (.duplicateOutlet, _): duplicateOutlet()
        case (.unknownClass, let catalog?): unknownClass(catalog)
        case (.classKindMismatch, let catalog?): classKindMismatch(catalog)
        case (.unknownOutlet, let catalog?): unknownOutlet(catalog)
        case (.outletTypeMismatch, let catalog?): outletTypeMismatch(catalog)
        case (.unconnectedOutlet, let catalog?): unconnectedOutlet(catalog)
        // Layouts have no actions: the rule is InterfaceBuilderCheck's.
        case (.unknownAction, _): break
        default:
            // A row of the table with no function here fails the test that runs every fixture.
            break
        }
    }

    // MARK: Structure

    /// `duplicate-id`: an id used twice, reported at the second element.
    private mutating func duplicateID() {
        var first: [String: SourcePosition] = [:]
        for declaration in analysis.idDeclarations {
            if let earlier = first[declaration.id] {
                report(
                    .duplicateID,
                    "id '\(declaration.id)' is already used at line \(earlier.line)", at: declaration.position)
            } else {
                first[declaration.id] = declaration.position
            }
        }
    }

    /// `unknown-destination`: a destination id that nothing in the file declares.
    private mutating func unknownDestination() {
        for link in analysis.links {
            guard let id = link.destinationID, link.destination == nil else { continue }
            let hint = collector.isFull ? "" : suggestions.suggestion(for: id, in: analysis.ids.keys)
            report(
                .unknownDestination,
                "\(link.member) points at '\(id)', but no element has that id" + hint,
                at: link.position)
        }
    }

    /// `orphan-outlet`: `outlet=` with no enclosing element that has a class; it never binds to the owner.
    private mutating func orphanOutlet() {
        for link in analysis.links where link.isAttribute && link.source == nil {
            report(
                .orphanOutlet,
                "outlet=\"\(link.member.name)\" has no enclosing element with a class to bind to; "
                    + "add class= to an enclosing element or use <connections>",
                at: link.position)
        }
    }

    /// `duplicate-outlet`: the same outlet of one object connected twice, reported at the second.
    private mutating func duplicateOutlet() {
        var first: [LayoutAnalysis.Endpoint: [MemberKey: SourcePosition]] = [:]
        for link in analysis.links {
            guard let source = link.source else { continue }
            if let earlier = first[source]?[link.member] {
                report(
                    .duplicateOutlet,
                    "\(link.member) of \(analysis.describe(source)) is already connected at line \(earlier.line)",
                    at: link.position)
            } else {
                first[source, default: [:]][link.member] = link.position
            }
        }
    }

    // MARK: Classes

    /// `unknown-class`: a class that the catalog does not know. Also records every endpoint's class.
    private mutating func unknownClass(_ catalog: ClassCatalog) {
        func resolve(_ reference: ClassReference, _ endpoint: LayoutAnalysis.Endpoint) {
            switch catalog.resolve(reference, suggestions: &suggestions) {
            case .found(let entry): classes[endpoint] = entry
            case .notFound(let message): report(.unknownClass, message, at: analysis.position(of: endpoint))
            }
        }
        if let owner = analysis.layout.owner { resolve(owner.classReference, .owner) }
        for (index, external) in analysis.layout.externals.enumerated() {
            if let reference = external.classReference { resolve(reference, .external(index)) }
        }
        for (index, object) in analysis.objects.enumerated() {
            if let reference = object.node.classReference {
                resolve(reference, .object(index))
            } else if let entry = catalog.classes[object.node.kind.rawValue] {
                classes[.object(index)] = entry
            }
        }
    }

    /// `class-kind-mismatch`: `<label class="X">` where X does not derive from `label`.
    private mutating func classKindMismatch(_ catalog: ClassCatalog) {
        for (index, object) in analysis.objects.enumerated() where object.node.classReference != nil {
            guard let entry = classes[.object(index)] else { continue }
            let kind = object.node.kind
            if !catalog.derives(entry.key, from: kind.rawValue) {
                let actual =
                    catalog.builtInKind(of: entry.key).map { "derives from <\($0.rawValue)>" } ?? "is not a view"
                report(
                    .classKindMismatch,
                    "class '\(entry.key)' cannot be created by <\(kind.rawValue)>: it \(actual), not <\(kind.rawValue)>",
                    at: object.node.position, declared: Self.declaration(of: entry))
                classes[.object(index)] = nil
            }
        }
    }

    /// `unknown-outlet`: a connection to an outlet the source class does not declare.
    private mutating func unknownOutlet(_ catalog: ClassCatalog) {
        for link in analysis.links {
            guard let source = link.source, let entry = classes[source],
                catalog.member(link.member, of: entry.key) == nil
            else { continue }
            let kind = link.member.kind.rawValue
            let declared = catalog.members(of: entry.key, kind: link.member.kind)
            let hint: String
            if collector.isFull {
                hint = ""
            } else if declared.isEmpty {
                hint = "; it declares no \(kind)s"
            } else if let closest = suggestions.closestMatch(to: link.member.name, in: declared.lazy.map(\.name)) {
                hint = "; did you mean '\(closest)'?"
            } else {
                hint = "; it declares \(listed(declared.map(\.name)))"
            }
            report(
                .unknownOutlet, "\(entry.displayName) has no \(kind) named '\(link.member.name)'\(hint)",
                at: link.position, declared: Self.declaration(of: entry))
        }
    }

    /// `outlet-type-mismatch`: the destination is not of the outlet's type.
    private mutating func outletTypeMismatch(_ catalog: ClassCatalog) {
        for link in analysis.links {
            guard let source = link.source, let sourceClass = classes[source],
                let destination = link.destination, let destinationClass = classes[destination],
                let member = catalog.member(link.member, of: sourceClass.key)
            else { continue }
            if !catalog.fits(destinationClass, member) {
                report(
                    .outletTypeMismatch,
                    "\(link.member) of \(sourceClass.displayName) has type \(member.typeName), "
                        + "but its destination \(analysis.describe(destination)) is of type \(destinationClass.typeName)",
                    at: link.position, declared: Self.declaration(of: member, in: sourceClass))
            }
        }
    }

    /// `unconnected-outlet`: a non-optional outlet of an object (or the owner) that nothing connects.
    private mutating func unconnectedOutlet(_ catalog: ClassCatalog) {
        struct Connected: Hashable {
            var endpoint: LayoutAnalysis.Endpoint
            var member: MemberKey
        }
        var connected: Set<Connected> = []
        for link in analysis.links {
            if let source = link.source { connected.insert(Connected(endpoint: source, member: link.member)) }
        }
        var endpoints: [LayoutAnalysis.Endpoint] = analysis.layout.owner == nil ? [] : [.owner]
        endpoints += analysis.objects.indices.map { .object($0) }
        for endpoint in endpoints {
            guard let entry = classes[endpoint] else { continue }
            for member in catalog.members(of: entry.key) where member.kind == .outlet && !member.isOptional {
                if !connected.contains(Connected(endpoint: endpoint, member: member.key)) {
                    // Objects × outlets can be millions: past the cap the message is never made.
                    collector.report(
                        .unconnectedOutlet,
                        "\(member.key) of \(entry.displayName) is not connected in this layout",
                        at: analysis.layout.location(analysis.position(of: endpoint)),
                        notes: Self.declaration(of: member, in: entry))
                }
            }
        }
    }

    private mutating func report(
        _ rule: RuleID, _ message: String, at position: SourcePosition, declared notes: [Diagnostic.Note] = []
    ) {
        collector.report(rule, message, at: analysis.layout.location(position), notes: notes)
    }

    /// Where a class schema declared `entry`, as a note: a stale schema is then recognisable as one.
    /// A registry's classes have no such place.
    private static func declaration(of entry: ClassCatalog.ClassEntry) -> [Diagnostic.Note] {
        entry.location.map { [Diagnostic.Note(message: "\(entry.key) is declared here", location: $0)] } ?? []
    }

    /// Where a class schema declared `member` of `entry` (or the class, for a member without a place).
    private static func declaration(of member: ClassCatalog.Member, in entry: ClassCatalog.ClassEntry) -> [Diagnostic
        .Note]
    {
        guard let location = member.location else { return Self.declaration(of: entry) }
        return [Diagnostic.Note(message: "\(member.key) is declared here", location: location)]
    }

    /// Names for a message, at most eight of them: a class may declare thousands.
    private func listed(_ names: [String]) -> String {
        let shown = names.prefix(8).joined(separator: ", ")
        return names.count > 8 ? "\(shown) and \(names.count - 8) more" : shown
    }
}
