import Foundation
import LayoutKit
import Testing

/// `RuleDescriptor.all` is the one rules table: the README and the documentation show it, and the engine runs it.
@Suite struct RuleTableTests {
    /// The README's row for a rule, as the table renders it.
    static func readmeRow(_ rule: RuleDescriptor) -> String {
        let severity = rule.defaultSeverity == .warning ? " (warning)" : ""
        let loader = rule.phase == .instantiation ? " (loader)" : ""
        return "| `\(rule.id.rawValue)`\(severity)\(loader) | \(rule.reportedAt) | \(rule.summary) |"
    }

    /// The rows of the first `| rule |` table after `heading` in the Markdown file at `path`.
    static func rulesTableRows(in path: String, after heading: String) throws -> [String] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
        let section = try #require(text.range(of: heading), "\(path) has no \(heading)")
        return text[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("| rule |") }.dropFirst(2).prefix { $0.hasPrefix("|") }.map(String.init)
    }

    /// The README and the documentation catalog's article "Rules" show the table as it is.
    @Test(arguments: [
        ("README.md", "\n## Rules\n"),
        ("Sources/LayoutKit/LayoutKit.docc/Rules.md", "\n## Overview\n"),
    ])
    func rulesTableIsTheRuleTable(path: String, heading: String) throws {
        let rows = try Self.rulesTableRows(in: path, after: heading)
        let expected = RuleDescriptor.all.map(Self.readmeRow)
        #expect(rows == expected, "\(path)'s rules table should read:\n\(expected.joined(separator: "\n"))")
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

    @Test func onlyUnusedSuppressionOpenClassAndNoClassSchemasAreWarningsByDefault() {
        #expect(
            RuleDescriptor.all.filter { $0.defaultSeverity == .warning }.map(\.id) == [
                .unusedSuppression, .openClass, .noClassSchemas,
            ])
    }

    /// open-class reports only where a configuration asks for it, so that `--strict` is unaffected.
    @Test func onlyOpenClassIsOffByDefault() {
        #expect(RuleDescriptor.all.filter { !$0.isEnabledByDefault }.map(\.id) == [.openClass])
        let finding = Diagnostic(rule: .openClass, severity: .warning, message: "open", location: nil)
        #expect(CheckConfiguration().apply(to: [finding]).isEmpty)
        #expect(CheckConfiguration(rules: [.openClass: .warning]).apply(to: [finding]) == [finding])
    }
}
