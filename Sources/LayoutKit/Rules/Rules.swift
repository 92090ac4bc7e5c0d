/// The rules of the rules table (article "Rules") that look past one element: each is one function named after its id.
///
/// `xml-syntax`, `forbidden-dtd` and `input-limit` are found by `XMLReader`, `schema` by `LayoutDecoder`,
/// `class-schema` by `ClassSchemaDecoder`, `unreadable-file` and `no-class-schemas` by whoever reads files.
struct LayoutRules {
    let analysis: LayoutAnalysis
    private var collector = DiagnosticCollector()
    /// The did-you-mean work this file may still cause.
    private var suggestions = SuggestionBudget()
    /// The class of each endpoint, where it resolved.
    private(set) var classes: EndpointClasses {
        didSet {
            linkPositions = nil
            connectedPositions = nil
        }
    }
    /// Where the member each link connects is among its source's class's members, in the order of
    /// `analysis.links`, where the source has a class that declares it: looked up once for the rules that
    /// read it, and again only if a class changes.
    private var linkPositions: [Int?]?
    /// Whether each member of each endpoint's class is connected, by endpoint (the owner, then the
    /// externals, then the objects) and position, from `linkPositions`; `nil` for an endpoint no link
    /// starts at. What `unconnected-*` checks required members against, made on the first one met.
    private var connectedPositions: [[Bool]?]?

    /// The kind of document the analysis came from: only the rules whose row names it run.
    let document: RuleDescriptor.Document
    /// The classes a document's own resolution step found (an Interface Builder file's `customClass`
    /// in its `customModule`), by object; `nil` for a layout, whose classes `resolveClasses` finds.
    private let given: ExternalDocument.Resolution?
    /// The file's bytes, where fix-its find the attributes they edit; `nil`: no fix-its.
    private let source: [UInt8]?
    /// The bytes with their digest, made for the first fix-it.
    private var fixSource: FixItSource?

    /// - Parameter ruleSettings: The configured severities, for the cap's summary: it takes the highest
    ///   severity of the findings it hides, as the configuration will have them.
    init(
        analysis: LayoutAnalysis, document: RuleDescriptor.Document = .layout,
        resolution: ExternalDocument.Resolution? = nil, source: [UInt8]? = nil,
        ruleSettings: [RuleID: RuleSetting] = [:]
    ) {
        self.collector = DiagnosticCollector(settings: ruleSettings)
        self.analysis = analysis
        self.classes = EndpointClasses(analysis)
        self.document = document
        self.given = resolution
        self.source = source
    }

    /// What the rules found, in source order, capped per file.
    var diagnostics: [Diagnostic] { collector.diagnostics }

    /// The structure rules, then the class rules, in the order of the rules table.
    static let engineRules = RuleDescriptor.all.filter { $0.phase == .structure || $0.phase == .classes }

    /// The rows whose function, for one kind of document, needs every file of the run rather than one:
    /// an Interface Builder outlet is connected by whichever nib or storyboard uses its class
    /// (`InterfaceBuilderCheck.runFindings`), a layout's outlet in that layout.
    package static let runLevel: [RuleDescriptor.Document: Set<RuleID>] = [.interfaceBuilder: [.unconnectedOutlet]]

    /// The rule functions in table order for each kind of document, each found from its rule's id once per
    /// process rather than by matching ids (strings) for every file.
    private static let engineSteps: [RuleDescriptor.Document: [(step: Step, phase: RuleDescriptor.Phase)]] =
        Dictionary(
            uniqueKeysWithValues: RuleDescriptor.Document.allCases.map { document in
                (
                    document,
                    engineRules.filter {
                        $0.documents.contains(document) && runLevel[document]?.contains($0.id) != true
                    }.compactMap { rule in Step(rule.id).map { ($0, rule.phase) } }
                )
            })

    /// The classes that `class=`/`module=` name and the catalog does not have, with the message that
    /// says why: found by `resolveClasses`, reported by `unknown-class`.
    private var unresolved: [(position: SourcePosition, message: String, fixIts: [FixIt])] = []

