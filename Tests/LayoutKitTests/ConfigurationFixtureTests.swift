import Foundation
import LayoutChecking
import LayoutKit
import Testing

/// The configuration rule's fixture table: every file under `Fixtures/configurations` but the valid
/// ones names the line its one `configuration` diagnostic must be at.
@Suite struct ConfigurationFixtureTests {
    static let configurations = Repository.files(in: "configurations", suffix: ".config.xml").filter {
        $0 != "valid.config.xml"
    }
    static let baselines = Repository.files(in: "configurations", suffix: ".baseline.xml").filter {
        $0 != "valid.baseline.xml"
    }

    static func read(_ name: String) throws -> (bytes: [UInt8], path: String) {
        let url = Repository.fixtures.appendingPathComponent("configurations/\(name)")
        return (try Repository.bytes(url), url.path)
    }

    @Test(arguments: configurations)
    func brokenConfigurationIsReportedAtItsLine(_ name: String) throws {
        let (bytes, path) = try Self.read(name)
        let expected = Expectation.parse(String(decoding: bytes, as: UTF8.self))
        try #require(!expected.isEmpty, "\(name) has no <!-- expect: RULE LINE --> comment")
        let diagnostics = CheckConfiguration.read(bytes, file: path).diagnostics
        #expect(diagnostics.map { Expectation($0) } == expected, "\(diagnostics.map(\.description))")
        #expect(diagnostics.allSatisfy { $0.sourceLocation?.file == path && ($0.sourceLocation?.column ?? 0) >= 1 })
    }

    @Test(arguments: baselines)
    func brokenBaselineIsReportedAtItsLine(_ name: String) throws {
        let (bytes, path) = try Self.read(name)
        let expected = Expectation.parse(String(decoding: bytes, as: UTF8.self))
        try #require(!expected.isEmpty, "\(name) has no <!-- expect: RULE LINE --> comment")
        let diagnostics = Baseline.read(bytes, file: path).diagnostics
        #expect(diagnostics.map { Expectation($0) } == expected, "\(diagnostics.map(\.description))")
    }

    @Test func validConfigurationIsReadWholly() throws {
        let (bytes, path) = try Self.read("valid.config.xml")
        let (configuration, diagnostics) = CheckConfiguration.read(bytes, file: path)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        #expect(configuration.schemas == ["Schemas", "More Schemas"])
        #expect(configuration.excludes.map(\.description) == ["Layouts/Legacy/**", "**/*.generated.layout.xml"])
        #expect(configuration.rules == [.unconnectedOutlet: .warning, .noClassSchemas: .ignore, .schema: .error])
        #expect(configuration.baseline == "Baselines/layout-check.xml")
        #expect(configuration.isExcluded("Layouts/Legacy/Old.layout.xml"))
        #expect(configuration.isExcluded("Cells/Feed.generated.layout.xml"))
        #expect(!configuration.isExcluded("Layouts/Card.layout.xml"))
        let ignore = try #require(configuration.ignores.first)
        #expect(configuration.ignores.count == 1)
        #expect(ignore.rule == .unknownOutlet && ignore.object == "abc-12-xyz")
        #expect(ignore.file?.matches("App/Base.lproj/Main.storyboard") == true)
        #expect(ignore.file?.matches("Main.storyboard") == false)
        #expect(ignore.location?.line == 14)
    }

    @Test func validBaselineMatchesCountAware() throws {
        let (bytes, path) = try Self.read("valid.baseline.xml")
        let (baseline, diagnostics) = Baseline.read(bytes, file: path)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let finding = Baseline.Entry(
            rule: .unknownOutlet, file: "Layouts/Card.layout.xml", message: "class 'Card' has no outlet 'x'")
        let run = Baseline.Entry(rule: .noClassSchemas, file: "", message: "no class schema loaded")
        // Three identical findings against two entries: the third is new; the run's entry matched nothing.
        let (new, fixed) = baseline.match([finding, finding, finding])
        #expect(new == [2])
        #expect(fixed == [run])
    }
}
