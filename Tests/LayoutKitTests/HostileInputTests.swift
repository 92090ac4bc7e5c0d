import Foundation
import LayoutKit
import Testing

/// Hostile and broken input: every case ends in its specified diagnostic and nothing else — no crash,
/// no hang, no file or network access on the input's behalf.
@Suite struct HostileInputTests {
    /// A bound far above what any case needs (they take milliseconds), so that only a hang trips it.
    static let generousBound = Duration.seconds(60)

    static let files = Repository.files(in: "hostile", suffix: ".layout.xml")

    /// Validates and times one input, failing on a hang-like duration.
    func validate(_ bytes: [UInt8], file: String = "hostile.layout.xml") -> [Diagnostic] {
        let clock = ContinuousClock()
        var diagnostics: [Diagnostic] = []
        let elapsed = clock.measure {
            diagnostics = LayoutValidator.validate(bytes, file: file, catalog: Repository.fixtureCatalog)
        }
        #expect(elapsed < Self.generousBound, "took \(elapsed)")
        for diagnostic in diagnostics {
            #expect(!diagnostic.message.contains("\n"), "a message must fit on one line: \(diagnostic)")
            #expect((diagnostic.sourceLocation?.line ?? 0) >= 1 && (diagnostic.sourceLocation?.column ?? 0) >= 1)
        }
        return diagnostics
    }

    @Test(arguments: files)
    func corpusFileGivesItsExpectedRuleAndLine(_ name: String) throws {
        let bytes = try Repository.bytes(Repository.fixtures.appendingPathComponent("hostile/\(name)"))
        let text = String(decoding: bytes, as: UTF8.self)
        let expected = text.contains("<!-- expect: none -->") || bytes.isEmpty ? [] : Expectation.parse(text)
        if bytes.isEmpty {
            #expect(validate(bytes).map(\.rule) == [.xmlSyntax])
            return
        }
        try #require(text.contains("<!-- expect: none -->") || !expected.isEmpty)
        let found = validate(bytes, file: name).map { Expectation($0) }
        #expect(found == expected)
    }

    /// Inputs the fuzzer crashed on, kept byte for byte: each must now give diagnostics and nothing else.
    @Test(arguments: Repository.files(in: "fuzz", suffix: ""))
    func fuzzFindingsStayFixed(_ name: String) throws {
        let bytes = try Repository.bytes(Repository.fixtures.appendingPathComponent("fuzz/\(name)"))
        _ = validate(bytes, file: name)
        _ = ClassCatalog.load(schemas: [(path: name, bytes: bytes)])
        if let loader = try? LayoutLoader(data: Data(bytes), file: name, registry: .standard) {
            _ = try? loader.instantiate()
        }
    }

    @Test func aHugeInvalidValueIsQuotedShortInItsMessage() throws {
        let value = String(repeating: "x", count: 100_000) + "\n"
        let text = ReaderTests.header + "<label font=\"\(value)\"/></layout>"
        let message = try #require(validate(Array(text.utf8)).first?.message)
        #expect(message.count < 300)
        #expect(message.contains("xxx…\""))
    }

    // MARK: Generated cases

    @Test func nestingTenThousandDeepStopsAtTheLimit() {
        let depth = 10_000
        let text =
            ReaderTests.header + String(repeating: "<view>\n", count: depth)
            + String(repeating: "</view>", count: depth) + "</layout>"
        let found = validate(Array(text.utf8))
        #expect(found.map(\.rule) == [.inputLimit])
        #expect(found.first?.sourceLocation?.line == 2 + 128)
    }

    @Test func twoHundredThousandSiblingsStopAtTheLimit() {
        let text = ReaderTests.header + "<view>" + String(repeating: "<view/>", count: 200_000) + "</view></layout>"
        #expect(validate(Array(text.utf8)).map(\.rule) == [.inputLimit])
    }

    @Test func aFiveMebibyteFileIsRefusedAtLineOne() {
        let text =
            ReaderTests.header + "<view>" + String(repeating: "<!-- x -->", count: 5 * 1024 * 1024 / 10)
            + "</view></layout>"
        let found = validate(Array(text.utf8))
        #expect(found.map(\.rule) == [.inputLimit])
        #expect(found.first?.sourceLocation?.line == 1)
    }

