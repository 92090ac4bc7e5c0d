/// Turns a parsed element tree into a `Layout`, reporting as `schema` everything the format does not allow.
struct LayoutDecoder {
    static let namespace = "urn:layoutkit:layout:1"

    let file: String
    private var collector = DiagnosticCollector()
    /// The did-you-mean work this file may still cause.
    private var suggestions = SuggestionBudget()

    /// The `schema` diagnostics, in source order, capped per file.
    var diagnostics: [Diagnostic] { collector.diagnostics }
    /// Whether the file follows the format.
    var isValid: Bool { collector.isEmpty }
    /// Whether some element has an `lk:ignore`, so that `Suppressions` has something to read.
    private(set) var hasSuppressions = false

    init(file: String) {
        self.file = file
    }

    /// Decodes the whole document; check `diagnostics` before trusting the result.
    mutating func decode(_ root: ParsedElement) -> Layout {
        var layout = Layout(file: file, owner: nil, externals: [], objects: [], position: root.position)
        guard root.namespace == Self.namespace, root.name == "layout" else {
            let found =
                root.namespace.map { "<\(root.name)> in namespace '\($0)'" } ?? "<\(root.name)> in no namespace"
            report(
                "the root element must be <layout> in namespace '\(Self.namespace)'; found \(found)",
                at: root.position)
            return layout
        }
        _ = attributes(of: root, allowed: [])
        rejectText(in: root)

        enum Section: Int { case owner, externals, objects }
        var section = Section.owner
        for child in root.children {
            guard isOurs(child) else { continue }
            switch child.name {
            case "owner":
                if section != .owner || layout.owner != nil {
                    report("<owner> must come first in <layout>, and only once", at: child.position)
                    continue
                }
                layout.owner = decodeOwner(child)
                section = .externals
            case "external":
                if section == .objects {
                    report("<external> must come before the object elements of <layout>", at: child.position)
                    continue
                }
                if let external = decodeExternal(child) { layout.externals.append(external) }
                section = .externals
            case Self.includeElement:
                layout.objects.append(decodeInclude(child))
                section = .objects
            default:
                if let kind = ElementKind.named(child.name) {
                    layout.objects.append(decodeObject(child, kind: kind))
                    section = .objects
                } else {
                    reportUnknownElement(
                        child, in: "layout", expected: ["owner", "external"] + Self.objectElementNames)
                }
            }
        }
        if layout.objects.isEmpty, collector.isEmpty {
            report(
                "<layout> needs at least one object element (\(Self.objectElementNames.joined(separator: ", ")))",
                at: root.position)
        }
        return layout
    }

    /// The elements that may stand where an object may: the object elements and `<include>`.
    private static let objectElementNames = ElementKind.allCases.map(\.rawValue) + [includeElement]

    // MARK: Elements

    private mutating func decodeOwner(_ element: ParsedElement) -> OwnerPlaceholder? {
        let values = attributes(of: element, allowed: ["class", "module", "id"])
        let id = identifier(values["id"], attribute: "id", of: element)
        let connections = decodeChildren(ofPlaceholder: element)
        guard let classReference = classReference(values, of: element, required: true) else { return nil }
        return OwnerPlaceholder(
            id: id, classReference: classReference, connections: connections, position: element.position)
    }

    private mutating func decodeExternal(_ element: ParsedElement) -> ExternalPlaceholder? {
        let values = attributes(of: element, allowed: ["id", "name", "class", "module"])
        for child in element.children where isOurs(child) {
            reportUnknownElement(child, in: "external", expected: [])
        }
        rejectText(in: element)
        let classReference = classReference(values, of: element, required: false)
        let name = values["name"]
        if name == nil { reportMissing("name", of: element) }
        guard let id = identifier(values["id"], attribute: "id", of: element, required: true), let name else {
            return nil
        }
        return ExternalPlaceholder(id: id, name: name, classReference: classReference, position: element.position)
    }

