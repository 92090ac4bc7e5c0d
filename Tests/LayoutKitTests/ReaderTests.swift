import Foundation
import LayoutKit
import Testing

/// What the libxml2 reader promises: exact start-tag positions in files of any length and shape,
/// and the input limits.
@Suite struct ReaderTests {
    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<layout xmlns=\"urn:layoutkit:layout:1\">\n"

    func diagnostics(_ text: String, catalog: ClassCatalog? = nil) -> [Diagnostic] {
        LayoutValidator.validate(Array(text.utf8), file: "test.layout.xml", catalog: catalog)
    }

    /// One text and where its one diagnostic must be; `nil` leaves that part unpinned.
    struct PositionCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var text: String
        var rule: RuleID?
        var line: Int?
        var column: Int?
    }

    static let positionCases: [PositionCase] = [
        // 70,000 comment lines push the offending element far past libxml2's 16-bit line field.
        PositionCase(
            testDescription: "lines past 65,000 are exact",
            text: header + String(repeating: "<!-- padding -->\n", count: 70_000)
                + "    <label bogus=\"1\"/>\n</layout>\n",
            rule: .schema, line: 70_003, column: 5),
        PositionCase(
            testDescription: "syntax errors past 65,000 are exact",
            text: header + String(repeating: "\n", count: 70_000) + "    <label text=\"a\" text=\"b\"/>\n</layout>\n",
            rule: .xmlSyntax, line: 70_003),
        PositionCase(
            testDescription: "a start tag over several lines is reported where it begins",
            text: header
                + "    <view>\n        <label\n            text=\"x\"\n            font=\"huge\"\n        />\n    </view>\n</layout>\n",
            rule: .schema, line: 4, column: 9),
        PositionCase(
            testDescription: "columns count characters, not bytes",
            text: header + "<view accessibilityIdentifier=\"写真\"><label bogus=\"1\"/></view>\n</layout>\n", column: 36),
        PositionCase(
            testDescription: "CRLF line endings keep lines right",
            text: (header + "\n\n    <label bogus=\"1\"/>\n</layout>\n").replacingOccurrences(of: "\n", with: "\r\n"),
            line: 5),
        PositionCase(
            testDescription: "a byte order mark on UTF-8 is accepted",
            text: "\u{FEFF}" + header + "    <label bogus=\"1\"/>\n</layout>\n", rule: .schema, line: 3),
    ]

    @Test(arguments: positionCases)
    func aDiagnosticIsWhereItsMarkupBegins(_ position: PositionCase) {
        let found = diagnostics(position.text)
        if let rule = position.rule { #expect(found.map(\.rule) == [rule]) }
        if let line = position.line { #expect(found.first?.sourceLocation?.line == line) }
        if let column = position.column { #expect(found.first?.sourceLocation?.column == column) }
    }

    @Test func utf16IsRefusedWithAClearMessage() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<layout xmlns=\"urn:layoutkit:layout:1\"><view/></layout>\n"
        for withBOM in [true, false] {
            var bytes: [UInt8] = withBOM ? [0xFF, 0xFE] : []
            for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            let found = LayoutValidator.validate(bytes, file: "utf16.layout.xml", catalog: nil)
            #expect(found.map(\.rule) == [.xmlSyntax])
            #expect(found.first?.message.contains("UTF-8") == true, "\(found)")
        }
    }

    @Test(arguments: ["ISO-8859-1", "UTF-16", "EBCDIC", "no-such-enc", "utf8", "US-ASCII"])
    func aDeclaredEncodingOtherThanUTF8IsASyntaxErrorAtTheDeclaration(_ encoding: String) {
        // Under ISO-8859-1 every conforming parser reads these bytes as "cafÃ©"; LayoutKit, reading
        // UTF-8, would read "café". Rather than disagree with them, it refuses the declaration.
        let declaration = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n"
        let text = declaration + "<layout xmlns=\"urn:layoutkit:layout:1\"><label text=\"café\"/></layout>\n"
        let found = diagnostics(text)
        #expect(found.map(\.rule) == [.xmlSyntax])
        #expect(found.first?.message.contains("encoding=\"\(encoding)\"") == true, "\(found)")
        #expect(found.first?.sourceLocation?.line == 1)
        #expect(diagnostics("\u{FEFF}" + text).map(\.rule) == [.xmlSyntax])
    }

    @Test(arguments: ["UTF-8", "utf-8", "Utf-8"])
    func aDeclaredUTF8InAnyCaseIsFine(_ encoding: String) {
        let text =
            "<?xml version='1.0' encoding = '\(encoding)' ?>\n<layout xmlns=\"urn:layoutkit:layout:1\"><view/></layout>\n"
        #expect(diagnostics(text).isEmpty)
    }

    @Test func syntaxErrorsInAFileWithLoneCRLineEndingsAreOnTheirLine() {
        // libxml2 counts only LF; XML, our line table and every other rule count a lone CR too.
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<layout xmlns=\"urn:layoutkit:layout:1\">"]
        lines += Array(repeating: "    <view/>", count: 10)
        lines += ["    <stackView></view>", "</layout>", ""]
        let found = diagnostics(lines.joined(separator: "\r"))
        #expect(found.map(\.rule) == [.xmlSyntax])
        #expect(found.first?.sourceLocation?.line == 13, "\(found)")
        // The same file with LF and with CRLF line endings: the same line.
        #expect(diagnostics(lines.joined(separator: "\n")).first?.sourceLocation?.line == 13)
        #expect(diagnostics(lines.joined(separator: "\r\n")).first?.sourceLocation?.line == 13)
    }

    @Test func otherEncodingSignaturesAreRefusedBeforeLibxml2SeesThem() {
        let signatures: [[UInt8]] = [
            [0x00, 0x00, 0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00],
            [0x00, 0x3C, 0x00, 0x3F], [0x3C, 0x00, 0x3F, 0x00], [0x4C, 0x6F, 0xA7, 0x94], [0xFE, 0xFF, 0x00, 0x3C],
            [0xEF, 0xBB, 0xBF, 0xFE, 0xFF, 0x00, 0x3C], [0xEF, 0xBB, 0xBF, 0x4C, 0x6F, 0xA7, 0x94],
        ]
        for signature in signatures {
            let found = LayoutValidator.validate(signature + [0x41, 0x42], file: "t", catalog: nil)
            #expect(found.map(\.rule) == [.xmlSyntax])
            #expect(found.first?.message.hasPrefix("layout files must be encoded as UTF-8") == true, "\(signature)")
        }
    }

    @Test func anEmptyFileIsASyntaxError() {
        #expect(diagnostics("").map(\.rule) == [.xmlSyntax])
    }

    // MARK: input-limit

    @Test func filesOverFourMebibytesAreRefusedBeforeParsing() {
        let text = Self.header + "<view>" + String(repeating: " ", count: 4 * 1024 * 1024) + "</view></layout>"
        let found = diagnostics(text)
        #expect(found.map(\.rule) == [.inputLimit])
        #expect(found.first?.sourceLocation?.line == 1)
    }

    @Test func theSizeLimitIsOneConstantThatItsMessageAndTheRulesTableSay() {
        let limit = LayoutValidator.maximumFileBytes
        #expect(limit == 4 * 1024 * 1024)
        let found = LayoutValidator.validate([UInt8](repeating: 0x20, count: limit + 1), file: "big", catalog: nil)
        #expect(found.first?.message == "the file is larger than \(limit) bytes (4 MiB), the limit for one file")
        #expect(
            LayoutValidator.validate([UInt8](repeating: 0x20, count: limit), file: "big", catalog: nil).first?.rule
                == .xmlSyntax)
    }

    @Test func nestingDeeperThan128IsReportedAtTheElementPastTheLimit() {
        // <layout> is level 1, so the 128th <view> is level 129.
        let depth = 128
        let text =
            Self.header + String(repeating: "<view>\n", count: depth) + String(repeating: "</view>", count: depth)
            + "</layout>"
        let found = diagnostics(text)
        #expect(found.map(\.rule) == [.inputLimit])
        #expect(found.first?.sourceLocation?.line == 2 + depth)
    }

    @Test func nestingOf128LevelsIsAllowed() {
        let depth = 127
        let text =
            Self.header + String(repeating: "<view>", count: depth) + String(repeating: "</view>", count: depth)
            + "</layout>"
        #expect(diagnostics(text).isEmpty)
    }

    @Test func moreThanOneHundredThousandElementsAreRefused() {
        let text = Self.header + "<view>\n" + String(repeating: "<view/>\n", count: 100_000) + "</view></layout>"
        let found = diagnostics(text)
        #expect(found.map(\.rule) == [.inputLimit])
        // <layout> and the outer <view> count too: element 100,001 is the 99,999th inner one.
        #expect(found.first?.sourceLocation?.line == 3 + 99_999)
    }

    // MARK: Values

    @Test func attributeValuesArriveDecoded() throws {
        let text = Self.header + "<label text=\"Fish &amp; Chips &lt;3 &#x263A; &amp;#38;\"/></layout>"
        let registry = LayoutRegistry.standard
        let loader = try LayoutLoader(data: Data(text.utf8), registry: registry)
        let label = try loader.instantiate(Label.self)
        #expect(label.text == "Fish & Chips <3 ☺ &#38;")
    }
}
