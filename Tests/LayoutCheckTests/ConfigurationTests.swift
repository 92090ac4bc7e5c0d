import Foundation
import LayoutKit
import Testing

/// `layout-check.xml` and `--config FILE`: schemas, excludes and rule severities, and a broken
/// configuration reported at its line and column with exit status 2.
@Suite struct ConfigurationTests {
    static func configuration(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout-check xmlns="urn:layoutkit:config:1">
        \(body)
        </layout-check>

        """
    }

    /// A folder with a class schema under `ClassSchemas/`, a layout with an `unconnected-outlet` error
    /// on line 3 and an `unknown-outlet` error on line 6 under `Layouts/`, and the same layout under
    /// `Layouts/Legacy/`.
    static func makeProject() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="Card" base="view">
                    <outlet name="subtitle" type="label"/>
                </class>
            </classes>

            """, to: "ClassSchemas/Card.classes.xml")
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <view class="Card">
                    <label id="label"/>
                    <connections>
                        <outlet property="title" destination="label"/>
                    </connections>
                </view>
            </layout>

            """
        try folder.write(layout, to: "Layouts/Card.layout.xml")
        try folder.write(layout, to: "Layouts/Legacy/Old.layout.xml")
        return folder
    }

    @Test func schemasAreFoundRelativeToTheConfigurationAndExcludesLeaveFilesOut() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try project.write(
            Self.configuration(#"<schemas path="ClassSchemas"/> <exclude path="Layouts/Legacy/**"/>"#),
            to: "layout-check.xml")
        let result = try runLayoutCheck(["--format", "json", "Layouts"], in: project.url)
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.files == 1, "Layouts/Legacy is excluded")
        #expect(report.diagnostics.map(\.rule) == ["unconnected-outlet", "unknown-outlet"], "the schema was loaded")
        #expect(report.diagnostics.map(\.file) == ["Layouts/Card.layout.xml", "Layouts/Card.layout.xml"])

        // --config from elsewhere: the paths are still relative to the configuration's folder.
        try FileManager.default.moveItem(
            at: project.url.appendingPathComponent("layout-check.xml"),
            to: project.url.appendingPathComponent("Layouts/layout-check.xml"))
        try project.write(
            Self.configuration(#"<schemas path="../ClassSchemas"/> <exclude path="Legacy"/>"#),
            to: "Layouts/layout-check.xml")
        let elsewhere = try runLayoutCheck(
            ["--config", "Layouts/layout-check.xml", "--format", "json", "."], in: project.url)
        #expect(try elsewhere.report().files == 1, "\(elsewhere)")
        #expect(try elsewhere.report().diagnostics.map(\.rule) == ["unconnected-outlet", "unknown-outlet"])
    }

    @Test func aFileNamedOnTheCommandLineIsCheckedEvenWhenExcluded() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try project.write(Self.configuration(#"<exclude path="**/Old.*.xml"/>"#), to: "layout-check.xml")
        #expect(try runLayoutCheck(["--format", "json", "Layouts"], in: project.url).report().files == 1)
        let named = try runLayoutCheck(["--format", "json", "Layouts/Legacy/Old.layout.xml"], in: project.url)
        #expect(try named.report().files == 1)
    }

    @Test func severitiesApplyAndIgnoreDropsAndTheCommandLineWins() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try project.write(
            Self.configuration(
                #"""
                <schemas path="Nowhere"/>
                <rule id="unknown-outlet" severity="warning"/>
                <rule id=" unconnected-outlet " severity="ignore"/>
                """#), to: "layout-check.xml")
        // --schemas wins over the configuration's, which names a folder that does not exist.
        let result = try runLayoutCheck(["--schemas", "ClassSchemas", "--format", "json", "Layouts"], in: project.url)
        #expect(result.status == 0, "a warning does not fail the run: \(result)")
        let report = try result.report()
        #expect(
            report.diagnostics.map(\.rule) == ["unknown-outlet", "unknown-outlet"], "unconnected-outlet is ignored")
        #expect(report.diagnostics.allSatisfy { $0.severity == "warning" })
        #expect(report.errors == 0 && report.warnings == 2)
        let strict = try runLayoutCheck(["--strict", "--schemas", "ClassSchemas", "Layouts"], in: project.url)
        #expect(strict.status == 1, "--strict fails on warnings: \(strict)")
    }

    struct BrokenCase: Sendable, CustomTestStringConvertible {
        var body: String
        /// `LINE:COLUMN: error: MESSAGE` after the file name, in part.
        var expected: String
        var testDescription: String { expected }
    }

    static let brokenCases: [BrokenCase] = [
        BrokenCase(
            body: #"<rule id="unknown-outlett" severity="warning"/>"#,
            expected: #"3:1: error: unknown rule id "unknown-outlett"; did you mean 'unknown-outlet'?"#),
        BrokenCase(
            body: #"<rule id="schema" severity="warning"/>"#,
            expected: "3:1: error: rule 'schema' cannot be set to warning"),
        BrokenCase(
            body: #"<rule id="xml-syntax" severity="ignore"/>"#,
            expected: "3:1: error: rule 'xml-syntax' cannot be set to ignore"),
        BrokenCase(
            body: #"<rule id="duplicate-id" severity="info"/>"#,
            expected: #"3:1: error: invalid severity="info" for rule 'duplicate-id'"#),
        BrokenCase(
            body: #"<rule id="duplicate-id"/>"#,
            expected: "3:1: error: <rule> is missing the required attribute 'severity'"),
        BrokenCase(
            body: #"<exclud path="x"/>"#,
            expected:
                "3:1: error: unexpected <exclud> in <layout-check>: expected <schemas>, <swift-sources>, <exclude>, <rule>; did you mean 'exclude'?"
        ),
        BrokenCase(
            body: #"<exclude path="x" glob="y"/>"#, expected: "3:1: error: unknown attribute 'glob' on <exclude>"),
        BrokenCase(
            body: #"<exclude path="/etc/**"/>"#,
            expected: "3:1: error: invalid exclude path=\"/etc/**\": the pattern must be relative"),
        BrokenCase(
            body: #"<exclude path="a**b"/>"#,
            expected: "3:1: error: invalid exclude path=\"a**b\": '**' must be a whole name"),
        BrokenCase(
            body: "<rule id=\"duplicate-id\" severity=\"warning\"/>\n<rule id=\"duplicate-id\" severity=\"error\"/>",
            expected: "4:1: error: rule 'duplicate-id' is configured twice; the first is on line 3"),
        BrokenCase(
            body: #"<swift-sources dir="App"/>"#,
            expected: "3:1: error: unknown attribute 'dir' on <swift-sources>"),
        BrokenCase(
            body: #"<swift-source path="App"/>"#,
            expected: "3:1: error: unexpected <swift-source> in <layout-check>: expected <schemas>, <swift-sources>, "
                + "<exclude>, <rule>; did you mean 'swift-sources'?"),
        BrokenCase(
            body: #"<swift-sources path=""/>"#,
            expected: "3:1: error: <swift-sources> needs a path: a directory of Swift files"),
        BrokenCase(body: "text", expected: "2:1: error: <layout-check> cannot contain text"),
        BrokenCase(body: "<rule id=\"duplicate-id\" severity=\"warning\">", expected: "error: not well-formed XML: "),
    ]

    @Test(arguments: brokenCases)
    func aBrokenConfigurationIsADiagnosticInItAndExitStatus2(_ testCase: BrokenCase) throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try project.write(Self.configuration(testCase.body), to: "layout-check.xml")
        let result = try runLayoutCheck(["--format", "sarif", "Layouts"], in: project.url)
        #expect(result.status == 2, "\(result)")
        // Nothing is checked: the SARIF log says the run failed, and holds no result.
        #expect(SARIFRules.problems(in: Data(result.standardOutput.utf8)) == [])
        let log = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let run = (log?["runs"] as? [[String: Any]])?.first
        #expect((run?["results"] as? [Any])?.isEmpty == true, "\(result)")
        #expect((run?["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == false)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("layout-check.xml:") && $0.contains(testCase.expected) && $0.hasSuffix(" [configuration]")
            }, "\(result)")
    }

    @Test func aMissingConfigurationNamedByConfigIsAUsageError() throws {
        let result = try runLayoutCheck(["--config", "no-such-config.xml", "Layouts"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--config: cannot read 'no-such-config.xml'"), "\(result)")
    }

    /// The README's configuration section names exactly the rules the table says cannot be lowered.
    @Test func readmeNamesTheRulesThatCannotBeLowered() throws {
        let readme = try Repository.text("README.md")
        let section = try #require(readme.range(of: "cannot be lowered: nothing else can be checked"))
        let sentence = readme[..<section.lowerBound].split(separator: "\n").suffix(3).joined(separator: " ")
        let named = sentence.matches(of: /`([a-z-]+)`/).map { String($0.output.1) }
        let table = RuleDescriptor.all.filter { !$0.isLowerable && $0.phase != .instantiation && $0.phase != .run }
        #expect(named == table.map(\.id.rawValue), "\(sentence)")
    }
}
