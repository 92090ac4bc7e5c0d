import Foundation
import Testing

/// One version number everywhere a user reads one: the changelog's newest entry is the version
/// `layout-check --version` and SARIF's `tool.driver.version` print and the version the README's and the
/// documentation's dependency snippets ask for; `API/RELEASE`, the baseline of the API and
/// source-compatibility checks, is the changelog's newest *released* entry.
@Suite struct VersionTests {
    /// The changelog's release headings, newest first: `## 1.2.0 — unreleased`, `## 1.1.0 — 2026-12-04`,
    /// `## 1.0.0`.
    private static func releases() throws -> [(version: String, released: Bool)] {
        let changelog = try String(contentsOf: Repository.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        return changelog.split(separator: "\n").compactMap { line in
            guard let match = line.wholeMatch(of: /## (\d+\.\d+\.\d+)( — (unreleased|\d{4}-\d{2}-\d{2}))?/) else {
                return nil
            }
            return (String(match.1), match.3 != "unreleased")
        }
    }

    @Test func theChangelogsHeadingsAreReleases() throws {
        let releases = try Self.releases()
        #expect(releases.map(\.version).contains("1.0.0"), "the heading pattern no longer matches: \(releases)")
        // At most the newest entry is unreleased: the one being written.
        #expect(!releases.dropFirst().contains { !$0.released }, "\(releases)")
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
        let released = try Self.releases().filter(\.released)
        let newest = try #require(released.first, "CHANGELOG.md lists no release")
        let record = try String(contentsOf: Repository.root.appendingPathComponent("API/RELEASE"), encoding: .utf8)
        let line = record.split(separator: "\n").first { $0.hasPrefix("version ") }
        let version = line.map { String($0.dropFirst("version ".count)) }
        if version == newest.version { return }
        // The release commit cannot name its own hash: there `API/RELEASE` still names the release before, and
        // the commit after it records the new one. So only the commit tagged with the newest version may.
        let tags = try Self.tagsOfHead()
        #expect(
            version == released.dropFirst().first?.version && tags.contains(newest.version),
            """
            API/RELEASE names \(version ?? "no version"), the changelog's newest release is \(newest.version) \
            (and HEAD is not its release commit, tagged \(newest.version); its tags: \(tags))
            """)
    }

    /// The tags on the checkout's HEAD, from `git`; none when it is not a Git checkout.
    private static func tagsOfHead() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", Repository.root.path, "tag", "--points-at", "HEAD"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
