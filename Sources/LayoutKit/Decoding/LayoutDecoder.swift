/// Turns a parsed document into a `Layout`, reporting as `schema` everything the format does not allow.
///
/// It reads the flat document in place: names are compared as indices into the document's name table,
/// each name looked up once per file (`DocumentNames`), and only the values the model keeps become Strings.
struct LayoutDecoder {
    static let namespace = FormatNamespace.layout

    typealias Element = ParsedDocument.ElementIndex
    typealias Attribute = ParsedDocument.AttributeIndex

    let file: String
    /// The document being decoded.
    private var document = ParsedDocument()
    /// What each of its names means to the format.
    private var names = DocumentNames()
    private var collector = DiagnosticCollector()
    /// The did-you-mean work this file may still cause.
    private var suggestions = SuggestionBudget()
    /// The file's bytes with their digest, made for the first fix-it.
    private var fixSource: FixItSource?

    /// The `schema` diagnostics, in source order, capped per file.
    var diagnostics: [Diagnostic] { collector.diagnostics }
    /// Whether the file follows the format.
    var isValid: Bool { collector.isEmpty }
    /// Whether some element has an `lk:ignore`, so that `Suppressions` has something to read.
    private(set) var hasSuppressions = false
    /// The layout being decoded: its object elements are appended to its `nodes` as they are met, each
    /// before its children.
    private var layout = Layout(file: "", owner: nil, externals: [])

    /// The file's bytes, where a fix-it finds the attribute it edits; empty: no fix-its.
    private let source: [UInt8]

    init(file: String, source: [UInt8] = []) {
        self.file = file
        self.source = source
    }

    /// The layout decoded, moved out of the decoder rather than copied: a copy retained every array of
    /// the model, and the decoder's own was then released.
    private mutating func takeLayout() -> Layout {
        var taken = Layout(file: "", owner: nil, externals: [])
        swap(&taken, &layout)
        return taken
    }

    /// Decodes the whole document; check `diagnostics` before trusting the result.
    mutating func decode(_ document: ParsedDocument) -> Layout {
        self.document = document
        names = DocumentNames(document)
        defer { self.document = ParsedDocument() }
        let root = ParsedDocument.root
        layout = Layout(file: file, owner: nil, externals: [], position: position(root))
        // Every object element is a node, and most elements are: one allocation rather than one per doubling.
        layout.nodes.reserveCapacity(document.elements.count)
        guard isOurs(root), names.elements[Int(document.elements[Int(root)].name)] == .layout else {
            let found =
                document.namespace(of: root).map { "<\(name(root))> in namespace '\($0)'" }
                ?? "<\(name(root))> in no namespace"
            report(
                "the root element must be <layout> in namespace '\(Self.namespace)'; found \(found)",
                at: position(root))
            return takeLayout()
        }
        _ = attributes(of: root, allowed: [])
        rejectText(in: root)

        enum Section: Int { case owner, externals, objects }
        var section = Section.owner
        for child in document.children(of: root) {
            guard isOurs(child) else { continue }
            switch elementName(child) {
            case .owner:
                if section != .owner || layout.owner != nil {
                    report("<owner> must come first in <layout>, and only once", at: position(child))
                    continue
                }
                layout.owner = decodeOwner(child)
                section = .externals
            case .external:
                if section == .objects {
                    report("<external> must come before the object elements of <layout>", at: position(child))
                    continue
                }
                if let external = decodeExternal(child) { layout.externals.append(external) }
                section = .externals
            case .include:
                decodeInclude(child, parent: nil)
                section = .objects
            case .object(let kind):
                decodeObject(child, kind: kind, parent: nil)
                section = .objects
            default:
                do {
                    reportUnknownElement(
                        child, in: "layout", expected: ["owner", "external"] + Self.objectElementNames)
                }
            }
        }
        if layout.topLevel.isEmpty, collector.isEmpty {
            report(
                "<layout> needs at least one object element (\(Self.objectElementNames.joined(separator: ", ")))",
                at: position(root))
        }
        return takeLayout()
    }

    /// The elements that may stand where an object may: the object elements and `<include>`.
    private static let objectElementNames = ElementKind.allCases.map(\.rawValue) + [includeElement]

    // MARK: Elements

