import LayoutChecking
import LayoutKit

/// The baseline file `--write-baseline` writes and `--baseline` reads (`Baseline` in LayoutKit).
///
/// One `<finding>` per diagnostic, sorted by file, rule and message, and nothing that changes from run
/// to run (no line, no date), so that the file diffs well in review.
enum BaselineWriter {
    /// Each diagnostic as a baseline entry: its file relative to `directory` (the baseline file's,
    /// absolute), `..` included, so that the baseline holds wherever the repository is checked out; and its text as the XML file holds it, so that an entry read
    /// back equals the entry of the finding it was written from.
    static func entries(_ diagnostics: [Diagnostic], directory: String, workingDirectory: String) -> [Baseline.Entry] {
        diagnostics.map { diagnostic in
            let file = diagnostic.sourceLocation.map {
                ArtifactPath.relative(ArtifactPath.absolute($0.file, in: workingDirectory), from: directory)
            }
            return Baseline.Entry(
                rule: diagnostic.rule, file: XMLText.representable(file ?? ""),
                message: XMLText.representable(diagnostic.message))
        }
    }

    static func document(_ baseline: Baseline) -> String {
        var output = XMLText.declaration + "<baseline xmlns=\"\(Baseline.namespace)\">\n"
        for entry in baseline.entries {
            output +=
                "    "
                + XMLText.openingTag(
                    "finding",
                    [
                        "rule": entry.rule.rawValue, "file": entry.file.isEmpty ? nil : entry.file,
                        "message": entry.message,
                    ])
                + "/>\n"
        }
        return output + "</baseline>\n"
    }
}
