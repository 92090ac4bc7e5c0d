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

    /// A spec whose include is not there could have targets elsewhere: not guessed at, said once with its line,
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
        let note = "App/project.yml:2: the XcodeGen spec is not read (it includes 'base.yml', which is not read ("
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
            yaml:
                "targets:\n  App:\n    sources:\n      - path: App\n        excludes: [\"**/*.xib\", \"Old?/*.swift\"]\n",
            expected: ["App  App-**/*.xib-Old?/*.swift -"]),
        Case(
            yaml:
                "targets:\n  App:\n    sources:\n      - path: App\n        excludes:\n          - \"**/[Tt]est/**\"\n",
            expected: ["6: a source of target 'App' excludes '**/[Tt]est/**', a pattern this reader does not interpret"]
        ),
        Case(
            yaml: "targets:\n  App:\n    sources:\n      - path: App\n        excludes: [\"Old/**.swift\"]\n",
            expected: ["5: a source of target 'App' excludes 'Old/**.swift', a pattern this reader does not interpret"]),
        Case(
            yaml: "targets:\n  App:\n    sources:REPLACE: [App]\n",
            expected: ["3: target 'App' replaces 'sources:REPLACE', which is not read"]),
        Case(yaml: "name: App\n", expected: ["1: it has no 'targets'"]),
        Case(
            yaml: "targets:\n  App:\n    sources: App\n    settings:\n      base:\n        PRODUCT_NAME: My App\n"
                + "  Core:\n    sources: Core\n    settings:\n      PRODUCT_MODULE_NAME: CoreKit\n      PRODUCT_NAME: Core\n"
                + "  Built:\n    sources: Built\n    settings:\n      base:\n        PRODUCT_NAME: $(TARGET_NAME)Pro\n",
            expected: ["App  App - module My_App", "Core  Core - module CoreKit", "Built  Built -"]),
        Case(
            yaml: "targets:\n  App:\n    sources:\n      - path: Sources\n        excludes:\n          - Frameworks/*\n"
                + "          - \"Old/**\"\n          - \"**/*.md\"\n",
            expected: ["App  Sources-Frameworks-Old-**/*.md -"]),
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
                    + (target.moduleName.map { " module \($0)" } ?? "")
            }
        case .unreadable(let reason, let line, _): found = ["\(line): \(reason)"]
        }
        #expect(found == example.expected)
    }

    // MARK: - include: and glob excludes (element-ios's shape)

    static let includes = "Tests/LayoutCheckTests/Fixtures/XcodeGenIncludes"

    /// The root spec only includes one spec per target, each beside its sources and naming them relative
    /// to itself (`path: .`); the commented-out include is a comment. The app's `**/Test/**` exclude
    /// leaves out a stale copy of RoomViewController that declares the misspelt outlet (read, it would hide
    /// the defect) and a stale nib whose outlet no class has (checked, a false unknown-outlet). ChatKit's
    /// class is found; Kingfisher's, a package with no sources here, is not reported.
    @Test func includedSpecsGiveTheTargetsAndGlobExcludesLeaveOutStaleCopies() throws {
        let result = try runLayoutCheck(["--format", "json", Self.includes])
        #expect(result.status == 1, "\(result)")
        let nib = "\(Self.includes)/Chat/Rooms/Room.xib"
        let expected = InterfaceBuilderTests.Expected.parse(try Repository.text(nib))
        #expect(expected.map { "\($0.rule) \($0.line)" } == ["unknown-outlet 16"])
        let report = try result.report()
        #expect(report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" } == ["unknown-outlet \(nib):16"])
        #expect(report.diagnostics.first?.message.contains("'subtitleLable'") == true, "\(result)")
        #expect(report.files == 1, "\(result)")
        #expect(
            result.standardError.contains(
                "read the XcodeGen spec \(Self.includes)/project.yml (with the 2 specs it includes): Chat (iOS, module "
                    + "Chat), ChatKit (iOS, module ChatKit)"), "\(result)")
        // Share/target.yml's include is commented out: its target is not the run's.
        #expect(!result.standardError.contains("Share ("), "\(result)")
    }

    /// The pair of the test above: with the exclude spelt so that it matches nothing, the stale copies are
    /// the app's again — the defect is hidden (RoomViewController declared twice) and the stale nib gets a
    /// false unknown-class: the exclude is what makes the first visible and the second silent.
    @Test func withoutTheGlobExcludeTheStaleNibIsChecked() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let copy = scratch.url.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(Self.includes), to: copy)
        let target = copy.appendingPathComponent("Chat/target.yml")
        try (try String(contentsOf: target, encoding: .utf8)).replacingOccurrences(
            of: "**/Test/**", with: "**/Tests/**"
        )
        .write(to: target, atomically: false, encoding: .utf8)
        let result = try runLayoutCheck(["--format", "json", "App"], in: scratch.url)
        let report = try result.report()
        #expect(report.files == 2, "\(result)")
        #expect(
            report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" } == [
                "unknown-class App/Chat/Rooms/Test/Room.xib:21"
            ], "\(result)")
    }

    struct Unfollowed: CustomTestStringConvertible, Sendable {
        var name: String
        /// Changes the copied fixture (`App`, in a folder that also holds `outside.yml`).
        var change: @Sendable (URL) throws -> Void
        var note: String
        var testDescription: String { name }
    }

    static let unfollowed: [Unfollowed] = [
        Unfollowed(
            name: "a cycle",
            change: { app in
                let spec = app.appendingPathComponent("ChatKit/target.yml")
                try ("include: [../project.yml]\n" + (try String(contentsOf: spec, encoding: .utf8)))
                    .write(to: spec, atomically: false, encoding: .utf8)
            },
            note: "App/ChatKit/target.yml:1: the XcodeGen spec App/project.yml is not read (in a spec it includes: it "
                + "includes '../project.yml', which includes it again (a cycle))"),
        Unfollowed(
            name: "an include out of the repository",
            change: { app in
                let spec = app.appendingPathComponent("project.yml")
                try ((try String(contentsOf: spec, encoding: .utf8)) + "  - ../outside.yml\n")
                    .write(to: spec, atomically: false, encoding: .utf8)
            },
            note: "App/project.yml:15: the XcodeGen spec is not read (it includes '../outside.yml', which is not read ("
        ),
        Unfollowed(
            name: "a link out of the repository",
            change: { app in
                let spec = app.appendingPathComponent("Chat/target.yml")
                try FileManager.default.removeItem(at: spec)
                try FileManager.default.createSymbolicLink(atPath: spec.path, withDestinationPath: "../../outside.yml")
            },
            note:
                "App/project.yml:11: the XcodeGen spec is not read (it includes 'Chat/target.yml', which is not read ("),
    ]

    /// An include the reader must not follow — back to a spec on its own chain, or out of the repository
    /// (a path, or a link) — is said once with its spec and line, and the folder is checked in folder
    /// mode: nothing outside is read (`outside.yml` defines a target that would be the run's).
    @Test(arguments: unfollowed) func anIncludeNotFollowedFallsBackOnFolderModeWithOneNote(_ example: Unfollowed) throws
    {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let copy = scratch.url.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(Self.includes), to: copy)
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try "targets:\n  Outside:\n    platform: iOS\n    sources: [App]\n".write(
            to: scratch.url.appendingPathComponent("outside.yml"), atomically: false, encoding: .utf8)
        try example.change(copy)
        let result = try runLayoutCheck(["App"], in: scratch.url)
        #expect(result.standardError.components(separatedBy: example.note).count == 2, "\(result)")
        #expect(result.standardError.contains("checked in folder mode"), "\(result)")
        #expect(!result.standardError.contains("Outside"), "\(result)")
    }

    /// Specs read from memory: each include's path relative to the root spec's folder, asked once.
    static func read(_ specs: [String: String], asked: inout [String]) -> [String] {
        var paths: [String] = []
        let reading = XcodeGenProject.read(Array(specs["project.yml", default: ""].utf8)) { path in
            paths.append(path)
            guard let text = specs[path] else { return .unreadable("no such file") }
            return .bytes(Array(text.utf8))
        }
        asked = paths
        switch reading {
        case .project(let project):
            return project.targets.map { target in
                let sources = target.sources.map { ([$0.path] + $0.excludes).joined(separator: "-") }
                return "\(target.name) \(target.platforms.joined(separator: ",")) \(sources.joined(separator: ",")) "
                    + (target.targetDependencies + target.packageProducts).joined(separator: ",")
            }
        case .unreadable(let reason, let line, let spec): return ["\(spec ?? "project.yml"):\(line): \(reason)"]
        }
    }

    /// XcodeGen's rules: an include is relative to the spec that names it; with `relativePaths` (the
    /// default) its paths are relative to its own folder, without them to the including spec's; a target
    /// two specs define is merged (lists joined, the including spec's platform over the included's); a spec
    /// included twice is read once.
    @Test func includesAreResolvedAndMergedAsXcodeGenDoes() {
        var asked: [String] = []
        let specs = [
            "project.yml": "include:\n  - path: App/target.yml\n  - path: Kit/kit.yml\n    relativePaths: false\n"
                + "  - App/target.yml\ntargets:\n  App:\n    platform: iOS\n    sources: [Shared]\n",
            "App/target.yml": "include: [../Common/base.yml]\ntargets:\n  App:\n    platform: macOS\n"
                + "    sources:\n      - path: .\n        excludes: [\"**/Test/**\"]\n      - ../Shared\n"
                + "    dependencies:\n      - target: Kit\n",
            "Common/base.yml": "targets:\n  Base:\n    sources: [Sources]\n",
            "Kit/kit.yml": "targets:\n  Kit:\n    sources: [Kit/Sources]\n",
        ]
        #expect(
            Self.read(specs, asked: &asked) == [
                "Base  Common/Sources ", "App iOS App-**/Test/**,Shared Kit", "Kit  Kit/Sources ",
            ])
        #expect(asked == ["App/target.yml", "Common/base.yml", "Kit/kit.yml"])
    }

    /// A chain deeper than the limit, a missing include and a cycle each name the spec and line.
    @Test func anIncludeChainTooDeepMissingOrCircularIsUnreadable() {
        var asked: [String] = []
        var deep = ["project.yml": "include: [s1.yml]\n"]
        for index in 1...XcodeGenProject.maximumIncludeDepth + 1 {
            deep["s\(index).yml"] = "include: [s\(index + 1).yml]\n"
        }
        #expect(
            Self.read(deep, asked: &asked) == [
                "s\(XcodeGenProject.maximumIncludeDepth).yml:1: its includes nest deeper than "
                    + "\(XcodeGenProject.maximumIncludeDepth) specs"
            ])
        #expect(asked.count == XcodeGenProject.maximumIncludeDepth)
        let missing = ["project.yml": "targets:\n  App: {}\ninclude:\n  - path: Gone/target.yml\n"]
        #expect(
            Self.read(missing, asked: &asked) == [
                "project.yml:4: it includes 'Gone/target.yml', which is not read (no such file)"
            ])
        let cycle = [
            "project.yml": "include: [A/a.yml]\n", "A/a.yml": "include:\n  - ../B/b.yml\n",
            "B/b.yml": "include: [../A/a.yml]\n",
        ]
        #expect(
            Self.read(cycle, asked: &asked) == [
                "B/b.yml:1: it includes '../A/a.yml', which includes it again (a cycle)"
            ])
    }

    /// XcodeGen's glob semantics on paths relative to the source folder.
    @Test(arguments: [
        ("**/Test/**", "Test", true), ("**/Test/**", "A/B/Test", true), ("**/Test/**", "A/Test/x.swift", true),
        ("**/Test/**", "A/Tests", false), ("**/*.md", "README.md", true), ("**/*.md", "A/B/c.md", true),
        ("*.md", "A/c.md", false), ("Templates/*.sh", "Templates/a.sh", true),
        ("Templates/*.sh", "Templates/a/b.sh", false),
        ("Old?/*.swift", "Old1/A.swift", true), ("Old?/*.swift", "Old12/A.swift", false), ("A/**/B", "A/B", true),
        ("A/**/B", "A/x/y/B", true), ("A/**/B", "A/x/y/C", false), ("*View*", "RoomViewController.swift", true),
    ])
    func globsMatchAsXcodeGens(_ pattern: String, _ path: String, _ matches: Bool) throws {
        let glob = try #require(XcodeGenGlob(pattern))
        #expect(glob.matches(path.split(separator: "/")) == matches)
    }
}
