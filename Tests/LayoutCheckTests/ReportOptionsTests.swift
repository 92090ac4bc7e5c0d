import Foundation
import Testing

@testable import layout_check

/// The options SwiftLint users type: `--reporter` for `--format`, `--quiet`, `--output FILE`; and a usage
/// line, after a command line that cannot be run, that lists every option.
@Suite struct ReportOptionsTests {
    static let invalidFixture = "\(Repository.fixtures)/invalid/unknown-class.layout.xml"

    @Test func reporterIsTheSameOptionAsFormat() throws {
        let reporter = try runLayoutCheck(
            ["--schemas", Repository.fixtureSchemas, "--reporter", "json", Self.invalidFixture])
        let format = try runLayoutCheck(["--schemas", Repository.fixtureSchemas, "--format=json", Self.invalidFixture])
        #expect(reporter.status == 1, "\(reporter)")
        #expect(try reporter.report().diagnostics.map(\.rule) == ["unknown-class"])
        #expect(reporter.standardOutput == format.standardOutput)

        let unknown = try runLayoutCheck(["--reporter", "emoji", "Layouts"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown format 'emoji' for '--reporter'"), "\(unknown)")
        #expect(unknown.standardError.contains("github-actions-logging, xcode"), "\(unknown)")
    }

    /// SwiftLint's reporter names (issue "Adoption, round 3", item 8): `xcode` prints as `text` does,
    /// `github-actions-logging` as `github` does.
    @Test(arguments: [("xcode", "text"), ("github-actions-logging", "github")])
    func swiftLintsReporterNamesAreTheirFormats(_ alias: String, _ format: String) throws {
        let named = try runLayoutCheck([
            "--schemas", Repository.fixtureSchemas, "--reporter", alias, Self.invalidFixture,
        ])
        let plain = try runLayoutCheck([
            "--schemas", Repository.fixtureSchemas, "--format", format, Self.invalidFixture,
        ])
        #expect(named.status == 1, "\(named)")
        #expect(!named.standardOutput.isEmpty && named.standardOutput == plain.standardOutput, "\(named)")
    }

    @Test func quietLeavesOutTheSummaryButNotTheReport() throws {
        let loud = try runLayoutCheck(["--schemas", Repository.fixtureSchemas, Self.invalidFixture])
        let quiet = try runLayoutCheck(["--schemas", Repository.fixtureSchemas, "--quiet", Self.invalidFixture])
        #expect(loud.standardError.contains("1 file, 1 error, 0 warnings"), "\(loud)")
        #expect(quiet.status == 1)
        #expect(quiet.standardError.isEmpty, "\(quiet)")
        #expect(quiet.standardOutput == loud.standardOutput)
        #expect(quiet.outputLines.filter { !$0.hasPrefix("    fix: ") }.count == 1)

        // What stops a run is still said.
        let stopped = try runLayoutCheck(["--quiet", "No/Such/Folder"])
        #expect(stopped.status == 2)
        #expect(stopped.standardError.contains("no such file or directory: 'No/Such/Folder'"), "\(stopped)")
    }

    @Test func outputWritesTheReportToAFileAndNothingToStandardOutput() throws {
        // A repository of its own: --output writes only inside the repository (article "Security").
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let report = folder.url.appendingPathComponent("report.json")
        try Data("stale".utf8).write(to: report)
        let result = try runLayoutCheck(
            [
                "--schemas", Repository.root.appendingPathComponent(Repository.fixtureSchemas).path, "--format", "json",
                "--output", "report.json", Repository.root.appendingPathComponent(Self.invalidFixture).path,
            ], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("1 file, 1 error"), "the summary still goes to standard error")
        let written = try JSONDecoder().decode(Report.self, from: Data(contentsOf: report))
        #expect(written.diagnostics.map(\.rule) == ["unknown-class"], "the file is replaced, not appended to")

        // Under a regular file, no folder can be made: the report cannot be delivered.
        let unwritable = try runLayoutCheck(
            ["--output", "report.json/report.txt", Repository.root.appendingPathComponent("Layouts").path],
            in: folder.url)
        #expect(unwritable.status == 2, "a report that was not delivered must not pass for a clean run")
        #expect(unwritable.standardError.contains("cannot write the report to"), "\(unwritable)")
    }

    @Test func theUsageLineAfterAnOptionErrorListsEveryOption() throws {
        let result = try runLayoutCheck(["--frobnicate", "Layouts"])
        #expect(result.status == 2)
        for option in Command.options where option != "--help" && option != "--version" {
            #expect(
                result.standardError.contains("[\(option)") || result.standardError.contains("|\(option)")
                    || result.standardError.contains("| \(option)")
                    || result.standardError.contains("layout-check \(option) "),
                "the usage line omits \(option):\n\(result)")
        }
        #expect(result.standardError.contains("--help | --version"))
    }

    @Test func everyOptionIsDescribedInTheHelp() {
        for option in Command.options {
            #expect(
                helpText.contains("  \(option) ") || helpText.contains(", \(option) ")
                    || helpText.contains("(or \(option) "), "--help does not describe \(option)")
        }
    }
}