    private mutating func decodeOwner(_ element: Element) -> OwnerPlaceholder? {
        let values = attributes(of: element, allowed: ["class", "module", "id"])
        let id = identifier(values["id"], attribute: "id", of: element)
        let connections = decodeChildren(ofPlaceholder: element)
        guard let classReference = classReference(values, of: element, required: true) else { return nil }
        return OwnerPlaceholder(
            id: id, classReference: classReference, connections: connections, position: position(element))
    }

    private mutating func decodeExternal(_ element: Element) -> ExternalPlaceholder? {
        let values = attributes(of: element, allowed: ["id", "name", "class", "module"])
        for child in document.children(of: element) where isOurs(child) {
            reportUnknownElement(child, in: "external", expected: [])
        }
        rejectText(in: element)
        let classReference = classReference(values, of: element, required: false)
        let name = values["name"]
        if name == nil { reportMissing("name", of: element) }
        guard let id = identifier(values["id"], attribute: "id", of: element, required: true), let name else {
            return nil
        }
        return ExternalPlaceholder(id: id, name: name, classReference: classReference, position: position(element))
    }

    /// `<owner>` holds nothing but an optional `<connections>`.
    private mutating func decodeChildren(ofPlaceholder element: Element) -> [Connection] {
        rejectText(in: element)
        var connections: [Connection] = []
        var seenConnections = false
        for child in document.children(of: element) where isOurs(child) {
            if elementName(child) == .connections, !seenConnections {
                seenConnections = true
                connections = decodeConnections(child)
            } else {
                reportUnknownElement(child, in: name(element), expected: seenConnections ? [] : ["connections"])
            }
        }
        return connections
    }

    /// Appends the object element's node, then its children's, then sets its properties and connections in place.
    private mutating func decodeObject(_ element: Element, kind: ElementKind, parent: Int?) {
        rejectText(in: element)
        // The structural attributes, in fixed slots rather than a dictionary.
        var structural = StructuralAttributes()
        var attributeValues: [AttributeValue] = []
        let attributes = document.attributes(of: element)
        attributeValues.reserveCapacity(attributes.count)
        // The name table says what each attribute is; everything after is a switch over the enum.
        for attribute in attributes where !isSchemaHint(attribute, of: element) {
            let item = document.attributes[Int(attribute)]
            if names.namespace(item.namespace) == .tools {
                checkSuppression(attribute, of: element)
            } else if item.namespace != ParsedDocument.none {
                report(
                    "attribute '\(document.name(ofAttribute: attribute))' in namespace "
                        + "'\(document.names[Int(item.namespace)])' is not allowed on <\(name(element))>",
                    at: position(element))
            } else if let known = names.objectAttributes[Int(item.name)], known.isAllowed(on: kind) {
                if known.isStructural {
                    structural[known] = document.value(of: attribute)
                } else if let value = attributeValue(known, attribute, of: element) {
                    attributeValues.append(value)
                }
            } else {
                let allowed = ObjectAttribute.allCases.filter { $0.isAllowed(on: kind) }.map(\.rawValue)
                let attributeName = document.name(ofAttribute: attribute)
                report(
                    "unknown attribute '\(attributeName)' on <\(name(element))>"
                        + suggestions.suggestion(for: attributeName, in: allowed),
                    at: position(element))
            }
        }
        let node = LayoutNode(
            kind: kind, id: identifier(structural.id, attribute: "id", of: element),
            classReference: classReference(
                className: structural.class, module: structural.module, of: element, required: false),
            outlet: name(structural.outlet, attribute: "outlet", of: element),
            action: name(structural.action, attribute: "action", of: element),
            attributeValues: attributeValues, connections: [], position: position(element), parent: parent)
        // Appended before its children, which name it as their parent.
        let index = layout.append(node)
        // Subviews, then at most one <properties>, then at most one <connections>, as layout.xsd says.
        enum Section: Int { case objects, properties, connections }
        var section = Section.objects
        for child in document.children(of: element) where isOurs(child) {
            let childName = elementName(child)
            if section == .connections {
                report("<connections> must be the last child of <\(name(element))>", at: position(child))
            } else if case .object(let childKind) = childName {
                // Subviews first: most children are.
                if section == .properties {
                    report("<properties> must come after the subviews of <\(name(element))>", at: position(child))
                    continue
                }
                decodeObject(child, kind: childKind, parent: index)
            } else if childName == .connections {
                section = .connections
                let connections = decodeConnections(child, of: kind)
                layout.nodes[index].connections = connections
            } else if childName == .properties {
                if section == .properties {
                    report("<\(name(element))> takes one <properties>", at: position(child))
                    continue
                }
                section = .properties
                let properties = decodeProperties(child)
                layout.nodes[index].properties = properties
            } else if childName == .include {
                if section == .properties {
                    report("<properties> must come after the subviews of <\(name(element))>", at: position(child))
                    continue
                }
                decodeInclude(child, parent: index)
            } else {
                let expected = section == .objects ? Self.objectElementNames + ["properties"] : []
                reportUnknownElement(child, in: name(element), expected: expected + ["connections"])
            }
        }
    }

