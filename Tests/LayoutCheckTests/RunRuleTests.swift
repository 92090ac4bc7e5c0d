import Foundation
import Testing

@testable import LayoutChecking
@testable import LayoutKit

/// CONTRIBUTING's "Add a run-level rule", walked: every rule of `RunRules.all` is a row of the rules table
/// (which Rules.md shows: `RuleTableTests`), is documented in Rules.md's text, and has a fixture — a folder
/// the built `layout-check` is run over, where the rule is reported in a file that says `expect: RULE`.
/// Every row of the table whose phase is the run is made by a `RunRule`, but the two a run makes of its
/// inputs before any rule runs. A missing step fails with the step's name.
@Suite struct RunRuleTests {
    /// A folder of fixtures and the arguments `layout-check` is run with inside it.
    struct Fixture: Sendable {
        var folder: String
        var arguments: [String]
    }

    static let identifiers = Fixture(
        folder: "Tests/LayoutCheckTests/Fixtures/InterfaceBuilder/Identifiers/Shop",
        arguments: ["--swift-sources", "Shop=.", "."])

    /// Each run-level rule's fixture. A new rule needs its entry here (the test below says so).
    static let fixtures: [RuleID: Fixture] = [
        .schemaDrift: Fixture(
            folder: "Tests/LayoutCheckTests/Fixtures/RunRules/Schemas",
            arguments: ["--swift-sources", "Cards=Sources/Cards", "Layouts"]),
        .openClass: Fixture(
            folder: "Tests/LayoutCheckTests/Fixtures/RunRules/Schemas",
            arguments: ["--swift-sources", "Cards=Sources/Cards", "Layouts"]),
        .unreadableMember: Fixture(
            folder: "Tests/LayoutCheckTests/Fixtures/RunRules/MainActor",
            arguments: ["--swift-sources", "Feed=Sources/Feed", "Layouts"]),
        .unconnectedOutlet: Fixture(
            folder: "Tests/LayoutCheckTests/Fixtures/InterfaceBuilder",
            arguments: ["--swift-sources", "App", "Defects"]),
        .unknownReuseIdentifier: identifiers,
        .unknownStoryboardIdentifier: identifiers,
        .unknownSegueIdentifier: identifiers,
        .unknownInterfaceFile: identifiers,
        .unreachableScene: identifiers,
        .unloadedInterfaceFile: identifiers,
        .unusedSuppression: Fixture(
            folder: "Tests/LayoutCheckTests/Fixtures/RunRules/Ignores", arguments: ["--swift-sources", "App=.", "."]),
    ]

    /// The run-phase rows a run makes itself, not a rule: the warning of a run without classes, and a
    /// configuration that cannot be read (the run stops before any rule).
    static let madeByTheRun: Set<RuleID> = [.noClassSchemas, .configuration]

    @Test func everyRunLevelRuleIsARowOfTheTableOnceAndInRulesMD() throws {
        let ids = RunRules.all.map(\.id)
        #expect(Set(ids).count == ids.count, "a rule is listed twice in RunRules.all")
        let article = try String(
            contentsOf: Repository.root.appendingPathComponent("Sources/LayoutKit/LayoutKit.docc/Rules.md"),
            encoding: .utf8)
        for id in ids {
            #expect(id.descriptor != nil, "step 'the row in RuleDescriptor.all' is missing for \(id)")
            #expect(article.contains("`\(id.rawValue)`"), "step 'the row in Rules.md' is missing for \(id)")
        }
    }

    @Test func everyRunPhaseRowIsMadeByARunRule() {
        let listed = Set(RunRules.all.map(\.id))
        for rule in RuleDescriptor.all where rule.phase == .run && !Self.madeByTheRun.contains(rule.id) {
            #expect(listed.contains(rule.id), "step 'the entry in RunRules.all' is missing for \(rule.id)")
        }
        // The rows whose Interface Builder function needs every file of the run are run-level rules too.
        for id in LayoutRules.runLevel.values.flatMap(\.self) {
            #expect(listed.contains(id), "step 'the entry in RunRules.all' is missing for \(id)")
        }
    }

    @Test(arguments: RunRules.all.map(\.id))
    func everyRunLevelRuleIsReportedByItsFixture(_ id: RuleID) throws {
        let fixture = try #require(
            Self.fixtures[id],
            "step 'a fixture' is missing for \(id): add a folder under Tests/LayoutCheckTests/Fixtures/RunRules with a file that says 'expect: RULE', and its entry in RunRuleTests.fixtures"
        )
        let folder = Repository.root.appendingPathComponent(fixture.folder)
        let result = try runLayoutCheck(["--format", "json"] + fixture.arguments, in: folder)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any], "\(result)")
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]], "\(result)")
        let files = diagnostics.filter { $0["rule"] as? String == id.rawValue }.compactMap { $0["file"] as? String }
        #expect(!files.isEmpty, "the fixture of \(id) reports no \(id): \(result)")
        for file in Set(files) {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("expect: \(id.rawValue)"), "\(file) reports \(id) without saying it expects it")
        }
    }
}
