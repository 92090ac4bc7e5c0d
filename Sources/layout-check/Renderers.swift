import Foundation
import LayoutKit

/// The outcome of a run: what the renderers print and the exit status is decided from.
struct Report: Sendable {
    /// The layout files checked (class schema files are not counted).
    var files: Int
    /// Every diagnostic, in `Diagnostic.ordered` order.
    var diagnostics: [Diagnostic]
    var duration: Duration
    /// The absolute path of the directory the run happened in, which reports name files relative to.
    var workingDirectory: String = "/"
    /// The repository's root (absolute), which SARIF names files relative to (`%SRCROOT%`), as GitHub code
    /// scanning expects; `nil`: the working directory.
    var sourceRoot: String?
    /// Every layout file checked, as diagnostics name them; kept only for a format that lists clean
    /// files too (JUnit), so that other runs hold nothing per file.
    var checkedFiles: [String]?
    /// Interface Builder files of another platform than UIKit's, not checked: how many, by platform.
    var skippedFiles: [String: Int] = [:]
    /// What the run read of Xcode projects (each project and its targets), one line each before the counts.
    var projects: [String] = []

    var errors: Int { diagnostics.count(where: { $0.severity == .error }) }
    var warnings: Int { diagnostics.count(where: { $0.severity == .warning }) }

    /// `N files, N errors, N warnings (0.12s)`, for standard error.
    var summary: String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let skipped = skippedFiles.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return projects.map { "layout-check: \($0)\n" }.joined()
            + "\(counted(files, "file")), \(counted(errors, "error")), \(counted(warnings, "warning"))"
            + " (\(String(format: "%.2f", seconds))s)"
            + (skipped.isEmpty
                ? ""
                : "; skipped \(skipped.joined(separator: " and ")) Interface Builder file"
                    + (skippedFiles.values.reduce(0, +) == 1 ? "" : "s") + ", which UIKit's checks do not apply to")
            // A run that found nothing says so, rather than passing as "0 files, 0 errors" alone (a
            // mistyped path in CI, a folder whose layouts moved). Project lines already say what was read.
            + (files == 0 && skipped.isEmpty && projects.isEmpty
                ? "; no file to check was found under the paths given" : "")
            + "\n"
    }
}

extension OutputFormat {
    /// Everything this format prints on standard output for a report.
    func render(_ report: Report, colour: Bool) -> String {
        switch self {
        case .text: TextRenderer(colour: colour).render(report)
        case .json: JSONRenderer.render(report)
        case .github: GitHubRenderer.render(report)
        case .sarif: SARIFReporter.render(report, rules: RuleDescriptor.all)
        case .junit: JUnitReporter.render(report, rules: RuleDescriptor.all)
        case .checkstyle: CheckstyleReporter.render(report, rules: RuleDescriptor.all)
        }
    }
}

/// `PATH:LINE:COLUMN: error: MESSAGE [RULE]`, one line each, as compilers print; coloured on a terminal.
struct TextRenderer {
    var colour: Bool

    func render(_ report: Report) -> String {
        var output = ""
        for diagnostic in report.diagnostics {
            output += line(diagnostic)
            output += "\n"
            for note in diagnostic.notes {
                output += "\(Self.visible(note.location.description)): note: \(Self.visible(note.message))\n"
            }
            for fixIt in diagnostic.fixIts {
                output += "    fix: \(Self.visible(fixIt.description))\n"
            }
        }
        return output
    }

    func line(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.sourceLocation.map { Self.visible($0.description) } ?? "layout-check"
        let severity = diagnostic.severity.rawValue
        let message = Self.visible(diagnostic.message)
        guard colour else {
            return "\(location): \(severity): \(message) [\(diagnostic.rule.rawValue)]"
        }
        let hue = diagnostic.severity == .error ? Style.red : Style.magenta
        return "\(Style.bold)\(location): \(hue)\(severity):\(Style.reset)\(Style.bold) \(message)"
            + "\(Style.reset) [\(hue)\(diagnostic.rule.rawValue)\(Style.reset)]"
    }