    /// `<include layout="NAME" id? outlet?/>`: a node standing for NAME's top-level object, which
    /// `IncludeResolution` gives its kind and class. NAME is a plain layout name, never a path, so that
    /// an include cannot reach outside its source.
    private mutating func decodeInclude(_ element: Element, parent: Int?) {
        let values = attributes(of: element, allowed: ["layout", "id", "outlet"])
        rejectText(in: element)
        for child in document.children(of: element) where isOurs(child) {
            reportUnknownElement(child, in: Self.includeElement, expected: [])
        }
        let layoutName = checked(
            values["layout"], attribute: "layout", of: element, required: true, valid: IncludeResolution.isLayoutName
        ) { "a layout name ([A-Za-z_][A-Za-z0-9_-]*, parts joined by single dots; no path)" }
        let node = LayoutNode(
            kind: .view, id: identifier(values["id"], attribute: "id", of: element),
            outlet: name(values["outlet"], attribute: "outlet", of: element), attributeValues: [], connections: [],
            position: position(element), include: IncludeReference(layout: layoutName ?? ""), parent: parent)
        _ = layout.append(node)
    }

    static let includeElement = "include"

    /// `<properties>`: one or more `<property name= value=>`; values are checked against the class later.
    private mutating func decodeProperties(_ element: Element) -> [PropertySetting] {
        _ = attributes(of: element, allowed: [])
        rejectText(in: element)
        var properties: [PropertySetting] = []
        var seenChild = false
        for child in document.children(of: element) where isOurs(child) {
            seenChild = true
            guard elementName(child) == .property else {
                reportUnknownElement(child, in: "properties", expected: ["property"])
                continue
            }
            let values = attributes(of: child, allowed: ["name", "value"])
            rejectText(in: child)
            for grandchild in document.children(of: child) where isOurs(grandchild) {
                reportUnknownElement(grandchild, in: "property", expected: [])
            }
            let propertyName = name(values["name"], attribute: "name", of: child, required: true)
            if values["value"] == nil { reportMissing("value", of: child) }
            if let propertyName, let value = values["value"] {
                properties.append(PropertySetting(name: propertyName, value: value, position: position(child)))
            }
        }
        if !seenChild {
            report("<properties> needs at least one <property>", at: position(element))
        }
        return properties
    }

    /// `<connections>`: outlets, and for a control (`control` is its kind) actions too.
    private mutating func decodeConnections(_ element: Element, of control: ElementKind? = nil) -> [Connection] {
        _ = attributes(of: element, allowed: [])
        rejectText(in: element)
        let events = control?.events ?? []
        let allowed = events.isEmpty ? ["outlet"] : ["outlet", "action"]
        var connections: [Connection] = []
        for child in document.children(of: element) where isOurs(child) {
            let childName = elementName(child)
            guard childName == .outlet || (childName == .action && !events.isEmpty) else {
                reportUnknownElement(child, in: "connections", expected: allowed)
                continue
            }
            let isAction = childName == .action
            let values = attributes(
                of: child, allowed: isAction ? ["name", "destination", "event"] : ["property", "destination"])
            rejectText(in: child)
            for grandchild in document.children(of: child) where isOurs(grandchild) {
                reportUnknownElement(grandchild, in: name(child), expected: [])
            }
            let memberName = name(
                values[isAction ? "name" : "property"], attribute: isAction ? "name" : "property", of: child,
                required: true)
            let destination = identifier(values["destination"], attribute: "destination", of: child, required: true)
            var event: Control.Event?
            if isAction, let control {
                event = self.event(values["event"], of: child, control: control)
                if event == nil { continue }
            }
            if let memberName, let destination {
                connections.append(
                    Connection(
                        kind: isAction ? .action : .outlet, name: memberName, destination: destination, event: event,
                        position: position(child)))
            }
        }
        // An empty <connections> is allowed: one emptied while editing should show the unconnected outlets
        // at once, not a schema error that hides them for a round.
        return connections
    }