    /// `<owner>` holds nothing but an optional `<connections>`.
    private mutating func decodeChildren(ofPlaceholder element: ParsedElement) -> [Connection] {
        rejectText(in: element)
        var connections: [Connection] = []
        var seenConnections = false
        for child in element.children where isOurs(child) {
            if child.name == "connections", !seenConnections {
                seenConnections = true
                connections = decodeConnections(child)
            } else {
                reportUnknownElement(child, in: element.name, expected: seenConnections ? [] : ["connections"])
            }
        }
        return connections
    }

    private mutating func decodeObject(_ element: ParsedElement, kind: ElementKind) -> LayoutNode {
        rejectText(in: element)
        // The structural attributes, in fixed slots rather than a dictionary.
        var structural = StructuralAttributes()
        var attributeValues: [AttributeValue] = []
        attributeValues.reserveCapacity(element.attributes.count)
        // One lookup per attribute names it; everything after is a switch over the enum.
        for attribute in element.attributes where !isSchemaHint(attribute, of: element) {
            if attribute.namespace == Suppressions.namespace {
                checkSuppression(attribute, of: element)
            } else if let namespace = attribute.namespace {
                report(
                    "attribute '\(attribute.name)' in namespace '\(namespace)' is not allowed on <\(element.name)>",
                    at: element.position)
            } else if let known = ObjectAttribute.named(attribute.name), known.isAllowed(on: kind) {
                if known.isStructural {
                    structural[known] = attribute.value
                } else if let value = attributeValue(known, attribute.value, of: element) {
                    attributeValues.append(value)
                }
            } else {
                let allowed = ObjectAttribute.allCases.filter { $0.isAllowed(on: kind) }.map(\.rawValue)
                report(
                    "unknown attribute '\(attribute.name)' on <\(element.name)>"
                        + suggestions.suggestion(for: attribute.name, in: allowed),
                    at: element.position)
            }
        }
        var node = LayoutNode(
            kind: kind, id: identifier(structural.id, attribute: "id", of: element),
            classReference: classReference(
                className: structural.class, module: structural.module, of: element, required: false),
            outlet: name(structural.outlet, attribute: "outlet", of: element),
            action: name(structural.action, attribute: "action", of: element),
            attributeValues: attributeValues, children: [], connections: [], position: element.position)
        // Subviews, then at most one <properties>, then at most one <connections>, as layout.xsd says.
        enum Section: Int { case objects, properties, connections }
        var section = Section.objects
        for child in element.children where isOurs(child) {
            if section == .connections {
                report("<connections> must be the last child of <\(element.name)>", at: child.position)
            } else if let childKind = ElementKind.named(child.name) {
                // Subviews first: most children are.
                if section == .properties {
                    report("<properties> must come after the subviews of <\(element.name)>", at: child.position)
                    continue
                }
                node.children.append(decodeObject(child, kind: childKind))
            } else if child.name == "connections" {
                section = .connections
                node.connections = decodeConnections(child, of: kind)
            } else if child.name == "properties" {
                if section == .properties {
                    report("<\(element.name)> takes one <properties>", at: child.position)
                    continue
                }
                section = .properties
                node.properties = decodeProperties(child)
            } else if child.name == Self.includeElement {
                if section == .properties {
                    report("<properties> must come after the subviews of <\(element.name)>", at: child.position)
                    continue
                }
                node.children.append(decodeInclude(child))
            } else {
                let expected = section == .objects ? Self.objectElementNames + ["properties"] : []
                reportUnknownElement(child, in: element.name, expected: expected + ["connections"])
            }
        }
        return node
    }

    /// `<include layout="NAME" id? outlet?/>`: a node standing for NAME's top-level object, which
    /// `IncludeResolution` gives its kind and class. NAME is a plain layout name, never a path, so that
    /// an include cannot reach outside its source.
    private mutating func decodeInclude(_ element: ParsedElement) -> LayoutNode {
        let values = attributes(of: element, allowed: ["layout", "id", "outlet"])
        rejectText(in: element)
        for child in element.children where isOurs(child) {
            reportUnknownElement(child, in: Self.includeElement, expected: [])
        }
        let layoutName = checked(
            values["layout"], attribute: "layout", of: element, required: true, valid: IncludeResolution.isLayoutName
        ) { "a layout name ([A-Za-z_][A-Za-z0-9_-]*, parts joined by single dots; no path)" }
        return LayoutNode(
            kind: .view, id: identifier(values["id"], attribute: "id", of: element),
            outlet: name(values["outlet"], attribute: "outlet", of: element), attributeValues: [], children: [],
            connections: [], position: element.position, include: IncludeReference(layout: layoutName ?? ""))
    }

