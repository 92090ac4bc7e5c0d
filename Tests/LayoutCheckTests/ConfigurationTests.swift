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
                "3:1: error: unexpected <exclud> in <layout-check>: expected <schemas>, <swift-sources>, <exclude>, <baseline>, <rule>, <ignore>; did you mean 'exclude'?"
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
                + "<exclude>, <baseline>, <rule>, <ignore>; did you mean 'swift-sources'?"),
        BrokenCase(
            body: #"<ignore rule="schema" file="Main.storyboard" object="abc-12-xyz"/>"#,
            expected: "3:1: error: rule 'schema' cannot be ignored"),
        BrokenCase(
            body: #"<ignore rule="unknown-outlet" file="Main.storyboard"/>"#,
            expected: "3:1: error: <ignore> needs an object: the id Interface Builder gives the element"),
        BrokenCase(
            body: #"<ignore rule="unknown-outlet" declaration="ProfileViewController.nameField"/>"#,
            expected: "3:1: error: declaration= silences unconnected-outlet only"),
        BrokenCase(
            body: #"<ignore rule="unconnected-outlet" declaration="nameField"/>"#,
            expected: #"3:1: error: invalid declaration="nameField": expected Class.outlet"#),
        BrokenCase(
            body: #"<ignore rule="unconnected-outlet" declaration="A.b" file="Main.storyboard" object="x"/>"#,
            expected: "3:1: error: <ignore> names a declaration, or a file and an object, not both"),
        BrokenCase(
            body: #"<ignore rule="unknown-outlets" file="Main.storyboard" object="abc-12-xyz"/>"#,
            expected: #"3:1: error: unknown rule id "unknown-outlets"; did you mean 'unknown-outlet'?"#),
        BrokenCase(
            body: #"<ignore rule="unknown-outlet" file="/App/Main.storyboard" object="abc-12-xyz"/>"#,
            expected: "3:1: error: invalid ignore file=\"/App/Main.storyboard\": the pattern must be relative"),
        BrokenCase(
            body: #"<baseline path="a.xml"/> <baseline path="b.xml"/>"#,
            expected: "3:26: error: a configuration has one <baseline>; the first is on line 3"),
        BrokenCase(body: #"<baseline path=""/>"#, expected: "3:1: error: <baseline> needs a path: the baseline file"),
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
        // Nothing is checked, and no SARIF log is written: one with no results would close every open alert.
        #expect(result.standardOutput.isEmpty, "\(result)")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("layout-check.xml:") && $0.contains(testCase.expected) && $0.hasSuffix(" [configuration]")
            }, "\(result)")
    }

    /// `project/Package.swift`, `project/layout-check.xml` raising `unconnected-outlet`'s sibling rule
    /// `unknown-outlet` to a warning, and the layouts two folders down.
    static func makePackage() throws -> TemporaryDirectory {
        let project = try makeProject()
        try project.write("// swift-tools-version:6.1\n", to: "Package.swift")
        try project.write(
            configuration(#"<schemas path="ClassSchemas"/> <rule id="unknown-outlet" severity="warning"/>"#),
            to: "layout-check.xml")
        return project
    }

    @Test func theNearestConfigurationAboveTheWorkingDirectoryIsRead() throws {
        let project = try Self.makePackage()
        defer { project.remove() }
        // From a subfolder: the package's file, with its paths relative to its own folder.
        let result = try runLayoutCheck(
            ["--format", "json", "Legacy"], in: project.url.appendingPathComponent("Layouts"))
        let report = try result.report()
        #expect(report.diagnostics.map(\.rule) == ["unconnected-outlet", "unknown-outlet"], "\(result)")
        #expect(report.diagnostics.map(\.severity) == ["error", "warning"], "the root's severity applies")

        // A nearer file wins, whole: nothing of the outer one is merged in (no class schema, so no
        // class rule runs at all).
        try project.write(Self.configuration(#"<exclude path="Nothing"/>"#), to: "Layouts/layout-check.xml")
        let nearer = try runLayoutCheck(
            ["--format", "json", "Legacy"], in: project.url.appendingPathComponent("Layouts"))
        #expect(try nearer.report().diagnostics.map(\.rule) == ["no-class-schemas"], "\(nearer)")

        // A broken file found this way is named by the path that reaches it.
        try project.write(Self.configuration("<unknown/>"), to: "Layouts/layout-check.xml")
        let broken = try runLayoutCheck(["Legacy"], in: project.url.appendingPathComponent("Layouts/Legacy"))
        #expect(broken.status == 2)
        #expect(broken.standardError.hasPrefix("../layout-check.xml:3:1: error: unexpected <unknown>"), "\(broken)")
    }

    struct RootCase: Sendable, CustomTestStringConvertible {
        /// What marks the folder between the working directory and the configuration as a root.
        var marker: String
        var isDirectory: Bool
        var testDescription: String { marker }
    }

    @Test(arguments: [
        RootCase(marker: "Package.swift", isDirectory: false), RootCase(marker: ".git", isDirectory: true),
        RootCase(marker: ".git", isDirectory: false),
    ])
    func theSearchStopsAtThePackageOrRepositoryRoot(_ root: RootCase) throws {
        let outer = try Self.makePackage()
        defer { outer.remove() }
        // A package inside another folder's reach: the outer layout-check.xml is not its configuration.
        let inner = outer.url.appendingPathComponent("Nested")
        try FileManager.default.createDirectory(
            at: inner.appendingPathComponent("Layouts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: outer.url.appendingPathComponent("Layouts/Card.layout.xml"),
            to: inner.appendingPathComponent("Layouts/Card.layout.xml"))
        if root.isDirectory {
            try FileManager.default.createDirectory(
                at: inner.appendingPathComponent(root.marker), withIntermediateDirectories: true)
        } else {
            try outer.write("gitdir: elsewhere\n", to: "Nested/\(root.marker)")
        }
        let result = try runLayoutCheck(["--format", "json", "Layouts"], in: inner)
        #expect(try result.report().diagnostics.map(\.rule) == ["no-class-schemas"], "\(result)")

        // Without the marker, the search goes on up to the outer package's file.
        try FileManager.default.removeItem(at: inner.appendingPathComponent(root.marker))
        let through = try runLayoutCheck(["--format", "json", "Layouts"], in: inner)
        #expect(try through.report().diagnostics.map(\.rule) == ["unconnected-outlet", "unknown-outlet"], "\(through)")
    }

    @Test func configGivenReplacesTheFileTheSearchWouldFind() throws {
        let project = try Self.makePackage()
        defer { project.remove() }
        try project.write(
            Self.configuration(#"<schemas path="../ClassSchemas"/> <rule id="unconnected-outlet" severity="ignore"/>"#),
            to: "Other/layout-check.xml")
        let result = try runLayoutCheck(
            ["--config", "Other/layout-check.xml", "--format", "json", "Layouts"], in: project.url)
        let report = try result.report()
        #expect(report.diagnostics.map(\.rule) == ["unknown-outlet", "unknown-outlet"], "\(result)")
        #expect(report.diagnostics.allSatisfy { $0.severity == "error" }, "nothing of the package's file applies")
    }

    @Test func theConfigurationsBaselineIsUsedRelativeToItsFolderAndTheCommandLineWins() throws {
        let project = try Self.makePackage()
        defer { project.remove() }
        try project.write(
            Self.configuration(#"<schemas path="ClassSchemas"/> <baseline path="Baselines/layout-check.xml"/>"#),
            to: "layout-check.xml")
        // --write-baseline records afresh even though the configuration names a baseline that does not
        // exist yet; entries name files from the baseline's folder.
        let written = try runLayoutCheck(
            ["--write-baseline", "Baselines/layout-check.xml", "Layouts"], in: project.url)
        #expect(written.status == 0, "\(written)")
        #expect(try project.url.appendingPathComponent("Baselines/layout-check.xml").checkResourceIsReachable())

        // From a subfolder, the configuration finds its baseline: every finding is in it.
        let layouts = project.url.appendingPathComponent("Layouts")
        let quiet = try runLayoutCheck(["--format", "json", "."], in: layouts)
        #expect(quiet.status == 0, "\(quiet)")
        #expect(try quiet.report().diagnostics.isEmpty)
        #expect(quiet.standardError.contains("4 findings in the baseline not reported"), "\(quiet)")

        // --baseline replaces it.
        try project.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <baseline xmlns="urn:layoutkit:baseline:1"/>

            """, to: "empty-baseline.xml")
        let replaced = try runLayoutCheck(
            ["--baseline", "../empty-baseline.xml", "--format", "json", "."], in: layouts)
        #expect(replaced.status == 1, "\(replaced)")
        #expect(try replaced.report().diagnostics.count == 4)

        // A baseline the configuration names that cannot be read stops the run, saying where it was named.
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("Baselines"))
        let missing = try runLayoutCheck(["."], in: layouts)
        #expect(missing.status == 2)
        #expect(
            missing.standardError.contains(
                "<baseline> of ../layout-check.xml: cannot read '../Baselines/layout-check.xml'"),
            "\(missing)")
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