    /// Runs every rule in table order; the class rules only when there is a catalog, after the step
    /// that resolves every endpoint's class, which no rule does as a side effect.
    ///
    /// - Parameter lent: The classes layouts may name; `nil` when no class schema was loaded: the class
    ///   rules are then skipped. Lent to every step rather than kept: a catalog kept in the rules was
    ///   copied in (a retain for each of its fields), and copied again here, as the steps change `self`.
    mutating func run(_ lent: ClassCatalog?) {
        guard let catalog = lent else {
            for (step, phase) in Self.engineSteps[document] ?? [] where phase != .classes {
                _ = runStructure(step, nil)
            }
            return
        }
        if let given {
            take(given, catalog)
        } else {
            resolveClasses(catalog)
        }
        for (step, _) in Self.engineSteps[document] ?? [] where !runStructure(step, lent) {
            runClasses(step, catalog)
        }
        // The compiler connects each link through the member found here, by its position.
        classes.setLinkPositions(allLinkPositions(catalog))
    }

    /// Whether the rule `id` has its function among the engine's steps.
    package static func hasFunction(for id: RuleID) -> Bool { Step(id) != nil }

    /// A rule of the engine: each is a function named after its id.
    private enum Step {
        case duplicateID, unknownDestination, orphanOutlet, orphanAction, duplicateOutlet, duplicateAction,
            duplicateProperty, unknownClass, classKindMismatch, unknownOutlet, unknownAction, outletTypeMismatch,
            actionSenderMismatch, unconnectedOutlet, unconnectedAction, unknownProperty, propertyTypeMismatch

        /// The step of the rule `id`; `nil` for a row of the table with no function here, which fails
        /// the test that runs every fixture.
        init?(_ id: RuleID) {
            switch id {
            case .duplicateID: self = .duplicateID
            case .unknownDestination: self = .unknownDestination
            case .orphanOutlet: self = .orphanOutlet
            case .orphanAction: self = .orphanAction
            case .duplicateOutlet: self = .duplicateOutlet
            case .duplicateAction: self = .duplicateAction
            case .duplicateProperty: self = .duplicateProperty
            case .unknownClass: self = .unknownClass
            case .classKindMismatch: self = .classKindMismatch
            case .unknownOutlet: self = .unknownOutlet
            case .unknownAction: self = .unknownAction
            case .outletTypeMismatch: self = .outletTypeMismatch
            case .actionSenderMismatch: self = .actionSenderMismatch
            case .unconnectedOutlet: self = .unconnectedOutlet
            case .unconnectedAction: self = .unconnectedAction
            case .unknownProperty: self = .unknownProperty
            case .propertyTypeMismatch: self = .propertyTypeMismatch
            default: return nil
            }
        }
    }

    /// Runs `step` when it is a structure rule, which runs with or without a catalog; `false` for a
    /// class rule, which the caller runs only with one.
    private mutating func runStructure(_ step: Step, _ catalog: borrowing ClassCatalog?) -> Bool {
        switch step {
        case .duplicateID: duplicateID()
        case .unknownDestination: unknownDestination()
        case .orphanOutlet: orphan(.outlet, .orphanOutlet)
        case .orphanAction: orphan(.action, .orphanAction)
        case .duplicateOutlet: duplicateOutlet(catalog)
        case .duplicateAction: duplicateAction()
        case .duplicateProperty: duplicateProperty()
        default: return false
        }
        return true
    }

    /// Runs the one class rule `step`.
    private mutating func runClasses(_ step: Step, _ catalog: borrowing ClassCatalog) {
        switch step {
        case .unknownClass: unknownClass(catalog)
        case .classKindMismatch: classKindMismatch(catalog)
        case .unknownOutlet: unknownMember(.outlet, .unknownOutlet, catalog)
        case .unknownAction: unknownMember(.action, .unknownAction, catalog)
        case .outletTypeMismatch: memberTypeMismatch(.outlet, .outletTypeMismatch, catalog)
        case .actionSenderMismatch: memberTypeMismatch(.action, .actionSenderMismatch, catalog)
        case .unconnectedOutlet: unconnected(.outlet, .unconnectedOutlet, catalog)
        case .unconnectedAction: unconnected(.action, .unconnectedAction, catalog)
        case .unknownProperty: unknownProperty(catalog)
        case .propertyTypeMismatch: propertyTypeMismatch(catalog)
        default: break
        }
    }

    // MARK: Structure

    /// `duplicate-id`: an id used twice, reported at the second element.
    private mutating func duplicateID() {
        for duplicate in analysis.duplicateIDs {
            let first = analysis.position(of: duplicate.first)
            report(
                .duplicateID, "id '\(duplicate.id)' is already used at line \(first.line)", at: duplicate.position,
                declared: [
                    Diagnostic.Note(
                        message: "the first element with this id", location: analysis.layout.location(first))
                ])
        }
    }

