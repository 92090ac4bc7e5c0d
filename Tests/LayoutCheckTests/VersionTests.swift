import Foundation
import Testing

/// One version number everywhere a user reads one: the changelog's newest entry is the version
/// `layout-check --version` and SARIF's `tool.driver.version` print and the version the README's and the
/// documentation's dependency snippets ask for; `API/RELEASE`, the baseline of the API and
/// source-compatibility checks, is the changelog's newest *released* entry.
@Suite struct VersionTests {
    /// The changelog's release headings, newest first: `## 1.1.0 — unreleased`, `## 1.0.0`.
    private static func releases() throws -> [(version: String, released: Bool)] {
        let changelog = try String(contentsOf: Repository.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        return changelog.split(separator: "\n").compactMap { line in
            guard let match = line.wholeMatch(of: /## (\d+\.\d+\.\d+)( — unreleased)?/) else { return nil }
            return (String(match.1), match.2 == nil)
        }
    }

    @Test func theToolPrintsTheChangelogsNewestVersion() throws {
        let newest = try #require(try Self.releases().first, "CHANGELOG.md has no `## X.Y.Z` heading")
        let result = try runLayoutCheck(["--version"])
        #expect(result.standardOutput == "layout-check \(newest.version) (LayoutKit format v1)\n")
    }

    @Test func everyDependencySnippetAsksForTheNewestVersion() throws {
        let newest = try #require(try Self.releases().first).version
        let documents = ["README.md", "Sources/LayoutKit/LayoutKit.docc/AdoptingLayoutKit.md"]
        var snippets = 0
        for document in documents {
            let text = try String(contentsOf: Repository.root.appendingPathComponent(document), encoding: .utf8)
            for match in text.matches(of: /\.package\(url: "[^"]*", from: "([^"]*)"\)/) {
                snippets += 1
                #expect(
                    String(match.1) == newest, "\(document) asks for \(match.1), the changelog's newest is \(newest)")
            }
        }
        #expect(snippets >= 2, "the dependency snippets were not found: the pattern no longer matches them")
    }

    @Test func theAPIBaselineIsTheNewestRelease() throws {
        let released = try #require(try Self.releases().first(where: \.released), "CHANGELOG.md lists no release")
        let record = try String(contentsOf: Repository.root.appendingPathComponent("API/RELEASE"), encoding: .utf8)
        let version = record.split(separator: "\n").first { $0.hasPrefix("version ") }?.dropFirst("version ".count)
        #expect(version.map(String.init) == released.version)
    }
}