    /// The event of an `<action>`: `event=` when it names one the control sends, else its default.
    private mutating func event(_ raw: String?, of element: Element, control: ElementKind) -> Control.Event? {
        let events = control.events
        guard let raw else { return events.first }
        let value = Lexical.collapse(raw)
        if let event = Control.Event(rawValue: value), events.contains(event) { return event }
        let names = events.map(\.rawValue)
        reportInvalid(
            "event", raw, of: element,
            expected: "an event <\(control.rawValue)> sends: \(names.joined(separator: ", "))"
                + suggestions.suggestion(for: value, in: names))
        return nil
    }

    // MARK: Attributes

    /// The element's attributes in document order, after reporting every one not in `allowed`.
    private mutating func attributes(of element: Element, allowed: [String]) -> AttributeValues {
        var values = AttributeValues(allowed: allowed)
        for attribute in document.attributes(of: element) where !isSchemaHint(attribute, of: element) {
            let item = document.attributes[Int(attribute)]
            if names.namespace(item.namespace) == .tools {
                checkSuppression(attribute, of: element)
            } else if item.namespace != ParsedDocument.none {
                report(
                    "attribute '\(document.name(ofAttribute: attribute))' in namespace "
                        + "'\(document.names[Int(item.namespace)])' is not allowed on <\(name(element))>",
                    at: position(element))
            } else if let slot = allowed.firstIndex(of: document.names[Int(item.name)]) {
                values.set(slot, document.value(of: attribute))
            } else if allowed.isEmpty {
                report(
                    "<\(name(element))> takes no attributes; found '\(document.name(ofAttribute: attribute))'",
                    at: position(element))
            } else {
                let attributeName = document.name(ofAttribute: attribute)
                report(
                    "unknown attribute '\(attributeName)' on <\(name(element))>"
                        + suggestions.suggestion(for: attributeName, in: allowed),
                    at: position(element))
            }
        }
        return values
    }

    /// An attribute of the tools namespace: `lk:ignore` naming rules that exist and may be silenced,
    /// or nothing else (article "Layout format").
    private mutating func checkSuppression(_ attribute: Attribute, of element: Element) {
        let attributeName = document.name(ofAttribute: attribute)
        guard attributeName == Suppressions.attribute else {
            report(
                "attribute '\(attributeName)' in namespace '\(Suppressions.namespace)' is not allowed on <\(name(element))>"
                    + suggestions.suggestion(for: attributeName, in: [Suppressions.attribute]),
                at: position(element))
            return
        }
        hasSuppressions = true
        let place = "lk:ignore on <\(name(element))>"
        let ids = Suppressions.ruleIDs(in: document.value(of: attribute))
        if ids.isEmpty {
            report("\(place) names no rule; expected rule ids separated by spaces", at: position(element))
        }
        // One diagnostic per problem, not per id: a value can hold a million ids.
        var firstUnknown: RuleID?
        var unknownCount = 0
        var unsilenceable: [RuleDescriptor] = []
        for id in ids {
            if let rule = id.descriptor {
                if !rule.isLowerable, !unsilenceable.contains(rule) { unsilenceable.append(rule) }
            } else {
                if firstUnknown == nil { firstUnknown = id }
                unknownCount += 1
            }
        }
        if let first = firstUnknown {
            let more = unknownCount > 1 ? " (and \(unknownCount - 1) more ids that name no rule)" : ""
            report(
                "unknown rule \(quoted(first.rawValue)) in \(place)"
                    + suggestions.suggestion(for: first.rawValue, in: RuleDescriptor.all.map(\.id.rawValue)) + more,
                at: position(element))
        }
        for rule in unsilenceable {
            let reason =
                rule.phase == .instantiation
                ? "it is about what instantiate is given, not about the file"
                : "a file that breaks it is reported for that and nothing else"
            report("rule '\(rule.id)' in \(place) cannot be silenced: \(reason)", at: position(element))
        }
    }

