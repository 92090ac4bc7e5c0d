import Foundation
import LayoutKit
import Testing

@testable import layout_check

/// Each format's exact output for one report that holds every kind of diagnostic: errors and warnings,
/// a finding about the whole run, notes, identical findings, a file outside the working directory, and
/// quotes, `<`, `&`, `%`, control characters and line breaks in paths and messages; fix-its, one with edits
/// in two places, one in a file outside the working directory.
///
/// The expected output is in `Golden/`. After a deliberate change, run the tests with
/// `LAYOUTKIT_RECORD_GOLDEN=1` to rewrite the files, and review their diff.
@Suite struct ReporterGoldenTests {
    static let isRecording = ProcessInfo.processInfo.environment["LAYOUTKIT_RECORD_GOLDEN"] == "1"
    static let folder = Repository.root.appendingPathComponent("Tests/LayoutCheckTests/Golden")

    static let report: layout_check.Report = {
        func at(_ file: String, _ line: Int, _ column: Int) -> LayoutKit.SourceLocation {
            LayoutKit.SourceLocation(file: file, line: line, column: column)
        }
        let hostile = "Layouts/Cell \"quoted\" & <tag> 100%\u{1}\nÜ.layout.xml"
        let diagnostics = [
            Diagnostic(
                rule: .noClassSchemas, severity: .warning, message: "no class schema loaded; pass --schemas DIR",
                location: nil),
            Diagnostic(
                rule: .unknownOutlet, message: "class 'Card' has no outlet 'titel'; did you mean 'title'?",
                location: at("Layouts/Card.layout.xml", 4, 9),
                notes: [.init(message: "included from here", location: at("Layouts/Feed.layout.xml", 12, 5))],
                fixIts: [
                    FixIt(
                        description: #"replace "titel" with "title""#,
                        edits: [.init(file: "Layouts/Card.layout.xml", byteRange: 120..<125, replacement: "title")])
                ]),
            Diagnostic(
                rule: .duplicateID, message: "id 'title' is used twice", location: at("Layouts/Card.layout.xml", 7, 5)),
            Diagnostic(
                rule: .duplicateID, message: "id 'title' is used twice", location: at("Layouts/Card.layout.xml", 9, 5)),
            Diagnostic(
                rule: .schema, message: "invalid backgroundColor=\"a\u{1}b\r\n\t<&>\" on <view>",
                location: at(hostile, 3, 5)),
            Diagnostic(
                rule: .unconnectedOutlet, severity: .warning,
                message: "outlet 'subtitle' of 'Card' is connected nowhere",
                location: at(hostile, 3, 5),
                fixIts: [
                    FixIt(
                        description: "remove the lk:ignore attribute\u{1}\n<&>",
                        edits: [
                            .init(file: hostile, byteRange: 40..<58, replacement: ""),
                            .init(file: hostile, byteRange: 70..<71, replacement: "a &amp; \"b\""),
                        ])
                ]),
            Diagnostic(
                rule: .unknownClass, message: "unknown class 'Crad'", location: at("/elsewhere/Old.layout.xml", 2, 3),
                fixIts: [
                    FixIt(
                        description: #"replace "Crad" with "Card""#,
                        edits: [.init(file: "/elsewhere/Old.layout.xml", byteRange: 60..<64, replacement: "Card")])
                ]),
        ]
        return layout_check.Report(
            files: 4, diagnostics: diagnostics.sorted(by: Diagnostic.ordered), duration: .milliseconds(10),
            workingDirectory: "/work/repo",
            checkedFiles: ["Layouts/Card.layout.xml", "Layouts/Clean.layout.xml", hostile, "/elsewhere/Old.layout.xml"])
    }()

    static func goldenName(_ format: OutputFormat) -> String {
        switch format {
        case .text, .github: "\(format.rawValue).txt"
        case .json: "json.json"
        case .sarif: "sarif.sarif"
        case .junit, .checkstyle: "\(format.rawValue).xml"
        }
    }

    @Test(arguments: OutputFormat.allCases)
    func outputMatchesGolden(_ format: OutputFormat) throws {
        let output = format.render(Self.report, colour: false)
        // What is recorded must at least parse, so that recording cannot bless a broken document.
        switch format {
        case .json, .sarif: #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(output.utf8)) }
        case .junit, .checkstyle: #expect(WellFormedXML.errors(in: Data(output.utf8)) == nil)
        case .text, .github: #expect(!output.contains("\u{1}"), "control characters are shown, never printed")
        }
        let file = Self.folder.appendingPathComponent(Self.goldenName(format))
        if Self.isRecording {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(output.utf8).write(to: file)
        }
        let golden = try #require(
            try? String(contentsOf: file, encoding: .utf8),
            "no golden file \(file.lastPathComponent); run with LAYOUTKIT_RECORD_GOLDEN=1 to record it")
        #expect(
            output == golden,
            "\(format) output differs from Golden/\(file.lastPathComponent); if the change is meant, rerun with LAYOUTKIT_RECORD_GOLDEN=1 and review the diff"
        )
    }

    @Test func sarifFingerprintsSurviveLinesMovingAndTellIdenticalFindingsApart() throws {
        func fingerprints(_ report: layout_check.Report) throws -> [String] {
            let log = try #require(
                JSONSerialization.jsonObject(with: Data(SARIFReporter.render(report, rules: RuleDescriptor.all).utf8))
                    as? [String: Any])
            let runs = try #require(log["runs"] as? [[String: Any]])
            let results = try #require(runs.first?["results"] as? [[String: Any]])
            return results.compactMap {
                ($0["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey]
            }
        }
        var moved = Self.report
        for index in moved.diagnostics.indices {
            moved.diagnostics[index].sourceLocation?.line += 3
        }
        let before = try fingerprints(Self.report)
        // The finding about the whole run is a notification, not a result.
        #expect(before.count == Self.report.diagnostics.count(where: { $0.sourceLocation != nil }))
        #expect(try fingerprints(moved) == before)
        #expect(Set(before).count == before.count, "the two identical duplicate-id findings need two fingerprints")
        var edited = Self.report
        edited.diagnostics[1].message += "!"
        #expect(try fingerprints(edited) != before)
    }

    struct PathCase: Sendable, CustomTestStringConvertible {
        var file: String
        var uri: String
        var testDescription: String { "\(file) → \(uri)" }
    }

    @Test(arguments: [
        PathCase(file: "Layouts/A.layout.xml", uri: "Layouts/A.layout.xml"),
        PathCase(file: "./Layouts//./A.layout.xml", uri: "Layouts/A.layout.xml"),
        PathCase(file: "/work/repo/Layouts/A.layout.xml", uri: "Layouts/A.layout.xml"),
        PathCase(file: "Layouts/../A b%#?.layout.xml", uri: "A%20b%25%23%3F.layout.xml"),
        PathCase(file: "Ü.layout.xml", uri: "%C3%9C.layout.xml"),
        PathCase(file: "../other/A.layout.xml", uri: "file:///work/other/A.layout.xml"),
        PathCase(file: "/work/repository/A.layout.xml", uri: "file:///work/repository/A.layout.xml"),
    ])
    func artifactURIsAreRelativeToTheWorkingDirectoryAndPercentEncoded(_ testCase: PathCase) {
        #expect(ArtifactPath(testCase.file, workingDirectory: "/work/repo/").uri == testCase.uri)
    }
}
