/// A document of another format than a layout — an Interface Builder file — as the rule engine takes it:
/// its objects in document order, each with the class its format's own resolution step found, and their
/// connections. `judge(as:catalog:resolution:)` runs over it the same rule functions that judge a layout.
///
/// Only what a format decides is decided outside: which objects there are and which class each one is
/// (a nib's `customClass` in its `customModule`). What is wrong with them is the engine's to say.
package struct ExternalDocument: Sendable {
    /// An element with an id that connections can name.
    package struct Object: Sendable {
        /// The element's name as written (`tableViewCell`, `placeholder`), for messages.
        package var element: String
        package var id: String
        package var line: Int
        package var column: Int
        /// The byte offset of its start tag's `<`, where a fix-it finds its attributes; -1 when unknown.
        package var offset = -1
        /// The connections written inside it, which start at it.
        package var connections: [Connection]

        package init(element: String, id: String, line: Int, column: Int, connections: [Connection] = []) {
            self.element = element
            self.id = id
            self.line = line
            self.column = column
            self.connections = connections
        }
    }

    /// One connection written inside an object.
    package struct Connection: Sendable {
        package enum Kind: Sendable {
            /// The object's outlet `name` is set to the destination.
            case outlet
            /// The destination is appended to the object's outlet collection `name`.
            case outletCollection
            /// The object (a control) sends the action `name` to the destination, its target.
            case action
        }

        package var kind: Kind
        /// The outlet's name, or the action's selector.
        package var name: String
        /// The id of the destination object (of an action: its target).
        package var destination: String
        package var line: Int
        package var column: Int
        /// The byte offset of its start tag's `<`, where a fix-it finds its attributes; -1 when unknown.
        package var offset = -1

        package init(kind: Kind, name: String, destination: String, line: Int, column: Int) {
            self.kind = kind
            self.name = name
            self.destination = destination
            self.line = line
            self.column = column
        }
    }

    /// What a format's resolution step found, the step before the rules: the catalog key of each object's
    /// class, by object index (`nil`: no class to judge it by), and the objects whose class is unknown,
    /// each with what `unknown-class` says of it.
    package struct Resolution: Sendable {
        package var classKeys: [String?]
        package var unresolved: [(object: Int, message: String)]
        /// For an unresolved object, the class name written (`customClass`) and the one that repairs it, when
        /// exactly one does: what the `unknown-class` fix-it writes.
        package var repairs: [Int: (written: String, repair: String)] = [:]

        package init(classKeys: [String?], unresolved: [(object: Int, message: String)] = []) {
            self.classKeys = classKeys
            self.unresolved = unresolved
        }
    }

    package var file: String
    package var objects: [Object]
    /// The file's bytes, where the rules' fix-its find what they edit; empty: no fix-its.
    package var source: [UInt8] = []

    package init(file: String, objects: [Object]) {
        self.file = file
        self.objects = objects
    }

    /// Every finding of the rules whose row judges documents of `kind` and needs only this file, in source
    /// order, capped per file as a layout's are.
    package func judge(
        as kind: RuleDescriptor.Document, catalog: ClassCatalog, resolution: Resolution,
        ruleSettings: [RuleID: RuleSetting] = [:]
    ) -> [Diagnostic] {
        let nodes = objects.map { object in
            LayoutNode(
                kind: .view, id: object.id, classReference: nil, outlet: nil, attributeValues: [],
                connections: object.connections.map { connection in
                    LayoutKit.Connection(
                        kind: connection.kind == .action ? .action : .outlet, name: connection.name,
                        destination: connection.destination,
                        position: SourcePosition(
                            file: .main, offset: connection.offset, line: connection.line, column: connection.column),
                        isCollection: connection.kind == .outletCollection)
                },
                position: SourcePosition(file: .main, offset: object.offset, line: object.line, column: object.column))
        }
        // Every object a top-level node: an Interface Builder file's nesting means nothing to these rules.
        let layout = Layout(file: file, owner: nil, externals: [], objects: nodes)
        let analysis = LayoutAnalysis(layout, elements: objects.map(\.element))
        var rules = LayoutRules(
            analysis: analysis, document: kind, resolution: resolution, source: source.isEmpty ? nil : source,
            ruleSettings: ruleSettings)
        rules.run(catalog)
        return rules.diagnostics
    }
}
