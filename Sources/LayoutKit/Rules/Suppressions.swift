/// The `lk:ignore` attributes of one layout (article "Layout format"): the rules each element silences
/// at itself and inside it, and which of them silenced something.
///
/// One walk of the element tree maps the start position of every element inside a suppressing
/// element (where every rule that may be silenced reports) to the rules in force there, each with the
/// innermost `lk:ignore` naming it, so that silencing a diagnostic is one lookup, not a walk up the tree.
struct Suppressions {
    /// The tools namespace; only its namespace, never its prefix, makes an attribute a suppression.
    static let namespace = FormatNamespace.tools
    /// The one attribute of the tools namespace.
    static let attribute = "ignore"

    /// The rule ids an `lk:ignore` value names, as XSD reads a list: separated by XML whitespace.
    static func ruleIDs(in value: String) -> [RuleID] {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .map { RuleID(rawValue: String($0)) }
    }

    /// One rule named by one `lk:ignore`.
    private struct Entry {
        var rule: RuleID
        var element: String
        var position: SourcePosition
        /// The `lk:ignore` that names it, in `attributes`.
        var attribute: Int
        var silencedSomething = false
    }

    /// One `lk:ignore` as written: its place among its element's attributes (`StartTag.plainAttributes`)
    /// and the rules it names, for the fix-it that removes a name or the whole attribute.
    private struct Attribute {
        var place: Int
        var rules: Set<RuleID>
    }

    private let file: String
    private var entries: [Entry] = []
    private var attributes: [Attribute] = []
    /// The file's bytes, where the fix-its find the attributes.
    private let source: [UInt8]
    private var fixSource: FixItSource?
    /// For each position inside a suppressing element: rule → index in `entries` of the innermost
    /// `lk:ignore` that names it. Elements without one share their parent's dictionary.
    private var scopes: [SourcePosition: [RuleID: Int]] = [:]

    /// Reads the `lk:ignore` of every element of a document the decoder accepted, so every id in
    /// them names a rule that may be silenced.
    ///
    /// - Parameter source: The file's bytes, where the `unused-suppression` fix-its find each attribute.
    init(_ document: ParsedDocument, file: String, source: [UInt8] = []) {
        self.file = file
        self.source = source
        visit(ParsedDocument.root, of: document, inherited: [:])
    }

    private mutating func visit(
        _ element: ParsedDocument.ElementIndex, of document: ParsedDocument, inherited: [RuleID: Int]
    ) {
        var scope = inherited
        let position = document.position(of: element)
        let first = document.attributes(of: element).lowerBound
        for attribute in document.attributes(of: element)
        where document.namespace(ofAttribute: attribute) == Self.namespace
            && document.name(ofAttribute: attribute) == Self.attribute
        {
            let rules = Self.ruleIDs(in: document.value(of: attribute))
            attributes.append(Attribute(place: Int(attribute - first), rules: Set(rules)))
            for rule in rules where rule.descriptor?.isLowerable == true {
                // A rule named twice on one element is one entry.
                if let index = scope[rule], entries[index].position == position { continue }
                scope[rule] = entries.count
                entries.append(
                    Entry(
                        rule: rule, element: document.name(of: element), position: position,
                        attribute: attributes.count - 1))
            }
        }
        if !scope.isEmpty { scopes[position] = scope }
        // The reader bounds nesting (input-limit), and with it this recursion.
        for child in document.children(of: element) {
            visit(child, of: document, inherited: scope)
        }
    }

    /// The diagnostics of one file with those its `lk:ignore` attributes silence left out, and an
    /// `unused-suppression` warning for each rule named that silenced nothing.
    ///
    /// - Parameter classRulesRan: `false` when there was no catalog: a class rule could not have
    ///   fired, so naming one is not reported as unused.
    mutating func apply(to diagnostics: [Diagnostic], classRulesRan: Bool) -> [Diagnostic] {
        var kept = diagnostics.filter { !silence($0) }
        let unused = entries.indices.filter { index in
            let entry = entries[index]
            return !entry.silencedSomething && entry.rule != .unusedSuppression
                && (classRulesRan || entry.rule.descriptor?.phase != .classes)
        }
        let warnings = unused.map { ($0, unusedWarning($0)) }.filter { !silence($0.1) }
        // Last, so that an `lk:ignore="unused-suppression"` counts the warnings it silenced above;
        // the warning about one that silenced nothing is not itself silenced.
        let unusedLast = entries.indices.filter {
            entries[$0].rule == .unusedSuppression && !entries[$0].silencedSomething
        }
        // Each warning's fix-it removes its name, or the whole attribute when no name of it silenced anything.
        var unusedRules = [Set<RuleID>](repeating: [], count: attributes.count)
        for index in unused + unusedLast { unusedRules[entries[index].attribute].insert(entries[index].rule) }
        for (index, warning) in warnings + unusedLast.map({ ($0, unusedWarning($0)) }) {
            var fixed = warning
            let entry = entries[index]
            if let fixIt = removal(of: entry, every: unusedRules[entry.attribute] == attributes[entry.attribute].rules)
            {
                fixed.fixIts = [fixIt]
            }
            kept.append(fixed)
        }
        return kept
    }

    /// Whether an `lk:ignore` at the diagnostic's element or around it names its rule; marks it used.
    private mutating func silence(_ diagnostic: Diagnostic) -> Bool {
        guard let location = diagnostic.sourceLocation, location.file == file,
            let index = scopes[SourcePosition(file: .main, line: location.line, column: location.column)]?[
                diagnostic.rule]
        else { return false }
        entries[index].silencedSomething = true
        return true
    }

    private func unusedWarning(_ index: Int) -> Diagnostic {
        let entry = entries[index]
        let why =
            entry.rule.descriptor?.phase == .run
            ? "\(entry.rule) is about the whole run and never reported at an element"
            : "no \(entry.rule) diagnostic is at this element or inside it"
        return Diagnostic(
            rule: .unusedSuppression, severity: .warning,
            message: "lk:ignore on <\(entry.element)> silences '\(entry.rule)', but \(why); remove it",
            location: SourceLocation(file: file, line: entry.position.line, column: entry.position.column))
    }

    /// The fix-it that removes `entry`'s name from its `lk:ignore`, or the whole attribute when `every`
    /// name it holds silenced nothing (each of their warnings then offers that same edit).
    private mutating func removal(of entry: Entry, every: Bool) -> FixIt? {
        guard entry.position.file == .main, entry.position.offset >= 0, !source.isEmpty else { return nil }
        let written = StartTag.plainAttributes(in: source, at: Int(entry.position.offset))
        let place = attributes[entry.attribute].place
        guard place < written.count else { return nil }
        if fixSource == nil { fixSource = FixItSource(file: file, bytes: source) }
        guard let fixSource else { return nil }
        if every { return fixSource.removing(written[place], description: "remove the lk:ignore attribute") }
        return fixSource.removing(
            name: entry.rule.rawValue, from: written[place], description: "remove '\(entry.rule)' from lk:ignore")
    }
}
