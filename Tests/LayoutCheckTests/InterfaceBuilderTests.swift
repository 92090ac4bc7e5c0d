import Foundation
import LayoutKit
import Testing

/// `layout-check --swift-sources`: Interface Builder files checked against the Swift classes they name,
/// through the built executable. Fixtures/InterfaceBuilder/App is a small app whose nib and storyboard
/// are correct; Defects/ holds files with planted defects, each named with its Swift note by an
/// `<!-- expect: RULE LINE [SWIFTFILE:LINE] -->` comment.
@Suite struct InterfaceBuilderTests {
    static let folder = "Tests/LayoutCheckTests/Fixtures/InterfaceBuilder"
    static let app = "\(folder)/App"
    static let defects = "\(folder)/Defects"

    /// A planted defect: the rule, the line of the element, and where its note points (file name and line).
    struct Expected: Hashable, Comparable, CustomStringConvertible {
        var rule: String
        var line: Int
        var note: String?

        var description: String { "\(rule)@\(line)" + (note.map { " note \($0)" } ?? "") }

        static func < (lhs: Expected, rhs: Expected) -> Bool { (lhs.line, lhs.rule) < (rhs.line, rhs.rule) }

        static func parse(_ text: String) -> [Expected] {
            text.matches(of: /<!-- expect: ([a-z-]+) ([0-9]+)(?: ([^ ]+))? -->/).compactMap { match in
                Int(match.output.2).map {
                    Expected(rule: String(match.output.1), line: $0, note: match.output.3.map(String.init))
                }
            }
        }
    }

