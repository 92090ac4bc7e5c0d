import Foundation
import Testing

/// The identifier rules: Swift string literals that name a reuse identifier, storyboard ID, segue or
/// Interface Builder file, judged against the run's files. Fixtures/InterfaceBuilder/Identifiers/Shop is
/// a small app that uses every call form correctly and broken; each broken line follows an
/// `// expect: RULE` comment, and its Interface Builder files an `<!-- expect: RULE LINE -->` one.
@Suite struct InterfaceBuilderIdentifierTests {
    static let folder = "Tests/LayoutCheckTests/Fixtures/InterfaceBuilder/Identifiers"
    static let shop = "\(folder)/Shop"
    static let computed = "\(folder)/Computed"
    /// Outside Fixtures/InterfaceBuilder: its Xcode project would make the runs over that folder project runs.
    static let buildSettings = "Tests/LayoutCheckTests/Fixtures/IdentifiersBuildSettings"

    /// The findings the fixture files of `folder` name, as `RULE FILE:LINE`.
    static func expected(in folder: String) throws -> [String] {
        var found: [String] = []
        let root = Repository.root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        for relative in paths.sorted() {
            let path = "\(folder)/\(relative)"
            if relative.hasSuffix(".swift") {
                for (index, line) in try Repository.text(path).split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated()
                {
                    // The finding is on the line after the comment.
                    if let match = line.wholeMatch(of: /\s*\/\/ expect: ([a-z-]+)/) {
                        found.append("\(match.output.1) \(path):\(index + 2)")
                    }
                }
            } else if relative.hasSuffix(".xib") || relative.hasSuffix(".storyboard") {
                for match in try Repository.text(path).matches(of: /<!-- expect: ([a-z-]+) ([0-9]+) -->/) {
                    found.append("\(match.output.1) \(path):\(match.output.2)")
                }
            }
        }
        return found.sorted()
    }

