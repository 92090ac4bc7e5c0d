import Foundation
import LayoutChecking
import LayoutKit
import Testing

/// Inputs inside every file limit that used to take minutes or gigabytes (issue 15): each now ends in
/// a bounded number of diagnostics, found in time proportional to the file.
@Suite struct BoundedWorkTests {
    static let header = LargeInputs.header

    func validate(_ bytes: [UInt8], catalog: ClassCatalog? = nil) -> [Diagnostic] {
        LayoutValidator.validate(bytes, file: "t.layout.xml", catalog: catalog)
    }

    // MARK: Attributes and namespaces

    @Test func anElementWithMoreThan256AttributesIsAnInputLimitAtTheElement() {
        let list = (0..<100_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        let text = Self.header + "    <view/>\n    <view \(list)/>\n</layout>\n"
        let found = validate(Array(text.utf8))
        #expect(found.map(\.rule) == [.inputLimit])
        #expect(found.first?.sourceLocation?.line == 4)
        #expect(found.first?.sourceLocation?.column == 5)
        #expect(found.first?.message.contains("more than 256 attributes") == true, "\(found)")
    }

    @Test func twoHundredFiftySixAttributesAreStillReadAndCheckedOneByOne() {
        let found = validate(LargeInputs.attributes(256, onEach: 1))
        #expect(found.count == 256)
        #expect(found.allSatisfy { $0.rule == .schema })
    }

    @Test func equalsSignsInValuesCommentsAndCDATAAreNotAttributes() {
        let value = String(repeating: "=", count: 1_000)
        let text =
            Self.header + "<!-- \(value) <view \(value)> -->\n<![CDATA[ <view \(value)> ]]>\n"
            + "    <label text=\"\(value)\" accessibilityIdentifier='\(value)'/>\n</layout>\n"
        // The CDATA section is text where none is allowed, so the one finding is the decoder's.
        #expect(validate(Array(text.utf8)).map(\.rule).allSatisfy { $0 == .schema })
        let clean =
            Self.header
            + "<!-- \(value) -->\n    <label text=\"\(value)\" accessibilityIdentifier='\(value)'/>\n</layout>\n"
        #expect(validate(Array(clean.utf8)).isEmpty)
    }

    @Test func moreThan256NamespaceDeclarationsInAFileAreAnInputLimit() {
        var text = Self.header
        for depth in 0..<100 {
            let declarations = (0..<3).map { " xmlns:p\(depth)x\($0)=\"urn:p\(depth)x\($0)\"" }.joined()
            text += "<view\(declarations)>\n"
        }
        text += String(repeating: "</view>\n", count: 100) + "</layout>\n"
        let found = validate(Array(text.utf8))
        #expect(found.map(\.rule) == [.inputLimit])
        #expect(found.first?.sourceLocation?.line == 2 + 86, "\(found)")
    }

    @Test func aRunOfXmlnsWithNoValueIsTheParsersSyntaxErrorNotAnInputLimit() {
        // Not one namespace declaration libxml2 reads (each needs its `=`), so the limit's walk is not
        // made: libxml2 stops at the first, as at any attribute with no value.
        let names = (0..<100_000).map { " xmlns:p\($0)" }.joined()
        let text = Self.header + "    <view\(names)/>\n</layout>\n"
        let found = validate(Array(text.utf8))
        #expect(found.map(\.rule) == [.xmlSyntax], "\(found)")
        #expect(found.first?.sourceLocation?.line == 3, "\(found)")
    }

    // MARK: Diagnostics per file

    @Test func pastAThousandDiagnosticsOneSummarySaysHowManyMore() {
        // 4,000 objects × 200 required outlets: 800,000 findings, of which 1,000 are shown.
        let catalog = LargeInputs.bigClassCatalog(outlets: 200)
        let found = validate(LargeInputs.unconnectedObjects(count: 4_000), catalog: catalog)
        #expect(found.count == 1_001)
        #expect(found.dropLast().allSatisfy { $0.rule == .unconnectedOutlet })
        let summary = found.last
        #expect(summary?.rule == .inputLimit)
        #expect(summary?.message == "799000 more diagnostics not shown: the limit is 1000 per file")
        #expect(summary?.sourceLocation?.line == 8)  // the sixth object: five make the first 1,000
    }

    @Test func theDecodersDiagnosticsAreCappedToo() {
        let found = validate(LargeInputs.attributes(200, onEach: 20))
        #expect(found.count == 1_001)
        #expect(found.last?.rule == .inputLimit)
        #expect(found.last?.message.hasPrefix("3000 more diagnostics not shown") == true)
    }

    @Test func aClassSchemasDiagnosticsAreCappedPerFile() {
        let found = ClassCatalog.load(schemas: [
            (path: "a.classes.xml", bytes: LargeInputs.unknownBases(count: 1_500)),
            (path: "b.classes.xml", bytes: LargeInputs.unknownBases(count: 10)),
        ]).diagnostics
        let first = found.filter { $0.sourceLocation?.file == "a.classes.xml" }
        #expect(first.count == 1_001)
        #expect(first.last?.rule == .inputLimit)
        #expect(first.last?.message.hasPrefix("500 more diagnostics not shown") == true)
        #expect(found.filter { $0.sourceLocation?.file == "b.classes.xml" }.count == 10)
    }

    @Test func theLoaderReportsTheSameCap() throws {
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(data: Data(LargeInputs.unknownDestinations(count: 3_000)), registry: .standard)
        }
        #expect(error?.diagnostics.count == 1_001)
        #expect(error?.diagnostics.last?.rule == .inputLimit)
    }

