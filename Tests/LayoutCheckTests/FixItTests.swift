import Foundation
import LayoutKit
import Testing

@testable import layout_check

/// `layout-check --fix`: every fixture of Fixtures/FixIts (one folder a case: the files as written, and in
/// `expected/` each file that the fix-its change, as it must be after `--fix`) fixed through the built
/// executable and compared byte for byte; a second `--fix` changes nothing; `--dry-run` prints the diff and
/// changes nothing; and what must be refused is refused with the file left as it was.
@Suite struct FixItTests {
    static let folder = "Tests/LayoutCheckTests/Fixtures/FixIts"

    static var cases: [String] {
        let names = try? FileManager.default.contentsOfDirectory(
            atPath: Repository.root.appendingPathComponent(folder).path)
        return (names ?? []).sorted()
    }

    /// The case's files (not `expected/`), by name.
    static func inputs(_ name: String) throws -> [String: Data] {
        let url = Repository.root.appendingPathComponent("\(folder)/\(name)")
        var files: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: url.path) where file != "expected" {
            files[file] = try Data(contentsOf: url.appendingPathComponent(file))
        }
        return files
    }

    /// The case's expected files, by name: those the fix-its change.
    static func expected(_ name: String) -> [String: Data] {
        let url = Repository.root.appendingPathComponent("\(folder)/\(name)/expected")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var files: [String: Data] = [:]
        for file in names { files[file] = try? Data(contentsOf: url.appendingPathComponent(file)) }
        return files
    }

    /// What a case is checked against: its Swift code (an Interface Builder case), its own class schemas,
    /// or the fixtures' schemas.
    static func arguments(for files: [String: Data]) -> [String] {
        if files.keys.contains(where: { $0.hasSuffix(".swift") }) { return ["--swift-sources", "App=."] }
        if files.keys.contains(where: { $0.hasSuffix(".classes.xml") }) { return ["--schemas", "."] }
        return ["--schemas", Repository.root.appendingPathComponent(Repository.fixtureSchemas).path]
    }

    /// The case copied into a folder of its own.
    static func copy(_ files: [String: Data]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (name, data) in files { try data.write(to: folder.url.appendingPathComponent(name)) }
        return folder
    }

    static func contents(of folder: TemporaryDirectory, _ names: some Sequence<String>) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in names { files[name] = try Data(contentsOf: folder.url.appendingPathComponent(name)) }
        return files
    }

    @Test(arguments: cases)
    func theFixtureIsFixedToItsExpectedBytesAndASecondFixChangesNothing(_ name: String) throws {
        let inputs = try Self.inputs(name)
        let expected = Self.expected(name)
        let folder = try Self.copy(inputs)
        defer { folder.remove() }
        let first = try runLayoutCheck(Self.arguments(for: inputs) + ["--fix", "."], in: folder.url)
        let fixed = try Self.contents(of: folder, inputs.keys)
        for (file, before) in inputs {
            // A file without an expected version is one no fix-it may touch.
            #expect(fixed[file] == (expected[file] ?? before), "\(name)/\(file) after --fix\n\(first)")
        }
        // Whatever the fixture fixes leaves a clean run; a case that fixes nothing (a guess between two
        // candidates) keeps its error.
        #expect(first.status == (expected.isEmpty ? 1 : 0), "\(first)")
        #expect(
            first.standardError.contains("layout-check: --fix: applied 0 fix-its") == expected.isEmpty, "\(first)")
        // No temporary file is left beside the files.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(left) == Set(inputs.keys), "\(left)")

        let second = try runLayoutCheck(Self.arguments(for: inputs) + ["--fix", "."], in: folder.url)
        #expect(try Self.contents(of: folder, inputs.keys) == fixed, "\(second)")
        #expect(second.standardError.contains("layout-check: --fix: applied 0 fix-its in 0 files"), "\(second)")
        #expect(second.status == first.status)
    }

    @Test func aDryRunPrintsTheDiffThatPatchAppliesAndChangesNothing() throws {
        let inputs = try Self.inputs("crlf-and-bom")
        let folder = try Self.copy(inputs)
        defer { folder.remove() }
        let result = try runLayoutCheck(Self.arguments(for: inputs) + ["--fix", "--dry-run", "."], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(try Self.contents(of: folder, inputs.keys) == inputs)
        // Split at LF only: each CR stays at the end of its line, as in the file.
        let lines = result.standardOutput.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        #expect(
            Array(lines.prefix(4)) == [
                "--- a/Card.layout.xml", "+++ b/Card.layout.xml", "@@ -4,7 +4,7 @@", "         <label id=\"title\"\r",
            ], "\(result)")
        #expect(lines.contains("-            <outlet property=\"titelLabel\" destination=\"title\"/>\r"))
        #expect(lines.contains("+            <outlet property=\"titleLabel\" destination=\"title\"/>\r"))
        #expect(result.standardError.contains("layout-check: --fix: would apply 1 fix-it in 1 file"), "\(result)")
        // The diff, applied by patch(1), makes the file --fix makes.
        try Data(result.standardOutput.utf8).write(to: folder.url.appendingPathComponent("fix.diff"))
        let patch = Process()
        patch.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        patch.arguments = ["-s", "-p1", "-i", "fix.diff"]
        patch.currentDirectoryURL = folder.url
        try patch.run()
        patch.waitUntilExit()
        #expect(patch.terminationStatus == 0)
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("Card.layout.xml"))
                == Self.expected("crlf-and-bom")["Card.layout.xml"])
    }

    @Test func twoCandidatesAreNoFixAndTheMessageSaysWhy() throws {
        let inputs = try Self.inputs("two-candidates")
        let result = try runLayoutCheck(
            Self.arguments(for: inputs) + ["."],
            in: Repository.root.appendingPathComponent("\(Self.folder)/two-candidates"))
        #expect(result.status == 1)
        #expect(
            result.outputLines.first
                == "Pair.layout.xml:4:9: error: Pairs.Pair has no outlet named 'dameLabel'; did you mean 'gameLabel'? "
                + "('nameLabel' is as close: no fix is offered) [unknown-outlet]", "\(result)")
        #expect(!result.standardOutput.contains("fix: "), "\(result)")
    }

    @Test func theJSONReportCarriesTheEditsThatMakeTheExpectedFile() throws {
        let inputs = try Self.inputs("entities")
        let folder = try Self.copy(inputs)
        defer { folder.remove() }
        let result = try runLayoutCheck(Self.arguments(for: inputs) + ["--format", "json", "."], in: folder.url)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let diagnostics = try #require(object?["diagnostics"] as? [[String: Any]])
        let outlet = diagnostics.first { $0["rule"] as? String == "unknown-outlet" }
        let fixes = try #require(outlet?["fixes"] as? [[String: Any]], "\(result)")
        #expect(diagnostics.filter { $0["fixes"] != nil }.count == 1)
        #expect(fixes.first?["description"] as? String == #"replace "titelLabel" with "titleLabel""#)
        let edit = try #require((fixes.first?["edits"] as? [[String: Any]])?.first)
        let offset = try #require(edit["byteOffset"] as? Int)
        let length = try #require(edit["byteLength"] as? Int)
        var bytes = [UInt8](try #require(inputs["Card.layout.xml"]))
        // The value as written, entity and all, is what the edit replaces.
        #expect(String(decoding: bytes[offset..<(offset + length)], as: UTF8.self) == "titel&#x4C;abel")
        bytes.replaceSubrange(offset..<(offset + length), with: Array((edit["replacement"] as? String ?? "").utf8))
        #expect(Data(bytes) == Self.expected("entities")["Card.layout.xml"])
    }

    @Test func theSARIFLogCarriesFixesThatPassTheSchemaAndGitHubsRules() throws {
        let inputs = try Self.inputs("unused-suppression-attribute")
        let folder = try Self.copy(inputs)
        defer { folder.remove() }
        let result = try runLayoutCheck(Self.arguments(for: inputs) + ["--format", "sarif", "."], in: folder.url)
        let log = try SARIFLogTests.log(result)
        let results = try SARIFLogTests.results(log)
        #expect(results.count == 2)
        let fix = try #require((results.first?["fixes"] as? [[String: Any]])?.first, "\(result)")
        #expect((fix["description"] as? [String: Any])?["text"] as? String == "remove the lk:ignore attribute")
        let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
        #expect((change["artifactLocation"] as? [String: Any])?["uri"] as? String == "Card.layout.xml")
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        let region = try #require(replacement["deletedRegion"] as? [String: Any])
        let text = String(decoding: try #require(inputs["Card.layout.xml"]), as: UTF8.self)
        let offset = try #require(region["byteOffset"] as? Int)
        let length = try #require(region["byteLength"] as? Int)
        #expect(
            String(decoding: Array(text.utf8)[offset..<(offset + length)], as: UTF8.self)
                == #" lk:ignore="duplicate-id  unknown-property""#)
        #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "")
    }

    @Test func theSARIFRulesRefuseAMalformedFix() {
        let log = #"""
            {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "rules": [{"id": "r",
             "help": {"text": "h"}}]}}, "results": [{"ruleId": "r", "ruleIndex": 0, "message": {"text": "m"},
             "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a"}, "region": {"startLine": 1}}}],
             "fixes": [{"description": {"text": "d"}, "artifactChanges": [{"artifactLocation": {"uri": "a"},
             "replacements": [{"deletedRegion": {"byteOffset": -2, "byteLength": 1}, "insertedContent": {"txt": ""}}]}]},
             {"artifactChanges": []}]}]}]}
            """#
        let problems = SARIFRules.problems(in: Data(log.utf8))
        #expect(problems.contains { $0.contains("artifactContent has no property 'txt'") }, "\(problems)")
        #expect(problems.contains { $0.contains("byteOffset -2") }, "\(problems)")
        #expect(problems.contains { $0.contains("fix has no artifactChanges") }, "\(problems)")
    }

    @Test func aSymbolicLinkOutOfTheRepositoryIsNotWrittenThrough() throws {
        let repository = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        defer {
            repository.remove()
            outside.remove()
        }
        try FileManager.default.createDirectory(
            at: repository.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let inputs = try Self.inputs("unknown-action")
        let original = try #require(inputs["Form.layout.xml"])
        try original.write(to: outside.url.appendingPathComponent("Form.layout.xml"))
        try repository.link("Form.layout.xml", to: outside.url.appendingPathComponent("Form.layout.xml").path)
        // Named on the command line, the link is read (a path the user types is theirs), but not written,
        // and a dry run shows no diff for it.
        let dryRun = try runLayoutCheck(
            Self.arguments(for: inputs) + ["--fix", "--dry-run", "Form.layout.xml"], in: repository.url)
        #expect(dryRun.standardOutput.isEmpty, "\(dryRun)")
        #expect(
            dryRun.standardError.contains("layout-check: --fix: Form.layout.xml would not be changed: it leads to"),
            "\(dryRun)")
        let result = try runLayoutCheck(
            Self.arguments(for: inputs) + ["--fix", "Form.layout.xml"], in: repository.url)
        #expect(result.status == 1, "\(result)")
        #expect(
            result.standardError.contains("layout-check: --fix: Form.layout.xml not changed: it leads to"), "\(result)")
        #expect(result.standardError.contains("outside the repository"), "\(result)")
        #expect(try Data(contentsOf: outside.url.appendingPathComponent("Form.layout.xml")) == original)
        let links = try FileManager.default.destinationOfSymbolicLink(
            atPath: repository.url.appendingPathComponent("Form.layout.xml").path)
        #expect(links == outside.url.appendingPathComponent("Form.layout.xml").path)
    }

    // MARK: In process: the writer and the plan

    /// A layout of the fixtures' classes, its diagnostics with their fix-its, in a folder of its own.
    static func checked(_ text: String) throws -> (TemporaryDirectory, String, [Diagnostic]) {
        let folder = try TemporaryDirectory()
        let path = try folder.write(text, to: "Form.layout.xml").path
        let schema = Repository.root.appendingPathComponent("\(Repository.fixtureSchemas)/Fixtures.classes.xml")
        let catalog = ClassCatalog.load(schemas: [(schema.path, [UInt8](try Data(contentsOf: schema)))]).catalog
        let diagnostics = LayoutValidator(catalog: catalog).validate(Array(text.utf8), file: path)
        return (folder, path, diagnostics)
    }

    static let form = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <view class="Form">
                <button action="submt"/>
            </view>
        </layout>

        """

    @Test func aFileChangedAfterTheCheckIsRefusedAndKeepsItsChange() throws {
        let (folder, path, diagnostics) = try Self.checked(Self.form)
        defer { folder.remove() }
        #expect(diagnostics.filter { !$0.fixIts.isEmpty }.count == 1, "\(diagnostics)")
        let changed = Self.form.replacingOccurrences(of: "<view", with: "<view id=\"edited\"")
        try changed.write(toFile: path, atomically: false, encoding: .utf8)
        let writer = FixWriter(boundary: RepositoryBoundary(workingDirectory: folder.path))
        let outcome = FixRun.apply(diagnostics, dryRun: false, writer: writer)
        #expect(outcome.applied == 0)
        #expect(outcome.notes == ["layout-check: --fix: \(path) not changed: it changed after it was checked"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == changed)
    }

    @Test func aFileChangedWhileTheFixIsWrittenIsRefusedWithNothingHalfWritten() throws {
        let (folder, path, diagnostics) = try Self.checked(Self.form)
        defer { folder.remove() }
        let changed = Self.form + "<!-- saved by an editor meanwhile -->\n"
        var writer = FixWriter(boundary: RepositoryBoundary(workingDirectory: folder.path))
        var calls = 0
        // The hook runs once the new bytes are in the temporary file, before the last look and the rename.
        writer.beforeReplace = { resolved in
            calls += 1
            try? changed.write(toFile: resolved, atomically: false, encoding: .utf8)
        }
        let outcome = FixRun.apply(diagnostics, dryRun: false, writer: writer)
        #expect(calls == 1)
        #expect(outcome.applied == 0)
        #expect(outcome.notes == ["layout-check: --fix: \(path) not changed: it changed after it was checked"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == changed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Form.layout.xml"])

        // Left alone, the same writer replaces the file whole.
        writer.beforeReplace = { _ in }
        try Self.form.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(FixRun.apply(diagnostics, dryRun: false, writer: writer).applied == 1)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == Self.form.replacingOccurrences(of: "submt", with: "submit"))
    }

    static func diagnostic(_ line: Int, _ edits: [FixIt.Edit]) -> Diagnostic {
        Diagnostic(
            rule: .unknownOutlet, message: "m", location: SourceLocation(file: "a.xml", line: line, column: 1),
            fixIts: [FixIt(description: "d\(line)", edits: edits)])
    }

    @Test func overlappingFixItsAreBothSkippedWithANoteAndIdenticalEditsAreOne() {
        let edit = { (range: Range<Int>, text: String) in FixIt.Edit(file: "a.xml", byteRange: range, replacement: text)
        }
        let plan = FixPlan([
            Self.diagnostic(1, [edit(10..<20, "x")]),
            Self.diagnostic(2, [edit(15..<25, "y")]),
            Self.diagnostic(3, [edit(30..<40, "")]),
            Self.diagnostic(4, [edit(30..<40, "")]),
            Self.diagnostic(5, [edit(40..<41, "z")]),
            // Two insertions at one offset: their order would be a guess.
            Self.diagnostic(6, [edit(50..<50, "p")]),
            Self.diagnostic(7, [edit(50..<50, "q")]),
            // A fix-it one of whose edits overlaps is skipped whole, its other edit with it.
            Self.diagnostic(8, [edit(60..<61, "r"), edit(19..<21, "s")]),
        ])
        #expect(plan.fixItCount == 3)
        #expect(plan.files.map(\.file) == ["a.xml"])
        #expect(plan.files.first?.edits.map(\.byteRange) == [30..<40, 40..<41])
        #expect(plan.notes.count == 3, "\(plan.notes)")
        #expect(
            plan.notes.first
                == "layout-check: --fix: the fix-its of a.xml:1:1 and a.xml:2:1 overlap in a.xml: both skipped")
        #expect(plan.notes.contains { $0.contains("a.xml:6:1 and a.xml:7:1") }, "\(plan.notes)")
        #expect(plan.notes.contains { $0.contains("a.xml:8:1") }, "\(plan.notes)")
    }

    @Test func theDiffOfAChangeThatAddsALineHasOneHunk() {
        let old = Array("a\nb\nc\n".utf8)
        let new = Array("a\nb\nB\nc".utf8)
        #expect(
            UnifiedDiff.diff(path: "f", old: old, new: new)
                == "--- a/f\n+++ b/f\n@@ -1,3 +1,4 @@\n a\n b\n-c\n+B\n+c\n\\ No newline at end of file\n")
    }
}
