import Foundation
import Testing

/// The build plugin's run (`--touch`) that fails ends with a line naming each failing layout and its rules:
/// SwiftPM ends the build with a bare `error: fatalError` after it (issue 40, item 8).
@Suite struct BuildFailureLineTests {
    /// The last line `layout-check` wrote to standard error. Under LeakSanitizer (CI's AddressSanitizer
    /// pass) the runtime adds its table of the suppressions used after it, between lines of dashes.
    static func lastLine(_ standardError: String) -> String {
        var lines = standardError.split(separator: "\n").map(String.init)
        if let report = lines.firstIndex(where: { $0.hasPrefix("-----") }) { lines = Array(lines[..<report]) }
        return lines.last ?? ""
    }

    @Test func aFailedPluginRunEndsWithALineNamingTheLayoutAndTheRule() throws {
        let folder = try MainActorEntriesTests.copy()
        defer { folder.remove() }
        // A misspelt action connected besides the right one: one finding.
        try SwiftSourcesTests.edit(
            folder, "Layouts/Settings.layout.xml", replacing: #"<action name="saveTapped" destination="owner"/>"#,
            with: #"<action name="saveTapped" destination="owner"/><action name="savTapped" destination="owner"/>"#)
        let stamp = folder.url.appendingPathComponent("stamp.swift").path
        let result = try runLayoutCheck(MainActorEntriesTests.arguments + ["--touch", stamp], in: folder.url)
        #expect(result.status == 1, "\(result)")
        let last = Self.lastLine(result.standardError)
        #expect(
            last == "error: layout-check failed the build: Layouts/Settings.layout.xml:13:64 [unknown-action]",
            "\(result)")
        #expect(!FileManager.default.fileExists(atPath: stamp), "a failed run writes no stamp")

        // Two findings of one rule: counted, no rule repeated.
        try SwiftSourcesTests.edit(
            folder, "Layouts/Settings.layout.xml", replacing: #"<action name="savTapped" destination="owner"/>"#,
            with: #"<action name="savTapped" destination="owner"/><action name="sveTapped" destination="owner"/>"#)
        let twice = try runLayoutCheck(MainActorEntriesTests.arguments + ["--touch", stamp], in: folder.url)
        #expect(
            Self.lastLine(twice.standardError)
                == "error: layout-check failed the build: Layouts/Settings.layout.xml:13:64 [unknown-action] (2 findings)",
            "\(twice)")
    }

    @Test func severalFindingsOfAFileAreCountedWithTheirRules() throws {
        let folder = try MainActorEntriesTests.copy()
        defer { folder.remove() }
        try SwiftSourcesTests.edit(
            folder, "Sources/Feed/FeedViewController.swift",
            replacing: #".mainActor("refreshTapped""#, with: #".mainActor("reloadTapped""#)
        let result = try runLayoutCheck(
            MainActorEntriesTests.arguments + ["--touch", folder.url.appendingPathComponent("stamp").path],
            in: folder.url)
        let last = Self.lastLine(result.standardError)
        #expect(
            last == "error: layout-check failed the build: Layouts/Feed.layout.xml:4:5 [unconnected-action] "
                + "(2 findings, also unknown-action)", "\(result)")
    }

    @Test func withoutTouchOrWhenItPassesThereIsNoSuchLine() throws {
        let fixture = Repository.root.appendingPathComponent(MainActorEntriesTests.fixture)
        let passing = try runLayoutCheck(
            MainActorEntriesTests.arguments + [
                "--touch",
                FileManager.default.temporaryDirectory.appendingPathComponent("lk-stamp-\(UUID().uuidString)").path,
            ],
            in: fixture)
        #expect(passing.status == 0 && !passing.standardError.contains("failed the build"), "\(passing)")
        let folder = try MainActorEntriesTests.copy()
        defer { folder.remove() }
        try SwiftSourcesTests.edit(
            folder, "Layouts/Feed.layout.xml", replacing: #"<action name="refreshTapped""#,
            with: #"<action name="reloadTapped""#)
        let plain = try runLayoutCheck(MainActorEntriesTests.arguments, in: folder.url)
        #expect(plain.status == 1 && !plain.standardError.contains("failed the build"), "\(plain)")
    }
}
