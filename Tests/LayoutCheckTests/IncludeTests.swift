import Foundation
import Testing

/// `<include>` through the command line: names resolve among every layout of the run, in any of the
/// PATHs given; a broken included layout is reported once at each include and once by itself.
@Suite struct IncludeTests {
    static func layout(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
        \(body)
        </layout>

        """
    }

    static let schemas = Repository.root.appendingPathComponent(Repository.fixtureSchemas).path

    @Test func includesResolveAcrossThePathsOfTheRun() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(
            Self.layout(
                #"<stackView class="Panel" module="Fixtures"><include layout="Badge" outlet="badge"/></stackView>"#),
            to: "Cells/Panel.layout.xml")
        try folder.write(Self.layout(#"<label class="Badge" module="Fixtures"/>"#), to: "Shared/Badge.layout.xml")
        let both = try runLayoutCheck(["--schemas", Self.schemas, "Cells", "Shared"], in: folder.url)
        #expect(both.status == 0, "\(both)")
        #expect(both.outputLines.isEmpty, "\(both)")
        // Without the folder that holds it, the included layout is not among the run's.
        let one = try runLayoutCheck(["--schemas", Self.schemas, "Cells"], in: folder.url)
        #expect(one.status == 1, "\(one)")
        #expect(
            one.outputLines == [
                #"Cells/Panel.layout.xml:3:44: error: cannot include "Badge": no layout named "Badge" [unknown-layout]"#
            ], "\(one)")
    }

    @Test func aBrokenIncludedLayoutIsReportedOnceAtEachIncludeNotAsACascade() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let including = Self.layout(#"<stackView><include layout="Header"/></stackView>"#)
        try folder.write(including, to: "A.layout.xml")
        try folder.write(including, to: "B.layout.xml")
        try folder.write(
            Self.layout(#"<view class="Card" module="Fixtures"><label outlet="nope"/><label outlet="nada"/></view>"#),
            to: "Header.layout.xml")
        try folder.write(Self.layout(#"<view><include layout="Loop"/></view>"#), to: "Loop.layout.xml")
        let result = try runLayoutCheck(["--schemas", Self.schemas, "--format", "json", "."], in: folder.url)
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let byFile = Dictionary(grouping: report.diagnostics, by: \.file).mapValues { $0.map(\.rule) }
        #expect(byFile["A.layout.xml"] == ["invalid-include"], "\(result)")
        #expect(byFile["B.layout.xml"] == ["invalid-include"], "\(result)")
        #expect(byFile["Header.layout.xml"] == ["unconnected-outlet", "unknown-outlet", "unknown-outlet"], "\(result)")
        #expect(byFile["Loop.layout.xml"] == ["include-cycle"], "\(result)")
        #expect(
            report.diagnostics.first { $0.file == "A.layout.xml" }?.message
                == "cannot include Header.layout.xml: it has 3 errors; check it by itself", "\(result)")
    }

    /// The run's index of layout names is made by a second search, the first time a layout includes
    /// another: it must name the same files the checks see, in the same order, exclusions included.
    @Test func theIndexOfTheRunsLayoutsFollowsTheSearchOrderAndTheExclusions() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(
            Self.layout(
                #"<stackView class="Panel" module="Fixtures"><include layout="Badge" outlet="badge"/></stackView>"#),
            to: "A.layout.xml")
        // Two layouts named Badge: the search reaches A/ before B/, so A/'s is the one included.
        try folder.write(Self.layout(#"<label class="Badge" module="Fixtures"/>"#), to: "A/Badge.layout.xml")
        try folder.write(Self.layout(#"<label class="Nowhere" module="Fixtures"/>"#), to: "B/Badge.layout.xml")
        let both = try runLayoutCheck(["--schemas", Self.schemas, "--format", "json", "."], in: folder.url)
        let bothReport = try both.report()
        #expect(bothReport.files == 3, "\(both)")
        // B/Badge is checked by itself (its unknown class), but A.layout.xml includes A/Badge, cleanly.
        #expect(bothReport.diagnostics.map(\.file) == ["B/Badge.layout.xml"], "\(both)")
        // With A/ excluded, A/Badge is neither checked nor included: the include finds B/'s instead.
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout-check xmlns="urn:layoutkit:config:1"><exclude path="A/**"/></layout-check>

            """, to: "layout-check.xml")
        let excluded = try runLayoutCheck(["--schemas", Self.schemas, "--format", "json", "."], in: folder.url)
        let excludedReport = try excluded.report()
        #expect(excludedReport.files == 2, "\(excluded)")
        #expect(
            excludedReport.diagnostics.map { "\($0.file) \($0.rule)" }
                == ["A.layout.xml invalid-include", "B/Badge.layout.xml unknown-class"], "\(excluded)")
    }

    @Test func theOutputIsTheSameWhateverTheNumberOfJobs() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for index in 0..<40 {
            try folder.write(
                Self.layout(#"<view><include layout="L\#(index + 1)"/></view>"#), to: "L\(index).layout.xml")
        }
        try folder.write(Self.layout("<label/>"), to: "L40.layout.xml")
        let one = try runLayoutCheck(["--jobs", "1", "."], in: folder.url)
        let four = try runLayoutCheck(["--jobs", "4", "."], in: folder.url)
        #expect(one.standardOutput == four.standardOutput)
        #expect(one.outputLines.filter { $0.contains("[input-limit]") }.count == 8, "\(one)")
    }

    /// A cycle of 40 layouts, longer than the depth limit, checked on four jobs: every run says the same,
    /// one `include-cycle` per layout. Each run used to say something else (8 outputs in 8 runs): a job
    /// walked the cycle with the layouts another job had summarised left out, and saw a chain.
    @Test func aCycleLongerThanTheDepthLimitGivesOneOutputOnSeveralJobs() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for index in 0..<40 {
            try folder.write(
                Self.layout(#"<view><include layout="C\#((index + 1) % 40)"/></view>"#), to: "C\(index).layout.xml")
        }
        var outputs: Set<String> = []
        for _ in 0..<6 {
            let result = try runLayoutCheck(["--jobs", "4", "."], in: folder.url)
            #expect(result.outputLines.filter { $0.hasSuffix("[include-cycle]") }.count == 40, "\(result)")
            outputs.insert(result.standardOutput)
        }
        #expect(outputs.count == 1, "\(outputs.count) different outputs in 6 runs")
    }
}
