import LayoutKit

/// The last line `layout-check` writes when a check the build plugin ran (`--touch`) fails: SwiftPM then
/// ends the build with its own bare `error: fatalError` (under `swift test` too), after the progress lines
/// of everything else it built, so this line, the nearest before it, names each layout that failed and the
/// rules it broke, rather than only counting them.
enum BuildFailureLine {
    /// How many files the line names before saying how many more there are.
    static let shownFiles = 5

    /// `error: layout-check failed the build: CardCell.layout.xml:5:9 [unknown-outlet] (2 errors, also
    /// unconnected-outlet); …` — each file with its first failing finding and the other rules it broke, in
    /// the order of `failing`.
    /// - Parameter failing: The findings that failed the run (errors, and warnings under `--strict`).
    static func line(_ failing: [Diagnostic]) -> String? {
        guard !failing.isEmpty else { return nil }
        var order: [String] = []
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in failing {
            let file = diagnostic.sourceLocation?.file ?? "layout-check"
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append(diagnostic)
        }
        let parts = order.prefix(shownFiles).map { file -> String in
            let found = byFile[file] ?? []
            let first = found[0]
            var rules: [String] = []
            for diagnostic in found.dropFirst() where diagnostic.rule != first.rule {
                if !rules.contains(diagnostic.rule.rawValue) { rules.append(diagnostic.rule.rawValue) }
            }
            let place = first.sourceLocation.map { "\($0.file):\($0.line):\($0.column)" } ?? file
            let count =
                found.count == 1
                ? "" : " (\(found.count) findings\(rules.isEmpty ? "" : ", also " + rules.joined(separator: ", ")))"
            return "\(place) [\(first.rule.rawValue)]\(count)"
        }
        let more = order.count > shownFiles ? "; and \(order.count - shownFiles) more files" : ""
        return "error: layout-check failed the build: \(parts.joined(separator: "; "))\(more)\n"
    }
}

extension Report {
    /// The findings that fail the run: its errors, and its warnings too under `--strict`.
    func failing(strict: Bool) -> [Diagnostic] {
        diagnostics.filter { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}
