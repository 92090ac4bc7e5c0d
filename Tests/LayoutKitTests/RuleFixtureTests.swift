import Foundation
import LayoutKit
import Testing

/// The fixture table: every file under `Fixtures/invalid` names the one rule and line it must
/// produce; every file under `Fixtures/valid` must produce nothing.
@Suite struct RuleFixtureTests {
    static let invalid = Repository.files(in: "invalid", suffix: ".layout.xml")
    static let valid = Repository.files(in: "valid", suffix: ".layout.xml")
    static let invalidSchemas = Repository.files(in: "invalid-schemas", suffix: ".classes.xml")

    @Test(arguments: invalid)
    func invalidFixtureFiresExactlyItsRule(_ name: String) throws {
        let url = Repository.fixtures.appendingPathComponent("invalid/\(name)")
        let bytes = try Repository.bytes(url)
        let expected = Expectation.parse(String(decoding: bytes, as: UTF8.self))
        try #require(!expected.isEmpty, "\(name) has no <!-- expect: RULE LINE --> comment")
        let diagnostics = Self.validator.validate(bytes, file: url.path, name: Self.layoutName(name))
        let found = diagnostics.map { Expectation($0) }
        #expect(found == expected, "\(diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(diagnostics.allSatisfy { $0.sourceLocation?.file == url.path && ($0.sourceLocation?.column ?? 0) >= 1 })
        // An expectation names a rule, not a severity: each has its rule's (a warning for unused-suppression).
        for diagnostic in diagnostics {
            #expect(diagnostic.severity == diagnostic.rule.descriptor?.defaultSeverity, "\(diagnostic)")
        }
    }

    @Test(arguments: valid)
    func validFixtureIsSilent(_ name: String) throws {
        let url = Repository.fixtures.appendingPathComponent("valid/\(name)")
        let diagnostics = Self.validator.validate(
            try Repository.bytes(url), file: url.path, name: Self.layoutName(name))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: invalidSchemas)
    func invalidClassSchemaIsReportedAtItsLine(_ name: String) throws {
        let url = Repository.fixtures.appendingPathComponent("invalid-schemas/\(name)")
        let bytes = try Repository.bytes(url)
        let expected = Expectation.parse(String(decoding: bytes, as: UTF8.self))
        try #require(!expected.isEmpty)
        let diagnostics = ClassCatalog.load(schemas: [(path: url.path, bytes: bytes)]).diagnostics
        let found = diagnostics.map { Expectation($0) }
        #expect(found == expected, "\(diagnostics.map(\.description).joined(separator: "\n"))")
    }

    /// Includes are resolved among the fixtures of both folders, the invalid ones first: a fixture's
    /// name is its file name without `.layout.xml`.
    static let validator = LayoutValidator(catalog: Repository.fixtureCatalog, source: FixtureLayouts())

    static func layoutName(_ file: String) -> String { String(file.dropLast(".layout.xml".count)) }

    struct FixtureLayouts: LayoutSource {
        let folders = ["invalid", "valid"].map { DirectoryLayoutSource(Repository.fixtures.appendingPathComponent($0)) }

        func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
            let folder = folders.first { $0.layoutNames()?.contains(name) == true } ?? folders[0]
            return try folder.loadLayout(named: name)
        }

        func layoutNames() -> [String]? { folders.flatMap { $0.layoutNames() ?? [] } }
    }

    @Test func everyRuleOfTheDesignTableHasAFixture() {
        var covered: Set<String> = []
        for name in Self.invalid {
            for rule in RuleDescriptor.all.map(\.id)
            where name.hasPrefix(rule.rawValue + "-") || name == rule.rawValue + ".layout.xml" {
                covered.insert(rule.rawValue)
            }
        }
        // Checked elsewhere: input-limit (limits tests), unreadable-file and no-class-schemas (the CLI),
        // class-schema (invalid-schemas), configuration (configurations, ConfigurationFixtureTests),
        // schema-drift and open-class (the CLI's SwiftSourcesTests, over Swift files and schemas),
        // unreadable-member (MainActorEntriesTests, over Swift files).
        let elsewhere: Set<String> = [
            "input-limit", "unreadable-file", "no-class-schemas", "class-schema", "configuration", "schema-drift",
            "open-class", "unreadable-member",
            // The identifier rules judge Swift against Interface Builder files: InterfaceBuilderIdentifierTests.
            "unknown-reuse-identifier", "unknown-storyboard-identifier", "unknown-segue-identifier",
            "unknown-interface-file", "unreachable-scene", "unloaded-interface-file",
        ]
        // The loader's own rules (phase `instantiation`) are checked by LoaderTests.
        for rule in RuleDescriptor.all.filter({ $0.phase != .instantiation }).map(\.id)
        where !elsewhere.contains(rule.rawValue) {
            #expect(covered.contains(rule.rawValue), "no fixture for \(rule)")
        }
    }

    @Test func fixtureClassSchemaIsClean() throws {
        let url = Repository.fixtures.appendingPathComponent("Schemas/Fixtures.classes.xml")
        let result = ClassCatalog.load(schemas: [(path: url.path, bytes: try Repository.bytes(url))])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.catalog.declaredClassCount >= 5)
    }
}
