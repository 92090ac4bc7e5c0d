/// A document as the rules and the compiler read it: its objects are the layout's nodes, by the same index
/// (`.object(i)` is `layout.nodes[i]`, read in place); with every id, and every outlet and action
/// connection in either spelling as one `Link`.
///
/// A layout is its usual source; an Interface Builder file becomes one too (`ExternalDocument`), its
/// objects as top-level nodes that carry their element's own name, so that one set of rule functions
/// judges both.
struct LayoutAnalysis: Sendable {
    /// What an outlet connects from or to.
    enum Endpoint: Hashable, Sendable {
        case owner
        case external(Int)
        case object(Int)
    }

    /// One connection: the member `member` of `source` is connected to `destination`. For an outlet,
    /// `destination` is the object the outlet is set to; for an action, `source` is the target whose
    /// action it is and `destination` the control that sends it.
    struct Link: Sendable {
        var source: Endpoint?
        var member: MemberKey
        /// The id written in an `<outlet destination=>`, or `nil` (`outlet=`, actions).
        var destinationID: String?
        var destination: Endpoint?
        var position: SourcePosition
        /// `true` for `outlet=` and `action=` on an object element.
        var isAttribute: Bool
        /// The id written in an `<action destination=>`: the target, which is this link's source.
        var sourceID: String? = nil
        /// The event an action is sent for; `nil` for outlets.
        var event: Control.Event? = nil
        /// Connected as an Interface Builder `<outletCollection>`.
        var isCollection = false

        /// The id this link names in `destination=`, whichever end it is.
        var writtenID: String? { destinationID ?? sourceID }
        /// Whether the end named by `writtenID` was found.
        var isWrittenIDResolved: Bool { sourceID != nil ? source != nil : destination != nil }
    }

    let layout: Layout
    /// The element name of each node, for a document whose elements are not a layout's; `nil` for a layout,
    /// whose element names are its nodes' kinds.
    private let elementNames: [String]?
    private(set) var ids: [String: Endpoint] = [:]
    /// Every declaration of an id declared before, in document order, with the endpoint that declared
    /// it first: what duplicate-id reports, found as the ids are collected rather than by hashing them again.
    private(set) var duplicateIDs: [(id: String, position: SourcePosition, first: Endpoint)] = []
    private(set) var links: [Link] = []

    /// - Parameter elements: The element name of each object, in document order, for a document whose
    ///   elements are not a layout's; `nil` for a layout.
    ///   The layout is taken, not copied: a caller done with it hands it over (a copy retained every
    ///   array of the model).
    init(_ layout: consuming Layout, elements: [String]? = nil) {
        self.layout = layout
        self.elementNames = elements
        // Sized once: growing it would rehash every id.
        ids.reserveCapacity(self.layout.nodes.count + self.layout.externals.count + 1)
        if let owner = self.layout.owner, let id = owner.id {
            declare(id, .owner, at: owner.position)
        }
        for (index, external) in self.layout.externals.enumerated() {
            declare(external.id, .external(index), at: external.position)
        }
        addNodes()
        if let owner = self.layout.owner {
            for connection in owner.connections { bind(connection, from: .owner) }
        }
        resolveDestinations()
        links.sort { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
    }

    private mutating func declare(_ id: String, _ endpoint: Endpoint, at position: SourcePosition) {
        // One hash for a new id; a redeclared one (rare) is put back to its first declaration.
        if let first = ids.updateValue(endpoint, forKey: id) {
            ids[id] = first
            duplicateIDs.append((id, position, first))
        }
    }

    /// Declares every node's id and collects its links, in document order, reading each field in place.
    /// `outlet=` and `action=` bind to the nearest enclosing node with a class: since a parent comes before
    /// its children, one pass finds it for every node from its parent's.
    private mutating func addNodes() {
        let nodes = layout.nodes
        // For each node, the nearest node with a class among itself and its ancestors: what its children bind to.
        var classed = [Int?](repeating: nil, count: nodes.count)
        // The nodes whose element is still open: a node's `<connections>` come after its children, so they
        // are bound when its last descendant has been, and the links stay in document order for the sort.
        var open: [Int] = []
        for index in nodes.indices {
            while let last = open.last, last != nodes[index].parent {
                open.removeLast()
                for connection in nodes[last].connections { bind(connection, from: .object(last)) }
            }
            open.append(index)
            let classedAncestor = nodes[index].parent.flatMap { classed[$0] }
            classed[index] = nodes[index].classReference != nil ? index : classedAncestor
            if let id = nodes[index].id { declare(id, .object(index), at: nodes[index].position) }
            if let outlet = nodes[index].outlet {
                links.append(
                    Link(
                        source: classedAncestor.map(Endpoint.object), member: .outlet(outlet), destinationID: nil,
                        destination: .object(index), position: nodes[index].position, isAttribute: true))
            }
            if let action = nodes[index].action {
                links.append(
                    Link(
                        source: classedAncestor.map(Endpoint.object), member: .action(action), destinationID: nil,
                        destination: .object(index), position: nodes[index].position, isAttribute: true,
                        event: nodes[index].kind.events.first))
            }
        }
        while let last = open.popLast() {
            for connection in nodes[last].connections { bind(connection, from: .object(last)) }
        }
    }

    private mutating func bind(_ connection: Connection, from element: Endpoint) {
        if connection.kind == .action {
            // The element is the control; destination= names the target whose action it is.
            links.append(
                Link(
                    source: nil, member: .action(connection.name), destinationID: nil, destination: element,
                    position: connection.position, isAttribute: false, sourceID: connection.destination,
                    event: connection.event))
        } else {
            links.append(
                Link(
                    source: element, member: .outlet(connection.name), destinationID: connection.destination,
                    destination: nil, position: connection.position, isAttribute: false,
                    isCollection: connection.isCollection))
        }
    }

    /// Resolves `destination=` ids once every id is known.
    private mutating func resolveDestinations() {
        for index in links.indices {
            if links[index].destination == nil, let id = links[index].destinationID {
                links[index].destination = ids[id]
            }
            if links[index].source == nil, let id = links[index].sourceID { links[index].source = ids[id] }
        }
    }

    func position(of endpoint: Endpoint) -> SourcePosition {
        switch endpoint {
        case .owner: layout.owner?.position ?? SourcePosition(file: .main, line: 1, column: 1)
        case .external(let index): layout.externals[index].position
        case .object(let index): layout.nodes[index].position
        }
    }

    /// The element name of the node at `index` as written: the layout element's, or an Interface Builder
    /// element's (`tableViewCell`, `placeholder`), which no `ElementKind` names.
    func element(of index: Int) -> String { elementNames?[index] ?? layout.nodes[index].kind.rawValue }

    /// How an endpoint reads in a message: `<label id="date">`, `the owner`, `external 'formatter'`.
    func describe(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case .owner:
            return "the owner (\(layout.owner?.classReference.description ?? "?"))"
        case .external(let index):
            return "external \(quoted(layout.externals[index].name))"
        case .object(let index):
            let id = layout.nodes[index].id.map { " id=\"\($0)\"" } ?? ""
            if let include = layout.nodes[index].include {
                return "<include layout=\"\(include.layout)\"\(id)>"
            }
            let className = layout.nodes[index].classReference.map { " class=\"\($0.name)\"" } ?? ""
            return "<\(element(of: index))\(id)\(className)>"
        }
    }
}

