import Foundation
import Testing

/// `layout-check MyApp.xcodeproj` and `layout-check <folder>`: a whole project checked with one command,
/// each target's Interface Builder files against its own classes. Fixtures/XcodeProject is a project in
/// Xcode's shape with an iOS target (`Phone App`: a storyboard in a variant group, a synchronized
/// folder `Profile/`) and a macOS target (`Mac`) that declares a `SettingsViewController` of its own.
@Suite struct XcodeProjectRunTests {
    static let folder = "Tests/LayoutCheckTests/Fixtures/XcodeProject"
    static let project = "\(folder)/TwoPlatforms.xcodeproj"
    static let storyboard = "\(folder)/Phone/Base.lproj/Main.storyboard"
    static let cell = "\(folder)/Profile/ProfileCell.xib"

    /// What a run over the fixture must report: the defect planted in the iOS target's synchronized
    /// folder, and nothing at the iOS storyboard, whose SettingsViewController is not the macOS one.
    static func expectOnlyTheCellsDefect(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        #expect(result.status == 1, "\(result)", sourceLocation: sourceLocation)
        let report = try result.report(sourceLocation: sourceLocation)
        #expect(report.files == 2, "the storyboard and the cell's nib; the macOS nib is skipped: \(result)")
        let expected = InterfaceBuilderTests.Expected.parse(try Repository.text(cell))
        #expect(
            expected == [InterfaceBuilderTests.Expected(rule: "unknown-outlet", line: 34, note: "ProfileCell.swift:4")])
        let found = report.diagnostics.map { diagnostic in
            InterfaceBuilderTests.Expected(
                rule: diagnostic.rule, line: diagnostic.line,
                note: diagnostic.notes?.first.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)" })
        }
        #expect(found == expected, "\(result)", sourceLocation: sourceLocation)
        #expect(report.diagnostics.allSatisfy { $0.file == cell }, "\(result)", sourceLocation: sourceLocation)
    }

    @Test func aProjectPathChecksEachTargetAgainstItsOwnClasses() throws {
        try Self.expectOnlyTheCellsDefect(try runLayoutCheck(["--format", "json", Self.project]))
        let text = try runLayoutCheck([Self.project])
        #expect(
            text.standardError.contains(
                "layout-check: read the Xcode project \(Self.project): Phone App (iphoneos, module Phone_App), "
                    + "Mac (macosx, module Mac)\n"), "\(text)")
        #expect(text.standardError.contains("skipped 1 macOS Interface Builder file"), "\(text)")
    }

    /// The identifier rules run over a project too, once for the whole project: a reuse identifier that no
    /// target's nib defines is reported at the Swift literal, the one the cell's nib defines is not.
    @Test func aProjectRunJudgesIdentifiersOnceOverAllTargets() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        let swift = copy.appendingPathComponent("Phone/SettingsViewController.swift")
        var text = try String(contentsOf: swift, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "\n}\n",
            with: """

                    func profileCell(in tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
                        _ = tableView.dequeueReusableCell(withIdentifier: "ProfileCell", for: indexPath)
                        return tableView.dequeueReusableCell(withIdentifier: "ProfileCel", for: indexPath)
                    }
                }

                """)
        try text.write(to: swift, atomically: false, encoding: .utf8)
        let result = try runLayoutCheck(["--format", "json", "App/TwoPlatforms.xcodeproj"], in: scratch.url)
        let report = try result.report()
        let identifiers = report.diagnostics.filter { $0.rule == "unknown-reuse-identifier" }
        #expect(identifiers.count == 1, "\(result)")
        #expect(identifiers.first?.file == "App/Phone/SettingsViewController.swift", "\(result)")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains("\"ProfileCel\"")
        }
        #expect(identifiers.first?.line == line.map { $0 + 1 }, "\(result)")
        #expect(identifiers.first?.message.contains("'ProfileCell'") == true, "\(result)")
        // The cell's planted defect is still the only other finding.
        #expect(report.diagnostics.filter { $0.rule != "unknown-reuse-identifier" }.map(\.rule) == ["unknown-outlet"])
    }

    @Test func aFolderHoldingAProjectIsCheckedAsTheProject() throws {
        try Self.expectOnlyTheCellsDefect(try runLayoutCheck(["--format", "json", Self.folder]))
    }

    /// Named Swift sources win: the folder is then not searched for projects, and the files are checked as
    /// before, against every class of the sources named.
    @Test func namedSwiftSourcesWinOverAFoldersProject() throws {
        let result = try runLayoutCheck(["--swift-sources", "\(Self.folder)/Profile", Self.folder])
        #expect(!result.standardError.contains("read the Xcode project"), "\(result)")
        #expect(result.standardOutput.contains("ProfileCell has no outlet named 'avatarView'"), "\(result)")
    }

    /// A project that cannot be read is an error at its line and column, and the other projects of the run
    /// are still checked; the files a project lists that are not there are counted, not silently passed.
    @Test func aBrokenProjectIsAnErrorBesideTheProjectThatIsChecked() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        try scratch.write(
            "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXGroup; children = (\n",
            to: "App/Broken.xcodeproj/project.pbxproj")
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Mac/Settings.xib"))
        // A nib no target copies (the project's own stale file): not judged against the project's classes.
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent("Old"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: copy.appendingPathComponent("Profile/ProfileCell.xib"), to: copy.appendingPathComponent("Old/Stale.xib")
        )
        let result = try runLayoutCheck(["--format", "json", "App"], in: scratch.url)
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(
            report.diagnostics.map { "\($0.file):\($0.line):\($0.column) \($0.rule)" }.sorted() == [
                "App/Broken.xcodeproj/project.pbxproj:5:1 unreadable-file",
                "App/Profile/ProfileCell.xib:34:17 unknown-outlet",
            ], "\(result)")
        #expect(
            result.standardError.contains("1 file the Xcode projects list does not exist and was not checked"),
            "\(result)")
        #expect(
            result.standardError.contains(
                "layout-check: 1 Interface Builder file in no target of the Xcode projects or Swift packages (built "
                    + "into no app, or by a project the run did not read) was not checked: App/Old/Stale.xib; name "
                    + "it with --swift-sources to check it\n"), "\(result)")
    }

    /// A nib in no target is named (the first ten, then how many more), and `--strict`, under which
    /// warnings fail the run, fails it too: nothing checks such a file (issue 39, item 10).
    @Test func filesInNoTargetAreNamedAndFailAStrictRun() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Mac/Settings.xib"))
        // The cell's planted defect fixed: without the stale files the run passes, strict or not.
        let cell = copy.appendingPathComponent("Profile/ProfileCell.xib")
        let fixed = try String(contentsOf: cell, encoding: .utf8).replacingOccurrences(
            of: "property=\"avatarView\"", with: "property=\"avatarImageView\"")
        try fixed.write(to: cell, atomically: false, encoding: .utf8)
        #expect(try runLayoutCheck(["--strict", "App"], in: scratch.url).status == 0)
        let old = copy.appendingPathComponent("Old")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        for index in 1...12 {
            try fixed.write(to: old.appendingPathComponent("Stale\(index).xib"), atomically: false, encoding: .utf8)
        }
        let lenient = try runLayoutCheck(["App"], in: scratch.url)
        #expect(lenient.status == 0, "\(lenient)")
        #expect(lenient.standardError.contains("12 Interface Builder files in no target"), "\(lenient)")
        #expect(lenient.standardError.contains("App/Old/Stale1.xib, App/Old/Stale10.xib"), "\(lenient)")
        #expect(lenient.standardError.contains(", and 2 more; name them with --swift-sources"), "\(lenient)")
        #expect(!lenient.standardError.contains("--strict:"), "\(lenient)")
        let strict = try runLayoutCheck(["--strict", "App"], in: scratch.url)
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.standardError.contains("(--strict: this fails the run)"), "\(strict)")
    }

    /// A group whose path leaves the project's folder and comes back (`../App/Phone`) names the files a
    /// search of the folder finds: they are the target's, checked once, not also counted as in no target.
    @Test func aPathThatLeavesTheProjectsFolderAndComesBackIsTheSameFile() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        let projectFile = copy.appendingPathComponent("TwoPlatforms.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: projectFile, encoding: .utf8)
        try #require(text.contains("\t\t\tpath = Phone;\n"))
        try Data(text.replacingOccurrences(of: "\t\t\tpath = Phone;\n", with: "\t\t\tpath = ../App/Phone;\n").utf8)
            .write(to: projectFile)
        let result = try runLayoutCheck(["--format", "json", "App"], in: scratch.url)
        try Self.expectOnlyTheCellsDefect(result, renamedTo: "App")
        #expect(try result.report().files == 2, "\(result)")
        #expect(!result.standardError.contains("in no target"), "\(result)")
    }

    /// A project is the repository's to say, like a configuration: a folder it lists that leads out of
    /// the repository (here the synchronized folder `Profile`, moved beside it) is not searched or read,
    /// and the run counts it rather than check what is there.
    @Test func aFolderTheProjectListsOutsideTheRepositoryIsNotRead() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        let outside = try TemporaryDirectory()
        defer { outside.remove() }
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: copy.appendingPathComponent("Profile"), to: outside.url.appendingPathComponent("Profile"))
        let projectFile = copy.appendingPathComponent("TwoPlatforms.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: projectFile, encoding: .utf8)
        try #require(text.contains("\t\t\tpath = Profile;\n"))
        let away = "../../\(outside.url.lastPathComponent)/Profile"
        try Data(text.replacingOccurrences(of: "\t\t\tpath = Profile;\n", with: "\t\t\tpath = \"\(away)\";\n").utf8)
            .write(to: projectFile)
        let result = try runLayoutCheck(["--format", "json", "App"], in: scratch.url)
        #expect(result.status == 0, "\(result)")
        let report = try result.report()
        #expect(report.files == 1, "the storyboard only: \(result)")
        #expect(!report.diagnostics.contains { $0.file.contains("Profile") }, "\(result)")
        #expect(
            result.standardError.contains("1 path the Xcode projects list leads out of the repository"), "\(result)")
    }

    /// A project made on macOS may spell a folder in another case than the disk does (the file system
    /// there ignores case): its files are still found and checked, not counted as missing.
    @Test func aFolderSpelledInAnotherCaseIsStillFound() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        try FileManager.default.moveItem(
            at: copy.appendingPathComponent("Profile"), to: copy.appendingPathComponent("profile"))
        try FileManager.default.moveItem(
            at: copy.appendingPathComponent("Phone"), to: copy.appendingPathComponent("PHONE"))
        let result = try runLayoutCheck(["--format", "json", "App"], in: scratch.url)
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.files == 2, "\(result)")
        #expect(
            report.diagnostics.map { "\($0.file):\($0.line) \($0.rule)" } == [
                "App/profile/ProfileCell.xib:34 unknown-outlet"
            ])
        #expect(!result.standardError.contains("do not exist") && !result.standardError.contains("does not exist"))
    }

    /// A folder named like a project that holds no project file is an error naming it, not a silent pass.
    @Test func aProjectPathWithoutItsProjectFileIsAnError() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("Empty.xcodeproj"), withIntermediateDirectories: true)
        let result = try runLayoutCheck(["--format", "json", "Empty.xcodeproj"], in: scratch.url)
        #expect(result.status == 1, "\(result)")
        // Beside the run's own warning that it had no classes to check layouts against.
        let inFiles = try result.report().diagnostics.filter { !$0.file.isEmpty }
        #expect(inFiles.map { "\($0.file):\($0.line) \($0.rule)" } == ["Empty.xcodeproj:1 unreadable-file"])
        #expect(inFiles.first?.message.contains("holds no project.pbxproj") == true, "\(result)")
    }

    /// A storyboard of a target that depends on a macOS target (as an iOS app embeds its watch app) still
    /// sees only iOS classes: the macOS SettingsViewController's outlet is not an unconnected one of the
    /// iOS scene.
    @Test func aTargetDoesNotSeeTheClassesOfAMacOSTargetItDependsOn() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        let projectFile = copy.appendingPathComponent("TwoPlatforms.xcodeproj/project.pbxproj")
        var text = try String(contentsOf: projectFile, encoding: .utf8)
        // The iOS app now depends on the macOS app (as an iOS app embeds its watch app).
        text = text.replacingOccurrences(
            of: "\t\t\tdependencies = (\n\t\t\t);\n\t\t\tfileSystemSynchronizedGroups",
            with:
                "\t\t\tdependencies = (\n\t\t\t\t1A0000000000000000000E01,\n\t\t\t);\n\t\t\tfileSystemSynchronizedGroups"
        )
        text = text.replacingOccurrences(
            of: "/* Begin PBXVariantGroup section */",
            with: "\t\t1A0000000000000000000E01 = {isa = PBXTargetDependency; target = 1A0000000000000000000602;};\n"
                + "/* Begin PBXVariantGroup section */")
        try Data(text.utf8).write(to: projectFile)
        try Self.expectOnlyTheCellsDefect(
            try runLayoutCheck(["--format", "json", "App"], in: scratch.url), renamedTo: "App")
    }

    /// Xcode 16 shares a file of one target's synchronized folder with another target (an extension) by
    /// an exception set of that folder naming the other target: the file is then that target's too. The
    /// extension's storyboard may use the shared BadgeButton (no finding), not the app's own RoundButton;
    /// and the app's localized storyboard shared as `/Localized/Badge.storyboard` is checked in the
    /// extension, whose classes lack its BadgeViewController.
    @Test func filesAnotherTargetsFolderSharesBelongToTheTarget() throws {
        let folder = "Tests/LayoutCheckTests/Fixtures/SharedFolders"
        let result = try runLayoutCheck(["--format", "json", "\(folder)/Sharing.xcodeproj"])
        var expected: [String] = []
        for file in ["App/Base.lproj/Badge.storyboard", "Share/Base.lproj/MainInterface.storyboard"] {
            for item in InterfaceBuilderTests.Expected.parse(try Repository.text("\(folder)/\(file)")) {
                expected.append("\(item.rule) \(folder)/\(file):\(item.line)")
            }
        }
        #expect(expected.count == 2)
        let found = try result.report().diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }.sorted()
        #expect(found == expected.sorted(), "\(result)")
        #expect(!result.standardOutput.contains("BadgeButton"), "\(result)")
    }

    /// A framework's view loads its nib with itself as the owner (Loop's StatusBarHUDView): the nib, in the
    /// framework's target, connects the outlets that an app storyboard, in another target, only places the
    /// view without. An outlet connected in one target is connected for all; one that no file connects is one
    /// finding, at its first use, in project mode and folder mode alike.
    @Test(arguments: [[String](), ["--swift-sources", "Clock=Clock", "--swift-sources", "HUDKit=HUDKit", "."]])
    func anOutletItsOwnNibConnectsInAnotherTargetIsConnected(folderMode: [String]) throws {
        let folder = "Tests/LayoutCheckTests/Fixtures/CrossTargetOwner"
        let storyboard = "Clock/Base.lproj/Main.storyboard"
        let expected = InterfaceBuilderTests.Expected.parse(try Repository.text("\(folder)/\(storyboard)")).map {
            "\($0.rule) \(storyboard):\($0.line)"
        }
        #expect(expected == ["unconnected-outlet \(storyboard):19"])
        let result = try runLayoutCheck(
            ["--format", "json"] + (folderMode.isEmpty ? ["."] : folderMode),
            in: Repository.root.appendingPathComponent(folder))
        let report = try result.report()
        #expect(report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" } == expected, "\(result)")
        #expect(report.diagnostics.first?.message.contains("'iconView'") == true, "\(result)")
        #expect(!result.standardOutput.contains("timeLabel"), "\(result)")
    }
}