    /// `unknown-destination`: a destination id that nothing in the file declares.
    private mutating func unknownDestination() {
        for link in analysis.links {
            guard let id = link.writtenID, !link.isWrittenIDResolved else { continue }
            let hint = collector.isFull ? "" : suggestions.suggestion(for: id, in: analysis.ids.keys)
            report(
                .unknownDestination,
                "\(link.member) points at '\(id)', but no element has that id" + hint,
                at: link.position)
        }
    }

    /// `orphan-outlet` and `orphan-action`: `outlet=` or `action=` with no enclosing element that has a
    /// class; neither ever binds to the owner.
    private mutating func orphan(_ kind: MemberKind, _ rule: RuleID) {
        for link in analysis.links where link.isAttribute && link.source == nil && link.member.kind == kind {
            report(
                rule,
                "\(kind.rawValue)=\"\(link.member.name)\" has no enclosing element with a class to bind to; "
                    + "add class= to an enclosing element or use <connections>",
                at: link.position)
        }
    }

    /// `duplicate-outlet`: the same outlet of one object connected twice, reported at the second.
    private mutating func duplicateOutlet(_ catalog: ClassCatalog?) {
        // Sorted by source and member rather than hashed: comparing integers costs less than hashing every
        // name. Where the source's class declares the outlet, its position among the class's members is the
        // name (one class, one position per name); elsewhere (no catalog, an unknown outlet) the names are
        // compared. Ties keep link order, so each run of equals starts with the earliest link. Each key is
        // worked out once, before the sort compares it.
        let links = analysis.links
        let positions = catalog.map { allLinkPositions($0) }
        typealias Outlet = (slot: Int, member: Int, link: Int)
        var outlets: [Outlet] = []
        outlets.reserveCapacity(links.count)
        for index in links.indices where links[index].member.kind == .outlet {
            if let source = links[index].source {
                outlets.append((slot(of: source), positions?[index] ?? -1, index))
            }
        }
        guard outlets.count > 1 else { return }
        func sameMember(_ left: Outlet, _ right: Outlet) -> Bool {
            left.slot == right.slot && left.member == right.member
                && (left.member >= 0 || links[left.link].member.name == links[right.link].member.name)
        }
        outlets.sort { left, right in
            if left.slot != right.slot { return left.slot < right.slot }
            if left.member != right.member { return left.member < right.member }
            if left.member < 0 {
                let (leftName, rightName) = (links[left.link].member.name, links[right.link].member.name)
                if leftName != rightName { return leftName < rightName }
            }
            return left.link < right.link
        }
        var duplicates: [(link: Int, first: Int)] = []
        var first = outlets[0]
        for outlet in outlets.dropFirst() {
            if sameMember(outlet, first) {
                duplicates.append((outlet.link, first.link))
            } else {
                first = outlet
            }
        }
        // Reported in link order, as a walk of the links would find them.
        duplicates.sort { $0.link < $1.link }
        for (index, first) in duplicates {
            let link = links[index]
            guard let source = link.source else { continue }
            report(
                .duplicateOutlet,
                "\(link.member) of \(analysis.describe(source)) is already connected at line \(links[first].position.line)",
                at: link.position)
        }
    }

    /// `duplicate-action`: one control sending the same action of the same target for the same event twice.
    private mutating func duplicateAction() {
        struct Sending: Hashable {
            var control: LayoutAnalysis.Endpoint
            var event: Control.Event?
            var target: LayoutAnalysis.Endpoint
            var action: MemberKey
        }
        // A layout sends a few actions: the first few sends are compared in order, and only past them
        // hashed (hashing each send's key was most of this rule's cost).
        var firstFew: [(sending: Sending, position: SourcePosition)] = []
        var first: [Sending: SourcePosition] = [:]
        func earlier(_ sending: Sending) -> SourcePosition? {
            if let found = firstFew.first(where: { $0.sending == sending }) { return found.position }
            return first.isEmpty ? nil : first[sending]
        }
        // By index: each field is read in place, not the whole link copied.
        let links = analysis.links
        for index in links.indices where links[index].member.kind == .action {
            guard let target = links[index].source, let control = links[index].destination else { continue }
            let event = links[index].event
            let sending = Sending(control: control, event: event, target: target, action: links[index].member)
            if let earlier = earlier(sending) {
                report(
                    .duplicateAction,
                    "\(links[index].member) of \(analysis.describe(target)) is already sent by \(analysis.describe(control)) "
                        + "for \(event?.rawValue ?? "its event") at line \(earlier.line)",
                    at: links[index].position)
            } else if firstFew.count < 8 {
                firstFew.append((sending, links[index].position))
            } else {
                first[sending] = links[index].position
            }
        }
    }

