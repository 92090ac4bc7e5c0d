import Foundation
import LayoutKit
import Testing

/// `RuleDescriptor.all` is the one rules table: the README shows it, and the engine runs it.
@Suite struct RuleTableTests {
    /// The README's row for a rule, as the table renders it.
    static func readmeRow(_ rule: RuleDescriptor) -> String {
        let severity = rule.defaultSeverity == .warning ? " (warning)" : ""
        let loader = rule.phase == .instantiation ? " (loader)" : ""
        return "| `\(rule.id.rawValue)`\(severity)\(loader) | \(rule.reportedAt) | \(rule.summary) |"
    }

    @Test func readmeRulesTableIsTheRuleTable() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "\n## Rules\n"))
        let rows = readme[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("| rule |") }.dropFirst(2).prefix { $0.hasPrefix("|") }.map(String.init)
        let expected = RuleDescriptor.all.map(Self.readmeRow)
        #expect(rows == expected, "README's rules table should read:\n\(expected.joined(separator: "\n"))")
    }

    @Test func idsAreUniqueAndFindable() {
        let ids = RuleDescriptor.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in RuleDescriptor.all {
            #expect(rule.id.descriptor == rule)
        }
        #expect(RuleID(rawValue: "no-such-rule").descriptor == nil)
    }

    @Test func formatRulesCannotBeLowered() {
        for id in [RuleID.xmlSyntax, .forbiddenDTD, .inputLimit, .schema] {
            #expect(id.descriptor?.isLowerable == false, "\(id)")
        }
        #expect(RuleID.unknownOutlet.descriptor?.isLowerable == true)
    }

    @Test func onlyUnusedSuppressionAndNoClassSchemasAreWarningsByDefault() {
        #expect(
            RuleDescriptor.all.filter { $0.defaultSeverity == .warning }.map(\.id) == [
                .unusedSuppression, .noClassSchemas,
            ])
    }
}