    /// 1,200 elements that each share an id and name a rule that never fires: 1,199 `duplicate-id`
    /// errors and 1,200 `unused-suppression` warnings. The warnings used to be added after the cap
    /// (2,201 diagnostics); now the file has 1,000 and one summary, whichever step made them.
    @Test func unusedSuppressionsAddedAfterTheRulesStayUnderTheCap() {
        let element = #"<view id="same" lk:ignore="unknown-destination"/>"#
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<layout xmlns="urn:layoutkit:layout:1" xmlns:lk="urn:layoutkit:tools">"# + "\n"
            + String(repeating: element + "\n", count: 1_200) + "</layout>\n"
        let found = validate(Array(text.utf8))
        #expect(found.count == 1_001)
        #expect(found.last?.rule == .inputLimit)
        #expect(found.last?.message == "1399 more diagnostics not shown: the limit is 1000 per file")
        #expect(found.filter { $0.rule == .inputLimit }.count == 1)
    }

    /// A configuration that is all mistakes: 3,000 unknown rule ids give 1,000 diagnostics and a summary.
    @Test func aConfigurationsDiagnosticsAreCapped() {
        let text =
            #"<layout-check xmlns="urn:layoutkit:config:1">"# + "\n"
            + String(repeating: #"<rule id="nope" severity="warning"/>"# + "\n", count: 3_000) + "</layout-check>\n"
        let found = CheckConfiguration.read(Array(text.utf8), file: "layout-check.xml").diagnostics
        #expect(found.count == 1_001)
        #expect(found.last?.message.hasPrefix("2000 more diagnostics not shown") == true)
    }

    // MARK: Suggestions

    @Test func aTypoInAShortIdStillGetsItsSuggestion() {
        let text =
            Self.header
            + "<view id=\"titleLabel\"/>\n<view><connections><outlet property=\"p\" destination=\"titelLabel\"/>"
            + "</connections></view>\n</layout>\n"
        let found = validate(Array(text.utf8))
        #expect(found.map(\.rule) == [.unknownDestination])
        #expect(found.first?.message.hasSuffix("; did you mean 'titleLabel'?") == true, "\(found)")
    }

    @Test func tiesGoToTheNameThatSortsFirst() {
        let text =
            Self.header + "<view id=\"abd\"/><view id=\"abc\"/><view id=\"abe\"/>\n"
            + "<view><connections><outlet property=\"p\" destination=\"abx\"/></connections></view>\n</layout>\n"
        #expect(validate(Array(text.utf8)).first?.message.hasSuffix("did you mean 'abc'?") == true)
    }

    @Test func aNameLongerThan64ScalarsGetsNoSuggestion() {
        let id = String(repeating: "a", count: 65)
        let text =
            Self.header + "<view id=\"\(id)\"/>\n<view><connections><outlet property=\"p\" destination=\"\(id)b\"/>"
            + "</connections></view>\n</layout>\n"
        let found = validate(Array(text.utf8))
        #expect(found.map(\.rule) == [.unknownDestination])
        #expect(found.first?.message.contains("did you mean") == false)
    }

    @Test func aLongIdAndALongUnknownDestinationGetNoEditDistance() {
        // Two 1.9-million-character names took minutes: an edit distance over both. Names that long are
        // never compared, so the message comes without a suggestion; ScalingTests times the growth.
        let bytes = LargeInputs.longIDs(length: 1_900_000)
        let found = validate(bytes)
        #expect(found.map(\.rule) == [.unknownDestination])
        #expect(found.first?.message.contains("did you mean") == false)
    }

    @Test func manyUnknownBasesInAClassSchemaAreReportedOnceEachWithOneSuggestionAtMost() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="Formatter" module="M"/>
                <class name="Cell" module="M" base="Formater"/>
            </classes>
            """
        let found = ClassCatalog.load(schemas: [(path: "t.classes.xml", bytes: Array(text.utf8))]).diagnostics
        #expect(found.map(\.message) == ["base of 'M.Cell': unknown class 'Formater'; did you mean 'Formatter'?"])
    }
}