    private mutating func attributeValue(
        _ known: ObjectAttribute, _ index: Attribute, of element: Element
    ) -> AttributeValue? {
        // A valid value of a typed attribute is read in place; anything else (a String value, a value
        // to collapse, a fraction, an invalid value) takes the String path below, whose diagnostics are
        // the format's.
        if let value = document.withValue(of: index, { Self.typedValue(known, $0) }) { return value }
        let attribute = known.rawValue
        let raw = document.value(of: index)
        func enumeration<Value: RawRepresentable & CaseIterable>(_: Value.Type) -> Value?
        where Value.RawValue == String {
            let value = Lexical.collapse(raw)
            if let parsed = Value(rawValue: value) { return parsed }
            let cases = Value.allCases.map(\.rawValue)
            let closest = suggestions.closest(to: value, in: cases, countingTies: true)
            let message =
                "invalid \(attribute)=\(quoted(raw)) on <\(name(element))>: expected one of \(cases.joined(separator: ", "))"
                + (closest.map { "; did you mean '\($0.name)'?" + LayoutRules.noFix(tie: $0.tie) } ?? "")
            let fixIts =
                closest.flatMap { $0.tie == nil ? fixIt(setting: index, of: element, from: raw, to: $0.name) : nil }
                .map { [$0] } ?? []
            collector.report(
                Diagnostic(rule: .schema, message: message, location: location(position(element)), fixIts: fixIts))
            return nil
        }
        func color() -> Color? {
            if let color = Color(hex: Lexical.collapse(raw)) { return color }
            reportInvalid(attribute, raw, of: element, expected: "a colour as #RRGGBB or #RRGGBBAA")
            return nil
        }
        func decimal(in range: ClosedRange<Double>, _ expected: String) -> Double? {
            if let number = Lexical.decimal(Lexical.collapse(raw)), range.contains(number) { return number }
            reportInvalid(attribute, raw, of: element, expected: expected)
            return nil
        }
        func integer(minimum: Int, _ expected: String) -> Int? {
            if let number = Lexical.int32(Lexical.collapse(raw)), number >= minimum { return number }
            reportInvalid(attribute, raw, of: element, expected: expected)
            return nil
        }
        func boolean() -> Bool? {
            if let value = Lexical.boolean(Lexical.collapse(raw)) { return value }
            reportInvalid(attribute, raw, of: element, expected: "true or false")
            return nil
        }
        switch known {
        case .hidden: return boolean().map(AttributeValue.hidden)
        case .alpha: return decimal(in: 0...1, "a decimal number from 0 to 1").map(AttributeValue.alpha)
        case .backgroundColor: return color().map(AttributeValue.backgroundColor)
        case .tag:
            return integer(minimum: Int(Int32.min), "a whole number that fits in 32 bits").map(AttributeValue.tag)
        case .accessibilityIdentifier: return .accessibilityIdentifier(raw)
        case .text: return .text(raw)
        case .font: return enumeration(Label.Font.self).map(AttributeValue.font)
        case .textColor: return color().map(AttributeValue.textColor)
        case .numberOfLines:
            return integer(minimum: 0, "a whole number from 0 to 2147483647").map(AttributeValue.numberOfLines)
        case .textAlignment: return enumeration(Label.TextAlignment.self).map(AttributeValue.textAlignment)
        case .image: return .image(raw)
        case .contentMode: return enumeration(ImageView.ContentMode.self).map(AttributeValue.contentMode)
        case .title: return .title(raw)
        case .isOn: return boolean().map(AttributeValue.isOn)
        case .placeholder: return .placeholder(raw)
        case .axis: return enumeration(StackView.Axis.self).map(AttributeValue.axis)
        case .spacing:
            return decimal(in: 0...Self.maximumSpacing, "a decimal number from 0 to 1000000").map(
                AttributeValue.spacing)
        case .alignment: return enumeration(StackView.Alignment.self).map(AttributeValue.alignment)
        case .distribution: return enumeration(StackView.Distribution.self).map(AttributeValue.distribution)
        case .reuseIdentifier: return .reuseIdentifier(raw)
        case .selectionStyle: return enumeration(TableViewCell.SelectionStyle.self).map(AttributeValue.selectionStyle)
        case .accessoryType: return enumeration(TableViewCell.AccessoryType.self).map(AttributeValue.accessoryType)
        case .id, .class, .module, .outlet, .action: return nil
        }
    }

