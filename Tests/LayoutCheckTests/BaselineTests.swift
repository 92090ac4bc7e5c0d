import Foundation
import Testing

/// `--write-baseline FILE` records the findings; `--baseline FILE` reports only those it does not hold,
/// matching on rule, file and message, never the line, one entry per finding.
@Suite struct BaselineTests {
    /// Two identical `unknown-destination` errors (lines 6 and 10) and a third one of its own (line 11).
    static let layout = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <view>
                <view>
                    <connections>
                        <outlet property="titleLabel" destination="missing"/>
                    </connections>
                </view>
                <connections>
                    <outlet property="titleLabel" destination="missing"/>
                    <outlet property="subtitleLabel" destination="missing"/>
                </connections>
            </view>
        </layout>

        """

    static func makeProject() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(layout, to: "Layouts/Card.layout.xml")
        try folder.write(SampleLayout.valid, to: "Layouts/Clean.layout.xml")
        return folder
    }

    @Test func writtenBaselineIsSortedStableAndSilencesEveryFinding() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let written = try runLayoutCheck(["--write-baseline", "ci/baseline.xml", "Layouts"], in: project.url)
        #expect(written.status == 0, "\(written)")
        #expect(written.standardOutput.isEmpty)
        let text = try String(contentsOf: project.url.appendingPathComponent("ci/baseline.xml"), encoding: .utf8)
        let findings = text.split(separator: "\n").filter { $0.contains("<finding ") }
        // One entry per finding, the run's own warning first (it has no file), files from the baseline's folder.
        #expect(findings.count == 4, "\(text)")
        #expect(findings.first?.contains(#"rule="no-class-schemas""#) == true)
        #expect(findings.dropFirst().allSatisfy { $0.contains(#"file="../Layouts/Card.layout.xml""#) }, "\(text)")
        #expect(findings.dropFirst().map { $0.contains("subtitleLabel") } == [true, false, false], "sorted by message")
        #expect(!text.contains("line="), "entries hold no line")
        #expect(WellFormedXML.errors(in: Data(text.utf8)) == nil)
        // Stable: writing again gives the same bytes.
        _ = try runLayoutCheck(["--write-baseline", "ci/again.xml", "Layouts"], in: project.url)
        #expect(try String(contentsOf: project.url.appendingPathComponent("ci/again.xml"), encoding: .utf8) == text)

        let checked = try runLayoutCheck(
            ["--baseline", "ci/baseline.xml", "--format", "json", "Layouts"], in: project.url)
        #expect(checked.status == 0, "\(checked)")
        #expect(try checked.report().diagnostics.isEmpty)
        #expect(checked.standardError.contains("4 findings in the baseline not reported"), "\(checked)")
    }

    @Test func linesMovingKeepFindingsMatchedAndANewOneIsReported() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        _ = try runLayoutCheck(["--write-baseline", "baseline.xml", "Layouts"], in: project.url)
        // Three lines above everything, and a third identical error: two entries match two of three.
        let moved = Self.layout
            .replacingOccurrences(of: "<layout ", with: "\n\n\n<layout ")
            .replacingOccurrences(
                of: "    <view>\n        <view>",
                with:
                    "    <view>\n        <view>\n<connections><outlet property=\"titleLabel\" destination=\"missing\"/></connections></view><view>"
            )
        try project.write(moved, to: "Layouts/Card.layout.xml")
        let result = try runLayoutCheck(["--baseline", "baseline.xml", "--format", "json", "Layouts"], in: project.url)
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.diagnostics.map(\.rule) == ["unknown-destination"], "\(result)")
        #expect(report.diagnostics.first?.message.contains("'titleLabel'") == true)
    }

    @Test func entriesThatMatchNothingAreListedAsFixed() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        _ = try runLayoutCheck(["--write-baseline", "baseline.xml", "Layouts"], in: project.url)
        try project.write(
            Self.layout.replacingOccurrences(
                of: "<outlet property=\"subtitleLabel\" destination=\"missing\"/>", with: ""),
            to: "Layouts/Card.layout.xml")
        let result = try runLayoutCheck(["--baseline", "baseline.xml", "Layouts"], in: project.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("1 baseline entry matches no finding any more (fixed)"), "\(result)")
        #expect(
            result.standardError.contains("  Layouts/Card.layout.xml: outlet 'subtitleLabel' points at"), "\(result)")
    }

    @Test(arguments: [
        ("<baseline", "not well-formed XML"),
        (
            #"<baseline xmlns="urn:layoutkit:baseline:1"><finding rule="x"/></baseline>"#,
            "<finding> is missing the required attribute 'message'"
        ),
        (
            #"<baseline xmlns="urn:layoutkit:baseline:2"/>"#,
            "the root element must be <baseline> in namespace 'urn:layoutkit:baseline:1'"
        ),
        (#"<baseline xmlns="urn:layoutkit:baseline:1"><entry/></baseline>"#, "unexpected <entry> in <baseline>"),
    ])
    func aMalformedBaselineIsADiagnosticAndExitStatus2(_ text: String, _ message: String) throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try project.write(text, to: "baseline.xml")
        let result = try runLayoutCheck(["--baseline", "baseline.xml", "Layouts"], in: project.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("baseline.xml:1:"), "\(result)")
        #expect(result.standardError.contains(message) && result.standardError.contains("[configuration]"), "\(result)")
    }

    @Test func severitiesApplyBeforeTheBaseline() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try project.write(
            ConfigurationTests.configuration(#"<rule id="unknown-destination" severity="ignore"/>"#),
            to: "layout-check.xml")
        _ = try runLayoutCheck(["--write-baseline", "baseline.xml", "Layouts"], in: project.url)
        let text = try String(contentsOf: project.url.appendingPathComponent("baseline.xml"), encoding: .utf8)
        #expect(!text.contains("unknown-destination"), "an ignored rule is not recorded: \(text)")
        #expect(text.contains("no-class-schemas"))
    }
}
