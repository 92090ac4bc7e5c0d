import LayoutKit

/// The findings a repository has accepted for now, so that a check reports only new ones.
///
/// Written by `layout-check --write-baseline FILE`, read by `--baseline FILE`:
///
/// ```xml
/// <baseline xmlns="urn:layoutkit:baseline:1">
///     <finding rule="unknown-outlet" file="Layouts/Card.layout.xml" message="…"/>
/// </baseline>
/// ```
///
/// A finding matches an entry by rule, file and message, never by line, so that edits above it keep
/// it matched; each entry matches one finding, so two identical findings need two entries.
package struct Baseline: Sendable, Equatable {
    /// The namespace of baseline files.
    package static let namespace = "urn:layoutkit:baseline:1"

    /// The largest baseline file read, as for any file the checker reads (4 MiB); `--write-baseline`
    /// refuses to write a larger one rather than write what `--baseline` cannot read (article "Security").
    package static let maximumBytes = LayoutValidator.maximumFileBytes
    /// The most findings a baseline holds: one element each, under the reader's element limit.
    package static let maximumEntries = XMLReaderLimits.standard.maximumElements - 1

    /// Why a baseline of these entries, written as `bytes` bytes, could not be read back, if it could not.
    package static func sizeProblem(entries: Int, bytes: Int) -> String? {
        if entries > maximumEntries {
            return "it would hold \(entries) findings, and a baseline holds at most \(maximumEntries)"
        }
        if bytes > maximumBytes {
            return "it would be \(bytes) bytes, and a baseline is at most \(maximumBytes) bytes (4 MiB)"
        }
        return nil
    }

    /// One accepted finding.
    package struct Entry: Sendable, Hashable, Comparable {
        /// The rule's id.
        package var rule: RuleID
        /// The file, relative to the baseline file's directory (`../` where it is not under it); empty
        /// for a finding about the whole run.
        package var file: String
        /// The message, as the finding had it.
        package var message: String

        /// Creates an entry.
        package init(rule: RuleID, file: String, message: String) {
            self.rule = rule
            self.file = file
            self.message = message
        }

        /// Orders by file, then rule, then message: the order of the file.
        package static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule.rawValue, lhs.message) < (rhs.file, rhs.rule.rawValue, rhs.message)
        }
    }

    /// The entries, sorted.
    package var entries: [Entry]

    /// Creates a baseline of these entries, sorted.
    package init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    /// Splits findings into those the baseline does not hold and the entries no finding matched.
    /// - Parameter findings: each finding as an entry, in any order.
    /// - Returns: the positions in `findings` of the new ones, ascending; the unmatched entries, sorted.
    package func match(_ findings: [Entry]) -> (new: [Int], fixed: [Entry]) {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var new: [Int] = []
        for (index, finding) in findings.enumerated() {
            if let count = remaining[finding], count > 0 {
                remaining[finding] = count - 1
            } else {
                new.append(index)
            }
        }
        let fixed = remaining.flatMap { entry, count in Array(repeating: entry, count: count) }.sorted()
        return (new, fixed)
    }

    /// Reads a baseline file.
    ///
    /// Everything the file does not allow is a `configuration` diagnostic at its element: malformed
    /// XML, an unknown element or attribute, a missing `rule` or `message`, an unknown rule id, and
    /// more than `maximumEntries` findings or `maximumBytes` bytes (the reader's limits).
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the path of the file, as diagnostics should name it.
    /// - Returns: the baseline, which is to be used only when there are no diagnostics.
    package static func read(_ bytes: [UInt8], file: String) -> (baseline: Baseline, diagnostics: [Diagnostic]) {
        var document = SettingsDocument(file: file, namespace: namespace)
        guard let root = document.root(of: bytes, named: "baseline") else {
            return (Baseline(entries: []), document.diagnostics)
        }
        _ = document.attributes(of: root, required: [], hasContent: true)
        var entries: [Entry] = []
        for element in document.children(of: root, allowed: ["finding"]) {
            guard let values = document.attributes(of: element, required: ["rule", "message"], optional: ["file"])
            else { continue }
            let id = values["rule"]!
            guard RuleID(rawValue: id).descriptor != nil else {
                // An entry no finding can ever match would only hide a typo, or an edit, silently.
                document.report(
                    "unknown rule id \(quoted(id))" + suggestion(for: id, in: RuleDescriptor.all.map(\.id.rawValue)),
                    element)
                continue
            }
            entries.append(Entry(rule: RuleID(rawValue: id), file: values["file"] ?? "", message: values["message"]!))
        }

        return (Baseline(entries: entries), document.diagnostics)
    }
}
