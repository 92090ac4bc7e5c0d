import Foundation
import Testing

/// What Interface Builder files connect and name as UIKit finds it at run time, where the words of the
/// file and the Swift code differ: key-value coding's setter lookup for outlet keys, reuse identifiers
/// spelled otherwise than by a literal, and messages that say what the run knows.
@Suite struct InterfaceBuilderFactsTests {
    static let keyValueCoding = "\(InterfaceBuilderTests.folder)/KeyValueCoding"

    /// The findings of a report as the fixtures' `expect:` comments write them.
    static func found(_ report: Report) -> [InterfaceBuilderTests.Expected] {
        report.diagnostics.map { diagnostic in
            InterfaceBuilderTests.Expected(
                rule: diagnostic.rule, line: diagnostic.line,
                note: diagnostic.notes?.first.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)" })
        }
    }

    /// `property="NoGroupsButton"` for an outlet `noGroupsButton` connects at run time (key-value coding
    /// finds `setNoGroupsButton:`), as does a key an `@objc` setter method answers: warnings that say so,
    /// and the outlets count as connected. A typo no setter answers stays the error it is, and the outlet it
    /// missed is unconnected. Folder mode.
    @Test func aKeyOnlyKeyValueCodingsSetterLookupFindsIsAWarningAndConnects() throws {
        let folder = Self.keyValueCoding
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "App=\(folder)", folder])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let nib = "\(folder)/GroupsViewController.xib"
        let expected = InterfaceBuilderTests.Expected.parse(try Repository.text(nib))
        #expect(expected.count == 4)
        let unconnected = InterfaceBuilderTests.Expected(
            rule: "unconnected-outlet", line: 17, note: "GroupsViewController.swift:9")
        #expect(Self.found(report).sorted() == (expected + [unconnected]).sorted(), "\(result)")
        let warnings = report.diagnostics.filter { $0.severity == "warning" }
        #expect(warnings.map(\.line) == [19, 20, 21], "\(result)")
        #expect(
            warnings.first?.message.contains("finds setNoGroupsButton:, the setter of the outlet 'noGroupsButton'")
                == true)
        #expect(warnings.last?.message.contains("@objc method setFooter:") == true)
        let typo = try #require(report.diagnostics.first { $0.line == 22 })
        #expect(typo.severity == "error" && typo.message.contains("did you mean 'tableView'?"), "\(typo)")
        // Nothing says the outlets the capitalised keys set are unconnected.
        #expect(!report.diagnostics.contains { $0.message.contains("'noGroupsButton' of") }, "\(result)")
        #expect(!report.diagnostics.contains { $0.message.contains("'emptyLabel' of") }, "\(result)")
    }

    /// The warning's fix-it writes the outlet's own name, in the attribute's bytes only.
    @Test func theKeyValueCodingWarningsFixWritesTheOutletsName() throws {
        let folder = Self.keyValueCoding
        let result = try runLayoutCheck([
            "--fix", "--dry-run", "--swift-sources", "App=\(folder)", "\(folder)/GroupsViewController.xib",
        ])
        #expect(
            result.standardOutput.contains(
                #"+                <outlet property="noGroupsButton" destination="Ng1-bT-1aA" id="Gk1-nG-1aa"/>"#),
            "\(result)")
        #expect(
            result.standardOutput.contains(
                #"+                <outlet property="emptyLabel" destination="El2-lB-2bB" id="Gk2-eL-2bb"/>"#),
            "\(result)")
    }

    /// The same pair in project mode: the nib and its class in the iOS target's synchronized folder.
    @Test func aKeyOnlyKeyValueCodingsSetterLookupFindsIsAWarningInProjectMode() throws {
        let (scratch, copy) = try XcodeProjectRunTests.copyOfTheFixture()
        defer { scratch.remove() }
        for name in ["GroupsViewController.xib", "GroupsViewController.swift"] {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent("\(Self.keyValueCoding)/\(name)"),
                to: copy.appendingPathComponent("Profile/\(name)"))
        }
        let result = try runLayoutCheck(["--format", "json", "App/TwoPlatforms.xcodeproj"], in: scratch.url)
        let report = try result.report()
        let groups = report.diagnostics.filter { $0.file == "App/Profile/GroupsViewController.xib" }
        #expect(
            groups.map { "\($0.severity) \($0.rule) \($0.line)" }.sorted() == [
                "error unconnected-outlet 17", "error unknown-outlet 22", "warning unknown-outlet 19",
                "warning unknown-outlet 20", "warning unknown-outlet 21",
            ], "\(result)")
    }

    static let spellings = "\(InterfaceBuilderIdentifierTests.folder)/Spellings"

    /// Every spelling of a reuse identifier the checker evaluates, in one app: the dequeues of what is
    /// registered are silent, each typo is reported at its line, in a table and a collection view, at a
    /// literal and at an expression that is certain (`Row.archive.rawValue`).
    @Test func registrationsSpelledOtherwiseThanByLiteralsDefineWhatTheyEvaluateTo() throws {
        let folder = Self.spellings
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "Spellings=\(folder)", folder])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let expected = try InterfaceBuilderIdentifierTests.expected(in: folder)
        #expect(expected.count == 4)
        #expect(report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }.sorted() == expected, "\(result)")
        let archive = try #require(report.diagnostics.first { $0.message.contains("\"archive\"") })
        #expect(archive.message.contains("(\"archive\" is what Row.archive.rawValue is)"), "\(archive)")
        #expect(!result.standardError.contains("not judged"), "\(result)")
    }

    /// One spelling of a registration, what it evaluates to, and how it is written in the Swift file.
    struct Spelling: CustomTestStringConvertible, Sendable {
        var name: String
        var registration: String
        var value: String
        var testDescription: String { name }
    }

    static let eachSpelling: [Spelling] = [
        Spelling(
            name: "a protocol extension's default, the type's name", registration: "PhotoCell.reuseIdentifier",
            value: "PhotoCell"),
        Spelling(name: "static let", registration: "BannerCell.reuseIdentifier", value: "Banner"),
        Spelling(name: "class var with return", registration: "AuthorCell.identifier", value: "Author"),
        Spelling(
            name: "NSStringFromClass, module-qualified", registration: "NSStringFromClass(FooterCell.self)",
            value: "Spellings.FooterCell"),
        Spelling(
            name: "String(describing:)", registration: "String(describing: CommentCell.self)", value: "CommentCell"),
        Spelling(name: "interpolation", registration: #""\(PhotoCell.self)""#, value: "PhotoCell"),
        Spelling(name: "a raw value written", registration: "Row.summary.rawValue", value: "SummaryRow"),
        Spelling(name: "a raw value by the case's name", registration: "Row.detail.rawValue", value: "detail"),
        Spelling(name: "a generic type's static member", registration: "T.reuseIdentifier", value: "CommentCell"),
        Spelling(name: "a global let, read bare", registration: "plainCellID", value: "Plain"),
    ]

    /// Each spelling alone: what it registers is no finding, a typo of it is one. Before, any of them turned
    /// `unknown-reuse-identifier` off for the run, and the typo was missed.
    @Test(arguments: eachSpelling) func aRegistrationSpelledSoDefinesItsValue(_ spelling: Spelling) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        for name in ["Cells.swift", "Feed.storyboard"] {
            _ = try scratch.write(try Repository.text("\(Self.spellings)/\(name)"), to: name)
        }
        let typo = String(spelling.value.dropLast())
        _ = try scratch.write(
            """
            import UIKit

            final class FeedViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView?

                func register<T: UITableViewCell & Reusable>(_ type: T.Type, in tableView: UITableView) {
                    tableView.register(type, forCellReuseIdentifier: \(spelling.registration))
                }

                func cell(_ tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
                    _ = tableView.dequeueReusableCell(withIdentifier: "Prototype", for: indexPath)
                    _ = tableView.dequeueReusableCell(withIdentifier: "\(spelling.value)", for: indexPath)
                    return tableView.dequeueReusableCell(withIdentifier: "\(typo)", for: indexPath)
                }
            }

            """, to: "FeedViewController.swift")
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "Spellings=.", "."], in: scratch.url)
        let found = try result.report().diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }
        #expect(found == ["unknown-reuse-identifier FeedViewController.swift:13"], "\(result)")
    }

    /// A registration by a name the checker cannot evaluate (a parameter) may register any name, but only in
    /// its own registry: a table view's registration leaves a collection view's dequeues judged, and the
    /// summary says which registry was not judged and why.
    @Test func anUnknownRegistrationSilencesOnlyItsOwnRegistry() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        for name in ["Cells.swift", "Feed.storyboard"] {
            _ = try scratch.write(try Repository.text("\(Self.spellings)/\(name)"), to: name)
        }
        _ = try scratch.write(
            """
            import UIKit

            final class FeedViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView?

                func register(_ identifier: String, in tableView: UITableView, _ tagsView: UICollectionView) {
                    tableView.register(UITableViewCell.self, forCellReuseIdentifier: identifier)
                    tagsView.register(TagCell.self, forCellWithReuseIdentifier: "TagCell")
                }

                func cell(_ tableView: UITableView, _ tagsView: UICollectionView, at indexPath: IndexPath) {
                    _ = tableView.dequeueReusableCell(withIdentifier: "Anything", for: indexPath)
                    _ = tagsView.dequeueReusableCell(withReuseIdentifier: "TagCel", for: indexPath)
                }
            }

            """, to: "FeedViewController.swift")
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "Spellings=.", "."], in: scratch.url)
        let found = try result.report().diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }
        #expect(found == ["unknown-reuse-identifier FeedViewController.swift:13"], "\(result)")
        #expect(
            result.standardError.contains(
                "unknown-reuse-identifier not judged for table view cells: a registration at "
                    + "FeedViewController.swift:7 names its reuse identifier otherwise than by a literal or a "
                    + "spelling the checker evaluates, so it may register any"), "\(result)")
    }

    /// Objective-C's `registerNib:forCellReuseIdentifier:` and `registerClass:forCellWithReuseIdentifier:`
    /// with literals define those names; one with a name built at run time silences its registry only.
    /// Before, any Objective-C file that named an identifier turned the rule off.
    @Test func objectiveCRegistrationsByLiteralsDefineTheirNames() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        for name in ["Cells.swift", "Feed.storyboard"] {
            _ = try scratch.write(try Repository.text("\(Self.spellings)/\(name)"), to: name)
        }
        _ = try scratch.write(
            """
            #import <UIKit/UIKit.h>

            @implementation LegacyCells
            + (void)registerIn:(UITableView *)tableView tags:(UICollectionView *)tagsView {
                [tableView registerNib:[UINib nibWithNibName:@"LegacyCell" bundle:nil]
                forCellReuseIdentifier:@"Legacy"];
                [tagsView registerClass:[UICollectionViewCell class] forCellWithReuseIdentifier:@"LegacyTag"];
            }
            @end

            """, to: "Legacy/LegacyCells.m")
        _ = try scratch.write(
            """
            import UIKit

            final class FeedViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView?

                func cell(_ tableView: UITableView, _ tagsView: UICollectionView, at indexPath: IndexPath) {
                    _ = tableView.dequeueReusableCell(withIdentifier: "Legacy", for: indexPath)
                    _ = tagsView.dequeueReusableCell(withReuseIdentifier: "LegacyTag", for: indexPath)
                    _ = tableView.dequeueReusableCell(withIdentifier: "Legasy", for: indexPath)
                    _ = tagsView.dequeueReusableCell(withReuseIdentifier: "LegacyTog", for: indexPath)
                }
            }

            """, to: "FeedViewController.swift")
        let arguments = ["--format", "json", "--swift-sources", "Spellings=.", "."]
        let result = try runLayoutCheck(arguments, in: scratch.url)
        let found = try result.report().diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }
        #expect(
            found == [
                "unknown-reuse-identifier FeedViewController.swift:9",
                "unknown-reuse-identifier FeedViewController.swift:10",
            ], "\(result)")
        let note = try #require(try result.report().diagnostics.first?.notes?.first)
        #expect(note.file.hasSuffix("Legacy/LegacyCells.m") && note.line == 5, "\(note)")

        // A registration by a variable in a collection view: only the collection view's typo goes unjudged.
        _ = try scratch.write(
            """
            #import <UIKit/UIKit.h>

            @implementation MoreCells
            + (void)registerIn:(UICollectionView *)tagsView named:(NSString *)name {
                [tagsView registerClass:[UICollectionViewCell class] forCellWithReuseIdentifier:name];
            }
            @end

            """, to: "Legacy/MoreCells.m")
        let narrowed = try runLayoutCheck(arguments, in: scratch.url)
        let left = try narrowed.report().diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }
        #expect(left == ["unknown-reuse-identifier FeedViewController.swift:9"], "\(narrowed)")
    }

    /// An error inside a scene the run calls unreachable (a storyboard ID that no segue, reference or
    /// literal reaches) cannot crash the app: it is a warning whose note names the scene, as the findings
    /// of a file nothing loads are. The same error in the scene shown first stays an error.
    @Test func anErrorInsideAnUnreachableSceneIsAWarningThatSaysSo() throws {
        let folder = "\(InterfaceBuilderIdentifierTests.folder)/Orphan"
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "Orphan=\(folder)", folder])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let expected = try InterfaceBuilderIdentifierTests.expected(in: folder)
        #expect(expected.count == 3)
        #expect(report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }.sorted() == expected, "\(result)")
        let outlets = report.diagnostics.filter { $0.rule == "unknown-outlet" }
        #expect(outlets.map(\.severity) == ["error", "warning"], "\(result)")
        let note = try #require(outlets.last?.notes?.last)
        #expect(note.message == "a warning: nothing reaches the scene \"OldOrders\" this is in (unreachable-scene)")
        #expect(note.line == 32, "\(note)")
    }

    /// A `customClass` no Swift file of the nib's target declares is `unknown-class` still, but when a file
    /// the target does not compile declares it, the message says which and why: a file no target compiles
    /// (a stale copy beside the sources), or one only another target compiles. Project mode.
    @Test func anUndeclaredClassSaysWhereItIsDeclaredWhenNoTargetThatBuildsTheFileCompilesIt() throws {
        let (scratch, copy) = try XcodeProjectRunTests.copyOfTheFixture()
        defer { scratch.remove() }
        // In no target: the Phone group lists its files one by one, and this one is not among them.
        try "import UIKit\n\n/// Left behind when the banner moved.\nfinal class BannerView: UIView {}\n".write(
            to: copy.appendingPathComponent("Phone/BannerView.swift"), atomically: false, encoding: .utf8)
        let mac = copy.appendingPathComponent("Mac/SettingsViewController.swift")
        try (try String(contentsOf: mac, encoding: .utf8) + "\nfinal class BadgeView: NSView {}\n").write(
            to: mac, atomically: false, encoding: .utf8)
        let views = ["BannerView", "BadgeView", "GoneView"].enumerated().map { index, name in
            #"<view contentMode="scaleToFill" id="Bn\#(index)-vW-\#(index)aA" customClass="\#(name)" customModule="Phone_App" customModuleProvider="target"><rect key="frame" x="0.0" y="0.0" width="320" height="44"/></view>"#
        }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                \(views.joined(separator: "\n        "))
            </objects>
        </document>

        """.write(to: copy.appendingPathComponent("Profile/Banner.xib"), atomically: false, encoding: .utf8)
        let result = try runLayoutCheck(["--format", "json", "App/TwoPlatforms.xcodeproj"], in: scratch.url)
        let classes = try result.report().diagnostics.filter { $0.rule == "unknown-class" }
        #expect(classes.map(\.line) == [5, 6, 7], "\(result)")
        guard classes.count == 3 else { return }
        #expect(
            classes[0].message.hasPrefix(
                "no Swift file that a target building this file compiles declares the class 'BannerView' of this "
                    + "<view>: it is declared in BannerView.swift, which no target compiles"), "\(classes[0])")
        #expect(classes[0].notes?.first?.file == "App/Phone/BannerView.swift", "\(classes[0])")
        #expect(classes[0].notes?.first?.line == 4, "\(classes[0])")
        #expect(
            classes[1].message.hasSuffix(
                "it is declared in SettingsViewController.swift, which this file's target neither compiles nor "
                    + "depends on a target that compiles"), "\(classes[1])")
        // The class is there: no other name is the fix, and writing one would break the targets that compile it.
        #expect(classes[0].fixes == nil && classes[1].fixes == nil, "\(classes[1])")
        #expect(classes[2].message.hasPrefix("no Swift file declares the class 'GoneView'"), "\(classes[2])")
    }

    /// A name read bare is known only when every binding of it is a `let` of a literal: a `var` may be set
    /// to anything, so a registration by one leaves the table view's dequeues unjudged.
    @Test func aRegistrationByAVariableRegistersAnything() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        for name in ["Cells.swift", "Feed.storyboard"] {
            _ = try scratch.write(try Repository.text("\(Self.spellings)/\(name)"), to: name)
        }
        _ = try scratch.write(
            """
            import UIKit

            final class FeedViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView?
                var cellID = "Row"

                func cell(_ tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
                    cellID = UUID().uuidString
                    tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellID)
                    return tableView.dequeueReusableCell(withIdentifier: cellID == "Row" ? "Rw" : cellID, for: indexPath)
                }

                func other(_ tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
                    tableView.dequeueReusableCell(withIdentifier: "Anything", for: indexPath)
                }
            }

            """, to: "FeedViewController.swift")
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "Spellings=.", "."], in: scratch.url)
        #expect(try result.report().diagnostics.isEmpty, "\(result)")
        #expect(result.standardError.contains("not judged for table view cells"), "\(result)")
    }
}
