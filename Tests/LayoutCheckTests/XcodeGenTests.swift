import Foundation
import LayoutChecking
import Testing

/// A repository with an XcodeGen spec and no generated Xcode project (issue 39, item 8): `project.yml`'s
/// targets are the run's, read without a YAML library; a spec the reader cannot follow, or Tuist's
/// `Project.swift`, is said once and the run stays in folder mode.
@Suite struct XcodeGenTests {
    static let folder = "Tests/LayoutCheckTests/Fixtures/XcodeGen"

    /// The spec's iOS app sees its framework NotesKit (NoteCell is found) and not the macOS app's
    /// same-named NoteListViewController, which does declare the misspelt outlet; `Attic`, which the spec
    /// excludes, is not checked.
    @Test func theSpecsTargetsAreTheRunsTargets() throws {
        let result = try runLayoutCheck(["--format", "json", Self.folder])
        #expect(result.status == 1, "\(result)")
        let nib = "\(Self.folder)/Notes/NoteList.xib"
        let expected = InterfaceBuilderTests.Expected.parse(try Repository.text(nib))
        #expect(expected.map { "\($0.rule) \($0.line)" } == ["unknown-outlet 15"])
        let report = try result.report()
        #expect(report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" } == ["unknown-outlet \(nib):15"])
        #expect(report.diagnostics.first?.message.contains("'emptyLable'") == true, "\(result)")
        #expect(report.files == 1, "\(result)")
        #expect(
            result.standardError.contains(
                "read the XcodeGen spec \(Self.folder)/project.yml: Notes (iOS, module Notes), NotesKit (iOS, module "
                    + "NotesKit), NotesMac (macOS, module NotesMac)"), "\(result)")
    }

    /// A spec that includes others could have targets elsewhere: not guessed at, said once with its line,
    /// and the folder is checked in folder mode (no crash, no silent pass).
    @Test func aSpecTheReaderCannotFollowFallsBackOnFolderModeWithOneNote() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let copy = scratch.url.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(Self.folder), to: copy)
        let spec = copy.appendingPathComponent("project.yml")
        try ("include:\n  - base.yml\n" + (try String(contentsOf: spec, encoding: .utf8)))
            .write(to: spec, atomically: false, encoding: .utf8)
        let result = try runLayoutCheck(["App"], in: scratch.url)
        let note = "App/project.yml:2: the XcodeGen spec is not read (it includes other specs, which are not read)"
        #expect(result.standardError.components(separatedBy: note).count == 2, "\(result)")
        #expect(result.standardError.contains("checked in folder mode"), "\(result)")
    }

    @Test func aTuistProjectIsSaidOnce() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let copy = scratch.url.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(Self.folder), to: copy)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("project.yml"))
        try "import ProjectDescription\nlet project = Project(name: \"Notes\", targets: [])\n".write(
            to: copy.appendingPathComponent("Project.swift"), atomically: false, encoding: .utf8)
        let result = try runLayoutCheck(["App"], in: scratch.url)
        #expect(result.standardError.contains("App/Project.swift is a Tuist project, which is code and is not read"))
        #expect(result.standardError.contains("checked in folder mode"), "\(result)")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var yaml: String
        /// The targets as `name platforms sources deps`, or `line: reason` when unreadable.
        var expected: [String]
        var testDescription: String { expected.joined(separator: "; ") }
    }

    static let cases: [Case] = [
        Case(
            yaml: "targets:\n  App:\n    platform: iOS\n    sources: [App, Shared]\n",
            expected: ["App iOS App,Shared -"]),
        Case(
            yaml: "targets:\n  App:\n    platform: [iOS, tvOS]\n    sources:\n    - App\n    - path: 'Shared'\n"
                + "      excludes: [Old]\n    dependencies:\n    - target: Kit\n    - package: Feature\n"
                + "      product: FeatureKit\n  Kit:\n    platform: macOS\n    sources: \"Kit\"  # the kit\n",
            expected: ["App iOS,tvOS App,Shared-Old Kit,FeatureKit", "Kit macOS Kit -"]),
        Case(
            yaml: "targets:\n  App:\n    postBuildScripts:\n      - script: |\n          echo 'a: b'\n"
                + "          - not: a list\n    sources: App\n",
            expected: ["App  App -"]),
        Case(yaml: "targets:\n  App:\n    sources: *shared\n", expected: ["3: a source of target 'App' is not a path"]),
        Case(yaml: "targets: {App: {}}\n", expected: ["1: its 'targets' is not a mapping"]),
        Case(
            yaml: "targets:\n  App:\n    sources:\n      - path: App\n        excludes: [\"**/*.xib\"]\n",
            expected: ["5: a source of target 'App' excludes '**/*.xib', a pattern"]),
        Case(yaml: "name: App\n", expected: ["1: it has no 'targets'"]),
        Case(
            yaml: "targets:\n  App:\n    sources:\n      - path: Sources\n        excludes:\n          - Frameworks/*\n"
                + "          - \"Old/**\"\n          - \"**/*.md\"\n",
            expected: ["App  Sources-Frameworks-Old -"]),
        Case(
            yaml: "targets:\n  App:\n      sources: App\n    platform: iOS\n",
            expected: ["4: its indentation is not one this reader follows"]),
    ]

    @Test(arguments: cases) func theBlockStyleSubsetIsReadAndTheRestRefused(_ example: Case) {
        let found: [String]
        switch XcodeGenProject.read(Array(example.yaml.utf8)) {
        case .project(let project):
            found = project.targets.map { target in
                let sources = target.sources.map { ([$0.path] + $0.excludes).joined(separator: "-") }
                let dependencies = target.targetDependencies + target.packageProducts
                return "\(target.name) \(target.platforms.joined(separator: ",")) "
                    + "\(sources.joined(separator: ",")) \(dependencies.isEmpty ? "-" : dependencies.joined(separator: ","))"
            }
        case .unreadable(let reason, let line): found = ["\(line): \(reason)"]
        }
        #expect(found == example.expected)
    }
}