    /// `duplicate-property`: the same `<property>` of one object set twice, reported at the second.
    ///
    /// An object's first few properties are compared in order, which allocates nothing; past those, the
    /// first position of each name is hashed, in a table sized once.
    private mutating func duplicateProperty() {
        let nodes = analysis.layout.nodes
        let comparedInOrder = 8
        for index in nodes.indices where nodes[index].properties.count > 1 {
            let properties = nodes[index].properties
            let isHashed = properties.count > comparedInOrder
            var first: [String: SourcePosition] = isHashed ? Dictionary(minimumCapacity: properties.count) : [:]
            for offset in properties.indices {
                let name = properties[offset].name
                let earlier =
                    isHashed ? first[name] : properties[..<offset].first { $0.name == name }?.position
                if let earlier {
                    report(
                        .duplicateProperty,
                        "property '\(name)' of <\(nodes[index].kind.rawValue)> is already set at line \(earlier.line)",
                        at: properties[offset].position)
                } else if isHashed {
                    first[name] = properties[offset].position
                }
            }
        }
    }

    // MARK: Classes

    /// The step before the class rules: the class of every endpoint (owner, externals, objects) that
    /// resolves, in `classes`; the references that do not, in `unresolved`.
    private mutating func resolveClasses(_ catalog: ClassCatalog) {
        func resolve(_ reference: ClassReference, _ endpoint: LayoutAnalysis.Endpoint) {
            switch catalog.resolve(reference, suggestions: &suggestions) {
            case .found(let entry): classes.set(entry, catalog.memberTable(of: entry.key), for: endpoint)
            case .notFound(let message):
                // A class of a module whose Swift sources were not read may exist: nothing is said of it,
                // unless a module that was read has a class of that name (a wrong module= is then likely).
                if let covered = catalog.coveredModules, let module = reference.module, !covered.contains(module),
                    !catalog.declaresClass(named: reference.name)
                {
                    return
                }
                let position = analysis.position(of: endpoint)
                let fixIts =
                    catalog.repair(of: reference, suggestions: &suggestions).map {
                        replacing(reference.name, with: $0, inAttribute: "class", at: position)
                    } ?? []
                unresolved.append((position, message, fixIts))
            }
        }
        if let owner = analysis.layout.owner { resolve(owner.classReference, .owner) }
        for (index, external) in analysis.layout.externals.enumerated() {
            if let reference = external.classReference { resolve(reference, .external(index)) }
        }
        let nodes = analysis.layout.nodes
        for index in nodes.indices {
            let kind = nodes[index].kind
            if let include = nodes[index].include {
                // An include's class is its layout's to report on (that layout is then an invalid-include
                // here, once); one that did not resolve has no class, and its own diagnostic says why.
                if include.isResolved, let reference = nodes[index].classReference,
                    case .found(let entry) = catalog.resolve(reference, suggestions: &suggestions)
                {
                    classes.set(entry, catalog.memberTable(of: entry.key), for: .object(index))
                } else if include.isResolved, nodes[index].classReference == nil, let entry = catalog.entry(for: kind) {
                    classes.set(entry, catalog.memberTable(for: kind), for: .object(index))
                }
            } else if let reference = nodes[index].classReference {
                resolve(reference, .object(index))
            } else if let entry = catalog.entry(for: kind) {
                classes.set(entry, catalog.memberTable(for: kind), for: .object(index))
            }
        }
    }

    /// The classes a document's own resolution step found, set as `resolveClasses` sets a layout's.
    private mutating func take(_ resolution: ExternalDocument.Resolution, _ catalog: ClassCatalog) {
        for (index, key) in resolution.classKeys.enumerated() {
            guard let key, let entry = catalog.classes[key] else { continue }
            classes.set(entry, catalog.memberTable(of: key), for: .object(index))
        }
        for (index, message) in resolution.unresolved {
            let position = analysis.position(of: .object(index))
            let fixIts =
                resolution.repairs[index].map {
                    replacing($0.written, with: $0.repair, inAttribute: "customClass", at: position)
                } ?? []
            unresolved.append((position, message, fixIts))
        }
    }

