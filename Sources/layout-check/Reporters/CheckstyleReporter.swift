import LayoutKit

/// Checkstyle XML, which many review and CI tools import: a `<file>` per file with findings, an
/// `<error>` per diagnostic (warnings included, with their severity).
///
/// Findings about the whole run are in a `<file name="">` and have no line; notes are appended to
/// the message, one per line, as checkstyle has no place of its own for them.
enum CheckstyleReporter {
    static func render(_ report: Report, rules: [RuleDescriptor]) -> String {
        var output = XMLText.declaration + "<checkstyle version=\"4.3\">\n"
        var index = report.diagnostics.startIndex
        // The diagnostics are sorted by location, so each file's are together.
        while index < report.diagnostics.endIndex {
            let file = report.diagnostics[index].sourceLocation?.file ?? ""
            output += "  " + XMLText.openingTag("file", ["name": file]) + ">\n"
            while index < report.diagnostics.endIndex, (report.diagnostics[index].sourceLocation?.file ?? "") == file {
                let diagnostic = report.diagnostics[index]
                let message = ([diagnostic.message] + diagnostic.notes.map(\.description)).joined(separator: "\n")
                output +=
                    "    "
                    + XMLText.openingTag(
                        "error",
                        [
                            "line": diagnostic.sourceLocation.map { String($0.line) },
                            "column": diagnostic.sourceLocation.map { String($0.column) },
                            "severity": diagnostic.severity.rawValue,
                            "message": message,
                            "source": "layout-check.\(diagnostic.rule.rawValue)",
                        ]) + "/>\n"
                index += 1
            }
            output += "  </file>\n"
        }
        return output + "</checkstyle>\n"
    }
}
