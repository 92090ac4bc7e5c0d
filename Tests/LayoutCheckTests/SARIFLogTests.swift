import Foundation
import LayoutKit
import Testing

@testable import layout_check

/// SARIF logs that GitHub code scanning accepts (`SARIFRules`): findings about the whole run as
/// notifications of the invocation, never as results without a location; rules with help; and a log,
/// not an empty file, from a run that could not proceed.
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
    func aRunThatCannotProceedStillWritesAValidLogThatSaysSo(_ testCase: FailureCase) throws {
        let result = try runLayoutCheck(testCase.arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains(testCase.message), "standard error still says why: \(result)")
        let log = try Self.log(result)
        #expect(try Self.results(log).isEmpty)
        let invocation = try Self.invocation(log)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.map { $0["level"] as? String } == ["error"])
        let text = (notifications.first?["message"] as? [String: Any])?["text"] as? String
        #expect(text?.contains(testCase.message) == true, "\(String(describing: text))")
    }

    @Test func aBrokenConfigurationIsAConfigurationNotificationAtItsLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(SampleLayout.valid, to: "Layouts/A.layout.xml")
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout-check xmlns="urn:layoutkit:config:1">
                <rule id="unknown-outlett" severity="warning"/>
            </layout-check>

            """, to: "layout-check.xml")
        let output = folder.url.appendingPathComponent("layout-check.sarif")
        let result = try runLayoutCheck(["--format", "sarif", "--output", output.path, "Layouts"], in: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("layout-check.xml:3:"), "\(result)")
        let written = CommandResult(
            status: result.status,
            standardOutput: try String(contentsOf: output, encoding: .utf8),
            standardError: "")
        let invocation = try Self.invocation(try Self.log(written))
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolConfigurationNotifications"] as? [[String: Any]])
        #expect(notifications.count == 1)
        let location = try #require((notifications.first?["locations"] as? [[String: Any]])?.first)
        let physical = try #require(location["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "layout-check.xml")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 3)
    }

    @Test func theLogOfACommandLineThatCannotBeParsedGoesToTheOutputFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("layout-check.sarif")
        let result = try runLayoutCheck(["--output", file.path, "--jobs", "0", "--format=sarif", "Layouts"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        let written = CommandResult(
            status: 2, standardOutput: try String(contentsOf: file, encoding: .utf8), standardError: "")
        let invocation = try Self.invocation(try Self.log(written))
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        let text = (notifications.first?["message"] as? [String: Any])?["text"] as? String
        #expect(text?.contains("'--jobs' needs a whole number") == true, "\(String(describing: text))")
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
