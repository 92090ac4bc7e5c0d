import LayoutKit

extension Diagnostic {
    /// The diagnostic as the checker prints it, then one `    fix: …` line per fix-it: what
    /// `layout-check --fix` would change, so that a failing test says how to repair the file.
    var failureMessage: String {
        description + fixIts.map { "\n    fix: \($0.description)" }.joined()
    }
}