extension XcodeProjectRunTests {
    /// Xcode 16's exception sets, both ways (issue 39, item 5): the app folder's set for the extension
    /// adds Cells/TagCell.xib to the extension and takes nothing from the app, so TagList.storyboard's
    /// TagCell, whose titleLabel only that nib connects, is no `unconnected-outlet`; the app's own set
    /// takes the folder `Legacy` away, its stale nib and its stale copy of TagListViewController with it
    /// (read, the copy would make the class ambiguous and hide the storyboard's real misspelt outlet).
    @Test func anExceptionSetAddsToTheTargetItNamesAndTakesAwayFromTheFoldersOwner() throws {
        let folder = "Tests/LayoutCheckTests/Fixtures/SynchronizedExceptions"
        let result = try runLayoutCheck(["--format", "json", "\(folder)/Exceptions.xcodeproj"])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let storyboard = "\(folder)/App/TagList.storyboard"
        let expected = InterfaceBuilderTests.Expected.parse(try Repository.text(storyboard))
        #expect(expected.map { "\($0.rule) \($0.line)" } == ["unknown-outlet 47"])
        #expect(
            report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" } == ["unknown-outlet \(storyboard):47"],
            "\(result)")
        #expect(report.diagnostics.first?.message.contains("'countLable'") == true, "\(result)")
        #expect(
            report.diagnostics.first?.notes?.first?.file == "\(folder)/App/TagListViewController.swift", "\(result)")
        #expect(report.files == 2, "TagList.storyboard and TagCell.xib; Legacy/ is no target's: \(result)")
    }

    /// A storyboard two targets build, whose classes come from the target (`customModuleProvider`), is
    /// checked as `Sharing.BadgeButton` and as `Share.BadgeButton`: its one misspelt outlet is one finding,
    /// the other target's words a note, not two errors at one place.
    @Test func aDefectTwoTargetsFindInOneFileIsOneFinding() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let copy = scratch.url.appendingPathComponent("Sharing")
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("Tests/LayoutCheckTests/Fixtures/SharedFolders"), to: copy)
        try Data("import UIKit\n\nclass BadgeButton: UIButton {\n    @IBOutlet weak var countLabel: UILabel?\n}\n".utf8)
            .write(to: copy.appendingPathComponent("App/Views/BadgeButton.swift"))
        let storyboard = copy.appendingPathComponent("App/Base.lproj/Badge.storyboard")
        let text = try String(contentsOf: storyboard, encoding: .utf8)
        let connection =
            "<connections><outlet property=\"countLable\" destination=\"Sa3-gD-3cC\" id=\"Cl1-oT-3cC\"/></connections>"
        try Data(
            text.replacingOccurrences(
                of: "title=\"Badge\"/>\n                            </button>",
                with: "title=\"Badge\"/>\n" + connection + "</button>"
            ).utf8
        )
        .write(to: storyboard)
        let result = try runLayoutCheck(["--format", "json", "."], in: copy)
        let outlets = try result.report().diagnostics.filter { $0.rule == "unknown-outlet" }
        #expect(outlets.count == 1, "\(result)")
        #expect(outlets.first.map { "\($0.file):\($0.line)" } == "App/Base.lproj/Badge.storyboard:25", "\(result)")
        #expect(
            outlets.first?.notes?.contains { $0.message.hasPrefix("another target that builds this file finds it too") }
                == true, "\(result)")
    }
}

extension XcodeProjectRunTests {
    /// A fresh folder holding a copy of the fixture folder as `App/`, for a test that changes it.
    static func copyOfTheFixture() throws -> (TemporaryDirectory, URL) {
        let scratch = try TemporaryDirectory()
        let copy = scratch.url.appendingPathComponent("App")
        do {
            try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(folder), to: copy)
        } catch {
            scratch.remove()
            throw error
        }
        return (scratch, copy)
    }

    /// `expectOnlyTheCellsDefect` for a copy of the fixture folder at `folder`.
    static func expectOnlyTheCellsDefect(
        _ result: CommandResult, renamedTo folder: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(result.status == 1, "\(result)", sourceLocation: sourceLocation)
        let report = try result.report(sourceLocation: sourceLocation)
        #expect(
            report.diagnostics.map { "\($0.file):\($0.line) \($0.rule)" } == [
                "\(folder)/Profile/ProfileCell.xib:34 unknown-outlet"
            ],
            "\(result)", sourceLocation: sourceLocation)
    }
}
