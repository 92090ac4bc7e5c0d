import Foundation
import Testing

/// The spelling the README prescribes for a view controller's outlets and actions, `.mainActor(…)`, and
/// every other spelling LayoutKit's API offers, read by the checker as the entries they are; an entry it
/// cannot read is a warning of its own, by default (issue 40, item 1).
@Suite struct MainActorEntriesTests {
    static let fixture = "Tests/LayoutCheckTests/Fixtures/RunRules/MainActor"
    static let arguments = ["--swift-sources", "Feed=Sources/Feed", "Layouts"]

    /// A copy of the fixture to edit.
    static func copy() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for name in ["Sources", "Layouts"] {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent("\(fixture)/\(name)"),
                to: folder.url.appendingPathComponent(name))
        }
        return folder
    }

    @Test func theREADMEViewControllerAndEveryOtherSpellingAreReadWithNoError() throws {
        let folder = Repository.root.appendingPathComponent(Self.fixture)
        let result = try runLayoutCheck(Self.arguments, in: folder)
        #expect(result.status == 0, "\(result)")
        // The one finding is the fixture's unreadable entry: every `.mainActor`, `Outlet.mainActor`,
        // `LayoutKit.Outlet.mainActor` and `Action.mainActor` entry was read.
        #expect(result.outputLines.count == 1, "\(result)")
        #expect(result.outputLines.allSatisfy { $0.hasSuffix("[unreadable-member]") }, "\(result)")
    }

    /// A `.mainActor` member renamed in Swift only: the old name, the new one, where the layout connects it
    /// and the rule.
    static let renames = [
        (#".mainActor("refreshTapped""#, #".mainActor("reloadTapped""#, "13:17", "reloadTapped", "unknown-action"),
        (#"[.mainActor("headerView""#, #"[.mainActor("authorView""#, "6:13", "authorView", "unknown-outlet"),
    ]

    @Test(arguments: renames.indices)
    func anOwnerMemberRenamedInSwiftOnlyIsAnErrorAtTheLayout(_ index: Int) throws {
        let (old, new, place, declared, rule) = Self.renames[index]
        let folder = try Self.copy()
        defer { folder.remove() }
        try SwiftSourcesTests.edit(folder, "Sources/Feed/FeedViewController.swift", replacing: old, with: new)
        let result = try runLayoutCheck(Self.arguments, in: folder.url)
        #expect(result.status == 1, "\(result)")
        // At the layout's connection, naming the declared name; and the declared member is not connected.
        #expect(
            result.outputLines.contains {
                $0.hasPrefix("Layouts/Feed.layout.xml:\(place): error: ") && $0.contains("it declares \(declared)")
                    && $0.hasSuffix("[\(rule)]")
            }, "\(result)")
        #expect(result.outputLines.filter { $0.contains(": error: ") }.count == 2, "\(result)")
    }

    @Test func initEntriesAreReadToo() throws {
        let folder = try Self.copy()
        defer { folder.remove() }
        // Were `.init(…)` not read, TagView would be open and both misspellings silent.
        try folder.write(
            IncludeTests.layout(
                #"<view class="TagView"><label outlet="textLabl"/><properties><property name="titel" value="x"/></properties></view>"#
            ), to: "Layouts/Tag.layout.xml")
        let result = try runLayoutCheck(Self.arguments, in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(
            result.outputLines.contains { $0.hasSuffix("[unknown-outlet]") && $0.contains("textLabel") }, "\(result)")
        #expect(result.outputLines.contains { $0.hasSuffix("[unknown-property]") && $0.contains("title") }, "\(result)")
    }

    @Test func anEntryTheCheckerCannotReadIsAWarningByDefaultNamingIt() throws {
        let folder = Repository.root.appendingPathComponent(Self.fixture)
        let result = try runLayoutCheck(Self.arguments, in: folder)
        let warnings = result.outputLines.filter { $0.hasSuffix("[unreadable-member]") }
        #expect(warnings.count == 1, "\(result)")
        let warning = try #require(warnings.first)
        #expect(warning.hasPrefix("Sources/Feed/ProfileViewController.swift:9:10: warning: "), "\(result)")
        #expect(warning.contains("'.mainActor(followName, ProfileViewController.followTapped)'"), "\(result)")
        #expect(warning.contains("'ProfileViewController' is open"), "\(result)")
        // A list a helper builds (BadgeView) is open by choice: no warning by default.
        #expect(!result.outputLines.contains { $0.contains("BadgeView") }, "\(result)")
        // The rule is lowerable like any other warning.
        let lowered = try Self.copy()
        defer { lowered.remove() }
        try Data(
            ConfigurationTests.configuration(#"<rule id="unreadable-member" severity="ignore"/>"#).utf8
        ).write(to: lowered.url.appendingPathComponent("layout-check.xml"))
        let quiet = try runLayoutCheck(Self.arguments, in: lowered.url)
        #expect(quiet.status == 0 && quiet.outputLines.isEmpty, "\(quiet)")
    }

    @Test func aMisspeltEntryOfTheOtherKindIsReportedAndMakesNoFalseError() throws {
        let folder = try Self.copy()
        defer { folder.remove() }
        // An Outlet in an actions list: not read as an action, reported, and the layout's connection to the
        // (now open) class is not called unknown.
        try SwiftSourcesTests.edit(
            folder, "Sources/Feed/FeedViewController.swift",
            replacing: #"[.mainActor("refreshTapped", FeedViewController.refreshTapped)]"#,
            with: #"[Outlet.mainActor("refreshTapped", FeedViewController.refreshTapped)]"#)
        let result = try runLayoutCheck(Self.arguments, in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(!result.outputLines.contains { $0.contains(": error: ") }, "\(result)")
        #expect(
            result.outputLines.contains {
                $0.hasPrefix("Sources/Feed/FeedViewController.swift:8:37: warning: ")
                    && $0.contains("'Outlet.mainActor(\"refreshTapped\"") && $0.hasSuffix("[unreadable-member]")
            }, "\(result)")
    }
}
