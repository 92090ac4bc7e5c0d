/// How bad a diagnostic is: errors fail a check, warnings do not.
public enum Severity: String, Hashable, Sendable, CaseIterable {
    /// The layout is broken: `layout-check` exits 1 and `LayoutLoader` throws.
    case error
    /// Worth a look, but the layout works: `layout-check` still exits 0 and the layout loads.
    case warning
}

/// One finding about a layout or class schema file: a rule, a severity, a message and a location.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A second place that explains a diagnostic: where an included layout was included from, where
    /// the class it names was declared.
    public struct Note: Hashable, Sendable, CustomStringConvertible {
        /// What the place has to do with the diagnostic, e.g. `included from here`.
        public var message: String
        /// The place.
        public var location: SourceLocation

        /// Creates a note.
        public init(message: String, location: SourceLocation) {
            self.message = message
            self.location = location
        }

        /// `file:line:column: note: message`, as compilers print.
        public var description: String { "\(location): note: \(message)" }
    }

    /// The rule that found it.
    public var rule: RuleID
    /// `error` unless the rule says otherwise.
    public var severity: Severity
    /// What is wrong, in words a person can act on.
    public var message: String
    /// Where: the file and the line on which the offending start tag begins; `nil` for a finding
    /// about the whole run (`no-class-schemas`), which has no place in any file.
    public var sourceLocation: SourceLocation?
    /// Where, as 1.0 spelled it: `sourceLocation`, or for a finding about the whole run an empty file
    /// at line 0, column 0. Kept with its 1.0 type so that code reading `diagnostic.location.file`
    /// compiles unchanged; new code reads `sourceLocation`, which says "no place" as `nil`.
    public var location: SourceLocation {
        get { sourceLocation ?? SourceLocation(file: "", line: 0, column: 0) }
        set { sourceLocation = newValue }
    }
    /// Other places that explain it, in the order they should be read.
    public var notes: [Note]
    /// The repairs the rule can prove, if any: at most one for the rules of LayoutKit, and none where
    /// two repairs would be equally likely. `layout-check --fix` applies them.
    public var fixIts: [FixIt] = []

    /// Creates a diagnostic.
    public init(
        rule: RuleID, severity: Severity = .error, message: String, location: SourceLocation?, notes: [Note] = []
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.sourceLocation = location
        self.notes = notes
    }

    /// Creates a diagnostic that carries fix-its.
    public init(
        rule: RuleID, severity: Severity = .error, message: String, location: SourceLocation?, notes: [Note] = [],
        fixIts: [FixIt]
    ) {
        self.init(rule: rule, severity: severity, message: message, location: location, notes: notes)
        self.fixIts = fixIts
    }

    /// `file:line:column: error: message [rule]`, as compilers print, then one line per note; a
    /// diagnostic about the run begins `layout-check:` instead of a location.
    public var description: String {
        var text =
            "\(sourceLocation?.description ?? "layout-check"): \(severity.rawValue): \(message) [\(rule.rawValue)]"
        for note in notes { text += "\n\(note)" }
        return text
    }

    /// Orders by location (findings about the run first), then rule, then message: the checker's
    /// deterministic output order.
    public static func ordered(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.sourceLocation != rhs.sourceLocation {
            guard let left = lhs.sourceLocation else { return true }
            guard let right = rhs.sourceLocation else { return false }
            return left < right
        }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}
