/// A checked layout compiled to what instantiation walks: object recipes in document order, and
/// outlet bindings with their Swift setters. Immutable, so any number of threads share one.
struct LayoutTemplate: Sendable {
    struct ObjectRecipe: Sendable {
        var make: @Sendable () -> View
        var properties: [Property]
        var parent: Int?
    }

    struct Binding: Sendable {
        var source: LayoutAnalysis.Endpoint
        var outlet: Outlet
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
    let bindings: [Binding]
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
            return ObjectRecipe(make: make, properties: object.node.properties, parent: object.parent)
        }
        topLevel = analysis.topLevel
        // The class of the object made for an endpoint: its own, or its element's built-in one when that did not resolve.
        func madeClass(_ endpoint: LayoutAnalysis.Endpoint) -> ClassCatalog.ClassEntry? {
            guard classes[endpoint] == nil, case .object(let index) = endpoint else { return classes[endpoint] }
            return catalog.classes[analysis.objects[index].node.kind.rawValue]
        }
        bindings = analysis.bindings.compactMap { binding in
            guard let source = binding.source, let destination = binding.destination, let entry = classes[source],
                let outlet = catalog.outlets(of: entry.key).first(where: { $0.name == binding.property })
            else { return nil }
            if let destinationClass = madeClass(destination), !catalog.fits(destinationClass, outlet) { return nil }
            guard let setter = outlet.outlet else { return nil }
            return Binding(
                source: source, outlet: setter, destination: destination, location: layout.location(binding.position))
        }
        let usesOwner = bindings.contains { $0.source == .owner || $0.destination == .owner }
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
            for property in recipe.properties { property.apply(to: view) }
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
        // Every binding is checked before any is made: a failure must leave the owner and the external
        // objects, which the caller keeps, untouched rather than pointing into a graph that is thrown away.
        var connections: [(source: AnyObject, destination: AnyObject, outlet: Outlet)] = []
        connections.reserveCapacity(bindings.count)
        var problems: [Diagnostic] = []
        for binding in bindings {
            guard let source = resolve(binding.source), let destination = resolve(binding.destination) else { continue }
            let outlet = binding.outlet
            if !isSubclass(type(of: source), of: outlet.sourceType.type) {
                problems.append(
                    Diagnostic(
                        rule: .outletTypeMismatch,
                        message:
                            "outlet '\(outlet.name)' belongs to \(outlet.sourceType.name), but the object given for its source is of type \(type(of: source))",
                        location: binding.location))
            } else if !outlet.accepts(type(of: destination)) {
                problems.append(
                    Diagnostic(
                        rule: .outletTypeMismatch,
                        message:
                            "outlet '\(outlet.name)' has type \(outlet.destinationType.name), but the object given for it is of type \(type(of: destination))",
                        location: binding.location))
            }
            connections.append((source, destination, outlet))
        }
        if !problems.isEmpty { throw LayoutError(diagnostics: problems) }
        for connection in connections {
            // Checked above, so this cannot fail.
            _ = connection.outlet.connect(connection.source, to: connection.destination)
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
