extension ClassCatalog {
    /// The namespace of class schema files.
    public static let schemaNamespace = "urn:layoutkit:classes:1"

    /// Builds a catalog from class schema files (`*.classes.xml`), merged as one.
    ///
    /// Every problem in a schema file is a `class-schema` diagnostic at its element; the classes that
    /// could be read are still in the catalog, so layouts are checked as far as possible. At most 1,000
    /// are reported per file, then one `input-limit` diagnostic says how many more there were.
    /// - Parameter schemas: each file's path (as it should appear in diagnostics) and bytes.
    public static func load(schemas: [(path: String, bytes: [UInt8])]) -> (
        catalog: ClassCatalog, diagnostics: [Diagnostic]
    ) {
        var decoder = ClassSchemaDecoder()
        for schema in schemas {
            decoder.read(schema.bytes, file: schema.path)
        }
        let (catalog, diagnostics) = decoder.finish()
        return (catalog, DiagnosticCollector.cappedPerFile(diagnostics))
    }
}

/// Reads class schema documents, then resolves bases and member types across all of them.
package struct ClassSchemaDecoder {
    package struct Declaration {
        var name: String
        var module: String?
        var base: (name: String, location: SourceLocation)?
        var members: [(key: MemberKey, type: String, optional: Bool, values: [String], location: SourceLocation)]
        var location: SourceLocation
        /// Why the members are not all known, for a class read from Swift whose lists the syntax does not show.
        var openReason: String? = nil
        /// Whether member types are catalog keys (a class read from Swift): messages then name them as a
        /// schema would, by plain name.
        var typesAreKeys = false
        /// The superclass as written when it is no class of the sources: see `ClassEntry.unknownBase`.
        package var unknownBase: String? = nil
        /// The outlets that are Interface Builder outlet collections.
        package var collections: Set<MemberKey> = []
        var key: String { module.map { "\($0).\(name)" } ?? name }

        package init(
            name: String, module: String?, base: (name: String, location: SourceLocation)?,
            members: [(key: MemberKey, type: String, optional: Bool, values: [String], location: SourceLocation)],
            location: SourceLocation, openReason: String? = nil, typesAreKeys: Bool = false
        ) {
            self.name = name
            self.module = module
            self.base = base
            self.members = members
            self.location = location
            self.openReason = openReason
            self.typesAreKeys = typesAreKeys
        }
    }

    package init() {}

    /// Adds a class declared elsewhere than in a schema file (the Swift code), base and member types
    /// given as catalog keys.
    package mutating func add(_ declaration: Declaration) {
        declarations.append(declaration)
    }

    private var declarations: [Declaration] = []
    private var diagnostics: [Diagnostic] = []

    mutating func read(_ bytes: [UInt8], file: String) {
        let root: ParsedElement
        switch XMLReader.read(bytes, file: file) {
        case .failure(let diagnostic):
            // In a class schema every problem is a class-schema problem; the message keeps the cause.
            var moved = diagnostic
            moved.rule = .classSchema
            moved.message = "\(diagnostic.rule == .xmlSyntax ? "not well-formed XML: " : "")\(diagnostic.message)"
            diagnostics.append(moved)
            return
        case .document(let element):
            root = element
        }
        func location(_ element: ParsedElement) -> SourceLocation {
            SourceLocation(file: file, line: element.position.line, column: element.position.column)
        }
        func report(_ message: String, _ element: ParsedElement) {
            diagnostics.append(Diagnostic(rule: .classSchema, message: message, location: location(element)))
        }
        func attributes(_ element: ParsedElement, required: [String], optional: [String]) -> [String: String]? {
            var values: [String: String] = [:]
            var valid = true
            for attribute in element.attributes where attribute.namespace != Lexical.xsiNamespace {
                let allowed = required + optional
                guard attribute.namespace == nil, allowed.contains(attribute.name) else {
                    report(
                        "unknown attribute '\(attribute.name)' on <\(element.name)>"
                            + suggestion(for: attribute.name, in: allowed), element)
                    valid = false
                    continue
                }
                let value = Lexical.collapse(attribute.value)
                let isValid =
                    switch attribute.name {
                    case "optional": value == "true" || value == "false"
                    case "values":
                        !value.isEmpty && value.split(separator: " ").allSatisfy { Lexical.isName(String($0)) }
                    case _ where attribute.name == "base" || MemberKind.typeAttributes.contains(attribute.name):
                        value.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
                            Lexical.isName(String($0))
                        }
                    default: Lexical.isName(value)
                    }
                if !isValid {
                    report("invalid \(attribute.name)=\(quoted(attribute.value)) on <\(element.name)>", element)
                    valid = false
                }
                values[attribute.name] = value
            }
            for name in required where values[name] == nil {
                report("<\(element.name)> is missing the required attribute '\(name)'", element)
                valid = false
            }
            return valid ? values : nil
        }

        guard root.name == "classes", root.namespace == ClassCatalog.schemaNamespace else {
            report(
                "the root element must be <classes> in namespace '\(ClassCatalog.schemaNamespace)'; found <\(root.name)>",
                root)
            return
        }
        if root.textPosition != nil { report("<classes> cannot contain text", root) }
        for element in root.children {
            guard element.name == "class", element.namespace == ClassCatalog.schemaNamespace else {
                report("unexpected <\(element.name)> in <classes>: expected <class>", element)
                continue
            }
            if element.textPosition != nil { report("<class> cannot contain text", element) }
            guard let values = attributes(element, required: ["name"], optional: ["module", "base"]) else {
                continue
            }
            var declaration = Declaration(
                name: values["name"]!, module: values["module"], base: values["base"].map { ($0, location(element)) },
                members: [], location: location(element))
            var memberKeys: Set<MemberKey> = []
            for child in element.children {
                guard child.namespace == ClassCatalog.schemaNamespace,
                    let kind = MemberKind.allCases.first(where: { $0.schemaElement == child.name })
                else {
                    let expected = MemberKind.allCases.map { "<\($0.schemaElement)>" }.joined(separator: " or ")
                    report("unexpected <\(child.name)> in <class>: expected \(expected)", child)
                    continue
                }
                if !child.children.isEmpty || child.textPosition != nil {
                    report("<\(child.name)> must be empty", child)
                }
                let typeAttribute = kind.schemaTypeAttribute
                let optional = kind == .property ? ["values"] : ["optional"]
                guard let member = attributes(child, required: ["name", typeAttribute], optional: optional) else {
                    continue
                }
                let key = MemberKey(kind: kind, name: member["name"]!)
                let type = member[typeAttribute]!
                var values: [String] = []
                if kind == .property {
                    // A property's type is a value type, not a class: checked here rather than resolved.
                    guard let propertyType = PropertyType(rawValue: type) else {
                        let types = PropertyType.allCases.map(\.rawValue)
                        report(
                            "invalid type=\(quoted(type)) on <property>: expected one of \(types.joined(separator: ", "))"
                                + suggestion(for: type, in: types), child)
                        continue
                    }
                    values = member["values"].map { $0.split(separator: " ").map(String.init) } ?? []
                    if (propertyType == .enum) != (member["values"] != nil) {
                        report(
                            propertyType == .enum
                                ? "<property type=\"enum\"> needs values=\"a b c\", the values it accepts"
                                : "values= is only for <property type=\"enum\">", child)
                        continue
                    }
                }
                guard memberKeys.insert(key).inserted else {
                    report("\(key) is declared twice in class '\(declaration.key)'", child)
                    continue
                }
                declaration.members.append(
                    (key, type, kind == .property || member["optional"] == "true", values, location(child)))
            }
            declarations.append(declaration)
        }
    }

    /// A declaration's location, or `nil` for one with no file (a class LayoutKit knows without a source:
    /// UIKit's), which notes then do not point at.
    private static func place(_ location: SourceLocation) -> SourceLocation? {
        location.file.isEmpty ? nil : location
    }

    /// Resolves every base and member type, reports what does not resolve and every base cycle.
    package mutating func finish() -> (catalog: ClassCatalog, diagnostics: [Diagnostic]) {
        var catalog = ClassCatalog.builtIn
        var accepted: [Declaration] = []
        var firstLocation: [String: SourceLocation] = [:]
        for declaration in declarations {
            if ElementKind(rawValue: declaration.key) != nil {
                diagnostics.append(
                    Diagnostic(
                        rule: .classSchema, message: "class '\(declaration.key)' has the name of a built-in element",
                        location: declaration.location))
            } else if let first = firstLocation[declaration.key] {
                diagnostics.append(
                    Diagnostic(
                        rule: .classSchema,
                        message: "class '\(declaration.key)' is declared twice; first at \(first)",
                        location: declaration.location))
            } else {
                firstLocation[declaration.key] = declaration.location
                accepted.append(declaration)
                catalog.insert(
                    ClassCatalog.ClassEntry(
                        key: declaration.key, name: declaration.name, module: declaration.module, base: nil,
                        members: [], location: Self.place(declaration.location), openReason: declaration.openReason,
                        unknownBase: declaration.unknownBase))
            }
        }
        // One budget for the whole catalog: thousands of unknown bases must not each search thousands of names.
        var suggestions = SuggestionBudget()
        for declaration in accepted {
            var entry = catalog.classes[declaration.key]!
            if let base = declaration.base {
                switch catalog.resolveTypeName(base.name, suggestions: &suggestions) {
                case .found(let resolved): entry.base = resolved.key
                case .notFound(let message):
                    diagnostics.append(
                        Diagnostic(
                            rule: .classSchema,
                            message: "base of '\(declaration.key)': \(message)",
                            location: base.location))
                }
            }
            // Built apart and set once: an entry's fields are boxed, and each set makes a new box.
            var members = entry.members
            members.reserveCapacity(members.count + declaration.members.count)
            for member in declaration.members {
                var type: String?
                // An empty type is one the reader of the Swift code could not name: left unknown, unreported.
                if member.key.kind.hasClassType && !member.type.isEmpty {
                    switch catalog.resolveTypeName(member.type, suggestions: &suggestions) {
                    case .found(let resolved): type = resolved.key
                    case .notFound(let message):
                        diagnostics.append(
                            Diagnostic(
                                rule: .classSchema, message: "type of \(member.key): \(message)",
                                location: member.location))
                    }
                }
                let typeName =
                    declaration.typesAreKeys ? type.map(catalog.schemaName(ofKey:)) ?? member.type : member.type
                members.append(
                    ClassCatalog.Member(
                        key: member.key, type: type, typeName: typeName, isOptional: member.optional,
                        values: member.values, location: Self.place(member.location),
                        isCollection: declaration.collections.contains(member.key)))
            }
            entry.members = members
            catalog.insert(entry)
        }
        breakCycles(in: &catalog, order: accepted.map(\.key))
        catalog.resolveHierarchy()
        return (catalog, diagnostics.sorted(by: Diagnostic.ordered))
    }

    /// Reports each base cycle once, at the class of the cycle declared last, and cuts it there.
    ///
    /// One pass: every class is walked at most once, since a walk stops at a class an earlier walk
    /// finished, and the path's positions are a dictionary rather than a search.
    private mutating func breakCycles(in catalog: inout ClassCatalog, order: [String]) {
        let declared = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var done: Set<String> = []
        for start in order where !done.contains(start) {
            var path: [String] = []
            var pathIndex: [String: Int] = [:]
            var next: String? = start
            while let key = next, !done.contains(key) {
                if let index = pathIndex[key] {
                    let cycle = Array(path[index...])
                    let closing = cycle.max { declared[$0]! < declared[$1]! }!
                    var entry = catalog.classes[closing]!
                    diagnostics.append(
                        Diagnostic(
                            rule: .classSchema,
                            message: "base classes form a cycle: \((cycle + [key]).joined(separator: " → "))",
                            location: entry.location ?? SourceLocation(file: "", line: 1, column: 1)))
                    entry.base = nil
                    catalog.insert(entry)
                    break
                }
                pathIndex[key] = path.count
                path.append(key)
                next = catalog.classes[key]?.base
            }
            done.formUnion(path)
        }
    }
}
