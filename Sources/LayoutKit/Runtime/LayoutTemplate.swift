/// A checked layout compiled to what instantiation walks: object recipes in document order, and
/// connections with their Swift members. Immutable, so any number of threads share one.
struct LayoutTemplate: Sendable {
    struct ObjectRecipe: Sendable {
        /// The class created: `viewClass.init()`, as the element's class entry says (`ClassEntry.viewClass`).
        var viewClass: View.Type
        /// The element's attributes that a `viewClass` object has, each set with no cast.
        var attributes: [AttributeSetter]
        /// `<property>` values, each converted to its property's type once, as the closure that sets it
        /// (`MemberAccessor.bind`).
        var properties: [@Sendable (AnyObject) -> Bool] = []
        var parent: Int?
    }

    /// One member of one object to connect to another: the compiled form of a `LayoutAnalysis.Link`.
    /// For an action, `source` is the target and `destination` the control that sends it for `event`.
    struct ConnectionRecipe: Sendable {
        var source: LayoutAnalysis.Endpoint
        var member: MemberDeclaration
        var destination: LayoutAnalysis.Endpoint
        var event: Control.Event?
        var location: SourceLocation
        /// Whether both ends are created objects whose classes, known when compiling, fit `member`:
        /// instantiating need not check this connection again.
        var fitsWhenCompiled = false
        /// `member.accessor.storedOffset`, read once: where an outlet's stored property lies.
        var storedOffset: CheckedOffset?
        /// For an action, `member.accessor.sendAction`, made once: what the control calls.
        var sendAction: (@Sendable (AnyObject, AnyObject) -> Bool)?

        /// This connection in a template that holds its template's objects from `offset` on: an
        /// included layout's, which has no placeholders, so every endpoint is an object.
        func moved(by offset: Int) -> ConnectionRecipe {
            func move(_ endpoint: LayoutAnalysis.Endpoint) -> LayoutAnalysis.Endpoint {
                guard case .object(let index) = endpoint else { return endpoint }
                return .object(index + offset)
            }
            var moved = self
            moved.source = move(source)
            moved.destination = move(destination)
            return moved
        }
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
    /// Whether some connection sets a member only the main actor may set: decided once, not per instantiation.
    private let connectsOnMainActorOnly: Bool
    /// Whether every connection with a stored offset may be set through it: `false` until each offset is
    /// seen to agree (`CheckedOffset`), so that an instantiation asks once rather than once per outlet.
    /// `nil` when no connection has one.
    private let storedOffsetsAgree: Locked<Bool>?
    /// Set when some outlet connects from or to the owner, which then must be supplied.
    let owner: Placeholder?
    let externals: [Placeholder]
    /// The `<layout>` start tag: where findings about the whole layout point.
    let location: SourceLocation
    /// The start tags of the top-level objects, in document order.
    let topLevelLocations: [SourceLocation]

