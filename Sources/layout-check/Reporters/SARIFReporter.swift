import Foundation
import LayoutKit

/// SARIF 2.1.0, the format GitHub code scanning and other static-analysis viewers read.
///
/// Every rule of the table is in `tool.driver.rules` with its help, each result points at its rule by id
/// and index, and file URIs are relative to `%SRCROOT%`, the repository's root (the nearest folder with a
/// `.git` entry at or above the working directory, else the working directory), when the file is under it:
/// GitHub code scanning resolves a relative URI against the repository root, so a run from a subfolder
/// still names files that exist.
///
/// GitHub code scanning refuses a whole upload when one result has no location, so every result has
/// one: a finding about the whole run (`no-class-schemas`) is a notification of the run's one
/// invocation instead, as SARIF intends for what a tool says about its own execution. A run that could
/// not proceed (exit status 2) writes no log at all: uploaded, a log with no results would close every
/// open alert.
enum SARIFReporter {
    /// The key of the one `partialFingerprints` entry each result has.
    static let fingerprintKey = "layoutCheck/v1"

    static func render(_ report: Report, rules: [RuleDescriptor]) -> String {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var occurrences: [String: Int] = [:]
        let root = SourceRoot(report)
        let results = report.diagnostics.compactMap { diagnostic in
            result(diagnostic, ruleIndex: ruleIndex, root: root, occurrences: &occurrences)
        }
        func notification(_ diagnostic: Diagnostic) -> Notification {
            Notification(
                level: diagnostic.severity.rawValue, message: Message(text: diagnostic.message),
                locations: diagnostic.sourceLocation.map { [Location($0, root: root)] },
                associatedRule: RuleReference(id: diagnostic.rule.rawValue, index: ruleIndex[diagnostic.rule]))
        }
        let execution = report.diagnostics.filter { $0.sourceLocation == nil }.map(notification)
        let invocation = Invocation(
            executionSuccessful: true, toolExecutionNotifications: execution.isEmpty ? nil : execution)
        let log = Log(
            runs: [
                Run(
                    tool: Tool(
                        driver: Driver(
                            name: "layout-check", version: toolVersion, semanticVersion: toolVersion,
                            rules: rules.map(ReportingDescriptor.init))),
                    originalUriBaseIds: [
                        "%SRCROOT%": ArtifactLocation(uri: ArtifactPath.directoryURI(root.directory))
                    ],
                    columnKind: "unicodeCodePoints",
                    invocations: [invocation],
                    results: results)
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Integers and strings always encode: there is no float that could be infinite or NaN.
        let data = try! encoder.encode(log)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One finding as a SARIF result; `nil` for a finding about the whole run (a notification instead).
    /// Identical findings in one file are told apart by their order, never by their line, so that an edit
    /// above them keeps every fingerprint.
    private static func result(
        _ diagnostic: Diagnostic, ruleIndex: [RuleID: Int], root: SourceRoot, occurrences: inout [String: Int]
    ) -> Result? {
        guard let place = diagnostic.sourceLocation else { return nil }
        let location = root.path(place.file)
        let identity = [diagnostic.rule.rawValue, location.uri, diagnostic.message].joined(separator: "\0")
        let occurrence = occurrences[identity, default: 0]
        occurrences[identity] = occurrence + 1
        return Result(
            ruleId: diagnostic.rule.rawValue, ruleIndex: ruleIndex[diagnostic.rule],
            level: diagnostic.severity.rawValue, message: Message(text: diagnostic.message),
            locations: [Location(place, root: root)],
            relatedLocations: diagnostic.notes.isEmpty
                ? nil
                : diagnostic.notes.enumerated().map { index, note in
                    var related = Location(note.location, root: root)
                    related.id = index
                    related.message = Message(text: note.message)
                    return related
                },
            partialFingerprints: [fingerprintKey: fingerprint("\(identity)\0\(occurrence)")],
            fixes: diagnostic.fixIts.isEmpty
                ? nil : diagnostic.fixIts.map { Fix($0, root: root) })
    }

    /// 64-bit FNV-1a of the UTF-8, in hexadecimal: stable across runs and machines, unlike `Hasher`.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `%SRCROOT%`: the folder URIs are relative to, and how a file as a diagnostic prints it (relative to
    /// the working directory, or absolute) is named from there.
    struct SourceRoot {
        var directory: String
        var workingDirectory: String

        init(_ report: Report) {
            directory = report.sourceRoot ?? report.workingDirectory
            workingDirectory = report.workingDirectory
        }

        func path(_ file: String) -> ArtifactPath {
            ArtifactPath(ArtifactPath.absolute(file, in: workingDirectory), workingDirectory: directory)
        }
    }

    // MARK: The parts of SARIF 2.1.0 that layout-check writes

    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]
        var columnKind: String
        var invocations: [Invocation]
        var results: [Result]
    }

    /// The one run of the tool, which did its work (a run that could not writes no log), and what it says
    /// about the run itself.
    struct Invocation: Encodable {
        var executionSuccessful: Bool
        /// Findings about the whole run rather than a place in a file.
        var toolExecutionNotifications: [Notification]?
    }

    struct Notification: Encodable {
        var level: String
        var message: Message
        var locations: [Location]?
        var associatedRule: RuleReference?
    }

    /// A rule of `tool.driver.rules`, by id and index.
    struct RuleReference: Encodable {
        var id: String
        var index: Int?
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var shortDescription: Message
        var fullDescription: Message
        /// What code scanning shows under an alert: what the rule finds, where, and how to change its
        /// severity, from the rules table.
        var help: Message
        var defaultConfiguration: Configuration

        struct Configuration: Encodable {
            var level: String
            /// SARIF's `enabled`, written only for a rule that is off by default (`open-class`); absent means true.
            var enabled: Bool?
        }

        init(_ rule: RuleDescriptor) {
            id = rule.id.rawValue
            shortDescription = Message(text: rule.summary)
            fullDescription = Message(text: "\(rule.summary); reported at \(rule.reportedAt).")
            help = Self.help(rule)
            defaultConfiguration = Configuration(
                level: rule.defaultSeverity.rawValue, enabled: rule.isEnabledByDefault ? nil : false)
        }

        /// The help of a rule, as Markdown (the table's text, which writes code in backticks) and as
        /// plain text (the same without the backticks).
        static func help(_ rule: RuleDescriptor) -> Message {
            let id = rule.id.rawValue
            var markdown = "**\(id)** (\(rule.defaultSeverity.rawValue) by default): \(rule.summary).\n\n"
            markdown += "Where it is reported: \(rule.reportedAt).\n\n"
            switch rule.phase {
            case .run where rule.isLowerable:
                markdown += "Raise or lower it in `layout-check.xml` with `<rule id=\"\(id)\" severity=\"…\"/>`."
            case _ where rule.isLowerable:
                markdown +=
                    "Fix the file at the reported line. To change the rule's severity for the repository, add "
                    + "`<rule id=\"\(id)\" severity=\"warning\"/>` (or `ignore`) to `layout-check.xml`; to "
                    + "silence it at one element, `lk:ignore=\"\(id)\"` on that element"
                    // Xcode drops an attribute it does not know from a nib: there, the configuration silences it.
                    + (rule.documents.contains(.interfaceBuilder) && rule.phase != .suppressions
                        ? " (in an Interface Builder file, `<ignore rule=\"\(id)\" file=\"…\" object=\"ID\"/>` "
                            + "in `layout-check.xml`)." : ".")
            default:
                markdown += "Fix the file at the reported line: this rule cannot be lowered or silenced."
            }
            return Message(
                text: markdown.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "**", with: ""),
                markdown: markdown)
        }
    }