    /// `unknown-class`: a class that the catalog does not know.
    private mutating func unknownClass(_ catalog: ClassCatalog) {
        for (position, message, fixIts) in unresolved {
            report(.unknownClass, message, at: position, fixIts: fixIts)
        }
    }

    /// `class-kind-mismatch`: `<label class="X">` where X does not derive from `label`.
    private mutating func classKindMismatch(_ catalog: ClassCatalog) {
        let nodes = analysis.layout.nodes
        for index in nodes.indices where nodes[index].classReference != nil && nodes[index].include == nil {
            // A class whose superclass is a library's may derive from anything: nothing is said of it.
            guard let entry = classes[.object(index)], catalog.ancestryIsKnown(of: entry.key) else { continue }
            let kind = nodes[index].kind
            if !catalog.derives(entry.key, from: kind.rawValue) {
                let actual =
                    catalog.builtInKind(of: entry.key).map { "derives from <\($0.rawValue)>" } ?? "is not a view"
                report(
                    .classKindMismatch,
                    "class '\(entry.key)' cannot be created by <\(kind.rawValue)>: it \(actual), not <\(kind.rawValue)>",
                    at: nodes[index].position, declared: Self.declaration(of: entry))
                classes.set(nil, nil, for: .object(index))
            }
        }
    }

    /// `unknown-outlet` and `unknown-action`: a connection to a member the source class (an action's
    /// target) does not declare.
    private mutating func unknownMember(_ memberKind: MemberKind, _ rule: RuleID, _ catalog: ClassCatalog) {
        let links = analysis.links
        for index in links.indices where links[index].member.kind == memberKind {
            // A class of a module whose sources were not read (UIKit's own) is that module's business.
            guard let source = links[index].source, let entry = classes[source], member(ofLink: index, catalog) == nil,
                catalog.openReason(of: entry.key) == nil, !catalog.isForeign(entry)
            else { continue }
            let link = links[index]
            var (message, only) = unknownMemberMessage(link.member, of: entry, catalog)
            // An outlet this object connects already is no repair: it would be connected twice.
            if let name = only, memberKind == .outlet, !link.isCollection,
                links.contains(where: { $0.source == source && $0.member == .outlet(name) })
            {
                message += " ('\(name)' is connected already: no fix is offered)"
                only = nil
            }
            let fixIts =
                only.map {
                    replacing(link.member.name, with: $0, inAttribute: attributeName(of: link), at: link.position)
                } ?? []
            report(rule, message, at: link.position, declared: Self.declaration(of: entry), fixIts: fixIts)
        }
    }

    /// The attribute that writes a link's member name: `outlet=`/`action=` on an object, `property=`/`name=`
    /// of a layout's connection, `property=`/`selector=` of an Interface Builder one.
    private func attributeName(of link: LayoutAnalysis.Link) -> String {
        switch (link.member.kind, link.isAttribute, document) {
        case (.outlet, true, _): "outlet"
        case (_, true, _): "action"
        case (.outlet, false, _): "property"
        case (_, false, .interfaceBuilder): "selector"
        default: "name"
        }
    }

    /// The fix-it that writes `value` for the attribute `name` of the start tag at `position`, in this
    /// file; none when the rules have no bytes or the position is in another file.
    private mutating func replacing(
        _ old: String, with value: String, inAttribute name: String, at position: SourcePosition
    ) -> [FixIt] {
        guard position.file == .main, let source else { return [] }
        if fixSource == nil { fixSource = FixItSource(file: analysis.layout.file, bytes: source) }
        return fixSource?.replacing(old, with: value, inAttribute: name, at: position).map { [$0] } ?? []
    }

    /// The member the link at `index` connects, of its source's class.
    private mutating func member(ofLink index: Int, _ catalog: ClassCatalog) -> ClassCatalog.Member? {
        guard let position = position(ofLink: index, catalog), let source = analysis.links[index].source,
            let table = classes.members(of: source)
        else { return nil }
        return catalog.member(at: position, in: table)
    }

    /// Where the member the link at `index` connects is in its source's class: `linkPositions`, made on first use.
    private mutating func position(ofLink index: Int, _ catalog: ClassCatalog) -> Int? {
        if linkPositions == nil { _ = allLinkPositions(catalog) }
        return linkPositions?[index]
    }

