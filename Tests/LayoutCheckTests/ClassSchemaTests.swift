import Foundation
import Testing

/// Where class schemas come from, what happens without any, and how their problems are reported.
@Suite struct ClassSchemaTests {
    static var noClassSchemasLine: Regex<Substring> {
        /layout-check: warning: no class schema loaded; class rules \(unknown-class, .*\) were skipped.* \[no-class-schemas\]/
    }

    @Test func withoutClassSchemasTheClassRulesAreSkippedWithOneWarning() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for name in ["One", "Two", "Three"] {
            try folder.write(SampleLayout.valid, to: "Layouts/\(name).layout.xml")
        }
        // Its class is declared nowhere: with no schema that is not an error, only not checked.
        try folder.write(
            try Repository.text("\(Repository.fixtures)/invalid/unknown-class.layout.xml"),
            to: "Layouts/Crad.layout.xml")

        let text = try runLayoutCheck(["Layouts", "-"], standardInput: SampleLayout.valid, in: folder.url)
        #expect(text.status == 0, "warnings alone do not fail a run: \(text)")
        #expect(text.outputLines.count == 1, "\(text)")
        #expect(text.outputLines.first?.wholeMatch(of: Self.noClassSchemasLine) != nil, "\(text)")
        #expect(text.standardError.hasPrefix("5 files, 0 errors, 1 warning ("))

        let json = try runLayoutCheck(["--format", "json", "Layouts"], in: folder.url).report()
        #expect(json.warnings == 1 && json.errors == 0 && json.files == 4)
        #expect(json.diagnostics.count == 1)
        let warning = try #require(json.diagnostics.first)
        #expect(warning.rule == "no-class-schemas" && warning.severity == "warning")
        #expect(warning.file == "" && warning.line == 0 && warning.column == 0)

        let github = try runLayoutCheck(["--format", "github", "Layouts"], in: folder.url)
        #expect(github.outputLines.count == 1)
        #expect(github.outputLines.first?.hasPrefix("::warning title=no-class-schemas::no class schema loaded") == true)
    }

    @Test func aSchemasDirectoryWithoutClassSchemasAlsoWarns() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(SampleLayout.valid, to: "Cell.layout.xml")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        let result = try runLayoutCheck(["--format", "json", "--schemas", "Empty", "."], in: folder.url)
        #expect(result.status == 0)
        #expect(try result.report().diagnostics.map(\.rule) == ["no-class-schemas"])
    }

    @Test func withSchemasThereIsNoWarning() throws {
        let result = try runLayoutCheck(["--schemas", "Schemas", "Layouts"])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty, "\(result)")
    }

    @Test func dotSlashSchemasIsUsedWhenNoSchemasAreGiven() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(
            try Repository.text("\(Repository.fixtureSchemas)/Fixtures.classes.xml"), to: "Schemas/Fixtures.classes.xml"
        )
        try folder.write(
            try Repository.text("\(Repository.fixtures)/invalid/unknown-class.layout.xml"), to: "Crad.layout.xml")
        let result = try runLayoutCheck(["Crad.layout.xml"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.outputLines.count == 2)
        #expect(result.outputLines.first?.hasPrefix("Crad.layout.xml:5:9: error: ") == true, "\(result)")
        #expect(result.outputLines.first?.hasSuffix("[unknown-class]") == true)
        #expect(result.outputLines.last == #"    fix: replace "Crad" with "Card""#)
    }

    @Test func schemasAreFoundRecursivelyAndFromEveryDirectoryGiven() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(
            """
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="Card" module="App" base="view">
                    <outlet name="titleLabel" type="label"/>
                </class>
            </classes>
            """, to: "First/nested/deeper/App.classes.xml")
        try folder.write(
            """
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="Owner"/>
            </classes>
            """, to: "Second/Owner.classes.xml")
        try folder.write("<not a schema", to: "First/.old/Broken.classes.xml")
        try folder.write("not a schema either", to: "First/README.md")
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <owner class="Owner"/>
                <view class="Card" module="App">
                    <label outlet="titleLabel"/>
                </view>
            </layout>
            """, to: "Card.layout.xml")
        let both = try runLayoutCheck(["--schemas", "First", "--schemas", "Second", "Card.layout.xml"], in: folder.url)
        #expect(both.status == 0, "\(both)")
        #expect(both.standardOutput.isEmpty)

        let one = try runLayoutCheck(["--format", "json", "--schemas", "First", "Card.layout.xml"], in: folder.url)
        #expect(one.status == 1)
        #expect(try one.report().diagnostics.map(\.rule) == ["unknown-class"])
    }

    static let invalidSchemas = Repository.files(in: "\(Repository.fixtures)/invalid-schemas", suffix: ".classes.xml")

    @Test(arguments: invalidSchemas)
    func aClassSchemaProblemIsAnErrorAtItsFileAndLine(_ name: String) throws {
        let schema = "\(Repository.fixtures)/invalid-schemas/\(name)"
        let expected = Expectation.parse(try Repository.text(schema))
        try #require(!expected.isEmpty, "\(name) has no <!-- expect: RULE LINE --> comment")
        let result = try runLayoutCheck(
            ["--format", "json", "--schemas", schema, "\(Repository.fixtures)/valid/minimal.layout.xml"])
        #expect(result.status == 1, "class schema problems fail the run: \(result)")
        let report = try result.report()
        let found = report.diagnostics.filter { $0.file == schema }.map { Expectation(rule: $0.rule, line: $0.line) }
        #expect(found.sorted() == expected.sorted())
        #expect(report.errors == report.diagnostics.count, "counted as errors")
        #expect(report.files == 1, "schema files are not counted as layouts")
    }

    @Test func anUnreadableClassSchemaIsReportedAndItsLayoutsStillChecked() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.link("Schemas/Gone.classes.xml", to: "nowhere")
        try folder.write(SampleLayout.valid, to: "Cell.layout.xml")
        let report = try runLayoutCheck(["--format", "json", "Cell.layout.xml"], in: folder.url).report()
        #expect(report.files == 1)
        #expect(report.diagnostics.map(\.rule) == ["no-class-schemas", "unreadable-file"])
        #expect(report.diagnostics.last?.file == "Schemas/Gone.classes.xml")
    }
}