    /// A typed attribute's value from its UTF-8 bytes when it is valid as written; `nil` otherwise.
    private static func typedValue(_ known: ObjectAttribute, _ bytes: UnsafeBufferPointer<UInt8>) -> AttributeValue? {
        guard Lexical.isCollapsed(bytes) else { return nil }
        switch known {
        case .hidden: return Lexical.boolean(bytes).map(AttributeValue.hidden)
        case .isOn: return Lexical.boolean(bytes).map(AttributeValue.isOn)
        case .alpha: return Lexical.wholeDecimal(bytes).flatMap { $0 <= 1 ? .alpha($0) : nil }
        case .spacing: return Lexical.wholeDecimal(bytes).flatMap { $0 <= maximumSpacing ? .spacing($0) : nil }
        case .tag: return Lexical.int32(bytes).map(AttributeValue.tag)
        case .numberOfLines: return Lexical.int32(bytes).flatMap { $0 >= 0 ? .numberOfLines($0) : nil }
        case .backgroundColor: return Color(hexDigits: bytes).map(AttributeValue.backgroundColor)
        case .textColor: return Color(hexDigits: bytes).map(AttributeValue.textColor)
        case .font: return ValueNames.fonts[utf8: bytes].map(AttributeValue.font)
        case .textAlignment: return ValueNames.textAlignments[utf8: bytes].map(AttributeValue.textAlignment)
        case .contentMode: return ValueNames.contentModes[utf8: bytes].map(AttributeValue.contentMode)
        case .axis: return ValueNames.axes[utf8: bytes].map(AttributeValue.axis)
        case .alignment: return ValueNames.alignments[utf8: bytes].map(AttributeValue.alignment)
        case .distribution: return ValueNames.distributions[utf8: bytes].map(AttributeValue.distribution)
        case .selectionStyle: return ValueNames.selectionStyles[utf8: bytes].map(AttributeValue.selectionStyle)
        case .accessoryType: return ValueNames.accessoryTypes[utf8: bytes].map(AttributeValue.accessoryType)
        case .accessibilityIdentifier, .text, .image, .title, .placeholder, .reuseIdentifier: return nil
        case .id, .class, .module, .outlet, .action: return nil
        }
    }

    /// The largest `spacing=` layout.xsd allows.
    static let maximumSpacing = 1_000_000.0

    private mutating func classReference(
        _ values: AttributeValues, of element: Element, required: Bool
    ) -> ClassReference? {
        classReference(className: values["class"], module: values["module"], of: element, required: required)
    }

    private mutating func classReference(
        className rawClass: String?, module rawModule: String?, of element: Element, required: Bool
    ) -> ClassReference? {
        let module = name(rawModule, attribute: "module", of: element)
        guard let className = name(rawClass, attribute: "class", of: element, required: required) else {
            if module != nil {
                report("'module' on <\(name(element))> needs a 'class' beside it", at: position(element))
            }
            return nil
        }
        return ClassReference(name: className, module: module)
    }

    private mutating func identifier(
        _ raw: String?, attribute: String, of element: Element, required: Bool = false
    ) -> String? {
        checked(raw, attribute: attribute, of: element, required: required, valid: Lexical.isIdentifier) {
            "an identifier ([A-Za-z_][A-Za-z0-9_.-]*)"
        }
    }

    private mutating func name(
        _ raw: String?, attribute: String, of element: Element, required: Bool = false
    ) -> String? {
        checked(raw, attribute: attribute, of: element, required: required, valid: Lexical.isName) {
            "a name ([A-Za-z_][A-Za-z0-9_]*)"
        }
    }

    private mutating func checked(
        _ raw: String?, attribute: String, of element: Element, required: Bool,
        valid: (String) -> Bool, expected: () -> String
    ) -> String? {
        guard let raw else {
            if required { reportMissing(attribute, of: element) }
            return nil
        }
        let value = Lexical.collapse(raw)
        guard valid(value) else {
            reportInvalid(attribute, raw, of: element, expected: expected())
            return nil
        }
        return value
    }

    /// Whether `attribute` is an `xsi:` attribute, which is skipped; `xsi:type` and `xsi:nil` are
    /// reported first. An element's name fixes its type, and the schema makes every `xsi:type` invalid
    /// (each element's type is anonymous) and no element nillable, so the decoder refuses them too.
    private mutating func isSchemaHint(_ attribute: Attribute, of element: Element) -> Bool {
        guard names.namespace(document.attributes[Int(attribute)].namespace) == .xsi else { return false }
        let attributeName = document.name(ofAttribute: attribute)
        if attributeName == "type" || attributeName == "nil" {
            report(
                "xsi:\(attributeName) is not allowed on <\(name(element))>: an element's name fixes its type",
                at: position(element))
        }
        return true
    }

    // MARK: Reporting

    private func isOurs(_ element: Element) -> Bool {
        names.namespace(document.elements[Int(element)].namespace) == .layout
    }

    private func name(_ element: Element) -> String { document.name(of: element) }

