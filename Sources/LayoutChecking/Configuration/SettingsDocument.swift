import LayoutKit

/// Reads the small XML files that steer a run — the configuration and the baseline — strictly: every
/// element, attribute and piece of text they do not allow is a `configuration` diagnostic at its
/// element, so a typo never silently turns a setting off.
struct SettingsDocument {
    let file: String
    let namespace: String
    /// Capped per file like a layout's: a generated configuration or baseline can be all mistakes.
    private var collector = DiagnosticCollector()
    var diagnostics: [Diagnostic] { collector.diagnostics }

    init(file: String, namespace: String) {
        self.file = file
        self.namespace = namespace
    }

    /// The root element when the bytes are well-formed XML and the root is `<name>` in `namespace`.
    mutating func root(of bytes: [UInt8], named name: String) -> ParsedElement? {
        switch XMLReader.read(bytes, file: file) {
        case .failure(let diagnostic):
            // Whatever stopped the reader, the file cannot be used; the message keeps the cause.
            var moved = diagnostic
            moved.rule = .configuration
            moved.message = "\(diagnostic.rule == .xmlSyntax ? "not well-formed XML: " : "")\(diagnostic.message)"
            collector.report(moved)
            return nil
        case .document(let root):
            guard root.name == name, root.namespace == namespace else {
                report("the root element must be <\(name)> in namespace '\(namespace)'; found <\(root.name)>", root)
                return nil
            }
            return root
        }
    }

    mutating func report(_ message: String, _ element: ParsedElement) {
        collector.report(.configuration, message, at: location(of: element))
    }

    /// Where an element's start tag is in this file.
    func location(of element: ParsedElement) -> SourceLocation {
        SourceLocation(file: file, line: element.position.line, column: element.position.column)
    }

    /// The children of `element` that are among `allowed`; any other child, and any text, is reported.
    mutating func children(of element: ParsedElement, allowed: [String]) -> [ParsedElement] {
        if element.textPosition != nil { report("<\(element.name)> cannot contain text", element) }
        var accepted: [ParsedElement] = []
        for child in element.children {
            guard child.namespace == namespace, allowed.contains(child.name) else {
                let expected = allowed.map { "<\($0)>" }.joined(separator: ", ")
                let namespaceNote = child.namespace == namespace ? "" : " (in namespace '\(child.namespace ?? "")')"
                report(
                    "unexpected <\(child.name)>\(namespaceNote) in <\(element.name)>: expected \(expected)"
                        + suggestion(for: child.name, in: allowed), child)
                continue
            }
            accepted.append(child)
        }
        return accepted
    }

    /// The attributes of an element by name, or `nil` when one is unknown or missing; unless `hasContent`,
    /// the element must also be empty.
    mutating func attributes(
        of element: ParsedElement, required: [String], optional: [String] = [], hasContent: Bool = false
    ) -> [String: String]? {
        if !hasContent, !element.children.isEmpty || element.textPosition != nil {
            report("<\(element.name)> must be empty", element)
        }
        var values: [String: String] = [:]
        var valid = true
        let allowed = required + optional
        for attribute in element.attributes where attribute.namespace != Lexical.xsiNamespace {
            guard attribute.namespace == nil, allowed.contains(attribute.name) else {
                report(
                    "unknown attribute '\(attribute.name)' on <\(element.name)>"
                        + suggestion(for: attribute.name, in: allowed),
                    element)
                valid = false
                continue
            }
            values[attribute.name] = attribute.value
        }
        for name in required where values[name] == nil {
            report("<\(element.name)> is missing the required attribute '\(name)'", element)
            valid = false
        }
        return valid ? values : nil
    }
}
