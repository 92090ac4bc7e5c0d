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

    /// Compiles an analysis whose rules all passed; every class is resolved and every link has a member.
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
        connections = analysis.links.compactMap { link in
            guard let source = link.source, let destination = link.destination, let entry = classes[source],
                let member = catalog.member(link.member, of: entry.key)?.declaration
            else { return nil }
            return ConnectionRecipe(
                source: source, member: member, destination: destination, location: layout.location(link.position))
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
        for connection in connections {
            guard let source = resolve(connection.source), let destination = resolve(connection.destination) else {
                continue
            }
            guard connection.member.accessor.apply(source, destination) else {
                throw LayoutError(
                    Diagnostic(
                        rule: .outletTypeMismatch,
                        message:
                            "\(connection.member.key) has type \(connection.member.valueType.name), but the object given for it is of type \(type(of: destination))",
                        location: connection.location))
            }
        }
        for view in created { view.awakeFromLayout() }
        return topLevel.map { created[$0] }
    }

    private func checkPlaceholders(owner: AnyObject?, externalObjects: [String: AnyObject]) throws(LayoutError) {
        var problems: [Diagnostic] = []
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
                            + suggestion(for: name, in: externalObjects.keys),
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
