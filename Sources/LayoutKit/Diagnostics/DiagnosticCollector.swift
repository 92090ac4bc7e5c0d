/// The diagnostics of one file, at most `maximumPerFile` of them: past that the rest are only counted,
/// and the list ends with one `input-limit` diagnostic saying how many were not shown. A generator gone
/// wrong can make millions of findings out of a small file; a person reads the first screenful, and the
/// checker's memory, time and output stay proportional to the file (article "Security").
package struct DiagnosticCollector: Sendable {
    /// The most diagnostics reported for one file before the summary.
    package static let maximumPerFile = 1_000

    private var kept: [Diagnostic] = []
    private var dropped = 0
    private var firstDropped: SourceLocation?
    /// Whether an error was among the dropped: the summary takes the highest severity it hides, so a run
    /// of warnings past the cap does not fail for its summary (article "Security").
    private var droppedError = false
    private let limit: Int

    /// The configured severities: a finding past the cap counts with the severity it will have, and
    /// one of a rule set to `ignore` (or off by default) is not counted at all.
    private let settings: [RuleID: RuleSetting]

    package init(limit: Int = Self.maximumPerFile, settings: [RuleID: RuleSetting] = [:]) {
        self.limit = limit
        self.settings = settings
    }

    /// The severity a finding of `rule` will be reported with once the configuration is applied; `nil`
    /// when it will not be reported.
    private func severity(of rule: RuleID, made severity: Severity) -> Severity? {
        switch settings[rule] {
        case nil: rule.descriptor?.isEnabledByDefault == false ? nil : severity
        case .ignore: nil
        case .error: .error
        case .warning: .warning
        }
    }

    /// Counts a finding past the cap.
    private mutating func drop(_ rule: RuleID, made severity: Severity, at location: SourceLocation?) {
        guard let severity = self.severity(of: rule, made: severity) else { return }
        if dropped == 0 { firstDropped = location }
        dropped += 1
        droppedError = droppedError || severity == .error
    }

    /// Whether nothing has been reported.
    var isEmpty: Bool { kept.isEmpty }

    /// Whether the next diagnostic would only be counted: work that only serves its message can be skipped.
    var isFull: Bool { kept.count >= limit }

    /// Keeps a diagnostic while there is room; past the limit its message is never even made.
    package mutating func report(
        _ rule: RuleID, _ message: @autoclosure () -> String, at location: SourceLocation?,
        notes: @autoclosure () -> [Diagnostic.Note] = []
    ) {
        guard kept.count < limit else {
            drop(rule, made: rule.descriptor?.defaultSeverity ?? .error, at: location)
            return
        }
        kept.append(Diagnostic(rule: rule, message: message(), location: location, notes: notes()))
    }

    /// Keeps a diagnostic made already (one with notes) while there is room.
    package mutating func report(_ diagnostic: Diagnostic) {
        guard kept.count < limit else {
            drop(diagnostic.rule, made: diagnostic.severity, at: diagnostic.location)
            return
        }
        kept.append(diagnostic)
    }

    /// The kept diagnostics in `Diagnostic.ordered` order, then the summary of the dropped ones, which
    /// stands at the first dropped diagnostic's place.
    package var diagnostics: [Diagnostic] {
        var result = kept.sorted(by: Diagnostic.ordered)
        if dropped > 0 {
            result.append(
                Diagnostic(
                    rule: .inputLimit, severity: droppedError ? .error : .warning,
                    message:
                        "\(dropped) more diagnostic\(dropped == 1 ? "" : "s") not shown: "
                        + "the limit is \(limit) per file",
                    location: firstDropped))
        }
        return result
    }

    /// Counts `count` diagnostics dropped by an earlier step as dropped here, the summary standing at
    /// the earliest place of any.
    private mutating func countDropped(_ count: Int, at location: SourceLocation?, severity: Severity) {
        droppedError = droppedError || severity == .error
        if dropped == 0 || (location.map { place in firstDropped.map { place < $0 } ?? false } ?? false) {
            firstDropped = location
        }
        dropped += count
    }

    /// How many diagnostics `diagnostic` says were not shown, when it is a collector's summary.
    private static func droppedCount(in diagnostic: Diagnostic, limit: Int) -> Int? {
        guard diagnostic.rule == .inputLimit, diagnostic.message.hasSuffix("not shown: the limit is \(limit) per file")
        else { return nil }
        return Int(diagnostic.message.prefix { $0.isASCII && $0.isNumber })
    }

    /// One file's diagnostics as several steps made them (the rules, suppressions, includes), each
    /// capped by itself, cut to `limit` in all: what leaves the engine for a file is at most `limit`
    /// diagnostics and one summary, whichever step added them (article "Security"). Earlier summaries
    /// are counted into the one summary.
    package static func capped(_ diagnostics: [Diagnostic], limit: Int = maximumPerFile) -> [Diagnostic] {
        var collector = DiagnosticCollector(limit: limit)
        for diagnostic in diagnostics.sorted(by: Diagnostic.ordered) {
            if let count = droppedCount(in: diagnostic, limit: limit) {
                collector.countDropped(count, at: diagnostic.location, severity: diagnostic.severity)
            } else {
                collector.report(diagnostic)
            }
        }
        return collector.diagnostics
    }

    /// `diagnostics`, already in `Diagnostic.ordered` order and possibly of several files, with each
    /// file's cut to the limit and summarised: for findings made all at once, like a class schema's.
    static func cappedPerFile(_ diagnostics: [Diagnostic], limit: Int = maximumPerFile) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var collector = DiagnosticCollector(limit: limit)
        var file: String?
        for diagnostic in diagnostics {
            if diagnostic.sourceLocation?.file != file {
                result += collector.diagnostics
                collector = DiagnosticCollector(limit: limit)
                file = diagnostic.sourceLocation?.file
            }
            collector.report(diagnostic)
        }
        return result + collector.diagnostics
    }

}

extension Diagnostic {
    /// `diagnostics` of any files, in any order, each file's cut to the limit of one file (notes and
    /// severities kept): for the checker's Interface Builder files, which are judged all at once.
    package static func capped(perFile diagnostics: [Diagnostic]) -> [Diagnostic] {
        DiagnosticCollector.cappedPerFile(diagnostics.sorted(by: Diagnostic.ordered))
    }
}
