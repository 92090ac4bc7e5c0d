import Foundation
import LayoutKit
import Testing

/// `Schemas/layout.xsd` and the decoder must accept exactly the same files: libxml2's XSD validator
/// (in process, `XSDValidator`) and `LayoutValidator` run over every fixture and every example layout.
@Suite struct SchemaAgreementTests {
    struct Case: CustomStringConvertible, Sendable {
        var path: String
        var description: String { URL(fileURLWithPath: path).lastPathComponent }
    }

    static let layoutCases: [Case] =
        (Repository.files(in: "valid", suffix: ".layout.xml").map { "valid/\($0)" }
        + Repository.files(in: "invalid", suffix: ".layout.xml").map { "invalid/\($0)" })
        .map { Case(path: Repository.fixtures.appendingPathComponent($0).path) }
        + ["PhotoCell", "FeedArticleCell", "ProfileHeader", "ProfileCell"].map {
            Case(path: Repository.layouts.appendingPathComponent("\($0).layout.xml").path)
        }

    static let classSchemaCases: [Case] =
        Repository.files(in: "invalid-schemas", suffix: ".classes.xml").map {
            Case(path: Repository.fixtures.appendingPathComponent("invalid-schemas/\($0)").path)
        } + [
            Case(path: Repository.fixtures.appendingPathComponent("Schemas/Fixtures.classes.xml").path),
            Case(path: Repository.schemas.appendingPathComponent("PhotoApp.classes.xml").path),
        ]

    static let formatRules: Set<RuleID> = [.schema]
    static let readingRules: Set<RuleID> = [.xmlSyntax, .forbiddenDTD, .inputLimit]

    @Test(arguments: layoutCases)
    func layoutXSDAndDecoderAgree(_ fixture: Case) throws {
        let bytes = try Repository.bytes(URL(fileURLWithPath: fixture.path))
        let diagnostics = LayoutValidator.validate(bytes, file: fixture.path, catalog: nil)
        // Files the reader refuses never reach either decoder.
        guard !diagnostics.contains(where: { Self.readingRules.contains($0.rule) }) else { return }
        let xsd = XSDValidator.layout.validate(bytes, path: fixture.path)
        guard let accepted = xsd.accepted else {
            Issue.record("libxml2 did not validate \(fixture.path): \(xsd)")
            return
        }
        let decoderAccepts = !diagnostics.contains { Self.formatRules.contains($0.rule) }
        #expect(accepted == decoderAccepts, "XSD: \(xsd), decoder: \(diagnostics)")
    }

    /// `lk:ignore` takes the same rule ids in both: `Schemas/tools.xsd` enumerates exactly the rules
    /// that may be lowered, in table order.
    @Test func toolsSchemaListsTheRulesIgnoreMayName() throws {
        let xsd = String(
            decoding: try Repository.bytes(Repository.schemas.appendingPathComponent("tools.xsd")), as: UTF8.self)
        let listed = xsd.matches(of: /<xs:enumeration value="([a-z-]+)"\/>/).map { String($0.1) }
        #expect(listed == RuleDescriptor.all.filter(\.isLowerable).map(\.id.rawValue))
    }

    @Test(arguments: classSchemaCases)
    func classesXSDAndDecoderAgreeOnFormat(_ fixture: Case) throws {
        let bytes = try Repository.bytes(URL(fileURLWithPath: fixture.path))
        let diagnostics = ClassCatalog.load(schemas: [(path: fixture.path, bytes: bytes)]).diagnostics
        let xsd = XSDValidator.classes.validate(bytes, path: fixture.path)
        guard let accepted = xsd.accepted else {
            #expect(!diagnostics.isEmpty, "libxml2 refused the file but the decoder did not: \(xsd)")
            return
        }
        // The XSD checks form only; names that do not resolve, cycles and repeats are the decoder's alone.
        if !accepted { #expect(!diagnostics.isEmpty, "the XSD refused it but the decoder did not: \(xsd)") }
    }
}
