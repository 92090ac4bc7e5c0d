import LayoutKit
import Testing

/// The checker reads class schemas, the loader a registry of Swift classes; the same rules run on
/// both. Every fixture gives the same diagnostics through either kind of catalog.
@Suite struct CatalogParityTests {
    static let fixtures =
        RuleFixtureTests.invalid.map { "invalid/\($0)" } + RuleFixtureTests.valid.map { "valid/\($0)" }

    @Test func theSwiftFixtureClassesDeclareWhatTheFixtureSchemaDeclares() throws {
        let registry = try FixtureClasses.registry()
        let differences = registry.catalog.differences(
            from: Repository.fixtureCatalog, named: "the registry", otherNamed: "Fixtures.classes.xml")
        #expect(differences.isEmpty, "\(differences.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: fixtures)
    func aFixtureGivesTheSameDiagnosticsThroughBothCatalogs(_ path: String) throws {
        let url = Repository.fixtures.appendingPathComponent(path)
        let bytes = try Repository.bytes(url)
        let fromSchema = LayoutValidator(catalog: Repository.fixtureCatalog).validate(bytes, file: url.path)
        let fromRegistry = LayoutValidator(catalog: try FixtureClasses.registry().catalog).validate(
            bytes, file: url.path)
        // A registry's unknown-class adds the call that registers the class; everything else is the same.
        let registryHint = /; if it is a Swift class, register it: try registry\.register\([^)]*\)/
        // A class schema's diagnostics also note where it declared the class; a registry has no such place.
        let withoutNotes = fromSchema.map { diagnostic in
            var copy = diagnostic
            copy.notes = []
            return copy.description
        }
        #expect(
            fromRegistry.map { $0.description.replacing(registryHint, with: "") } == withoutNotes,
            "schema:\n\(fromSchema.map(\.description).joined(separator: "\n"))\nregistry:\n\(fromRegistry.map(\.description).joined(separator: "\n"))"
        )
    }
}
