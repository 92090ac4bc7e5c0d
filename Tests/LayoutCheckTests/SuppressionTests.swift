import Testing

/// `lk:ignore` through the command line: what it silences is not printed, and an entry that silences
/// nothing is a warning, which does not fail the run.
@Suite struct SuppressionTests {
    static let card = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1" xmlns:lk="urn:layoutkit:tools">
            <view class="Card">
                <label outlet="titleLabel"/>
                <label outlet="subtitleLabel" lk:ignore="unknown-outlet"/>
                <label lk:ignore="duplicate-id"/>
            </view>
        </layout>

        """

    @Test func anUnusedSuppressionIsAWarningLineAndTheRunPasses() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(Self.card, to: "Card.layout.xml")
        let schemas = Repository.root.appendingPathComponent(Repository.fixtureSchemas).path
        let result = try runLayoutCheck(["--schemas", schemas, "Card.layout.xml"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.outputLines == [
                "Card.layout.xml:6:9: warning: lk:ignore on <label> silences 'duplicate-id', but no duplicate-id "
                    + "diagnostic is at this element or inside it; remove it [unused-suppression]",
                "    fix: remove the lk:ignore attribute",
            ], "\(result)")
        #expect(result.standardError.hasPrefix("1 file, 0 errors, 1 warning ("), "\(result)")
    }

    @Test func withoutClassSchemasASuppressedClassRuleIsNotReportedUnused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(Self.card, to: "Card.layout.xml")
        let result = try runLayoutCheck(["--format", "json", "Card.layout.xml"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        let report = try result.report()
        #expect(report.diagnostics.map(\.rule) == ["no-class-schemas", "unused-suppression"], "\(result)")
        #expect(report.diagnostics.last?.message.contains("'duplicate-id'") == true)
    }
}