    /// SARIF's message strings: plain text, and Markdown where a viewer may render it.
    struct Message: Encodable {
        var text: String
        var markdown: String?
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Message
        /// Never empty: a finding about the whole run is a notification, not a result.
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]
        /// The rule's fix-its: SARIF's `fix` objects, each edit a byte range deleted and text inserted.
        /// (GitHub code scanning accepts them in an upload and does not show them.)
        var fixes: [Fix]?
    }

    /// A fix-it: one `artifactChange` per file, its edits as `replacement`s in the order made, each
    /// region in bytes of the unchanged file.
    struct Fix: Encodable {
        var description: Message
        var artifactChanges: [ArtifactChange]

        init(_ fixIt: FixIt, root: SourceRoot) {
            description = Message(text: fixIt.description)
            var changes: [ArtifactChange] = []
            for edit in fixIt.edits {
                let replacement = Replacement(
                    deletedRegion: ByteRegion(byteOffset: edit.byteRange.lowerBound, byteLength: edit.byteRange.count),
                    insertedContent: ArtifactContent(text: edit.replacement))
                let path = root.path(edit.file)
                let location = ArtifactLocation(uri: path.uri, uriBaseId: path.isRelative ? "%SRCROOT%" : nil)
                if let index = changes.firstIndex(where: { $0.artifactLocation == location }) {
                    changes[index].replacements.append(replacement)
                } else {
                    changes.append(ArtifactChange(artifactLocation: location, replacements: [replacement]))
                }
            }
            artifactChanges = changes
        }
    }

    struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }

    struct Replacement: Encodable {
        var deletedRegion: ByteRegion
        var insertedContent: ArtifactContent
    }

    /// A region by bytes, as fix-its measure their edits.
    struct ByteRegion: Encodable {
        var byteOffset: Int
        var byteLength: Int
    }

    struct ArtifactContent: Encodable {
        var text: String
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Message?

        init(_ location: SourceLocation, root: SourceRoot) {
            let path = root.path(location.file)
            physicalLocation = PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: path.uri, uriBaseId: path.isRelative ? "%SRCROOT%" : nil),
                region: Region(startLine: location.line, startColumn: location.column))
        }
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable, Equatable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
}