    /// A folder of Interface Builder files with no Xcode project and no Swift sources named (a Tuist or
    /// XcodeGen project before it is generated) is not checked, and the summary says so rather than
    /// "0 files"; with the Swift sources named they are checked and nothing is said.
    @Test func interfaceBuilderFilesNothingCanCheckAreCountedAndSaid() throws {
        let folder = "\(Self.folder)/Platforms"
        let unnamed = try runLayoutCheck([folder])
        #expect(
            unnamed.standardError.contains(
                "layout-check: 3 Interface Builder files under the PATHs were not checked: no Xcode project was found "
                    + "and no Swift sources were named;"), "\(unnamed)")
        let named = try runLayoutCheck(["--swift-sources", folder, folder])
        #expect(!named.standardError.contains("were not checked"), "\(named)")
        #expect(named.standardError.contains("1 file, "), "\(named)")
    }

    /// A repository with Interface Builder files and Swift code but no Xcode project (a SwiftPM app, a Tuist
    /// or XcodeGen project before it is generated) is checked in folder mode, and the summary says so once
    /// (issue "Interface Builder on real apps, round 2", item 8): the App fixture's planted-free files pass,
    /// and a defect planted in a copy is found.
    @Test func aFolderWithNoXcodeProjectFallsBackToFolderMode() throws {
        let clean = try runLayoutCheck([Self.app])
        #expect(clean.status == 0, "\(clean)")
        #expect(
            clean.standardError.contains(
                "no Xcode project under the PATHs and no Swift sources named: 2 Interface Builder files are checked "
                    + "in folder mode"), "\(clean)")
        #expect(clean.standardError.contains("2 files, 0 errors"), "\(clean)")
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let copy = scratch.url.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(Self.app), to: copy)
        let nib = copy.appendingPathComponent("PhotoCell.xib")
        let text = try String(contentsOf: nib, encoding: .utf8)
        #expect(text.contains(#"property="titleLabel""#))
        try text.replacingOccurrences(of: #"property="titleLabel""#, with: #"property="tittleLabel""#)
            .write(to: nib, atomically: true, encoding: .utf8)
        let broken = try runLayoutCheck(["--format", "json", "."], in: copy)
        #expect(try broken.report().diagnostics.contains { $0.rule == "unknown-outlet" }, "\(broken)")
    }

    /// Xcode's localization exports (`fr.xcloc/Source Contents/…`) hold copies of storyboards and nibs that
    /// no target builds: a search passes over them as it passes over `.build` (issue "Interface Builder on
    /// real apps, round 2", item 6), so a stale copy's findings are not reported at the copy.
    @Test func localizationExportsAreNotSearched() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let copy = scratch.url.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(Self.app), to: copy)
        let nib = try String(contentsOf: copy.appendingPathComponent("PhotoCell.xib"), encoding: .utf8)
        let stale = nib.replacingOccurrences(of: #"property="titleLabel""#, with: #"property="oldTitleLabel""#)
        #expect(stale != nib)
        try scratch.write(stale, to: "Localizations/fr.xcloc/Source Contents/App/PhotoCell.xib")
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "App", "."], in: scratch.url)
        let report = try result.report()
        #expect(report.diagnostics.isEmpty, "\(result)")
        #expect(report.files == 2, "\(result)")
    }

    /// A nib of one view holding `subviews`, one a line from line 6.
    static func nib(subviews: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <objects>
                <view contentMode="scaleToFill" id="Rt1-vW-1aA">
                    <subviews>
        \(subviews.map { "                " + $0 }.joined(separator: "\n"))
                    </subviews>
                </view>
            </objects>
        </document>

        """
    }

    @Test func theAppsNibAndStoryboardAreClean() throws {
        let result = try runLayoutCheck(["--swift-sources", Self.app, Self.app])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
        #expect(result.standardError.hasPrefix("2 files, 0 errors, 0 warnings"), "\(result)")
    }

    /// A unit's first file is read and parsed while its check is built (`--jobs 2`, the catalog built on
    /// the other core), and judged once the check is there; with `--jobs 1` nothing is read ahead. Each
    /// planted defect, the truncated file, the file that is not Interface Builder's and each other
    /// platform's file, checked alone (so first), is judged the same either way, to the byte.
    @Test func aFileReadAheadIsJudgedAsOneReadAfter() throws {
        var paths = Repository.files(in: Self.defects, suffix: "").map { "\(Self.defects)/\($0)" }
        paths += Repository.files(in: "\(Self.folder)/Platforms", suffix: "").map { "\(Self.folder)/Platforms/\($0)" }
        try #require(paths.count >= 8)
        for path in paths {
            var outputs: [String] = []
            for jobs in ["1", "2"] {
                let result = try runLayoutCheck(["--jobs", jobs, "--format", "json", "--swift-sources", Self.app, path])
                outputs.append("\(result.status)\n\(result.standardOutput)")
            }
            #expect(outputs[0] == outputs[1], "\(path)")
            #expect(outputs[0].contains("\"rule\"") || outputs[0].hasPrefix("0\n"), "\(path): \(outputs[0])")
        }
    }

    @Test func everyPlantedDefectIsReportedAtItsElementWithItsSwiftNote() throws {
        let names = Repository.files(in: Self.defects, suffix: "")
        try #require(names.count >= 4)
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", Self.app, Self.defects])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.files == names.count)
        var unclaimed = Set(report.diagnostics)
        for name in names {
            let path = "\(Self.defects)/\(name)"
            let expected = Expected.parse(try Repository.text(path))
            #expect(!expected.isEmpty, "\(name) names no defect")
            let diagnostics = report.diagnostics.filter { $0.file == path }
            unclaimed.subtract(diagnostics)
            let found = diagnostics.map { diagnostic in
                Expected(
                    rule: diagnostic.rule, line: diagnostic.line,
                    note: diagnostic.notes?.first.map {
                        "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)"
                    })
            }
            #expect(found.sorted() == expected.sorted(), "\(name)")
        }
        #expect(unclaimed.isEmpty, "diagnostics for no fixture: \(unclaimed)")
    }

    /// Real apps keep macOS and watchOS nibs beside the iOS ones, name Objective-C classes of pods without a
    /// module, and connect UIKit's own outlets of a cell: none of that is a finding. Paired with what must
    /// still be one in the same folder: the iOS nib is checked, and an app class whose name starts with UI,
    /// renamed away in Swift, is `unknown-class`.
    @Test func otherPlatformsAreSkippedAndCountedWhileTheIOSNibBesideThemIsChecked() throws {
        let folder = "\(Self.folder)/Platforms"
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", Self.app, folder])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.files == 1, "only the iOS nib is checked: \(result)")
        let nib = "\(folder)/PhoneProfile.xib"
        let expected = Expected.parse(try Repository.text(nib))
        #expect(expected == [Expected(rule: "unknown-class", line: 32)])
        #expect(report.diagnostics.map { Expected(rule: $0.rule, line: $0.line) } == expected, "\(result)")
        #expect(report.diagnostics.allSatisfy { $0.file == nib }, "\(result)")
        let text = try runLayoutCheck(["--swift-sources", Self.app, folder])
        #expect(
            text.standardError.contains(
                "skipped 1 macOS and 1 watchOS Interface Builder files, which UIKit's checks do not apply to"),
            "\(text)")
    }

    /// sourcekitd is asked with the options a current project builds with: a file with bare-slash regex
    /// literals parses (it was `unreadable-file` when sourcekitd parsed as a Swift 5 file without them).
    @Test func swiftWithBareSlashRegexLiteralsParses() throws {
        let file = "\(Self.app)/VersionParsing.swift"
        #expect(try Repository.text(file).contains("/^[0-9.]+$/"))
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", Self.app, Self.app])
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().diagnostics.isEmpty, "\(result)")
    }

    /// Xcode never writes an id twice: a file that does is `duplicate-id` at each later element, with a
    /// note at the first — capped per file like every other finding, however many views share the id.
    @Test(arguments: [2, 3_000]) func viewsSharingOneIdAreDuplicateIdCappedPerFile(views: Int) throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let subviews = (0..<views).map { _ in #"<view contentMode="scaleToFill" id="Dp1-vW-1aA"/>"# }
        try project.write(Self.nib(subviews: subviews), to: "Shared.xib")
        let app = Repository.root.appendingPathComponent(Self.app).path
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", "App=\(app)", "Shared.xib"], in: project.url)
        #expect(result.status == 1, "\(result)")
        let found = try result.report().diagnostics.filter { $0.file == "Shared.xib" }
        let duplicates = found.filter { $0.rule == "duplicate-id" }
        if views == 2 {
            #expect(duplicates.map(\.line) == [7], "\(result)")
            #expect(duplicates.first?.notes?.first?.line == 6, "\(result)")
            #expect(found.count == 1)
        } else {
            #expect(duplicates.count == 1_000, "\(duplicates.count)")
            #expect(found.filter { $0.rule == "input-limit" }.count == 1)
            #expect(found.count == 1_001)
        }
    }

    /// A class two modules declare, named without `customModule`, may be either's: no object of it is
    /// judged, the third no more than the first (a file looks each class name up once). Paired with a
    /// class no module declares, which is `unknown-class` at each of its objects.
    @Test func noObjectOfAClassTwoModulesDeclareIsJudged() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let badge = "import UIKit\n\nfinal class BadgeView: UIView {\n    @IBOutlet weak var count: UILabel!\n}\n"
        try project.write(badge, to: "Phone/BadgeView.swift")
        try project.write(badge, to: "Widget/BadgeView.swift")
        func view(_ id: String, _ customClass: String) -> String {
            #"<view contentMode="scaleToFill" id="\#(id)" customClass="\#(customClass)" customModuleProvider="target"/>"#
        }
        let views = [
            ("Bd1-vW-1aA", "BadgeView"), ("Bd2-vW-2aA", "BadgeView"), ("Gn1-vW-1aA", "GoneView"),
            ("Bd3-vW-3aA", "BadgeView"), ("Gn2-vW-2aA", "GoneView"),
        ]
        try project.write(Self.nib(subviews: views.map(view)), to: "Badges.xib")
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", "Phone=Phone", "--swift-sources", "Widget=Widget", "Badges.xib"],
            in: project.url)
        let found = try result.report().diagnostics.map { "\($0.rule) \($0.line)" }
        #expect(found == ["unknown-class 8", "unknown-class 10"], "\(result)")
    }

    /// Localized copies of a storyboard repeat its connections: a finding the base file has is reported
    /// once, there, with a note at each copy — and an outlet renamed away in Swift is still `unknown-outlet`.
    /// A copy's own finding stays at the copy.
    @Test func aFindingOfLocalizedCopiesIsReportedOnceAtTheBaseFile() throws {
        let folder = "\(Self.folder)/Localized"
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", Self.app, folder])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.files == 3)
        let base = "\(folder)/Base.lproj/About.storyboard"
        let found = report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }.sorted()
        #expect(
            found == [
                "unconnected-outlet \(base):14", "unknown-outlet \(base):29",
                "unknown-outlet \(folder)/fr.lproj/About.storyboard:29",
            ], "\(result)")
        let renamed = try #require(report.diagnostics.first { $0.rule == "unknown-outlet" && $0.file == base })
        let copies = (renamed.notes ?? []).filter { $0.file.contains(".lproj/") }.map { "\($0.file):\($0.line)" }
        #expect(
            copies.sorted() == [
                "\(folder)/de.lproj/About.storyboard:28", "\(folder)/fr.lproj/About.storyboard:28",
            ], "\(result)")
    }

    /// `unconnected-outlet` says "reading it will crash": only where that can be true. Of a base cell's
    /// three implicitly unwrapped outlets that three subclasses' nibs leave unconnected, the one read
    /// nil-safely and the one the code assigns are not findings; the one forced read among nil-safe ones
    /// is — once, for its one declaration, with a note at each other subclass (it was nine findings).
    /// Reads guarded by `x != nil` in an `if`/`guard`, a local that hides the outlet, and an argument label
    /// are no forced reads, nor is a bare read in an unrelated class's body (its own member); paired with
    /// a `||` condition, `self.` past the local, the outlet passed as an argument and a bare read in a
    /// subclass's body, which are.
    @Test func anUnconnectedOutletIsReportedOncePerDeclarationAndOnlyWhereAReadCanCrash() throws {
        let folder = "\(Self.folder)/NilSafe"
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "App=\(folder)", folder])
        #expect(result.status == 1, "\(result)")
        let diagnostics = try result.report().diagnostics
        let outlets = diagnostics.compactMap {
            $0.message.firstMatch(of: /outlet '([a-zA-Z]+)'/).map { String($0.output.1) }
        }
        #expect(
            outlets.sorted() == ["headerView", "iconView", "ratingView", "subtitleLabel"], "\(result)")
        #expect(diagnostics.allSatisfy { $0.rule == "unconnected-outlet" }, "\(result)")
        let finding = try #require(diagnostics.first { $0.message.contains("'ratingView'") })
        #expect(finding.file == "\(folder)/NewsCell.xib" && finding.line == 11, "\(finding)")
        #expect(finding.message.contains("'ratingView'"), "\(finding)")
        #expect(finding.message.contains("2 more classes leave it unconnected too"), "\(finding)")
        let notes = (finding.notes ?? []).map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)" }
        #expect(notes == ["BadgeCells.swift:13", "SportsCell.xib:11", "WeatherCell.xib:11"], "\(notes)")
    }

    /// A base cell's outlet that a subclass's nib connects and the base cell's own nib leaves unconnected
    /// (GoMap's `TextPairTableCell.isSet`): a member read (`cell.marker`) may be of the subclass, so it is a
    /// warning that says so, with a note where the subclass is used. A bare read in the base cell's own code
    /// runs on every base cell, and an outlet no object connects crashes wherever it is read: both stay
    /// errors. On the code before, all three were errors.
    @Test func anOutletASubclassConnectsIsAWarningWhenOnlyMemberReadsCouldCrash() throws {
        let folder = "\(Self.folder)/SubclassConnects"
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "App=\(folder)", folder])
        #expect(result.status == 1, "\(result)")
        let diagnostics = try result.report().diagnostics
        let found = diagnostics.map { diagnostic in
            let outlet = diagnostic.message.firstMatch(of: /outlet '([a-z]+)'/).map { String($0.output.1) } ?? "?"
            return "\(diagnostic.severity) \(diagnostic.rule) \(outlet)"
        }
        #expect(
            found == [
                "error unconnected-outlet badge", "warning unconnected-outlet marker", "error unconnected-outlet stale",
            ], "\(result)")
        let warning = try #require(diagnostics.first { $0.severity == "warning" })
        #expect(warning.message.contains("App.TagCell connects it"), "\(warning)")
        let notes = (warning.notes ?? []).map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)" }
        #expect(notes == ["PairCells.swift:11", "TagCell.xib:11"], "\(notes)")
    }

    /// Connections to members of classes no Swift file declares (an Objective-C cell and its owner) are
    /// judged by no rule, so nothing is said of them one by one, but the run says how many and whose: a
    /// clean run of a mixed app must not read as every connection checked. The Swift class beside them is
    /// judged as ever, and a run with no such connection has no such note.
    @Test func connectionsNoRuleCanJudgeAreCountedInANote() throws {
        let folder = "\(Self.folder)/ObjectiveC"
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "App=\(folder)", folder])
        #expect(result.status == 1, "\(result)")
        #expect(try result.report().diagnostics.map { "\($0.rule) \($0.line)" } == ["unknown-outlet 29"], "\(result)")
        let notes = result.standardError.split(separator: "\n").filter { $0.contains("no rule can judge") }
        #expect(
            notes == [
                "layout-check: 4 connections in the Interface Builder files checked go to members of 2 classes no "
                    + "Swift file declares (declared in Objective-C, in a framework, or nowhere), which no rule can "
                    + "judge: MLLegacyCell (2), MLLegacyController (2)"
            ], "\(result)")
        let swiftOnly = try runLayoutCheck([
            "--swift-sources", "App=\(Self.folder)/SubclassConnects", "\(Self.folder)/SubclassConnects",
        ])
        #expect(!swiftOnly.standardError.contains("no rule can judge"), "\(swiftOnly)")
    }

    /// An `@objc` method that is no `@IBAction` answers an action's selector (one named `@objc(name:)`, and
    /// every method of an `@objc extension`), and an extension of a typealias of the class adds its
    /// `@IBAction`s to the class; an action renamed away in Swift is still `unknown-action`.
    @Test func objcMethodsAndExtensionsOfATypealiasAnswerSelectors() throws {
        let result = try runLayoutCheck([
            "--format", "json", "--swift-sources", Self.app, "\(Self.defects)/Compose.xib",
        ])
        #expect(result.status == 1, "\(result)")
        let diagnostics = try result.report().diagnostics
        #expect(diagnostics.map { "\($0.rule) \($0.line)" } == ["unknown-action 32"], "\(result)")
        #expect(diagnostics.first?.message.contains("'sendLater:'") == true, "\(result)")
    }

    /// Same-named classes of two modules (an iOS and a macOS target's `SettingsViewController`) stay apart:
    /// a nib's `customModule` picks one, so the other's outlet is `unknown-outlet` there; a nib that names
    /// neither module cannot be judged, and nothing is said of it.
    @Test func sameNamedClassesOfTwoModulesStayApart() throws {
        let folder = "\(Self.folder)/Modules"
        let result = try runLayoutCheck([
            "--format", "json", "--swift-sources", "\(folder)/PhoneApp", "--swift-sources", "\(folder)/MacApp",
            "\(folder)/Nibs",
        ])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.files == 2)
        #expect(
            report.diagnostics.map { "\($0.rule) \(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)" } == [
                "unknown-outlet PhoneSettings.xib:16"
            ], "\(result)")
        let note = try #require(report.diagnostics.first?.notes?.first)
        #expect(note.file == "\(folder)/PhoneApp/SettingsViewController.swift", "\(note)")
    }

    /// The rules table says which rules judge Interface Builder files; each such row is reachable: some
    /// Interface Builder file (a fixture, or one written here for what no fixture should hold) gets a
    /// finding of it, and no Interface Builder file gets a finding of a rule whose row does not say so.
    @Test func everyRuleTheTableClaimsForInterfaceBuilderFilesIsReachable() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try FileManager.default.copyItem(
            atPath: Repository.root.appendingPathComponent(Self.defects).path,
            toPath: project.url.appendingPathComponent("Defects").path)
        let header = #"<?xml version="1.0" encoding="UTF-8"?>"#
        let document =
            #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">"#
        try project.write(
            "\(header)\n<!DOCTYPE document [<!ENTITY x \"y\">]>\n\(document)<objects/></document>\n", to: "Entity.xib")
        try project.write(
            "\(header)\n\(document)<objects><view id=\"a\"/><view id=\"a\"/></objects></document>\n", to: "Twice.xib")
        let outlets = (0..<1_001).map { #"<outlet property="m\#($0)" destination="x" id="o\#($0)"/>"# }.joined()
        try project.write(
            "\(header)\n\(document)<objects><view id=\"v\"><connections>\(outlets)</connections></view></objects></document>\n",
            to: "Many.xib")
        try project.link("Gone.xib", to: "Deleted.xib")
        // An app's settings, so that a file nothing loads can be told (`unloaded-interface-file`).
        try project.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIMainStoryboardFile</key><string>Feed</string></dict></plist>

            """, to: "Info.plist")
        try project.write(
            ConfigurationTests.configuration(#"<ignore rule="unknown-outlet" file="Twice.xib" object="a"/>"#),
            to: "layout-check.xml")
        let app = Repository.root.appendingPathComponent(Self.app).path
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "App=\(app)", "."], in: project.url)
        let found = try result.report().diagnostics
        let interfaceBuilder = Set(
            found.filter { $0.file.hasSuffix(".xib") || $0.file.hasSuffix(".storyboard") }.map(\.rule)
                + found.filter { $0.file == "layout-check.xml" }.map(\.rule))
        let claimed = Set(
            RuleDescriptor.all.filter { $0.documents.contains(.interfaceBuilder) }.map(\.id.rawValue))
        #expect(claimed.count >= 14)
        #expect(interfaceBuilder == claimed, "\(result)")
    }

    @Test func theSuggestionAndTheNoteSayWhatChanged() throws {
        let result = try runLayoutCheck(["--swift-sources", Self.app, "\(Self.defects)/Profile.xib"])
        let lines = result.outputLines
        let index = try #require(lines.firstIndex { $0.contains("[unknown-outlet]") }, "\(result)")
        #expect(
            lines[index]
                == "\(Self.defects)/Profile.xib:20:17: error: App.ProfileViewController has no outlet named "
                + "'nameTextField'; did you mean 'nameField'? [unknown-outlet]")
        #expect(
            lines[index + 1]
                == "\(Self.app)/SettingsViewController.swift:17:7: note: App.ProfileViewController is declared here")
    }

    @Test func gitHubAnnotationsCarryTheNote() throws {
        let result = try runLayoutCheck([
            "--format", "github", "--swift-sources", Self.app, "\(Self.defects)/Profile.xib",
        ])
        let annotation = try #require(result.outputLines.first { $0.contains("title=unknown-outlet") }, "\(result)")
        #expect(
            annotation.contains(
                "%0A\(Self.app)/SettingsViewController.swift:17:7: note: App.ProfileViewController is declared here"))
    }

    @Test func aSwiftFileThatDoesNotParseIsADiagnosticAndTheRunGoesOn() throws {
        // Written here rather than kept as a fixture: `swift format lint` reads every .swift under Tests.
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let broken = "import UIKit\n\nfinal class BrokenViewController: UIViewController {\n    func layout( {\n}\n"
        try Data(broken.utf8).write(to: scratch.url.appendingPathComponent("Broken.swift"))
        let result = try runLayoutCheck([
            "--format", "json", "--swift-sources", Self.app, "--swift-sources", scratch.path, Self.app,
        ])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.files == 2)
        #expect(report.diagnostics.map(\.rule) == ["unreadable-file"], "\(result)")
        #expect(report.diagnostics.first?.file == "\(scratch.path)/Broken.swift")
        #expect(report.diagnostics.first?.line == 4)
    }

    /// `#error` and `#warning` are directives, not syntax errors: sourcekitd's syntactic pass reports an
    /// `#error` in every `#if` branch, but a file that compiles has one only in a branch that is not built
    /// (issue "Interface Builder on real apps, round 2", item 2). A real syntax error still makes the file
    /// unreadable.
    @Test func anErrorDirectiveInAnotherBranchIsNoParseError() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directives =
            "import UIKit\n\n#if os(iOS)\nlet platform = \"iOS\"\n#elseif os(macOS)\nlet platform = \"macOS\"\n"
            + "#else\n#error(\"Unimplemented\")\n#warning(\"Untested\")\n#endif\n\n"
            + "final class BannerView: UIView {\n    @IBOutlet weak var titleLabel: UILabel!\n}\n"
        try scratch.write(directives, to: "Banner.swift")
        let clean = try runLayoutCheck(["--format", "json", "--swift-sources", "App=.", "."], in: scratch.url)
        #expect(clean.status == 0, "\(clean)")
        #expect(try clean.report().diagnostics.isEmpty, "\(clean)")
        try scratch.write(directives + "func broken( {\n}\n", to: "Banner.swift")
        let broken = try runLayoutCheck(["--format", "json", "--swift-sources", "App=.", "."], in: scratch.url)
        #expect(try broken.report().diagnostics.map(\.rule) == ["unreadable-file"], "\(broken)")
    }

    /// A class declared after a syntax error may be missed by the reading: a nib that uses it is judged on
    /// partial data, so the class is unknown, not missing — the file's one `unreadable-file` says why, and
    /// no `unknown-class` or `unknown-outlet` is made up about the nib (issue "Hostile input, round 4",
    /// item 8). A class the file does not name at all is still reported.
    @Test func aClassNamedInAFileThatDoesNotParseIsUnknownNotMissing() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let broken =
            "import UIKit\n\nfunc layout( {\n}\n\nfinal class BannerView: UIView {\n"
            + "    @IBOutlet weak var titleLabel: UILabel!\n}\n"
        try scratch.write(broken, to: "Swift/Banner.swift")
        let nib = Self.nib(subviews: [
            #"<view contentMode="scaleToFill" id="Bv1-vW-1aA" customClass="BannerView" customModuleProvider="target">"#,
            #"    <connections><outlet property="subtitleLabel" destination="Bv1-vW-1aA" id="Bo1-oT-1aA"/></connections>"#,
            "</view>",
            #"<view contentMode="scaleToFill" id="Gv1-vW-1aA" customClass="GoneView" customModuleProvider="target"/>"#,
        ])
        try scratch.write(nib, to: "Banner.xib")
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", "App=Swift", "Banner.xib"], in: scratch.url)
        let report = try result.report()
        let found = report.diagnostics.map { "\($0.rule) \(URL(fileURLWithPath: $0.file).lastPathComponent)" }
        #expect(found.sorted() == ["unknown-class Banner.xib", "unreadable-file Banner.swift"], "\(result)")
        #expect(report.diagnostics.contains { $0.message.contains("'GoneView'") }, "\(result)")
    }

    /// The Swift files are read in a worker process; `LAYOUTKIT_TEST_CRASH_ON` makes it abort on one, as
    /// a crash inside sourcekitd would. The files before and after it (in the order found:
    /// GalleryViewController, PhotoCell, SettingsViewController) are still read, by a fresh worker.
    @Test func aSourcekitdCrashOnOneFileIsADiagnosticForItAndTheRunGoesOn() throws {
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", Self.app, Self.app],
            environment: ["LAYOUTKIT_TEST_CRASH_ON": "PhotoCell.swift"],
            // A fresh worker loads sourcekitd again: seconds plain, much longer under a sanitizer.
            timeout: .seconds(600))
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.files == 2)
        let crash = try #require(report.diagnostics.first { $0.rule == "unreadable-file" }, "\(result)")
        #expect(crash.file == "\(Self.app)/PhotoCell.swift")
        #expect(crash.message.contains("sourcekitd crashed while reading this file"), "\(crash.message)")
        // How the death reads depends on who catches the abort: "killed by signal 6" plainly; under a
        // sanitizer its runtime catches it and the worker dies another way. Either way it is named.
        #expect(crash.message.contains("(the worker "), "\(crash.message)")
        // The cell's class is declared in the file that could not be read: unknown, not missing, so its nib
        // has no finding (it was a false unknown-class before); the storyboard's classes, read after the
        // crash, are judged as always.
        #expect(
            report.diagnostics.map { "\($0.rule) \(URL(fileURLWithPath: $0.file).lastPathComponent)" }.sorted()
                == ["unreadable-file PhotoCell.swift"], "\(result)")
    }

    /// A sourcekitd that never answers about one file and uses no CPU (`LAYOUTKIT_TEST_HANG_ON`) is
    /// stopped once it has made no progress for the stall limit (here 20 s, instead of a minute); that file
    /// is `unreadable-file`, the rest are read by a fresh worker, and the run ends.
    @Test func aSourcekitdThatHangsOnOneFileIsStoppedAndTheRunGoesOn() throws {
        let started = ContinuousClock.now
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", Self.app, Self.app],
            environment: ["LAYOUTKIT_TEST_HANG_ON": "PhotoCell.swift", "LAYOUTKIT_TEST_WORKER_TIMEOUT": "20"],
            timeout: .seconds(600))
        #expect(ContinuousClock.now - started >= .seconds(20), "the hung file was waited for")
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let hang = try #require(report.diagnostics.first { $0.rule == "unreadable-file" }, "\(result)")
        #expect(hang.file == "\(Self.app)/PhotoCell.swift")
        #expect(hang.message.contains("sourcekitd made no progress for 20 s on this file"), "\(hang.message)")
        // The cell's class is named in the file that was not read: unknown, not missing (no unknown-class).
        #expect(
            report.diagnostics.map { "\($0.rule) \(URL(fileURLWithPath: $0.file).lastPathComponent)" }.sorted()
                == ["unreadable-file PhotoCell.swift"], "\(result)")
    }

    @Test func aSwiftFileThatIsNotUTF8IsUnreadable() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try Data([0x63, 0x6C, 0x61, 0x73, 0x73, 0x20, 0xFF, 0xFE, 0x0A]).write(
            to: scratch.url.appendingPathComponent("Bad.swift"))
        let result = try runLayoutCheck([
            "--format", "json", "--swift-sources", Self.app, "--swift-sources", scratch.path, Self.app,
        ])
        let report = try result.report()
        #expect(report.diagnostics.map(\.rule) == ["unreadable-file"], "\(result)")
        #expect(report.diagnostics.first?.message.contains("not UTF-8") == true)
    }

    @Test func aSwiftFileOverTheLimitIsNotRead() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let huge = Data(repeating: UInt8(ascii: "\n"), count: 4 * 1024 * 1024 + 1)
        try huge.write(to: scratch.url.appendingPathComponent("Huge.swift"))
        let result = try runLayoutCheck([
            "--format", "json", "--swift-sources", Self.app, "--swift-sources", scratch.path, Self.app,
        ])
        let report = try result.report()
        #expect(report.diagnostics.map(\.rule) == ["input-limit"], "\(result)")
    }

    @Test(arguments: [
        (["--toolchain", "/no/such/toolchain"], [String: String?]()),
        ([], ["LAYOUTKIT_TOOLCHAIN": "/no/such/toolchain"]),
        ([], ["LAYOUTKIT_TOOLCHAIN": nil, "PATH": "/usr/bin:/bin"]),
    ])
    func noSourcekitdStopsTheRunWithAHint(_ options: [String], _ environment: [String: String?]) throws {
        let result = try runLayoutCheck(options + ["--swift-sources", Self.app, Self.app], environment: environment)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("libsourcekitdInProc.so"), "\(result)")
        #expect(result.standardError.contains("--toolchain DIR"), "\(result)")
    }

    @Test func anInterfaceBuilderFileWithoutSwiftSourcesIsAUsageError() throws {
        let result = try runLayoutCheck(["\(Self.app)/PhotoCell.xib"])
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("pass --swift-sources DIR"), "\(result)")
    }

    @Test func theConfigurationNamesTheSwiftSourcesAndTheCommandLineAddsToThem() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let app = Repository.root.appendingPathComponent(Self.app).path
        let defects = Repository.root.appendingPathComponent(Self.defects).path
        try project.write(
            ConfigurationTests.configuration(#"<swift-sources path="App"/>"#), to: "Config/layout-check.xml")
        try FileManager.default.copyItem(atPath: app, toPath: project.url.appendingPathComponent("Config/App").path)
        let configured = try runLayoutCheck(
            ["--config", "Config/layout-check.xml", "--format", "json", "\(defects)/Profile.xib"], in: project.url)
        #expect(configured.status == 1, "\(configured)")
        #expect(try configured.report().diagnostics.contains { $0.rule == "unknown-outlet" }, "\(configured)")

        // --swift-sources (as the build plugin passes them) add to the configuration's: here a folder
        // without classes, and the configuration's are still read.
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        let added = try runLayoutCheck(
            [
                "--config", "Config/layout-check.xml", "--swift-sources", empty.path, "--format", "json",
                "\(defects)/Profile.xib",
            ], in: project.url)
        #expect(
            try added.report().diagnostics.map(\.rule).sorted() == configured.report().diagnostics.map(\.rule).sorted(),
            "\(added)")
    }

    /// Without Swift sources, a project or any Swift file under the PATHs (the code is elsewhere),
    /// Interface Builder files are not checked, and the run says so (counted, with how to check them)
    /// rather than passing them over in silence. (With Swift files under the PATHs, folder mode:
    /// `aFolderWithNoXcodeProjectFallsBackToFolderMode`.)
    @Test func aLayoutsOnlyRunDoesNotLookAtInterfaceBuilderFiles() throws {
        let result = try runLayoutCheck(["--schemas", Repository.fixtureSchemas, "\(Self.folder)/Platforms"])
        #expect(result.status == 0, "\(result)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.last?.hasPrefix("0 files") == true, "\(result)")
        #expect(
            lines.contains {
                $0.contains("Interface Builder files under the PATHs were not checked")
                    && $0.contains("--swift-sources")
            },
            "\(result)")
    }

    /// Real Xcode-written files from public apps, beside the repository on CI, with Swift classes written
    /// for them here: every connection in them is correct.
    @Test func theSharedCorpusOfRealFilesIsClean() throws {
        let corpus =
            ProcessInfo.processInfo.environment["LAYOUTKIT_IB_CORPUS"]
            ?? Repository.root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/interface-builder")
            .path
        guard FileManager.default.fileExists(atPath: corpus) else {
            withKnownIssue("the Interface Builder corpus is not beside the repository (\(corpus)): not checked") {
                Issue.record(
                    "no folder at \(corpus); CI puts ../shared beside the checkout, or set LAYOUTKIT_IB_CORPUS")
            }
            return
        }
        let classes = "Tests/LayoutCheckTests/Fixtures/InterfaceBuilderCorpusClasses"
        let result = try runLayoutCheck(["--swift-sources", classes, corpus])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
        #expect(result.standardError.hasPrefix("11 files, 0 errors, 0 warnings"), "\(result)")
    }
}
