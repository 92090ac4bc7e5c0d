import Foundation
import Testing

@testable import LayoutChecking
@testable import LayoutKit

/// `RuleDescriptor.all` is the one rules table: the engine runs it, and the documentation catalog's article
/// "Rules" shows it — the table's one home, which the README links to instead of copying it.
@Suite struct RuleTableTests {
    static let rulesArticle = "Sources/LayoutKit/LayoutKit.docc/Rules.md"

    /// The article's row for a rule, as the table renders it.
    static func tableRow(_ rule: RuleDescriptor) -> String {
        let severity = rule.defaultSeverity == .warning ? " (warning)" : ""
        let loader = rule.phase == .instantiation ? " (loader)" : ""
        let documents = [
            rule.documents.contains(.layout) ? "layouts" : nil,
            rule.documents.contains(.interfaceBuilder) ? "Interface Builder" : nil,
        ].compactMap(\.self)
        return "| `\(rule.id.rawValue)`\(severity)\(loader) | \(rule.reportedAt) | \(rule.summary) | "
            + (documents.isEmpty ? "—" : documents.joined(separator: ", ")) + " |"
    }

    /// The file at `path`, relative to the repository's root.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The rows of the first `| rule |` table after `heading` in the Markdown file at `path`.
    static func rulesTableRows(in path: String, after heading: String) throws -> [String] {
        let text = try text(path)
        let section = try #require(text.range(of: heading), "\(path) has no \(heading)")
        return text[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("| rule |") }.dropFirst(2).prefix { $0.hasPrefix("|") }.map(String.init)
    }

    /// The article "Rules" shows the table as it is.
    @Test func rulesArticleShowsTheRuleTable() throws {
        let rows = try Self.rulesTableRows(in: Self.rulesArticle, after: "\n## Overview\n")
        let expected = RuleDescriptor.all.map(Self.tableRow)
        #expect(
            rows == expected, "\(Self.rulesArticle)'s rules table should read:\n\(expected.joined(separator: "\n"))")
    }

    /// The README links to the article and keeps no copy of the table to drift: no table row names a rule.
    @Test func readmeLinksToTheRulesArticleAndHasNoCopyOfTheTable() throws {
        let readme = try Self.text("README.md")
        let linksToTheArticle = readme.contains("](\(Self.rulesArticle))")
        #expect(linksToTheArticle, "README.md should link to \(Self.rulesArticle)")
        let lines = readme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for rule in RuleDescriptor.all {
            let copies = lines.filter { $0.hasPrefix("| `\(rule.id.rawValue)`") }
            #expect(
                copies.isEmpty,
                "README.md has a table row for \(rule.id.rawValue); its one home is \(Self.rulesArticle)")
        }
    }

    /// Every row that says its findings are about layouts has the code that finds them: a function of the
    /// engine for the structure and class rules (the reader's, the decoder's and the loader's rules have
    /// fixtures of their own, RuleFixtureTests).
    @Test func everyLayoutRuleOfTheEngineHasItsFunction() {
        let engineRules = RuleDescriptor.all.filter {
            $0.documents.contains(.layout) && ($0.phase == .structure || $0.phase == .classes)
        }
        #expect(engineRules.count >= 17)
        for rule in engineRules {
            #expect(
                LayoutRules.hasFunction(for: rule.id)
                    || [.unknownLayout, .includeCycle, .invalidInclude].contains(rule.id),
                "\(rule.id) has no function in LayoutRules")
        }
    }

    /// One engine: every row that says its findings are about Interface Builder files, past reading and
    /// format, is judged by the same function as a layout's (InterfaceBuilderTests proves each one
    /// reachable) — the engine's, or for a row that needs every file of the run, the run's one function.
    /// No Interface Builder rule has a function of its own.
    @Test func everyInterfaceBuilderRuleIsJudgedByTheLayoutsFunction() {
        let rules = RuleDescriptor.all.filter {
            $0.documents.contains(.interfaceBuilder) && ($0.phase == .structure || $0.phase == .classes)
        }
        #expect(rules.count == 8)
        let runLevel = LayoutRules.runLevel[.interfaceBuilder] ?? []
        #expect(runLevel == [.unconnectedOutlet])
        for rule in rules {
            #expect(rule.documents.contains(.layout), "\(rule.id) is judged for Interface Builder files only")
            #expect(
                LayoutRules.hasFunction(for: rule.id) || runLevel.contains(rule.id),
                "\(rule.id) has no function in LayoutRules")
        }
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

    /// The warnings: what may be deliberate, what is off by default, and the reverse identifier findings
    /// (a scene or file nothing reaches cannot crash), and a Swift list entry the checker cannot read (the
    /// checker's blind spot, not a defect it knows of).
    @Test func onlyUnusedSuppressionTheReverseIdentifierRulesOpenClassAndNoClassSchemasAreWarningsByDefault() {
        #expect(
            RuleDescriptor.all.filter { $0.defaultSeverity == .warning }.map(\.id) == [
                .unusedSuppression, .unreachableScene, .unloadedInterfaceFile, .openClass, .unreadableMember,
                .noClassSchemas,
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
