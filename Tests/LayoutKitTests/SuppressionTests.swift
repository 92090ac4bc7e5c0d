import Foundation
import LayoutKit
import PhotoApp
import Testing

/// `lk:ignore` (article "Layout format") through the rule engine and the loader; the fixture table
/// (`Fixtures/valid/suppression-*`, `invalid/unused-suppression*`, `invalid/schema-suppression*`)
/// pins down where each suppression applies.
@Suite struct SuppressionTests {
    /// A layout of the fixture classes whose root declares the tools namespace as `lk`.
    static func fixtureLayout(_ body: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1" xmlns:lk="urn:layoutkit:tools">
            \(body)
            </layout>
            """.utf8)
    }

    static func check(_ body: String, catalog: ClassCatalog? = Repository.fixtureCatalog) -> [Diagnostic] {
        LayoutValidator.validate(fixtureLayout(body), file: "test.layout.xml", catalog: catalog)
    }

    static func fixture(_ path: String) throws -> [Diagnostic] {
        let url = Repository.fixtures.appendingPathComponent(path)
        return LayoutValidator.validate(try Repository.bytes(url), file: url.path, catalog: Repository.fixtureCatalog)
    }

    // MARK: What lk:ignore may name

    @Test func anUnknownRuleIDIsASchemaErrorThatSuggestsTheClosest() throws {
        let diagnostics = try Self.fixture("invalid/schema-suppression-unknown-rule.layout.xml")
        #expect(diagnostics.map(\.rule) == [.schema])
        #expect(
            diagnostics.first?.message
                == "unknown rule \"unknown-outlets\" in lk:ignore on <label>; did you mean 'unknown-outlet'?")
    }

    @Test func aFormatRuleOrALoaderRuleCannotBeSilenced() throws {
        let format = try Self.fixture("invalid/schema-suppression-format-rule.layout.xml")
        #expect(format.first?.message.hasPrefix("rule 'schema' in lk:ignore on <view> cannot be silenced") == true)
        let loader = try Self.fixture("invalid/schema-suppression-loader-rule.layout.xml")
        #expect(
            loader.first?.message
                == "rule 'missing-owner' in lk:ignore on <owner> cannot be silenced: "
                + "it is about what instantiate is given, not about the file")
    }

    @Test func manyBadIdsAreOneDiagnosticPerProblem() {
        let ids = Array(repeating: "unknown-outlet nonsense schema", count: 100_000).joined(separator: " ")
        let diagnostics = Self.check(#"<view lk:ignore="\#(ids)"/>"#)
        #expect(
            diagnostics.map(\.message) == [
                "rule 'schema' in lk:ignore on <view> cannot be silenced: "
                    + "a file that breaks it is reported for that and nothing else",
                "unknown rule \"nonsense\" in lk:ignore on <view> (and 99999 more ids that name no rule)",
            ])
    }

    @Test func anotherAttributeOfTheToolsNamespaceIsUnknown() throws {
        let diagnostics = try Self.fixture("invalid/schema-suppression-unknown-tools-attribute.layout.xml")
        #expect(diagnostics.first?.message.hasSuffix("is not allowed on <view>; did you mean 'ignore'?") == true)
    }

    // MARK: What it silences

    @Test func itSilencesOnlyTheRulesItNames() {
        let diagnostics = Self.check(
            """
            <view class="Card">
                <label outlet="titleLabel"/>
                <imageView outlet="iconView" class="Thumbnail"/>
                <view outlet="titel" lk:ignore="outlet-type-mismatch"/>
            </view>
            """)
        #expect(diagnostics.map(\.rule) == [.unknownOutlet, .unusedSuppression], "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.sourceLocation?.line == 6 })
    }

    @Test func itDoesNotCoverSiblingsOrAncestors() {
        let diagnostics = Self.check(
            """
            <view class="Card">
                <label outlet="titleLabel"/>
                <label outlet="subtitle"/>
                <view>
                    <label outlet="caption"/>
                    <label lk:ignore="unknown-outlet"/>
                </view>
            </view>
            """)
        #expect(
            diagnostics.map { "\($0.rule)@\($0.sourceLocation?.line ?? 0)" } == [
                "unknown-outlet@5", "unknown-outlet@7", "unused-suppression@8",
            ], "\(diagnostics)")
    }

    @Test func oneSuppressionSilencesEveryDiagnosticOfItsRuleInside() {
        let diagnostics = Self.check(
            """
            <tableViewCell class="Row" lk:ignore="unconnected-outlet unknown-outlet unknown-outlet">
                <tableViewCell class="DetailRow">
                    <label outlet="subtitle"/>
                    <label outlet="footnote"/>
                </tableViewCell>
            </tableViewCell>
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func aRuleNamedTwiceThatSilencesNothingIsReportedOnce() {
        let diagnostics = Self.check(#"<view lk:ignore="duplicate-id duplicate-id"/>"#)
        #expect(diagnostics.map(\.rule) == [.unusedSuppression], "\(diagnostics)")
    }

    // MARK: Unused suppressions

    @Test func anUnusedSuppressionIsAWarningAtItsElementNamingTheRule() throws {
        let diagnostics = try Self.fixture("invalid/unused-suppression.layout.xml")
        let warning = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.sourceLocation?.line == 8 && warning.sourceLocation?.column == 9)
        #expect(
            warning.message
                == "lk:ignore on <label> silences 'outlet-type-mismatch', but no outlet-type-mismatch diagnostic "
                + "is at this element or inside it; remove it")
    }