/// The class of each endpoint of one layout, where it resolved: arrays indexed like the layout's
/// objects and externals, since the rules and the compiler look classes up once per connection.
struct EndpointClasses: Sendable {
    /// An endpoint's class and the table of its members, set together by `set(_:_:for:)`: one array
    /// per kind of endpoint, made once per file.
    private struct Slot: Sendable {
        var entry: ClassCatalog.ClassEntry?
        var table: ClassCatalog.MemberTable?
    }

    private var owner = Slot()
    private var externals: [Slot]
    private var objects: [Slot]
    /// Where the member each link connects is in its source's table (`members(of:)`), in the order of
    /// `LayoutAnalysis.links`, `nil` where the source's class does not declare it: what the rules found,
    /// handed to the compiler so that it looks no member up again. `nil` until the rules are done, and
    /// again whenever a class changes.
    private(set) var linkPositions: [Int?]?

    init(_ analysis: LayoutAnalysis) {
        externals = Array(repeating: Slot(), count: analysis.layout.externals.count)
        objects = Array(repeating: Slot(), count: analysis.layout.nodes.count)
    }

    /// Sets an endpoint's class and the table of its members (`nil` and `nil` for none).
    mutating func set(
        _ entry: ClassCatalog.ClassEntry?, _ table: ClassCatalog.MemberTable?, for endpoint: LayoutAnalysis.Endpoint
    ) {
        linkPositions = nil
        let slot = Slot(entry: entry, table: table)
        switch endpoint {
        case .owner: owner = slot
        case .external(let index): externals[index] = slot
        case .object(let index): objects[index] = slot
        }
    }

    /// Records where each link's member is, as `linkPositions` says; kept until a class changes.
    mutating func setLinkPositions(_ positions: [Int?]) { linkPositions = positions }

    /// The members of an endpoint's class (for the rules and the compiler), where it resolved.
    func members(of endpoint: LayoutAnalysis.Endpoint) -> ClassCatalog.MemberTable? {
        switch endpoint {
        case .owner: owner.table
        case .external(let index): externals[index].table
        case .object(let index): objects[index].table
        }
    }

    /// The class of an endpoint; set only through `set(_:_:for:)`, which keeps the member tables in step.
    subscript(endpoint: LayoutAnalysis.Endpoint) -> ClassCatalog.ClassEntry? {
        switch endpoint {
        case .owner: owner.entry
        case .external(let index): externals[index].entry
        case .object(let index): objects[index].entry
        }
    }
}