    static let includeElement = "include"

    /// `<properties>`: one or more `<property name= value=>`; values are checked against the class later.
    private mutating func decodeProperties(_ element: ParsedElement) -> [PropertySetting] {
        _ = attributes(of: element, allowed: [])
        rejectText(in: element)
        var properties: [PropertySetting] = []
        var seenChild = false
        for child in element.children where isOurs(child) {
            seenChild = true
            guard child.name == "property" else {
                reportUnknownElement(child, in: "properties", expected: ["property"])
                continue
            }
            let values = attributes(of: child, allowed: ["name", "value"])
            rejectText(in: child)
            for grandchild in child.children where isOurs(grandchild) {
                reportUnknownElement(grandchild, in: "property", expected: [])
            }
            let propertyName = name(values["name"], attribute: "name", of: child, required: true)
            if values["value"] == nil { reportMissing("value", of: child) }
            if let propertyName, let value = values["value"] {
                properties.append(PropertySetting(name: propertyName, value: value, position: child.position))
            }
        }
        if !seenChild {
            report("<properties> needs at least one <property>", at: element.position)
        }
        return properties
    }

    /// `<connections>`: outlets, and for a control (`control` is its kind) actions too.
    private mutating func decodeConnections(_ element: ParsedElement, of control: ElementKind? = nil) -> [Connection] {
        _ = attributes(of: element, allowed: [])
        rejectText(in: element)
        let events = control?.events ?? []
        let allowed = events.isEmpty ? ["outlet"] : ["outlet", "action"]
        var connections: [Connection] = []
        for child in element.children where isOurs(child) {
            guard allowed.contains(child.name) else {
                reportUnknownElement(child, in: "connections", expected: allowed)
                continue
            }
            let isAction = child.name == "action"
            let values = attributes(
                of: child, allowed: isAction ? ["name", "destination", "event"] : ["property", "destination"])
            rejectText(in: child)
            for grandchild in child.children where isOurs(grandchild) {
                reportUnknownElement(grandchild, in: child.name, expected: [])
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
                        position: child.position))
            }
        }
        // An empty <connections> is allowed: one emptied while editing should show the unconnected outlets
        // at once, not a schema error that hides them for a round.
        return connections
    }

    /// The event of an `<action>`: `event=` when it names one the control sends, else its default.
    private mutating func event(_ raw: String?, of element: ParsedElement, control: ElementKind) -> Control.Event? {
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
    private mutating func attributes(of element: ParsedElement, allowed: [String]) -> AttributeValues {
        var values = AttributeValues()
        for attribute in element.attributes where !isSchemaHint(attribute, of: element) {
            if attribute.namespace == Suppressions.namespace {
                checkSuppression(attribute, of: element)
            } else if let namespace = attribute.namespace {
                report(
                    "attribute '\(attribute.name)' in namespace '\(namespace)' is not allowed on <\(element.name)>",
                    at: element.position)
            } else if allowed.contains(attribute.name) {
                values.append(attribute.name, attribute.value)
            } else if allowed.isEmpty {
                report("<\(element.name)> takes no attributes; found '\(attribute.name)'", at: element.position)
            } else {
                report(
                    "unknown attribute '\(attribute.name)' on <\(element.name)>"
                        + suggestions.suggestion(for: attribute.name, in: allowed),
                    at: element.position)
            }
        }
        return values
    }

    /// An attribute of the tools namespace: `lk:ignore` naming rules that exist and may be silenced,
    /// or nothing else (article "Layout format").
    private mutating func checkSuppression(_ attribute: ParsedAttribute, of element: ParsedElement) {
        guard attribute.name == Suppressions.attribute else {
            report(
                "attribute '\(attribute.name)' in namespace '\(Suppressions.namespace)' is not allowed on <\(element.name)>"
                    + suggestions.suggestion(for: attribute.name, in: [Suppressions.attribute]),
                at: element.position)
            return
        }
        hasSuppressions = true
        let place = "lk:ignore on <\(element.name)>"
        let ids = Suppressions.ruleIDs(in: attribute.value)
        if ids.isEmpty {
            report("\(place) names no rule; expected rule ids separated by spaces", at: element.position)
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
                at: element.position)
        }
        for rule in unsilenceable {
            let reason =
                rule.phase == .instantiation
                ? "it is about what instantiate is given, not about the file"
                : "a file that breaks it is reported for that and nothing else"
            report("rule '\(rule.id)' in \(place) cannot be silenced: \(reason)", at: element.position)
        }
    }

    private mutating func attributeValue(
        _ known: ObjectAttribute, _ raw: String, of element: ParsedElement
    ) -> AttributeValue? {
        let attribute = known.rawValue
        func enumeration<Value: RawRepresentable & CaseIterable>(_: Value.Type) -> Value?
        where Value.RawValue == String {
            let value = Lexical.collapse(raw)
            if let parsed = Value(rawValue: value) { return parsed }
            let cases = Value.allCases.map(\.rawValue)
            reportInvalid(
                attribute, raw, of: element,
                expected: "one of \(cases.joined(separator: ", "))" + suggestions.suggestion(for: value, in: cases))
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

    /// The largest `spacing=` layout.xsd allows.
    static let maximumSpacing = 1_000_000.0

    private mutating func classReference(
        _ values: AttributeValues, of element: ParsedElement, required: Bool
    ) -> ClassReference? {
        classReference(className: values["class"], module: values["module"], of: element, required: required)
    }

    private mutating func classReference(
        className rawClass: String?, module rawModule: String?, of element: ParsedElement, required: Bool
    ) -> ClassReference? {
        let module = name(rawModule, attribute: "module", of: element)
        guard let className = name(rawClass, attribute: "class", of: element, required: required) else {
            if module != nil {
                report("'module' on <\(element.name)> needs a 'class' beside it", at: element.position)
            }
            return nil
        }
        return ClassReference(name: className, module: module)
    }

    private mutating func identifier(
        _ raw: String?, attribute: String, of element: ParsedElement, required: Bool = false
    ) -> String? {
        checked(raw, attribute: attribute, of: element, required: required, valid: Lexical.isIdentifier) {
            "an identifier ([A-Za-z_][A-Za-z0-9_.-]*)"
        }
    }

    private mutating func name(
        _ raw: String?, attribute: String, of element: ParsedElement, required: Bool = false
    ) -> String? {
        checked(raw, attribute: attribute, of: element, required: required, valid: Lexical.isName) {
            "a name ([A-Za-z_][A-Za-z0-9_]*)"
        }
    }

    private mutating func checked(
        _ raw: String?, attribute: String, of element: ParsedElement, required: Bool,
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
    private mutating func isSchemaHint(_ attribute: ParsedAttribute, of element: ParsedElement) -> Bool {
        guard attribute.namespace == Lexical.xsiNamespace else { return false }
        if attribute.name == "type" || attribute.name == "nil" {
            report(
                "xsi:\(attribute.name) is not allowed on <\(element.name)>: an element's name fixes its type",
                at: element.position)
        }
        return true
    }

    // MARK: Reporting

    private func isOurs(_ element: ParsedElement) -> Bool {
        element.namespace == Self.namespace
    }

    private mutating func rejectText(in element: ParsedElement) {
        if element.textPosition != nil {
            report("<\(element.name)> cannot contain text", at: element.position)
        }
        for child in element.children where !isOurs(child) {
            let namespace = child.namespace.map { "namespace '\($0)'" } ?? "no namespace"
            report(
                "<\(child.name)> in \(namespace) is not allowed here; layout elements are in '\(Self.namespace)'",
                at: child.position)
        }
    }

    private mutating func reportUnknownElement(_ element: ParsedElement, in parent: String, expected: [String]) {
        let hint =
            expected.isEmpty
            ? "<\(parent)> allows no such child"
            : "expected \(expected.map { "<\($0)>" }.joined(separator: ", "))"
                + suggestions.suggestion(for: element.name, in: expected)
        report("unexpected <\(element.name)> in <\(parent)>: \(hint)", at: element.position)
    }

    private mutating func reportMissing(_ attribute: String, of element: ParsedElement) {
        report("<\(element.name)> is missing the required attribute '\(attribute)'", at: element.position)
    }

    private mutating func reportInvalid(
        _ attribute: String, _ value: String, of element: ParsedElement, expected: String
    ) {
        report("invalid \(attribute)=\(quoted(value)) on <\(element.name)>: expected \(expected)", at: element.position)
    }

    private mutating func report(_ message: String, at position: SourcePosition) {
        collector.report(
            .schema, message, at: SourceLocation(file: file, line: position.line, column: position.column))
    }
}

/// An element's allowed attributes, in document order, looked up by name.
struct AttributeValues {
    private(set) var ordered: [(String, String)] = []

    mutating func append(_ name: String, _ value: String) {
        ordered.append((name, value))
    }

    subscript(name: String) -> String? {
        ordered.first { $0.0 == name }?.1
    }
}

extension ElementKind {
    /// The kind an element name names.
    static func named(_ name: String) -> ElementKind? { byName[name] }

    private static let byName = NameTable<ElementKind>()
}

/// The cases of a `String`-backed enum found by name: grouped by length, then compared. For the
/// format's short ASCII names that is a comparison of a word or two, where hashing reads every byte
/// and the raw-value initialiser compares the name with every case in turn.
struct NameTable<Value: RawRepresentable & CaseIterable>: Sendable
where Value.RawValue == String, Value: Sendable {
    private let byLength: [[(name: String, value: Value)]]

    init() {
        var table = [[(name: String, value: Value)]](
            repeating: [], count: (Value.allCases.map(\.rawValue.utf8.count).max() ?? 0) + 1)
        for value in Value.allCases { table[value.rawValue.utf8.count].append((value.rawValue, value)) }
        byLength = table
    }

    subscript(name: String) -> Value? {
        let length = name.utf8.count
        guard length < byLength.count else { return nil }
        for entry in byLength[length] where entry.name == name { return entry.value }
        return nil
    }
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

/// Every attribute an object element can have, and on which kinds.
private enum ObjectAttribute: String, CaseIterable {
    case id, `class`, module, outlet, hidden, alpha, backgroundColor, tag, accessibilityIdentifier
    case text, font, textColor, numberOfLines, textAlignment
    case image, contentMode, title
    case action, isOn, placeholder
    case axis, spacing, alignment, distribution
    case reuseIdentifier, selectionStyle, accessoryType

    /// The attribute named `name`.
    static func named(_ name: String) -> ObjectAttribute? { byName[name] }

    private static let byName = NameTable<ObjectAttribute>()

    /// `id`, `class`, `module`, `outlet` and `action` shape the model; the rest set the object's attributes.
    var isStructural: Bool {
        switch self {
        case .id, .class, .module, .outlet, .action: true
        default: false
        }
    }

    func isAllowed(on kind: ElementKind) -> Bool {
        switch self {
        case .id, .class, .module, .outlet, .hidden, .alpha, .backgroundColor, .tag, .accessibilityIdentifier: true
        case .text: kind == .label || kind == .textField
        case .font, .textColor, .numberOfLines, .textAlignment: kind == .label
        case .image: kind == .imageView || kind == .button
        case .contentMode: kind == .imageView
        case .title: kind == .button
        case .action: kind.isControl
        case .isOn: kind == .switch
        case .placeholder: kind == .textField
        case .axis, .spacing, .alignment, .distribution: kind == .stackView
        case .reuseIdentifier, .selectionStyle, .accessoryType: kind == .tableViewCell
        }
    }
}