    /// Without a catalog the class rules do not run, so naming one cannot be known to be unused; the
    /// structure rules always run, so naming one of them can.
    @Test func classRulesAreNotReportedUnusedWhenTheyWereSkipped() {
        let body = """
            <view class="Card" lk:ignore="unknown-outlet unconnected-outlet">
                <label outlet="titleLabel" lk:ignore="duplicate-id"/>
            </view>
            """
        let withoutCatalog = Self.check(body, catalog: nil)
        #expect(withoutCatalog.map(\.rule) == [.unusedSuppression], "\(withoutCatalog)")
        #expect(withoutCatalog.first?.message.contains("'duplicate-id'") == true)

        let withCatalog = Self.check(body)
        #expect(
            withCatalog.map { $0.message.firstMatch(of: /'([a-z-]+)'/).map { String($0.1) } ?? "" } == [
                "unconnected-outlet", "unknown-outlet", "duplicate-id",
            ], "\(withCatalog)")
    }

    @Test func aClassRuleSuppressionThatSilencesSomethingIsUsedWithACatalog() {
        let body = """
            <view class="Card">
                <label outlet="titleLabel"/>
                <label outlet="subtitle" lk:ignore="unknown-outlet"/>
            </view>
            """
        #expect(Self.check(body).isEmpty)
        #expect(Self.check(body, catalog: nil).isEmpty)
    }

    @Test func noClassSchemasIsNeverReportedAtAnElement() {
        let diagnostics = Self.check(#"<view lk:ignore="no-class-schemas"/>"#)
        #expect(diagnostics.map(\.rule) == [.unusedSuppression])
        #expect(diagnostics.first?.message.contains("is about the whole run") == true)
    }

    @Test func unusedSuppressionSilencesTheWarningsInsideItButNotItself() {
        let silenced = Self.check(
            """
            <view lk:ignore="unused-suppression">
                <label lk:ignore="duplicate-id"/>
            </view>
            """)
        #expect(silenced.isEmpty, "\(silenced)")
        let onItsOwnElement = Self.check(#"<view lk:ignore="duplicate-id unused-suppression"/>"#)
        #expect(onItsOwnElement.isEmpty, "\(onItsOwnElement)")
    }

    // MARK: The loader

    /// PhotoCell's layout, with `extra` as more children of the cell.
    static func photoCell(_ extra: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1" xmlns:lk="urn:layoutkit:tools">
                <tableViewCell class="PhotoCell" module="PhotoApp">
                    <imageView outlet="thumbnailView"/>
                    <label outlet="photoTitleLabel" text="Title"/>
                    <label outlet="photoDateLabel" text="Today"/>
                    \(extra)
                </tableViewCell>
            </layout>
            """.utf8)
    }

    @Test func theLoaderLoadsALayoutWhoseErrorIsSilencedAndLeavesTheOutletOut() throws {
        let loader = try LayoutLoader(
            data: Self.photoCell(#"<label outlet="photoSubtitleLabel" text="Sub" lk:ignore="unknown-outlet"/>"#),
            registry: try ExampleApp.registry())
        let cell = try loader.instantiate(PhotoCell.self)
        #expect(cell.photoTitleLabel?.text == "Title")
        #expect(cell.photoDateLabel?.text == "Today")
        // The label is still created; only the connection that cannot be made is not.
        #expect(cell.subviews.compactMap { ($0 as? Label)?.text } == ["Title", "Today", "Sub"])
    }

    @Test func aSilencedTypeMismatchIsNotConnectedRatherThanFailingInstantiate() throws {
        let loader = try LayoutLoader(
            data: Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <layout xmlns="urn:layoutkit:layout:1" xmlns:lk="urn:layoutkit:tools">
                    <tableViewCell class="PhotoCell" module="PhotoApp">
                        <imageView outlet="thumbnailView"/>
                        <imageView outlet="photoTitleLabel" lk:ignore="outlet-type-mismatch"/>
                        <label outlet="photoDateLabel"/>
                    </tableViewCell>
                </layout>
                """.utf8), registry: try ExampleApp.registry())
        let cell = try loader.instantiate(PhotoCell.self)
        #expect(cell.photoTitleLabel == nil)
        #expect(cell.thumbnailView != nil && cell.photoDateLabel != nil)
    }

    @Test func aSilencedUnknownClassCreatesTheBuiltInClass() throws {
        let loader = try LayoutLoader(
            data: Self.photoCell(#"<view class="Sparkline" lk:ignore="unknown-class"/>"#),
            registry: try ExampleApp.registry())
        let cell = try loader.instantiate(PhotoCell.self)
        #expect(cell.subviews.map { String(describing: type(of: $0)) } == ["ImageView", "Label", "Label", "View"])
    }

    @Test func aWarningDoesNotStopTheLoader() throws {
        let loader = try LayoutLoader(
            data: Self.photoCell(#"<view lk:ignore="unknown-outlet"/>"#), registry: try ExampleApp.registry())
        #expect(try loader.instantiate(PhotoCell.self).subviews.count == 4)
    }

    @Test func theLoaderStillThrowsTheErrorsNotSilenced() throws {
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(
                data: Self.photoCell(
                    """
                    <label outlet="photoSubtitleLabel" lk:ignore="unknown-outlet"/>
                    <label outlet="photoCaptionLabel"/>
                    """), file: "cell.layout.xml", registry: try ExampleApp.registry())
        }
        #expect(error?.rules == [.unknownOutlet])
        #expect(error?.diagnostics.first?.sourceLocation?.line == 8)
    }

    @Test func theLoaderRefusesAnUnknownRuleID() throws {
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(
                data: Self.photoCell(#"<view lk:ignore="unknown-outlet everything"/>"#),
                registry: try ExampleApp.registry())
        }
        #expect(error?.rules == [.schema])
    }
}