    private func position(_ element: Element) -> SourcePosition { document.elements[Int(element)].position }

    /// What the element's name is to the format, whatever its namespace.
    private func elementName(_ element: Element) -> DocumentNames.ElementName? {
        names.elements[Int(document.elements[Int(element)].name)]
    }

    private mutating func rejectText(in element: Element) {
        if document.elements[Int(element)].textPosition != nil {
            report("<\(name(element))> cannot contain text", at: position(element))
        }
        for child in document.children(of: element) where !isOurs(child) {
            let namespace = document.namespace(of: child).map { "namespace '\($0)'" } ?? "no namespace"
            report(
                "<\(name(child))> in \(namespace) is not allowed here; layout elements are in '\(Self.namespace)'",
                at: position(child))
        }
    }

    private mutating func reportUnknownElement(_ element: Element, in parent: String, expected: [String]) {
        let hint =
            expected.isEmpty
            ? "<\(parent)> allows no such child"
            : "expected \(expected.map { "<\($0)>" }.joined(separator: ", "))"
                + suggestions.suggestion(for: name(element), in: expected)
        report("unexpected <\(name(element))> in <\(parent)>: \(hint)", at: position(element))
    }

    private mutating func reportMissing(_ attribute: String, of element: Element) {
        report("<\(name(element))> is missing the required attribute '\(attribute)'", at: position(element))
    }

    private mutating func reportInvalid(
        _ attribute: String, _ value: String, of element: Element, expected: String
    ) {
        report(
            "invalid \(attribute)=\(quoted(value)) on <\(name(element))>: expected \(expected)", at: position(element))
    }

    private mutating func report(_ message: String, at position: SourcePosition) {
        collector.report(.schema, message, at: location(position))
    }

    private func location(_ position: SourcePosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// The fix-it that writes `value` for the attribute at `index` of `element`, as the file writes it:
    /// the attribute is found again in the start tag's bytes, by its place among the element's attributes.
    private mutating func fixIt(
        setting index: Attribute, of element: Element, from old: String, to value: String
    ) -> FixIt? {
        let offset = Int(position(element).offset)
        guard !source.isEmpty else { return nil }
        let written = StartTag.plainAttributes(in: source, at: offset)
        let place = Int(index - document.attributes(of: element).lowerBound)
        guard place >= 0, place < written.count,
            source[written[place].qualifiedName].elementsEqual(document.name(ofAttribute: index).utf8)
        else { return nil }
        if fixSource == nil { fixSource = FixItSource(file: file, bytes: source) }
        return fixSource?.setting(
            written[place], to: value, description: "replace \(quoted(old)) with \(quoted(value))")
    }
}

/// The values of an element's allowed attributes (at most four), looked up by name.
struct AttributeValues {
    /// The names allowed, in the order of the slots.
    let allowed: [String]
    private var slots: (String?, String?, String?, String?) = (nil, nil, nil, nil)

    init(allowed: [String]) {
        precondition(allowed.count <= 4, "AttributeValues holds four attributes")
        self.allowed = allowed
    }

    /// Sets the value of `allowed[slot]`.
    mutating func set(_ slot: Int, _ value: String) {
        switch slot {
        case 0: slots.0 = value
        case 1: slots.1 = value
        case 2: slots.2 = value
        default: slots.3 = value
        }
    }

    subscript(name: String) -> String? {
        switch allowed.firstIndex(of: name) {
        case 0: slots.0
        case 1: slots.1
        case 2: slots.2
        case 3: slots.3
        default: nil
        }
    }
}

/// What each name of one document is to the layout format, found once per name rather than per use.
struct DocumentNames {
    /// The element names the decoder tells apart.
    enum ElementName: Equatable {
        case object(ElementKind)
        case layout, owner, external, include, connections, properties, property, outlet, action
    }

    /// The namespaces the decoder tells apart.
    enum Namespace {
        case layout, tools, xsi, other
    }

    /// By index in the document's name table.
    private(set) var elements: [ElementName?] = []
    private(set) var objectAttributes: [ObjectAttribute?] = []
    private(set) var namespaces: [Namespace] = []

    init() {}