    /// `linkPositions`, made on first use.
    private mutating func allLinkPositions(_ catalog: ClassCatalog) -> [Int?] {
        if let linkPositions { return linkPositions }
        let links = analysis.links
        let positions = links.indices.map { index in
            links[index].source.flatMap { classes.members(of: $0) }.flatMap {
                catalog.position(of: links[index].member, in: $0)
            }
        }
        linkPositions = positions
        return positions
    }

    /// `Class has no action named 'x'`, with the closest declared name, or the declared names, or none;
    /// and the closest name when no other is as close (the one repair).
    private mutating func unknownMemberMessage(
        _ member: MemberKey, of entry: ClassCatalog.ClassEntry, _ catalog: ClassCatalog
    ) -> (message: String, only: String?) {
        // Past the cap the message is never shown: no hint is looked for.
        guard !collector.isFull else {
            return ("\(entry.displayName) has no \(member.kind.rawValue) named '\(member.name)'", nil)
        }
        var declared = catalog.members(of: entry.key, kind: member.kind)
        // What UIKit's classes above an app's class declare (`UIResponder`'s `copy:`) is no hint about the app's.
        let foreign = catalog.lineage(of: entry.key).filter(catalog.isForeign)
        if !foreign.isEmpty {
            let inherited = Set(foreign.flatMap { $0.members.map(\.key) })
            declared.removeAll { inherited.contains($0.key) }
        }
        let hint: String
        var only: String?
        if declared.isEmpty {
            hint = "; it declares no \(member.kind.plural)"
        } else if let closest = suggestions.closest(
            to: member.name, in: declared.lazy.map(\.name), countingTies: true)
        {
            hint = "; did you mean '\(closest.name)'?" + Self.noFix(tie: closest.tie)
            only = closest.tie == nil ? closest.name : nil
        } else {
            hint = "; it declares \(listed(declared.map(\.name)))"
        }
        return ("\(entry.displayName) has no \(member.kind.rawValue) named '\(member.name)'\(hint)", only)
    }

    /// Why a did-you-mean has no fix-it: another name is as close.
    static func noFix(tie: String?) -> String {
        tie.map { " ('\($0)' is as close: no fix is offered)" } ?? ""
    }

    /// `outlet-type-mismatch` and `action-sender-mismatch`: the destination is not of the outlet's type,
    /// or the control is not of the sender type the action accepts.
    private mutating func memberTypeMismatch(_ kind: MemberKind, _ rule: RuleID, _ catalog: ClassCatalog) {
        let links = analysis.links
        for index in links.indices where links[index].member.kind == kind {
            guard let source = links[index].source, let sourceClass = classes[source],
                let member = self.member(ofLink: index, catalog)
            else { continue }
            if kind == .outlet && links[index].isCollection != member.isCollection {
                report(
                    rule,
                    member.isCollection
                        ? "\(links[index].member) of \(sourceClass.displayName) is an outlet collection, but it is connected as a single outlet"
                        : "\(links[index].member) of \(sourceClass.displayName) is not an outlet collection, but it is connected as one",
                    at: links[index].position, declared: Self.declaration(of: member, in: sourceClass))
                continue
            }
            // A member whose type is no class the catalog has, or a destination whose ancestry is not
            // known all the way up (a library's superclass), cannot be judged; asked only of a misfit.
            guard let destination = links[index].destination, let destinationClass = classes[destination],
                member.type != nil || member.declaration != nil
            else { continue }
            if !catalog.fits(destinationClass, member), catalog.ancestryIsKnown(of: destinationClass.key) {
                let message =
                    kind == .action
                    ? "\(links[index].member) of \(sourceClass.displayName) accepts a sender of type \(member.typeName), "
                        + "but \(analysis.describe(destination)) is of type \(destinationClass.typeName)"
                    : "\(links[index].member) of \(sourceClass.displayName) has type \(member.typeName), "
                        + "but its destination \(analysis.describe(destination)) is of type \(destinationClass.typeName)"
                report(
                    rule, message, at: links[index].position, declared: Self.declaration(of: member, in: sourceClass))
            }
        }
    }