    @Test func everyBrokenCallFormIsReportedAtItsLiteralAndNoCorrectOneIs() throws {
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "Shop=\(Self.shop)", Self.shop])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let found = report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }.sorted()
        let expected = try Self.expected(in: Self.shop)
        #expect(expected.count >= 12)
        #expect(found == expected, "\(result)")
        // The call forms that crash are errors; the reverse findings, and what an unloaded file holds, warnings.
        for diagnostic in report.diagnostics {
            let isWarning =
                ["unreachable-scene", "unloaded-interface-file"].contains(diagnostic.rule)
                || diagnostic.file.hasSuffix("Promo.xib")
            #expect(diagnostic.severity == (isWarning ? "warning" : "error"), "\(diagnostic)")
        }
    }

    @Test func theMessageSuggestsTheClosestNameAndTheNoteIsWhereItIsDefined() throws {
        let result = try runLayoutCheck(["--swift-sources", "Shop=\(Self.shop)", Self.shop])
        let lines = result.outputLines
        let index = try #require(lines.firstIndex { $0.contains("\"Reciept\"") }, "\(result)")
        #expect(
            lines[index]
                == "\(Self.shop)/CatalogViewController.swift:39:75: error: no scene of the run's storyboards has the "
                + "storyboard ID \"Reciept\": instantiateViewController(withIdentifier:) crashes; did you mean "
                + "'Receipt'? [unknown-storyboard-identifier]")
        #expect(lines[index + 1] == "\(Self.shop)/Base.lproj/Main.storyboard:118:17: note: the storyboard ID 'Receipt'")
        let unloaded = try #require(lines.firstIndex { $0.contains("[unknown-outlet]") }, "\(result)")
        #expect(lines[unloaded].hasPrefix("\(Self.shop)/Promo.xib:11:17: warning: "), "\(result)")
        #expect(lines[unloaded + 2].contains("note: a warning: nothing loads this file"), "\(result)")
    }

    /// A load by a name built at run time could be any file or scene, and a registration by a constant any
    /// reuse identifier: nothing is said to be loaded or reached by nothing, and no dequeue is judged. The
    /// same app with literals in their place has all three findings.
    @Test func loadsByComputedNamesSilenceWhatTheyCouldReach() throws {
        let computed = try runLayoutCheck(["--format", "json", "--swift-sources", Self.computed, Self.computed])
        #expect(computed.status == 0, "\(computed)")
        #expect(try computed.report().diagnostics.isEmpty, "\(computed)")
        // What was not judged is said, with the call that made it unknowable.
        let reasons = computed.standardError.split(separator: "\n").filter { $0.contains(" not judged") }
        #expect(
            reasons.map { $0.split(separator: " ")[1] } == [
                "unknown-reuse-identifier", "unreachable-scene", "unloaded-interface-file",
            ], "\(computed)")
        #expect(reasons.allSatisfy { $0.contains("\(Self.computed)/HomeViewController.swift:1") }, "\(computed)")

        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for name in ["Info.plist", "Main.storyboard", "Banner.xib"] {
            _ = try folder.write(try Repository.text("\(Self.computed)/\(name)"), to: name)
        }
        let literal = try Repository.text("\(Self.computed)/HomeViewController.swift")
            .replacingOccurrences(of: "loadNibNamed(name,", with: "loadNibNamed(\"Main\",")
            .replacingOccurrences(of: "withIdentifier: Self.settingsScene", with: "withIdentifier: \"Home\"")
            .replacingOccurrences(
                of: "forCellReuseIdentifier: identifier", with: "forCellReuseIdentifier: \"Line\"")
        _ = try folder.write(literal, to: "HomeViewController.swift")
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", folder.path, folder.path])
        let found = try result.report().diagnostics.map {
            "\($0.rule) \(URL(fileURLWithPath: $0.file).lastPathComponent)"
        }
        #expect(
            found.sorted() == [
                "unknown-interface-file HomeViewController.swift",  // no nib "Main": it is a storyboard
                "unknown-reuse-identifier HomeViewController.swift",
                "unknown-storyboard-identifier HomeViewController.swift",
                "unloaded-interface-file Banner.xib",
                "unreachable-scene Main.storyboard",
            ], "\(result)")

        // Objective-C that names no nib, storyboard, segue or identifier changes nothing; a view controller
        // it implements loads the nib named like it, as a Swift one does.
        _ = try folder.write(
            "#import \"DateFormatting.h\"\n\n@implementation DateFormatting\n+ (NSString *)today { return @\"\"; }\n@end\n",
            to: "Legacy/DateFormatting.m")
        let plain = try runLayoutCheck(["--format", "json", "--swift-sources", folder.path, folder.path])
        #expect(try plain.report().diagnostics.count == 5, "\(plain)")
        _ = try folder.write(
            "#import \"BannerController.h\"\n\n@implementation BannerController\n@end\n",
            to: "Legacy/BannerController.m")
        let banner = try runLayoutCheck(["--format", "json", "--swift-sources", folder.path, folder.path])
        #expect(
            try banner.report().diagnostics.map(\.rule).sorted() == [
                "unknown-interface-file", "unknown-reuse-identifier", "unknown-storyboard-identifier",
                "unreachable-scene",
            ], "\(banner)")

        // Objective-C beside the Swift code that may load files by literals that are not read: only what no
        // code can define (storyboard IDs, files) is still judged, and the summary says why. Its literal
        // registrations are read, so reuse identifiers are still judged.
        _ = try folder.write(
            "#import <UIKit/UIKit.h>\n\n@implementation LegacyCells\n+ (void)registerIn:(UITableView *)tableView {\n"
                + "    [tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:@\"Line\"];\n}\n@end\n",
            to: "Legacy/LegacyCells.m")
        let mixed = try runLayoutCheck(["--format", "json", "--swift-sources", folder.path, folder.path])
        let judged = try mixed.report().diagnostics.map(\.rule).sorted()
        #expect(
            judged == ["unknown-interface-file", "unknown-reuse-identifier", "unknown-storyboard-identifier"],
            "\(mixed)")
        #expect(
            mixed.standardError.contains(
                "layout-check: unreachable-scene, unloaded-interface-file not judged: the "
                    + "sources hold Objective-C, whose string literals are not read\n"), "\(mixed)")
    }

    /// The main and launch storyboards are loaded by the Info.plist alone; without any Info.plist the
    /// checker cannot know what the app loads first, and says no file is unloaded.
    @Test func storyboardsNamedOnlyInTheInfoPlistAreLoaded() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for name in ["Base.lproj/Main.storyboard", "Base.lproj/LaunchScreen.storyboard", "Info.plist"] {
            _ = try folder.write(try Repository.text("\(Self.shop)/\(name)"), to: name)
        }
        let unloaded = { (result: CommandResult) in
            try result.report().diagnostics.filter { $0.rule == "unloaded-interface-file" }
                .map { URL(fileURLWithPath: $0.file).lastPathComponent }
        }
        let named = try runLayoutCheck(["--format", "json", "--swift-sources", folder.path, folder.path])
        #expect(try unloaded(named).isEmpty, "\(named)")

        let plist = try Repository.text("\(Self.shop)/Info.plist")
            .replacingOccurrences(of: "<key>UILaunchStoryboardName</key>", with: "<key>UIStatusBarStyle</key>")
        _ = try folder.write(plist, to: "Info.plist")
        let withoutLaunch = try runLayoutCheck(["--format", "json", "--swift-sources", folder.path, folder.path])
        #expect(try unloaded(withoutLaunch) == ["LaunchScreen.storyboard"], "\(withoutLaunch)")

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Info.plist"))
        let noPlist = try runLayoutCheck(["--format", "json", "--swift-sources", folder.path, folder.path])
        #expect(try unloaded(noPlist).isEmpty, "\(noPlist)")
    }

    /// An Xcode project that generates its Info.plist names the main and launch storyboards only in its
    /// build settings (`INFOPLIST_KEY_UIMainStoryboardFile`), read from the project beside the app's folder;
    /// without that setting, Main.storyboard is loaded by nothing.
    @Test func storyboardsNamedOnlyInTheBuildSettingsAreLoaded() throws {
        let project = Repository.root.appendingPathComponent("\(Self.buildSettings)")
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "Notes", "Notes"], in: project)
        let found = try result.report().diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }
        #expect(found == ["unloaded-interface-file Notes/Archive.xib:2"], "\(result)")
        #expect(try Self.expected(in: "\(Self.buildSettings)").count == 1)

        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for name in [
            "Notes/Archive.xib", "Notes/NotesViewController.swift", "Notes/Base.lproj/Main.storyboard",
            "Notes/Base.lproj/LaunchScreen.storyboard",
        ] {
            _ = try folder.write(try Repository.text("\(Self.buildSettings)/\(name)"), to: name)
        }
        let settings = try Repository.text("\(Self.buildSettings)/Notes.xcodeproj/project.pbxproj")
            .replacingOccurrences(of: "INFOPLIST_KEY_UIMainStoryboardFile = Main;", with: "")
        _ = try folder.write(settings, to: "Notes.xcodeproj/project.pbxproj")
        let unnamed = try runLayoutCheck(["--format", "json", "--swift-sources", "Notes", "Notes"], in: folder.url)
        let files = try unnamed.report().diagnostics.map { "\($0.rule) \($0.file)" }.sorted()
        #expect(
            files == [
                "unloaded-interface-file Notes/Archive.xib", "unloaded-interface-file Notes/Base.lproj/Main.storyboard",
            ], "\(unnamed)")
    }

    /// Like every rule of the table, the identifier rules can be lowered or switched off in the configuration.
    @Test func theConfigurationLowersAndSilencesTheIdentifierRules() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let configuration = try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout-check xmlns="urn:layoutkit:config:1">
                <rule id="unknown-segue-identifier" severity="warning"/>
                <rule id="unknown-reuse-identifier" severity="ignore"/>
            </layout-check>

            """, to: "layout-check.xml")
        let result = try runLayoutCheck([
            "--config", configuration.path, "--format", "json", "--swift-sources", "Shop=\(Self.shop)", Self.shop,
        ])
        let report = try result.report()
        let segue = report.diagnostics.filter { $0.rule == "unknown-segue-identifier" }
        #expect(segue.count == 1 && segue.allSatisfy { $0.severity == "warning" }, "\(result)")
        #expect(!report.diagnostics.contains { $0.rule == "unknown-reuse-identifier" }, "\(result)")
        #expect(report.diagnostics.contains { $0.rule == "unknown-storyboard-identifier" && $0.severity == "error" })
    }

    /// The identifiers of the app's Interface Builder files beside its Swift sources count even when the
    /// PATHs name only some of the files: a run over one nib judges nothing against what it left out.
    @Test func filesBesideTheSwiftSourcesDefineIdentifiersWithoutBeingChecked() throws {
        let result = try runLayoutCheck([
            "--format", "json", "--swift-sources", "Shop=\(Self.shop)", "\(Self.shop)/ReviewCell.xib",
        ])
        let report = try result.report()
        #expect(report.files == 1)
        let rules = Set(report.diagnostics.map(\.rule))
        #expect(!report.diagnostics.contains { $0.message.contains("\"ProductCell\"") }, "\(result)")
        #expect(
            rules.isSubset(of: [
                "unknown-reuse-identifier", "unknown-storyboard-identifier", "unknown-segue-identifier",
                "unknown-interface-file",
            ]), "\(result)")
        #expect(report.diagnostics.count == 11, "\(result)")
    }
}
