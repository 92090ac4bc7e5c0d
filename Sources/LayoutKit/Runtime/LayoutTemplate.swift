/// A checked layout compiled to what instantiation walks: object recipes in document order, and
/// connections with their Swift members. Immutable, so any number of threads share one.
struct LayoutTemplate: Sendable {
    struct ObjectRecipe: Sendable {
        var make: @Sendable () -> View
        var attributeValues: [AttributeValue]
        var parent: Int?
    }

    /// One member of one object to connect to another: the compiled form of a `LayoutAnalysis.Link`.
    struct ConnectionRecipe: Sendable {
        var source: LayoutAnalysis.Endpoint
        var member: MemberDeclaration
        var destination: LayoutAnalysis.Endpoint
        var location: SourceLocation
    }

    struct Placeholder: Sendable {
        /// `nil` for the owner.
        var name: String?
        var type: ClassType?
        var className: String?
        var location: SourceLocation
    }

    let file: String
    let objects: [ObjectRecipe]
    let topLevel: [Int]
    let connections: [ConnectionRecipe]
    /// Set when some outlet connects from or to the owner, which then must be supplied.
    let owner: Placeholder?
    let externals: [Placeholder]

    /// Compiles an analysis that has no errors left.
    ///
    /// An error an `lk:ignore` silenced leaves what it was about out rather than failing: an object of
    /// a class that did not resolve is its element's built-in class, and a connection that cannot be
    /// made (no such outlet, no such destination, a destination of the wrong type) is not made.
    init(
        analysis: LayoutAnalysis, classes: EndpointClasses, catalog: ClassCatalog
    ) {
        let layout = analysis.layout
        file = layout.file
        objects = analysis.objects.enumerated().map { index, object in
            let kind = object.node.kind
            let make = classes[.object(index)]?.make ?? { @Sendable in kind.viewClass.init() }
            return ObjectRecipe(make: make, attributeValues: object.node.attributeValues, parent: object.parent)
        }
        topLevel = analysis.topLevel
        // The class of the object made for an endpoint: its own, or its element's built-in one when that did not resolve.
        func madeClass(_ endpoint: LayoutAnalysis.Endpoint) -> ClassCatalog.ClassEntry? {
            guard classes[endpoint] == nil, case .object(let index) = endpoint else { return classes[endpoint] }
            return catalog.classes[analysis.objects[index].node.kind.rawValue]
        }
        connections = analysis.links.compactMap { link in
            guard let source = link.source, let destination = link.destination, let entry = classes[source],
                let member = catalog.member(link.member, of: entry.key)
            else { return nil }
            if let destinationClass = madeClass(destination), !catalog.fits(destinationClass, member) { return nil }
            guard let declaration = member.declaration else { return nil }
            return ConnectionRecipe(
                source: source, member: declaration, destination: destination, location: layout.location(link.position))
        }
        let usesOwner = connections.contains { $0.source == .owner || $0.destination == .owner }
        owner = layout.owner.flatMap { owner in
            usesOwner
                ? Placeholder(
                    name: nil, type: classes[.owner]?.swiftType, className: owner.classReference.description,
                    location: layout.location(owner.position))
                : nil
        }
        externals = layout.externals.enumerated().map { index, external in
            Placeholder(
                name: external.name, type: classes[.external(index)]?.swiftType,
                className: external.classReference?.description, location: layout.location(external.position))
        }
    }

    /// Creates every object, sets its properties, builds the tree, connects every outlet, then wakes
    /// each created object in document order.
    func instantiate(owner: AnyObject?, externalObjects: [String: AnyObject]) throws(LayoutError) -> [AnyObject] {
        try checkPlaceholders(owner: owner, externalObjects: externalObjects)
        var created: [View] = []
        created.reserveCapacity(objects.count)
        for recipe in objects {
            let view = recipe.make()
            for value in recipe.attributeValues { value.apply(to: view) }
            created.append(view)
        }
        for (index, recipe) in objects.enumerated() {
            if let parent = recipe.parent { created[parent].addSubview(created[index]) }
        }
        func resolve(_ endpoint: LayoutAnalysis.Endpoint) -> AnyObject? {
            switch endpoint {
            case .owner: owner
            case .external(let index): externals[index].name.flatMap { externalObjects[$0] }
            case .object(let index): created[index]
            }
        }
        // Every connection is checked before any is made: a failure must leave the owner and the external
        // objects, which the caller keeps, untouched rather than pointing into a graph that is thrown away.
        var checked: [(source: AnyObject, destination: AnyObject, member: MemberDeclaration)] = []
        checked.reserveCapacity(connections.count)
        var problems: [Diagnostic] = []
        for connection in connections {
            guard let source = resolve(connection.source), let destination = resolve(connection.destination) else {
                continue
            }
            let member = connection.member
            if !isSubclass(type(of: source), of: member.sourceType.type) {
                problems.append(
                    Diagnostic(
                        rule: .outletTypeMismatch,
                        message:
                            "\(member.key) belongs to \(member.sourceType.name), but the object given for its source is of type \(type(of: source))",
                        location: connection.location))
            } else if !member.accepts(type(of: destination)) {
                problems.append(
                    Diagnostic(
                        rule: .outletTypeMismatch,
                        message:
                            "\(member.key) has type \(member.valueType.name), but the object given for it is of type \(type(of: destination))",
                        location: connection.location))
            }
            checked.append((source, destination, member))
        }
        if !problems.isEmpty { throw LayoutError(diagnostics: problems) }
        for connection in checked {
            // Checked above, so this cannot fail.
            _ = connection.member.accessor.apply(connection.source, connection.destination)
        }
        for view in created { view.awakeFromLayout() }
        return topLevel.map { created[$0] }
    }

    private func checkPlaceholders(owner: AnyObject?, externalObjects: [String: AnyObject]) throws(LayoutError) {
        var problems: [Diagnostic] = []
        // The caller's dictionary may be large and the layout's externals many: one budget for the call.
        var suggestions = SuggestionBudget()
        if let placeholder = self.owner {
            if let owner {
                if let type = placeholder.type, !isSubclass(Swift.type(of: owner), of: type.type) {
                    problems.append(
                        Diagnostic(
                            rule: .ownerClassMismatch,
                            message:
                                "the owner must be a \(placeholder.className ?? type.name), but a \(Swift.type(of: owner)) was given",
                            location: placeholder.location))
                }
            } else {
                problems.append(
                    Diagnostic(
                        rule: .missingOwner,
                        message:
                            "this layout connects outlets of its owner (\(placeholder.className ?? "?")), but no owner was given",
                        location: placeholder.location))
            }
        }
        for external in externals {
            guard let name = external.name else { continue }
            guard let object = externalObjects[name] else {
                problems.append(
                    Diagnostic(
                        rule: .missingExternal,
                        message: "no external object named \(quoted(name)) was given"
                            + suggestions.suggestion(for: name, in: externalObjects.keys),
                        location: external.location))
                continue
            }
            if let type = external.type, !isSubclass(Swift.type(of: object), of: type.type) {
                problems.append(
                    Diagnostic(
                        rule: .externalClassMismatch,
                        message:
                            "external \(quoted(name)) must be a \(external.className ?? type.name), but a \(Swift.type(of: object)) was given",
                        location: external.location))
            }
        }
        if !problems.isEmpty { throw LayoutError(diagnostics: problems) }
    }
}
