import Foundation
import LayoutChecking
import LayoutKit
import PhotoApp
import Testing

/// The checker reads class schemas or the Swift code, the loader a registry of Swift classes; the same
/// rules run on all three. Every fixture gives the same diagnostics through each kind of catalog. The
/// Swift side (`Fixtures/Swift/Fixtures/`) is written by hand, in the styles apps use.
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
        // Notes in the layout itself (the first element of a duplicate id) are the same on both sides.
        let withoutNotes = fromSchema.map { diagnostic in
            var copy = diagnostic
            copy.notes.removeAll { $0.location.file != url.path }
            return copy.description
        }
        #expect(
            fromRegistry.map { $0.description.replacing(registryHint, with: "") } == withoutNotes,
            "schema:\n\(fromSchema.map(\.description).joined(separator: "\n"))\nregistry:\n\(fromRegistry.map(\.description).joined(separator: "\n"))"
        )
    }
}

/// The Swift side of the parity: the catalog `layout-check --swift-sources` builds, read in process with
/// the toolchain's sourcekitd (a suite of its own, which the AddressSanitizer pass skips as it skips the
/// other suites that load sourcekitd).
@Suite struct SwiftCatalogParityTests {
    /// The catalog `layout-check --swift-sources MODULE=FOLDER` builds from the Swift files of one
    /// folder (not its subfolders), read in process with the toolchain's sourcekitd.
    static func swiftCatalog(module: String, folder: URL) throws(SourceKit.LoadError) -> ClassCatalog {
        let sourceKit = try SourceKit(toolchain: nil, environment: ProcessInfo.processInfo.environment)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let declarations = names.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            let url = folder.appendingPathComponent(name)
            return (
                module: module,
                declarations: SwiftDeclarations.read(
                    (try? Repository.bytes(url)) ?? [], file: url.path, with: sourceKit)
            )
        }
        return ClassCatalog.load(swift: declarations)
    }

    /// The hand-written Swift side of the fixture classes.
    static let swiftCatalog: Result<ClassCatalog, SourceKit.LoadError> = Result {
        () throws(SourceKit.LoadError) in
        try swiftCatalog(module: "Fixtures", folder: Repository.fixtures.appendingPathComponent("Swift/Fixtures"))
    }

    @Test func theExampleAppsSwiftCodeDeclaresWhatItsRegistryRegisters() throws {
        let catalog = try Self.swiftCatalog(
            module: "PhotoApp", folder: Repository.root.appendingPathComponent("Examples/PhotoApp"))
        let differences = catalog.differences(
            from: try ExampleApp.registry().catalog, named: "the Swift code", otherNamed: "ExampleApp.registry()")
        #expect(differences.isEmpty, "\(differences.map(\.description).joined(separator: "\n"))")
        #expect(catalog.openClasses.isEmpty, "\(catalog.openClasses)")
    }

    /// One format from both writers (issue 40, item 2): what `layout-check --write-schemas` writes from the
    /// Swift code is, byte for byte, what `assertSchemasMatch` records from the registry of the same classes.
    @Test func bothWritersWriteTheSameDocumentForTheSameClasses() throws {
        let catalog = try Self.swiftCatalog(
            module: "PhotoApp", folder: Repository.root.appendingPathComponent("Examples/PhotoApp"))
        let written = catalog.classSchemaDocumentsByModule()
        #expect(written.map(\.module) == ["PhotoApp"])
        let recorded = try ExampleApp.registry().catalog.classSchemaDocument(order: [])
        #expect(
            written.first?.document == recorded,
            "--write-schemas:\n\(written.first?.document ?? "")\nrecorded:\n\(recorded)")
    }

    /// FeedApp's own tests keep its Schemas/ equal to FeedLayouts.registry() (assertSchemasMatch); its Swift
    /// code must say the same.
    @Test func theFeedAppsSwiftCodeDeclaresWhatItsRegistryRegisters() throws {
        let catalog = try Self.swiftCatalog(
            module: "FeedKit", folder: Repository.root.appendingPathComponent("Examples/FeedApp/Sources/FeedKit"))
        let url = Repository.root.appendingPathComponent("Examples/FeedApp/Schemas/FeedKit.classes.xml")
        let schema = ClassCatalog.load(schemas: [(path: url.path, bytes: try Repository.bytes(url))])
        #expect(schema.diagnostics.isEmpty)
        let differences = catalog.differences(
            from: schema.catalog, named: "the Swift code", otherNamed: "FeedKit.classes.xml")
        #expect(differences.isEmpty, "\(differences.map(\.description).joined(separator: "\n"))")
    }

    @Test func theHandWrittenSwiftDeclaresWhatTheFixtureSchemaDeclares() throws {
        let catalog = try Self.swiftCatalog.get()
        // Legacy is the Swift side's extra: an open class that no fixture names.
        let differences = catalog.differences(
            from: Repository.fixtureCatalog, named: "the Swift code", otherNamed: "Fixtures.classes.xml"
        ).filter { $0.className != "Fixtures.Legacy" }
        #expect(differences.isEmpty, "\(differences.map(\.description).joined(separator: "\n"))")
        #expect(catalog.openClasses.map(\.key) == ["Fixtures.Legacy"])
        #expect(catalog.openClasses.first?.reason.contains("makeOutlets") == true)
    }

    @Test(arguments: CatalogParityTests.fixtures)
    func aFixtureGivesTheSameDiagnosticsThroughTheSwiftCatalog(_ path: String) throws {
        let url = Repository.fixtures.appendingPathComponent(path)
        let bytes = try Repository.bytes(url)
        let fromSchema = LayoutValidator(catalog: Repository.fixtureCatalog).validate(bytes, file: url.path)
        let fromSwift = LayoutValidator(catalog: try Self.swiftCatalog.get()).validate(bytes, file: url.path)
        // Notes point at the schema's line on one side and at the Swift line on the other.
        func withoutNotes(_ diagnostics: [Diagnostic]) -> [String] {
            diagnostics.map { diagnostic in
                var copy = diagnostic
                copy.notes = []
                return copy.description
            }
        }
        #expect(
            withoutNotes(fromSwift) == withoutNotes(fromSchema),
            "schema:\n\(fromSchema.map(\.description).joined(separator: "\n"))\nSwift:\n\(fromSwift.map(\.description).joined(separator: "\n"))"
        )
        for diagnostic in fromSwift {
            for note in diagnostic.notes where note.location.file != url.path {
                #expect(note.location.file.hasSuffix(".swift"), "\(diagnostic)")
            }
        }
    }
}