    init(_ document: ParsedDocument) {
        // What each name is used as, so that each is taken only where it can stand: an element's name among
        // the element names, an attribute's among the attributes, a namespace among those.
        let elementName: UInt8 = 1
        let attributeName: UInt8 = 2
        let namespaceURI: UInt8 = 4
        var roles = [UInt8](repeating: 0, count: document.names.count)
        for element in document.elements {
            roles[Int(element.name)] |= elementName
            if element.namespace != ParsedDocument.none { roles[Int(element.namespace)] |= namespaceURI }
        }
        for attribute in document.attributes {
            roles[Int(attribute.name)] |= attributeName
            if attribute.namespace != ParsedDocument.none { roles[Int(attribute.namespace)] |= namespaceURI }
        }
        elements.reserveCapacity(document.names.count)
        objectAttributes.reserveCapacity(document.names.count)
        namespaces.reserveCapacity(document.names.count)
        // The reader recognised the format's names as it read them (`NameMeaning`); a name it did not is
        // none of the format's. A document without them (made by other means) has its names looked up.
        let meanings = document.meanings
        let recognised = meanings.count == document.names.count
        for index in document.names.indices {
            let role = roles[index]
            let meaning = recognised ? meanings[index] : NameMeaning(of: document.names[index])
            elements.append(role & elementName != 0 ? meaning.element : nil)
            objectAttributes.append(role & attributeName != 0 ? meaning.attribute : nil)
            namespaces.append(role & namespaceURI != 0 ? meaning.namespace : .other)
        }
    }

    /// The namespace at `index` in the name table; `nil` for no namespace.
    func namespace(_ index: ParsedDocument.NameIndex) -> Namespace? {
        index == ParsedDocument.none ? nil : namespaces[Int(index)]
    }

    fileprivate static func elementName(_ name: String) -> ElementName? {
        if let kind = ElementKind.named(name) { return .object(kind) }
        switch ValueNames.formatElements[name] {
        case .layout: return .layout
        case .owner: return .owner
        case .external: return .external
        case .include: return .include
        case .connections: return .connections
        case .properties: return .properties
        case .property: return .property
        case .outlet: return .outlet
        case .action: return .action
        case nil: return nil
        }
    }
}

/// What one name is to the layout format, wherever it stands: the element, the object attribute and the
/// namespace it would be (`DocumentNames` takes each only where the document uses the name so). Found once
/// per name of the format, when the reader's table of them is made, rather than once per file.
struct NameMeaning: Sendable {
    var element: DocumentNames.ElementName?
    var attribute: ObjectAttribute?
    var namespace: DocumentNames.Namespace

    /// A name that is none of the format's.
    static let none = NameMeaning(element: nil, attribute: nil, namespace: .other)

    private init(element: DocumentNames.ElementName?, attribute: ObjectAttribute?, namespace: DocumentNames.Namespace) {
        self.element = element
        self.attribute = attribute
        self.namespace = namespace
    }

    /// What `name` is, looked up.
    init(of name: String) {
        element = DocumentNames.elementName(name)
        attribute = ObjectAttribute.named(name)
        namespace =
            switch name {
            case LayoutDecoder.namespace: .layout
            case Suppressions.namespace: .tools
            case Lexical.xsiNamespace: .xsi
            default: .other
            }
    }
}

/// The enumerations attribute values name, found by name.
private enum ValueNames {
    static let fonts = NameTable<Label.Font>()
    static let textAlignments = NameTable<Label.TextAlignment>()
    static let contentModes = NameTable<ImageView.ContentMode>()
    static let axes = NameTable<StackView.Axis>()
    static let alignments = NameTable<StackView.Alignment>()
    static let distributions = NameTable<StackView.Distribution>()
    static let selectionStyles = NameTable<TableViewCell.SelectionStyle>()
    static let accessoryTypes = NameTable<TableViewCell.AccessoryType>()
    static let formatElements = NameTable<FormatElement>()
}

/// The elements of the format that are not object elements.
private enum FormatElement: String, CaseIterable, Sendable {
    case layout, owner, external, include, connections, properties, property, outlet, action
}

/// The values of an object element's structural attributes (`ObjectAttribute.isStructural`).
private struct StructuralAttributes {
    var id: String?
    var `class`: String?
    var module: String?
    var outlet: String?
    var action: String?

    subscript(attribute: ObjectAttribute) -> String? {
        get {
            switch attribute {
            case .id: id
            case .class: self.class
            case .module: module
            case .outlet: outlet
            case .action: action
            default: nil
            }
        }
        set {
            switch attribute {
            case .id: id = newValue
            case .class: self.class = newValue
            case .module: module = newValue
            case .outlet: outlet = newValue
            case .action: action = newValue
            default: preconditionFailure("\(attribute) is not structural")
            }
        }
    }
}