    /// `unknown-property`: a `<property>` the object's class does not declare.
    private mutating func unknownProperty(_ catalog: ClassCatalog) {
        let nodes = analysis.layout.nodes
        for index in nodes.indices where !nodes[index].properties.isEmpty {
            guard let entry = classes[.object(index)], let table = classes.members(of: .object(index)) else { continue }
            for property in nodes[index].properties {
                let key = MemberKey.property(property.name)
                guard catalog.member(key, in: table) == nil, catalog.openReason(of: entry.key) == nil else { continue }
                report(.unknownProperty, unknownMemberMessage(key, of: entry, catalog).message, at: property.position)
            }
        }
    }

    /// `property-type-mismatch`: a `<property>` value that does not parse as the declared type.
    private mutating func propertyTypeMismatch(_ catalog: ClassCatalog) {
        let nodes = analysis.layout.nodes
        for index in nodes.indices where !nodes[index].properties.isEmpty {
            guard let entry = classes[.object(index)], let table = classes.members(of: .object(index)) else { continue }
            for property in nodes[index].properties {
                guard let member = catalog.member(.property(property.name), in: table),
                    let type = member.propertyType, type.parse(property.value, values: member.values) == nil
                else { continue }
                report(
                    .propertyTypeMismatch,
                    "property '\(property.name)' of \(entry.displayName) has type \(type.rawValue), "
                        + "but its value is \(quoted(property.value)); expected \(type.expected(values: member.values))"
                        + (type == .enum
                            ? suggestions.suggestion(for: Lexical.collapse(property.value), in: member.values) : ""),
                    at: property.position)
            }
        }
    }

    /// `unconnected-outlet` and `unconnected-action`: a non-optional outlet or action of an object (or
    /// the owner) that nothing connects.
    private mutating func unconnected(_ kind: MemberKind, _ rule: RuleID, _ catalog: ClassCatalog) {
        // Most catalogs have no required member of a kind at all: then no object need be looked at.
        guard catalog.hasRequiredMembers(kind) else { return }
        if analysis.layout.owner != nil { unconnected(kind, rule, catalog, at: .owner) }
        // An include's object has its outlets connected in its own layout, and checked there.
        for index in analysis.layout.nodes.indices where analysis.layout.nodes[index].include == nil {
            unconnected(kind, rule, catalog, at: .object(index))
        }
    }

    private mutating func unconnected(
        _ kind: MemberKind, _ rule: RuleID, _ catalog: ClassCatalog, at endpoint: LayoutAnalysis.Endpoint
    ) {
        guard let table = classes.members(of: endpoint) else { return }
        let required = catalog.requiredPositions(in: table, kind: kind)
        guard !required.isEmpty, let entry = classes[endpoint] else { return }
        if connectedPositions == nil {
            var connected = [[Bool]?](repeating: nil, count: slot(of: .object(analysis.layout.nodes.count)))
            for index in analysis.links.indices {
                guard let source = analysis.links[index].source, let position = position(ofLink: index, catalog),
                    let sourceTable = classes.members(of: source)
                else { continue }
                let slot = slot(of: source)
                if connected[slot] == nil {
                    connected[slot] = Array(repeating: false, count: catalog.memberCount(in: sourceTable))
                }
                connected[slot]?[position] = true
            }
            connectedPositions = connected
        }
        let connected = connectedPositions?[slot(of: endpoint)]
        for position in required where connected?[position] != true {
            let member = catalog.member(at: position, in: table)
            // Objects × outlets can be millions: past the cap the message is never made.
            collector.report(
                rule,
                "\(member.key) of \(entry.displayName) is not connected in this layout",
                at: analysis.layout.location(analysis.position(of: endpoint)),
                notes: Self.declaration(of: member, in: entry))
        }
    }

    /// Where an endpoint's entry is in `connectedPositions`.
    private func slot(of endpoint: LayoutAnalysis.Endpoint) -> Int {
        switch endpoint {
        case .owner: 0
        case .external(let index): 1 + index
        case .object(let index): 1 + analysis.layout.externals.count + index
        }
    }

    private mutating func report(
        _ rule: RuleID, _ message: String, at position: SourcePosition, declared notes: [Diagnostic.Note] = [],
        fixIts: [FixIt] = []
    ) {
        guard !fixIts.isEmpty else {
            collector.report(rule, message, at: analysis.layout.location(position), notes: notes)
            return
        }
        collector.report(
            Diagnostic(
                rule: rule, message: message, location: analysis.layout.location(position), notes: notes,
                fixIts: fixIts))
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