    /// Compiles an analysis that has no errors left.
    ///
    /// An error an `lk:ignore` silenced leaves what it was about out rather than failing: an object of
    /// a class that did not resolve is its element's built-in class, and a connection that cannot be
    /// made (no such outlet, no such destination, a destination of the wrong type) is not made.
    ///
    /// - Parameter included: The compiled layout of each `<include>`, by its object's index in
    ///   `analysis`. Its objects and connections are spliced in where the include stands, in document
    ///   order, so that instantiating makes, connects and wakes them with the rest; the included
    ///   template is compiled once and shared, however many layouts include it.
    init(
        analysis: LayoutAnalysis, classes: EndpointClasses, catalog: ClassCatalog,
        included: [Int: Held<LayoutTemplate>] = [:]
    ) {
        let layout = analysis.layout
        file = layout.file
        // Where each object of the analysis lands among the recipes: an include's object is the
        // included layout's top-level object.
        var recipes: [ObjectRecipe] = []
        var placed: [Int] = []
        // The included layouts' connections, in document order, then this layout's own: sized once for
        // both, so that neither list is copied into the other.
        var connectionRecipes: [ConnectionRecipe] = []
        // The exact class each object is, by the analysis's object index; `nil` where not known here
        // (an include's object).
        var madeTypes: [AnyObject.Type?] = []
        let nodes = layout.nodes
        // Sized once, an include's objects counted in: growing was an allocation and a copy per doubling.
        recipes.reserveCapacity(included.values.reduce(nodes.count) { $0 + $1.value.objects.count })
        connectionRecipes.reserveCapacity(
            included.values.reduce(analysis.links.count) { $0 + $1.value.connections.count })
        placed.reserveCapacity(nodes.count)
        madeTypes.reserveCapacity(nodes.count)
        for index in nodes.indices {
            let parent = nodes[index].parent.map { placed[$0] }
            if let held = included[index], let top = held.value.topLevel.first {
                let offset = recipes.count
                for recipe in held.value.objects {
                    var moved = recipe
                    moved.parent = recipe.parent.map { $0 + offset } ?? parent
                    recipes.append(moved)
                }
                placed.append(offset + top)
                madeTypes.append(nil)
                for connection in held.value.connections { connectionRecipes.append(connection.moved(by: offset)) }
                continue
            }
            // An entry that cannot be created (a silenced `class-kind-mismatch` naming a class layouts only
            // connect) creates the element's own class, as an unresolved class does.
            let viewClass = classes[.object(index)]?.viewClass ?? nodes[index].kind.viewClass
            madeTypes.append(viewClass)
            // A property the rules found unknown or mistyped (and an lk:ignore silenced) is not set.
            var properties: [@Sendable (AnyObject) -> Bool] = []
            if !nodes[index].properties.isEmpty, let table = classes.members(of: .object(index)) {
                properties.reserveCapacity(nodes[index].properties.count)
                for property in nodes[index].properties {
                    guard let member = catalog.member(.property(property.name), in: table),
                        let declaration = member.declaration, let type = member.propertyType,
                        let value = type.parse(property.value, values: member.values),
                        let setter = declaration.accessor.bind(value)
                    else { continue }
                    properties.append(setter)
                }
            }
            // Sized once: a compactMap would grow the array from empty, an allocation per doubling.
            var attributes: [AttributeSetter] = []
            attributes.reserveCapacity(nodes[index].attributeValues.count)
            for value in nodes[index].attributeValues {
                if let setter = AttributeSetter(value, on: viewClass) { attributes.append(setter) }
            }
            placed.append(recipes.count)
            recipes.append(
                ObjectRecipe(viewClass: viewClass, attributes: attributes, properties: properties, parent: parent))
        }
        objects = recipes
        topLevel = layout.topLevel.map { placed[$0] }
        func place(_ endpoint: LayoutAnalysis.Endpoint) -> LayoutAnalysis.Endpoint {
            guard case .object(let index) = endpoint else { return endpoint }
            return .object(placed[index])
        }
        location = layout.location(layout.position)
        topLevelLocations = layout.topLevel.map { layout.location(nodes[$0].position) }
        // The class of the object made for an endpoint: its own, or its element's built-in one when that did not resolve.
        func madeClass(_ endpoint: LayoutAnalysis.Endpoint) -> ClassCatalog.ClassEntry? {
            guard classes[endpoint] == nil, case .object(let index) = endpoint else { return classes[endpoint] }
            return catalog.classes[nodes[index].kind.rawValue]
        }
        // Each link's fields read in place, by index; the recipes in one array, sized once.
        let links = analysis.links
        // The member a link connects: where the rules found it, else looked up by name.
        let linkPositions = classes.linkPositions
        func member(ofLink index: Int, in table: ClassCatalog.MemberTable) -> ClassCatalog.Member? {
            guard let linkPositions else { return catalog.member(links[index].member, in: table) }
            return linkPositions[index].map { catalog.member(at: $0, in: table) }
        }
        for index in links.indices {
            guard let source = links[index].source, let destination = links[index].destination,
                let table = classes.members(of: source), let member = member(ofLink: index, in: table)
            else { continue }
            if let destinationClass = madeClass(destination), !catalog.fits(destinationClass, member) {
                continue
            }
            guard let declaration = member.declaration else { continue }
            var fitsWhenCompiled = false
            if case .object(let sourceIndex) = source, case .object(let destinationIndex) = destination,
                let sourceType = madeTypes[sourceIndex], let destinationType = madeTypes[destinationIndex]
            {
                fitsWhenCompiled =
                    isSubclass(sourceType, of: declaration.sourceType.type) && declaration.accepts(destinationType)
            }
            let event = links[index].event
            connectionRecipes.append(
                ConnectionRecipe(
                    source: place(source), member: declaration, destination: place(destination), event: event,
                    location: layout.location(links[index].position), fitsWhenCompiled: fitsWhenCompiled,
                    storedOffset: declaration.accessor.storedOffset,
                    sendAction: event == nil ? nil : declaration.accessor.sendAction))
        }
        connections = connectionRecipes
        connectsOnMainActorOnly = connections.contains { $0.member.accessor.isMainActor }
        storedOffsetsAgree = connections.contains { $0.storedOffset != nil } ? Locked(false) : nil
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

    /// Creates every object, sets its attributes and `<property>` values, builds the tree, connects
    /// every outlet and action, then wakes each created object in document order.
    ///
    /// - Parameter ownerMembers: The members of the owner's class, when the caller could read them: a
    ///   required one the layout never connects is `unconnected-owner`.
    /// - Throws: `LayoutError`; `main-actor-outlet` when a connection needs the main actor, which only
    ///   `instantiateOnMainActor` has.
    func instantiate(
        owner: AnyObject?, ownerMembers: [MemberDeclaration]? = nil, externalObjects: [String: AnyObject]
    ) throws(LayoutError) -> TopLevelObjects {
        if connectsOnMainActorOnly {
            let isolated = connections.filter { $0.member.accessor.isMainActor }
            throw LayoutError(
                diagnostics: isolated.map { connection in
                    Diagnostic(
                        rule: .mainActorOutlet,
                        message:
                            "\(connection.member.key) of \(connection.member.sourceType.name) "
                            + (connection.event == nil ? "is set" : "is connected and called")
                            + " on the main actor only; "
                            + "instantiate from the main actor with an owner typed as its MainActorOutletDeclaring class, "
                            + "or call instantiateOnMainActor(owner:externalObjects:)",
                        location: connection.location)
                })
        }
        let graph = try build(owner: owner, ownerMembers: ownerMembers, externalObjects: externalObjects)
        let offsetsAgree = storedOffsetsAgree?.withLock { $0 } ?? true
        for recipe in connections.indices {
            if connectsDirectly(recipe, in: graph, offsetsAgree: offsetsAgree) { continue }
            guard let source = graph.resolve(connections[recipe].source),
                let destination = graph.resolve(connections[recipe].destination)
            else { continue }
            // Checked by `build`, and none is isolated, so neither can fail.
            let accessor = connections[recipe].member.accessor
            if let offset = connections[recipe].storedOffset, offset.verdict == .unchecked {
                let old = accessor.read(source)
                let heldOld = StoredPropertyOffset.holds(old, at: offset.offset, of: source)
                _ = accessor.apply(source, destination)
                offset.record(
                    old: old, new: destination, heldOld: heldOld,
                    holdsNew: StoredPropertyOffset.holds(destination, at: offset.offset, of: source))
            } else {
                _ = accessor.apply(source, destination)
            }
        }
        if !offsetsAgree { noteAgreeingOffsets() }
        return graph.awaken(topLevel)
    }

    /// `instantiate`, on the main actor: connects members of main-actor classes too.
    @MainActor
    func instantiateOnMainActor(
        owner: AnyObject?, ownerMembers: [MemberDeclaration]? = nil, externalObjects: [String: AnyObject]
    ) throws(LayoutError) -> TopLevelObjects {
        let graph = try build(owner: owner, ownerMembers: ownerMembers, externalObjects: externalObjects)
        let offsetsAgree = storedOffsetsAgree?.withLock { $0 } ?? true
        for recipe in connections.indices {
            if connectsDirectly(recipe, in: graph, offsetsAgree: offsetsAgree) { continue }
            guard let source = graph.resolve(connections[recipe].source),
                let destination = graph.resolve(connections[recipe].destination)
            else { continue }
            // Checked by `build`, so neither can fail. As in `instantiate`, with the main actor's closures.
            let accessor = connections[recipe].member.accessor
            if let offset = connections[recipe].storedOffset, offset.verdict == .unchecked {
                let old = accessor.readOnMainActor(source)
                let heldOld = StoredPropertyOffset.holds(old, at: offset.offset, of: source)
                _ = accessor.applyOnMainActor(source, destination)
                offset.record(
                    old: old, new: destination, heldOld: heldOld,
                    holdsNew: StoredPropertyOffset.holds(destination, at: offset.offset, of: source))
            } else {
                _ = accessor.applyOnMainActor(source, destination)
            }
        }
        if !offsetsAgree { noteAgreeingOffsets() }
        return graph.awaken(topLevel)
    }

    /// The top-level objects of one instantiation, kept as its created objects and the top-level ones'
    /// indices: the caller that wants the one top-level object gets it with no array made for it.
    struct TopLevelObjects {
        let created: [View]
        let indices: [Int]

        /// Every top-level object, in document order.
        var array: [AnyObject] { indices.map { created[$0] } }

        /// The top-level object, when there is exactly one.
        var only: View? { indices.count == 1 ? created[indices[0]] : nil }
    }

    /// The objects of one instantiation: the created ones, and the placeholders' objects as given.
    private struct Graph {
        var created: [View]
        var owner: AnyObject?
        /// The object given for each of the template's `externals`, by index: the caller's dictionary
        /// is looked up once per placeholder, when it is checked, not again per connection.
        var externals: [AnyObject?]

        func resolve(_ endpoint: LayoutAnalysis.Endpoint) -> AnyObject? {
            switch endpoint {
            case .owner: owner
            case .external(let index): externals[index]
            case .object(let index): created[index]
            }
        }

        /// `resolve`, not retained: the graph holds every object it resolves to while it exists.
        func unretained(_ endpoint: LayoutAnalysis.Endpoint) -> Unmanaged<AnyObject>? {
            switch endpoint {
            case .owner: owner.map { Unmanaged.passUnretained($0) }
            case .external(let index): externals[index].map { Unmanaged.passUnretained($0) }
            case .object(let index): Unmanaged.passUnretained(created[index])
            }
        }

        /// Wakes every created object in document order and returns the top-level ones.
        func awaken(_ topLevel: [Int]) -> TopLevelObjects {
            // Not retained: `created` holds them, and a view cannot be released while the graph exists.
            for index in created.indices {
                Unmanaged.passUnretained(created[index])._withUnsafeGuaranteedRef { $0.awakeFromLayout() }
            }
            return TopLevelObjects(created: created, indices: topLevel)
        }
    }

    /// Makes the checked connection `recipe` when it needs no closure: an outlet to a stored property of
    /// a final class whose offset agrees (`offsetsAgree`, else its own verdict), set with one store, or
    /// an action (the control keeps the target weakly and calls the method when it sends the event).
    /// `false` for other outlets, which the caller sets, checking an unchecked offset on the way.
    private func connectsDirectly(_ recipe: Int, in graph: Graph, offsetsAgree: Bool) -> Bool {
        if let offset = connections[recipe].storedOffset {
            guard offsetsAgree || offset.agrees else { return false }
            // `build` checked that the source has the property and the destination is of its type.
            if let source = graph.unretained(connections[recipe].source),
                let destination = graph.unretained(connections[recipe].destination)
            {
                StoredPropertyOffset.assign(destination, at: offset.offset, of: source)
            }
            return true
        }
        guard let event = connections[recipe].event, let perform = connections[recipe].sendAction else { return false }
        if let source = graph.resolve(connections[recipe].source),
            let control = graph.resolve(connections[recipe].destination) as? Control
        {
            // The member's name and closure, not a copy of the whole declaration.
            control.addTarget(
                source, name: connections[recipe].member.key.name,
                perform: perform, for: event)
        }
        return true
    }

    /// Once every stored offset of the template agrees, says so, so that later instantiations ask once.
    private func noteAgreeingOffsets() {
        guard let storedOffsetsAgree, connections.allSatisfy({ $0.storedOffset?.agrees ?? true }) else { return }
        storedOffsetsAgree.withLock { $0 = true }
    }

    /// Creates the objects and checks every connection, making none: a failure must leave the owner and
    /// the external objects, which the caller keeps, untouched rather than pointing into a graph that is
    /// thrown away.
    private func build(
        owner: AnyObject?, ownerMembers: [MemberDeclaration]?, externalObjects: [String: AnyObject]
    ) throws(LayoutError) -> Graph {
        let givenExternals = try checkPlaceholders(owner: owner, externalObjects: externalObjects)
        if let owner, let ownerMembers { try checkOwnerConnected(ownerMembers, of: type(of: owner)) }
        // Each object is set up, then moved into the array: not retained for it and released again.
        let created = [View](unsafeUninitializedCapacity: objects.count) { buffer, count in
            // By index, so that no recipe (its arrays) is copied and retained.
            for index in objects.indices {
                let view = objects[index].viewClass.init()
                objects[index].attributes.withUnsafeBufferPointer { attributes in
                    for attribute in attributes.indices {
                        AttributeSetter.apply(attributes.baseAddress! + attribute, to: view)
                    }
                }
                for property in objects[index].properties.indices { _ = objects[index].properties[property](view) }
                buffer.initializeElement(at: index, to: consume view)
                count = index + 1
            }
        }
        for index in objects.indices {
            guard let parent = objects[index].parent else { continue }
            // Not retained: `created` holds both.
            Unmanaged.passUnretained(created[parent])._withUnsafeGuaranteedRef { parent in
                Unmanaged.passUnretained(created[index])._withUnsafeGuaranteedRef { parent.addSubview($0) }
            }
        }
        let graph = Graph(
            created: created, owner: owner, externals: givenExternals)
        // Every connection is checked before any is made: a failure must leave the owner and the external
        // objects, which the caller keeps, untouched rather than pointing into a graph that is thrown away.
        var problems: [Diagnostic] = []
        // By index, so that no recipe (and its member's closures) is copied.
        for recipe in connections.indices where !connections[recipe].fitsWhenCompiled {
            guard let source = graph.resolve(connections[recipe].source),
                let destination = graph.resolve(connections[recipe].destination)
            else { continue }
            if !isSubclass(type(of: source), of: connections[recipe].member.sourceType.type) {
                let member = connections[recipe].member
                problems.append(
                    Diagnostic(
                        rule: .outletTypeMismatch,
                        message:
                            "\(member.key) belongs to \(member.sourceType.name), but the object given for its source is of type \(type(of: source))",
                        location: connections[recipe].location))
            } else if !connections[recipe].member.accepts(type(of: destination)) {
                let member = connections[recipe].member
                let isAction = member.key.kind == .action
                problems.append(
                    Diagnostic(
                        rule: isAction ? .actionSenderMismatch : .outletTypeMismatch,
                        message: isAction
                            ? "\(member.key) accepts a sender of type \(member.typeName), but the control is of type \(type(of: destination))"
                            : "\(member.key) has type \(member.typeName), but the object given for it is of type \(type(of: destination))",
                        location: connections[recipe].location))
            }
        }
        if !problems.isEmpty { throw LayoutError(diagnostics: problems) }
        return graph
    }

    /// `unconnected-owner`: an owner whose class has required members this layout never connects would
    /// keep them `nil` — most often a layout with no `<owner>` at all.
    private func checkOwnerConnected(_ ownerMembers: [MemberDeclaration], of ownerType: AnyObject.Type)
        throws(LayoutError)
    {
        if let problem = unconnectedOwner(ownerType, members: ownerMembers) { throw LayoutError(problem) }
    }

    /// The `unconnected-owner` diagnostic of an owner of `ownerType` with `members`, if it would have one.
    func unconnectedOwner(_ ownerType: AnyObject.Type, members: [MemberDeclaration]) -> Diagnostic? {
        let connected = Set(connections.filter { $0.source == .owner }.map(\.member.key))
        var missing: [MemberKey] = []
        for member in members where !member.isOptional && !connected.contains(member.key) {
            if !missing.contains(member.key) { missing.append(member.key) }
        }
        guard let first = missing.first else { return nil }
        let names = missing.map { quoted($0.name) }.joined(separator: ", ")
        let kind = first.kind.rawValue + (missing.count == 1 ? "" : "s")
        let why = owner == nil ? "it connects nothing of its owner" : "its <owner> connects others"
        return Diagnostic(
            rule: .unconnectedOwner,
            message:
                "the owner's class \(String(reflecting: ownerType)) has required \(kind) \(names) that this layout never "
                + "connects (\(why)), so they would stay nil; connect them in the layout's <owner>, declare them "
                + "optional, or pass no owner",
            location: location)
    }

    /// `objects[name]`. A few objects (an app passes one or two) are searched by comparing keys, which
    /// costs less than hashing `name`; keys are unique under `==`, so the answer is the same.
    private static func object(named name: String, in objects: [String: AnyObject]) -> AnyObject? {
        guard objects.count <= 4 else { return objects[name] }
        for (key, object) in objects where key == name { return object }
        return nil
    }

    /// Checks the owner and the external objects given against the placeholders.
    ///
    /// - Returns: The object given for each of `externals`, by index (`nil` for one without a name).
    private func checkPlaceholders(owner: AnyObject?, externalObjects: [String: AnyObject]) throws(LayoutError)
        -> [AnyObject?]
    {
        var problems: [Diagnostic] = []
        var given: [AnyObject?] = []
        given.reserveCapacity(externals.count)
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
            guard let name = external.name else {
                given.append(nil)
                continue
            }
            let object = Self.object(named: name, in: externalObjects)
            given.append(object)
            guard let object else {
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
        return given
    }
}