    @Test func aOneMebibyteAttributeValueIsAccepted() throws {
        let value = String(repeating: "é", count: 512 * 1024)
        let text = ReaderTests.header + "<label text=\"\(value)\"/></layout>"
        #expect(validate(Array(text.utf8)).isEmpty)
        let label = try LayoutLoader(data: Data(text.utf8), registry: .standard).instantiate(Label.self)
        #expect(label.text?.unicodeScalars.count == 512 * 1024)
    }

    @Test func aQuadraticBlowupEntityIsRefusedAtTheDoctype() {
        let entity = String(repeating: "a", count: 100_000)
        let references = String(repeating: "&big;", count: 10_000)
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE layout [<!ENTITY big \"\(entity)\">]>\n"
            + "<layout xmlns=\"urn:layoutkit:layout:1\"><label text=\"\(references)\"/></layout>"
        let found = validate(Array(text.utf8))
        #expect(found.map(\.rule) == [.forbiddenDTD])
        #expect(found.first?.sourceLocation?.line == 2)
    }

    @Test func invalidUTF8IsASyntaxError() {
        var bytes = Array((ReaderTests.header + "<label text=\"caf").utf8)
        bytes += [0xE9, 0x22, 0x2F, 0x3E]  // Latin-1 é, then "/>
        bytes += Array("</layout>".utf8)
        let found = validate(bytes)
        #expect(found.map(\.rule) == [.xmlSyntax])
        #expect(found.first?.sourceLocation?.line == 3)
        #expect(found.first?.message.hasPrefix("the file is not valid UTF-8") == true)
    }

    @Test func binaryGarbageIsASyntaxError() {
        var generator = SeededGenerator(seed: 0x1A70)
        for _ in 0..<50 {
            let bytes = (0..<Int.random(in: 1...4096, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            #expect(validate(bytes).map(\.rule) == [.xmlSyntax])
        }
    }

    @Test func aValidLayoutTruncatedAtEveryByteIsASyntaxErrorEachTime() throws {
        let bytes = try Repository.bytes(Repository.layouts.appendingPathComponent("FeedArticleCell.layout.xml"))
        let end = try #require(String(decoding: bytes, as: UTF8.self).range(of: "</layout>")).upperBound
        let complete = String(decoding: bytes, as: UTF8.self)[..<end].utf8.count
        var wrong: [Int] = []
        for length in 0..<complete {
            let found = LayoutValidator.validate(Array(bytes[..<length]), file: "t", catalog: nil)
            if found.map(\.rule) != [.xmlSyntax] { wrong.append(length) }
        }
        #expect(wrong.isEmpty, "prefixes without exactly one xml-syntax error: \(wrong.prefix(20))")
        #expect(
            LayoutValidator.validate(Array(bytes[..<complete]), file: "t", catalog: nil).allSatisfy {
                $0.rule != .xmlSyntax
            })
    }

    @Test func aUTF16FileIsRefusedWithAndWithoutBOM() {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<layout xmlns=\"urn:layoutkit:layout:1\"><view/></layout>"
        for bom in [[], [UInt8(0xFF), 0xFE]] {
            let bytes = bom + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            #expect(validate(bytes).map(\.rule) == [.xmlSyntax])
        }
        // Big-endian, without a declaration.
        let undeclared = "<layout xmlns=\"urn:layoutkit:layout:1\"><view/></layout>"
        #expect(validate(undeclared.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }).map(\.rule) == [.xmlSyntax])
    }

    @Test func nothingIsReadFromDiskOnTheInputsBehalf() throws {
        // An entity naming a file that exists: refused before libxml2 would resolve it.
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("layoutkit-secret-\(UUID()).txt")
        try "TOP SECRET".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE layout [<!ENTITY s SYSTEM \"\(secret.absoluteString)\">]>\n"
            + "<layout xmlns=\"urn:layoutkit:layout:1\"><label text=\"x\">&s;</label></layout>"
        let found = validate(Array(text.utf8))
        #expect(found.map(\.rule) == [.forbiddenDTD])
        #expect(!found.contains { $0.message.contains("TOP SECRET") })
    }
}

/// A small deterministic generator, so generated garbage is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        // SplitMix64.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