    /// Control characters and bidi controls written as Swift escapes: a message quotes attribute values
    /// and a path may hold any byte, and neither may break the one line per diagnostic, send a terminal
    /// escape, or reorder what the line shows (U+202E).
    static func visible(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.properties.generalCategory == .control || isBidiControl(scalar):
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// ANSI SGR sequences.
    private enum Style {
        static let reset = "\u{1B}[0m"
        static let bold = "\u{1B}[1m"
        static let red = "\u{1B}[1;31m"
        static let magenta = "\u{1B}[1;35m"
    }
}

/// One JSON object: `{"diagnostics": [...], "errors": N, "files": N, "warnings": N}`, keys sorted.
enum JSONRenderer {
    /// The document, also what tests decode.
    struct Document: Codable {
        var files: Int
        var errors: Int
        var warnings: Int
        var diagnostics: [Entry]
    }

    /// One diagnostic; a diagnostic about the whole run has file `""`, line 0 and column 0.
    struct Entry: Codable {
        var file: String
        var line: Int
        var column: Int
        var severity: String
        var rule: String
        var message: String
        /// Present only when the diagnostic has notes.
        var notes: [Note]?
        /// Present only when the diagnostic has fix-its: what `--fix` would apply.
        var fixes: [Fix]?
    }

    /// A fix-it: its description and its edits, each a byte range of one file and what replaces it.
    struct Fix: Codable {
        var description: String
        var edits: [Edit]

        init(_ fixIt: FixIt) {
            description = fixIt.description
            edits = fixIt.edits.map {
                Edit(
                    file: $0.file, byteOffset: $0.byteRange.lowerBound, byteLength: $0.byteRange.count,
                    replacement: $0.replacement)
            }
        }
    }

    /// The bytes `byteOffset ..< byteOffset + byteLength` of `file` become `replacement` (UTF-8).
    struct Edit: Codable {
        var file: String
        var byteOffset: Int
        var byteLength: Int
        var replacement: String
    }

    /// A place that explains a diagnostic.
    struct Note: Codable {
        var file: String
        var line: Int
        var column: Int
        var message: String
    }

    static func render(_ report: Report) -> String {
        let document = Document(
            files: report.files, errors: report.errors, warnings: report.warnings,
            diagnostics: report.diagnostics.map {
                Entry(
                    file: $0.sourceLocation?.file ?? "", line: $0.sourceLocation?.line ?? 0,
                    column: $0.sourceLocation?.column ?? 0,
                    severity: $0.severity.rawValue, rule: $0.rule.rawValue, message: $0.message,
                    notes: $0.notes.isEmpty
                        ? nil
                        : $0.notes.map {
                            Note(
                                file: $0.location.file, line: $0.location.line, column: $0.location.column,
                                message: $0.message)
                        },
                    fixes: $0.fixIts.isEmpty ? nil : $0.fixIts.map(Fix.init))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Integers and strings always encode: there is no float that could be infinite or NaN.
        let data = try! encoder.encode(document)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// GitHub Actions workflow commands: `::error file=PATH,line=LINE,col=COLUMN,title=RULE::MESSAGE`.
enum GitHubRenderer {
    static func render(_ report: Report) -> String {
        var output = ""
        for diagnostic in report.diagnostics {
            var properties: [String] = []
            if let location = diagnostic.sourceLocation {
                properties.append("file=\(escapeProperty(location.file))")
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            properties.append("title=\(escapeProperty(diagnostic.rule.rawValue))")
            // An annotation has one place; its notes follow the message on lines of their own.
            let message =
                ([diagnostic.message] + diagnostic.notes.map(\.description)
                + diagnostic.fixIts.map { "fix: \($0.description)" }).joined(separator: "\n")
            output += "::\(diagnostic.severity.rawValue) \(properties.joined(separator: ","))"
            output += "::\(escapeData(message))\n"
        }
        return output
    }

    /// The message: `%`, CR and LF percent-encoded, as the runner decodes them.
    static func escapeData(_ text: String) -> String { escape(text, inProperty: false) }

    /// A property value: as the message, and also `:` and `,`, which would end it.
    static func escapeProperty(_ text: String) -> String { escape(text, inProperty: true) }

    /// Scalar by scalar, so that a CR LF pair (one `Character` in Swift) is encoded as two; other control
    /// characters are shown as the text format shows them, never sent to the log as they are.
    private static func escape(_ text: String, inProperty: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            case ":" where inProperty: escaped += "%3A"
            case "," where inProperty: escaped += "%2C"
            case _ where scalar.properties.generalCategory == .control || isBidiControl(scalar):
                escaped += TextRenderer.visible(String(scalar))
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
