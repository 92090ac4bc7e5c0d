/// How bad a diagnostic is: errors fail a check, warnings do not.
public enum Severity: String, Hashable, Sendable {
    case error
    case warning
}

/// One finding about a layout or class schema file: a rule, a severity, a message and a location.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The rule that found it.
    public var rule: RuleID
    /// `error` unless the rule says otherwise.
    public var severity: Severity
    /// What is wrong, in words a person can act on.
    public var message: String
    /// Where: the file and the line on which the offending start tag begins.
    public var location: SourceLocation

    /// Creates a diagnostic.
    public init(rule: RuleID, severity: Severity = .error, message: String, location: SourceLocation) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message [rule]`, as compilers print.
    public var description: String {
        "\(location): \(severity.rawValue): \(message) [\(rule.rawValue)]"
    }

    /// Orders by location, then rule, then message: the checker's deterministic output order.
    public static func ordered(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}
