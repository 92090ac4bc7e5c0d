import Foundation
import LayoutKit
import Testing

@testable import layout_check

/// SARIF logs that GitHub code scanning accepts (`SARIFRules`): findings about the whole run as
/// notifications of the invocation, never as results without a location; rules with help; paths from the
/// repository's root; and no log at all from a run that could not proceed.
@Suite struct SARIFLogTests {
    static func log(_ result: CommandResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
        -> [String: Any]
    {
        let problems = SARIFRules.problems(in: Data(result.standardOutput.utf8))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\n\(result)", sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try #require(object as? [String: Any], sourceLocation: sourceLocation)
    }

    static func invocation(_ log: [String: Any]) throws -> [String: Any] {
        let runs = try #require(log["runs"] as? [[String: Any]])
        let invocations = try #require(runs.first?["invocations"] as? [[String: Any]])
        #expect(invocations.count == 1)
        return try #require(invocations.first)
    }

    static func results(_ log: [String: Any]) throws -> [[String: Any]] {
        let runs = try #require(log["runs"] as? [[String: Any]])
        return try #require(runs.first?["results"] as? [[String: Any]])
    }

    @Test func theRulesCheckerCatchesWhatGitHubRejects() throws {
        // The checker is what the other tests rest on: it must fail the log of issue 24 and a misspelling.
        let unlocated = #"""
            {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "rules": [{"id": "r"}]}},
             "results": [{"ruleId": "r", "ruleIndex": 0, "message": {"text": "m"}}]}]}
            """#
        let problems = SARIFRules.problems(in: Data(unlocated.utf8))
        #expect(problems.contains { $0.contains("a result without a location") }, "\(problems)")
        #expect(problems.contains { $0.contains("rule has no help text") }, "\(problems)")
        let misspelt = #"""
            {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
             "invocations": [{"executionSuccessful": true, "toolExecutionNotification": []}], "results": []}]}
            """#
        #expect(
            SARIFRules.problems(in: Data(misspelt.utf8)) == [
                "runs[0].invocations[0]: invocation has no property 'toolExecutionNotification'"
            ])
    }

    @Test func aRunLevelFindingIsANotificationAndEveryResultIsLocated() throws {
        // No class schema anywhere: the no-class-schemas warning, which has no place in a file.
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(SampleLayout.unknownDestination, to: "Layouts/Card.layout.xml")
        let result = try runLayoutCheck(["--format", "sarif", "Layouts"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        let log = try Self.log(result)
        #expect(try Self.results(log).map { $0["ruleId"] as? String } == ["unknown-destination"])
        let invocation = try Self.invocation(log)
        #expect(invocation["executionSuccessful"] as? Bool == true, "findings are not a failed execution")
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == 1)
        #expect(notifications.first?["level"] as? String == "warning")
        #expect((notifications.first?["associatedRule"] as? [String: Any])?["id"] as? String == "no-class-schemas")
        #expect(
            ((notifications.first?["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("no class schema")
                == true)
    }

    @Test func everyRuleCarriesHelpFromTheRulesTable() throws {
        let result = try runLayoutCheck(["--format", "sarif", "--schemas", "Schemas", "Layouts"])
        #expect(result.status == 0, "\(result)")
        let runs = try #require(try Self.log(result)["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleDescriptor.all.map(\.id.rawValue))
        for (rule, descriptor) in zip(rules, RuleDescriptor.all) {
            let help = try #require(rule["help"] as? [String: String])
            #expect(help["markdown"]?.contains(descriptor.summary) == true, "\(descriptor.id)")
            #expect(help["markdown"]?.contains(descriptor.reportedAt) == true, "\(descriptor.id)")
            #expect(help["text"]?.contains("`") == false, "plain text has no Markdown: \(descriptor.id)")
        }
        let lowerable = try #require(
            rules.first { $0["id"] as? String == "unknown-outlet" }?["help"] as? [String: String])
        #expect(lowerable["markdown"]?.contains(#"`<rule id="unknown-outlet" severity="warning"/>`"#) == true)
        let fixed = try #require(rules.first { $0["id"] as? String == "xml-syntax" }?["help"] as? [String: String])
        #expect(fixed["text"]?.contains("cannot be lowered") == true)
    }

    struct FailureCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// Part of the one execution notification's message.
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        FailureCase(arguments: ["--format", "sarif", "No/Such/Folder"], message: "no such file or directory"),
        FailureCase(
            arguments: ["--reporter=sarif", "--frobnicate", "Layouts"], message: "unknown option '--frobnicate'"),
        FailureCase(arguments: ["--format", "sarif"], message: "no PATH given"),
        FailureCase(
            arguments: ["--format", "sarif", "--baseline", "No/Such/b.xml", "Layouts"],
            message: "--baseline: cannot read"),
    ])
    func aRunThatCannotProceedWritesNoLog(_ testCase: FailureCase) throws {
        // Uploaded, a log with no results would close every open code scanning alert (issue 40, item 6).
        let result = try runLayoutCheck(testCase.arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains(testCase.message), "standard error says why: \(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
    }

    @Test func aBrokenConfigurationLeavesThePreviousLogAsItWas() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(SampleLayout.unknownDestination, to: "Layouts/A.layout.xml")
        let output = folder.url.appendingPathComponent("layout-check.sarif")
        let first = try runLayoutCheck(["--format", "sarif", "--output", output.path, "Layouts"], in: folder.url)
        #expect(first.status == 1, "\(first)")
        let previous = try Data(contentsOf: output)
        #expect(
            try Self.results(
                try Self.log(
                    CommandResult(
                        status: 1, standardOutput: String(decoding: previous, as: UTF8.self), standardError: ""))
            ).count == 1)
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout-check xmlns="urn:layoutkit:config:1">
                <rule id="unknown-outlett" severity="warning"/>
            </layout-check>

            """, to: "layout-check.xml")
        let result = try runLayoutCheck(["--format", "sarif", "--output", output.path, "Layouts"], in: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("layout-check.xml:3:"), "\(result)")
        #expect(try Data(contentsOf: output) == previous, "the last completed run's log is kept, untouched")
    }

    @Test func aCommandLineThatCannotBeParsedCreatesNoOutputFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("layout-check.sarif")
        let result = try runLayoutCheck(["--output", file.path, "--jobs", "0", "--format=sarif", "Layouts"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("'--jobs' needs a whole number"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: file.path), "\(result)")
    }

    /// GitHub code scanning resolves a relative URI against the repository's root: a run from a subfolder
    /// names files from the root, `%SRCROOT%` is the root, and a file outside it is an absolute `file://` URI.
    @Test func urisAreRelativeToTheRepositoryRootWhereverTheRunStarts() throws {
        let repository = try TemporaryDirectory()
        defer { repository.remove() }
        try FileManager.default.createDirectory(
            at: repository.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try repository.write(SampleLayout.unknownDestination, to: "App/Layouts/Card.layout.xml")
        let outside = try TemporaryDirectory()
        defer { outside.remove() }
        let stray = try outside.write(SampleLayout.unknownDestination, to: "Stray.layout.xml")
        let app = repository.url.appendingPathComponent("App")
        let result = try runLayoutCheck(["--format", "sarif", "Layouts", stray.path], in: app)
        #expect(result.status == 1, "\(result)")
        let log = try Self.log(result)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let base = (run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any]
        let root = try #require(RepositoryBoundary.resolved(repository.path))
        #expect(base?["uri"] as? String == ArtifactPath.directoryURI(root), "\(result)")
        let artifacts = try Self.results(log).compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                as? [String: Any]
        }
        #expect(artifacts.count == 2, "\(result)")
        let inside = artifacts.first { $0["uriBaseId"] as? String == "%SRCROOT%" }
        #expect(inside?["uri"] as? String == "App/Layouts/Card.layout.xml", "\(result)")
        let absolute = artifacts.first { $0["uriBaseId"] == nil }
        let strayPath = try #require(RepositoryBoundary.resolved(stray.path))
        #expect(absolute?["uri"] as? String == "file://" + ArtifactPath.percentEncoded(strayPath), "\(result)")
        // The text report still names files from where the run started.
        let text = try runLayoutCheck(["Layouts"], in: app)
        #expect(text.outputLines.contains { $0.hasPrefix("Layouts/Card.layout.xml:5:") }, "\(text)")
    }

    @Test func otherFormatsWriteNothingWhenTheRunCannotProceed() throws {
        let result = try runLayoutCheck(["--format", "json", "No/Such/Folder"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func theGoldenReportPassesTheRules() throws {
        let output = SARIFReporter.render(ReporterGoldenTests.report, rules: RuleDescriptor.all)
        #expect(SARIFRules.problems(in: Data(output.utf8)) == [])
    }
}
