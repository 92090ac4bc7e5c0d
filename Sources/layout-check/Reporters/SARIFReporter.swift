import Foundation
import LayoutKit

/// SARIF 2.1.0, the format GitHub code scanning and other static-analysis viewers read.
///
/// Every rule of the table is in `tool.driver.rules`, each result points at its rule by id and index,
/// and file URIs are relative to `%SRCROOT%`, the directory the run happened in, when the file is under it.
enum SARIFReporter {
    /// The key of the one `partialFingerprints` entry each result has.
    static let fingerprintKey = "layoutCheck/v1"

    static func render(_ report: Report, rules: [RuleDescriptor]) -> String {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var occurrences: [String: Int] = [:]
        let results = report.diagnostics.map { diagnostic -> Result in
            let location = diagnostic.location.map { ArtifactPath($0.file, workingDirectory: report.workingDirectory) }
            // Identical findings in one file are told apart by their order, never by their line, so that
            // an edit above them keeps every fingerprint.
            let identity = [diagnostic.rule.rawValue, location?.uri ?? "", diagnostic.message].joined(separator: "\0")
            let occurrence = occurrences[identity, default: 0]
            occurrences[identity] = occurrence + 1
            return Result(
                ruleId: diagnostic.rule.rawValue, ruleIndex: ruleIndex[diagnostic.rule],
                level: diagnostic.severity.rawValue, message: Message(text: diagnostic.message),
                locations: diagnostic.location.map { [Location($0, workingDirectory: report.workingDirectory)] },
                relatedLocations: diagnostic.notes.isEmpty
                    ? nil
                    : diagnostic.notes.enumerated().map { index, note in
                        var related = Location(note.location, workingDirectory: report.workingDirectory)
                        related.id = index
                        related.message = Message(text: note.message)
                        return related
                    },
                partialFingerprints: [fingerprintKey: fingerprint("\(identity)\0\(occurrence)")])
        }
        let log = Log(
            runs: [
                Run(
                    tool: Tool(
                        driver: Driver(
                            name: "layout-check", version: toolVersion, semanticVersion: toolVersion,
                            rules: rules.map(ReportingDescriptor.init))),
                    originalUriBaseIds: [
                        "%SRCROOT%": ArtifactLocation(uri: ArtifactPath.directoryURI(report.workingDirectory))
                    ],
                    columnKind: "unicodeCodePoints",
                    results: results)
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Integers and strings always encode: there is no float that could be infinite or NaN.
        let data = try! encoder.encode(log)
        return String(decoding: data, as: UTF8.self) + "\n"
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
        var results: [Result]
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
            defaultConfiguration = Configuration(
                level: rule.defaultSeverity.rawValue, enabled: rule.isEnabledByDefault ? nil : false)
        }
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Message
        /// Absent for a finding about the whole run, which has no place in a file.
        var locations: [Location]?
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Message?

        init(_ location: SourceLocation, workingDirectory: String) {
            let path = ArtifactPath(location.file, workingDirectory: workingDirectory)
            physicalLocation = PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: path.uri, uriBaseId: path.isRelative ? "%SRCROOT%" : nil),
                region: Region(startLine: location.line, startColumn: location.column))
        }
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
}
