extension LayoutRegistry {
    /// The registered classes as a class schema document (`*.classes.xml`), so a team can generate
    /// `Schemas/` from its Swift code instead of writing it by hand.
    ///
    /// Classes appear in registration order, each with its base and the members it declares itself
    /// (inherited members are written once, on the class that declares them). A base or outlet type is
    /// written as a built-in element name or a registered class's plain name; an outlet whose type is
    /// not registered keeps its Swift name, which `ClassCatalog.load` then reports as unknown.
    /// `ClassCatalog.load` reads the document back into a catalog with no differences from `catalog`.
    public func classSchemaDocument() -> String {
        catalog.classSchemaDocument(order: classes.map(\.description))
    }
}

extension ClassCatalog {
    /// The declared classes as one class schema document per module (`Module.classes.xml`), for
    /// `layout-check --write-schemas`; classes without a module go in the document named `""`.
    package func classSchemaDocumentsByModule() -> [(module: String, document: String)] {
        let modules = Set(classes.values.filter { $0.builtIn == nil }.map { $0.module ?? "" })
        return modules.sorted().map { module in
            var only = ClassCatalog.builtIn
            for entry in classes.values where entry.builtIn == nil && (entry.module ?? "") == module {
                only.insert(entry)
            }
            return (module, only.classSchemaDocument(order: []))
        }
    }

    /// Writes the declared (non-built-in) classes as a class schema document.
    ///
    /// - Parameter order: Keys in the order to write them; classes not listed follow, sorted by key.
    package func classSchemaDocument(order: [String]) -> String {
        let declared = classes.values.filter { $0.builtIn == nil }
        let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let sorted = declared.sorted {
            (position[$0.key] ?? order.count, $0.key) < (position[$1.key] ?? order.count, $1.key)
        }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<classes xmlns="\#(ClassCatalog.schemaNamespace)">"#,
        ]
        for entry in sorted {
            var attributes = [("name", entry.name)]
            if let module = entry.module { attributes.append(("module", module)) }
            if let base = entry.base { attributes.append(("base", schemaName(ofKey: base))) }
            let start = "    " + openingTag("class", attributes)
            guard !entry.members.isEmpty else {
                lines.append(start + "/>")
                continue
            }
            lines.append(start + ">")
            for member in entry.members {
                var memberAttributes = [
                    ("name", member.name),
                    (member.kind.schemaTypeAttribute, member.type.map(schemaName) ?? member.typeName),
                ]
                if member.kind == .property {
                    if !member.values.isEmpty {
                        memberAttributes.append(("values", member.values.joined(separator: " ")))
                    }
                } else if member.isOptional {
                    memberAttributes.append(("optional", "true"))
                }
                lines.append("        " + openingTag(member.kind.schemaElement, memberAttributes) + "/>")
            }
            lines.append("    </class>")
        }
        lines.append("</classes>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// How a schema refers to the class with `key`: a built-in's element name, the plain name when it
    /// resolves back to this class, else the module-qualified key.
    func schemaName(ofKey key: String) -> String {
        guard let entry = classes[key], entry.builtIn == nil else { return key }
        var noSuggestions = SuggestionBudget(work: 0)
        if case .found(let resolved) = resolveTypeName(entry.name, suggestions: &noSuggestions), resolved.key == key {
            return entry.name
        }
        return key
    }
}

/// `<name a="…" b="…"`, without the closing `>` or `/>`.
private func openingTag(_ name: String, _ attributes: [(name: String, value: String)]) -> String {
    "<\(name)" + attributes.map { " \($0.name)=\"\(XMLText.escaped($0.value))\"" }.joined()
}
