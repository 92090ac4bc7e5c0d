import Foundation
import Testing

/// `layout-check --swift-sources` for layouts: the Swift code is the one truth about the classes, read
/// through the toolchain's sourcekitd; class schemas, when there are some too, are checked against it.
@Suite struct SwiftSourcesTests {
    /// A scratch package: Examples/PhotoApp's Swift files under Sources/PhotoApp and the repository's
    /// Layouts/, with no Schemas/ folder.
    static func photoApp() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let sources = folder.url.appendingPathComponent("Sources/PhotoApp")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let examples = Repository.root.appendingPathComponent("Examples/PhotoApp")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path) where name.hasSuffix(".swift") {
            try FileManager.default.copyItem(
                at: examples.appendingPathComponent(name), to: sources.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("Layouts"), to: folder.url.appendingPathComponent("Layouts"))
        return folder
    }

    static func edit(_ folder: TemporaryDirectory, _ path: String, replacing old: String, with new: String) throws {
        let url = folder.url.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "\(path) has no \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    @Test func theExampleLayoutsAreCleanAgainstTheirSwiftCodeWithNoSchema() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        let result = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.outputLines.isEmpty, "\(result)")
        #expect(result.standardError.hasPrefix("4 files, 0 errors, 0 warnings"), "\(result)")
    }

    /// A build that also hands over LayoutKit's own sources (a plugin reaching past its package) must
    /// still know TableViewCell, Label and the rest as the built-in classes.
    @Test func layoutKitsOwnSourcesDoNotHideTheBuiltInClasses() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        let layoutKit = Repository.root.appendingPathComponent("Sources/LayoutKit").path
        let result = try runLayoutCheck(
            ["--swift-sources", "Sources/PhotoApp", "--swift-sources", "LayoutKit=\(layoutKit)", "Layouts"],
            in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.outputLines.isEmpty, "\(result)")
    }

    @Test func aSwiftOnlyOutletRenameFailsAtTheLayoutLineWithANoteAtTheSwiftLine() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try Self.edit(
            folder, "Sources/PhotoApp/PhotoCell.swift", replacing: #"Outlet("photoDateLabel""#,
            with: #"Outlet("dateLabel""#)
        let result = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(
            result.outputLines == [
                "Layouts/PhotoCell.layout.xml:4:5: error: outlet 'dateLabel' of PhotoApp.PhotoCell is not connected "
                    + "in this layout [unconnected-outlet]",
                "Sources/PhotoApp/PhotoCell.swift:12:13: note: outlet 'dateLabel' is declared here",
                "Layouts/PhotoCell.layout.xml:13:13: error: PhotoApp.PhotoCell has no outlet named 'photoDateLabel'; "
                    + "did you mean 'photoTitleLabel'? ('photoTitleLabel' is connected already: no fix is offered) "
                    + "[unknown-outlet]",
                "Sources/PhotoApp/PhotoCell.swift:4:20: note: PhotoApp.PhotoCell is declared here",
            ], "\(result)")
    }

    @Test func aSwiftOnlyActionRenameAndAWrongSenderTypeFail() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try Self.edit(
            folder, "Sources/PhotoApp/ProfileHeaderView.swift", replacing: #"Action("followTapped""#,
            with: #"Action("follow""#)
        let renamed = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(renamed.status == 1, "\(renamed)")
        #expect(renamed.standardOutput.contains("has no action named 'followTapped'"), "\(renamed)")
        try Self.edit(
            folder, "Sources/PhotoApp/ProfileHeaderView.swift", replacing: #"Action("follow""#,
            with: #"Action("followTapped""#)
        try Self.edit(
            folder, "Sources/PhotoApp/ProfileHeaderView.swift", replacing: "followTapped(_ sender: Button)",
            with: "followTapped(_ sender: Switch)")
        let sender = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(sender.status == 1, "\(sender)")
        #expect(sender.standardOutput.contains("[action-sender-mismatch]"), "\(sender)")
        #expect(sender.standardOutput.contains("Sources/PhotoApp/ProfileHeaderView.swift:"), "\(sender)")
    }

    @Test func anOutletAddedInSwiftAndInTheLayoutTogetherIsClean() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try Self.edit(
            folder, "Sources/PhotoApp/PhotoCell.swift", replacing: "public var thumbnailView: ImageView?",
            with: "public var thumbnailView: ImageView?\n    public var discountLabel: Label?")
        try Self.edit(
            folder, "Sources/PhotoApp/PhotoCell.swift",
            replacing: #"Outlet("thumbnailView", \PhotoCell.thumbnailView),"#,
            with:
                #"Outlet("thumbnailView", \PhotoCell.thumbnailView), Outlet("discountLabel", \PhotoCell.discountLabel),"#
        )
        let layout = "Layouts/PhotoCell.layout.xml"
        let text = try String(contentsOf: folder.url.appendingPathComponent(layout), encoding: .utf8)
        let added = text.replacingOccurrences(
            of: "<label id=\"date\"",
            with: "<label outlet=\"discountLabel\"/>\n        <label id=\"date\"")
        #expect(added != text)
        try Data(added.utf8).write(to: folder.url.appendingPathComponent(layout))
        let result = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.outputLines.isEmpty, "\(result)")
    }

    @Test func aListBuiltByAHelperIsOpenAndNeverAFalseError() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try folder.write(
            """
            import LayoutKit

            final class Promo: View {
                var banner: Label?
                override class var outlets: [Outlet] { super.outlets + Promo.extraOutlets() }
                static func extraOutlets() -> [Outlet] { [Outlet("banner", \\Promo.banner)] }
            }

            """, to: "Sources/PhotoApp/Promo.swift")
        try folder.write(
            IncludeTests.layout(#"<view class="Promo" module="PhotoApp"><label outlet="banner"/></view>"#),
            to: "Layouts/Promo.layout.xml")
        let quiet = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(quiet.status == 0, "\(quiet)")
        #expect(quiet.outputLines.isEmpty, "\(quiet)")
        // --strict is unaffected: open-class is off until a configuration enables it.
        let strict = try runLayoutCheck(["--strict", "--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(strict.status == 0, "\(strict)")
        try folder.write(
            ConfigurationTests.configuration(#"<rule id="open-class" severity="warning"/>"#), to: "layout-check.xml")
        let listed = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(listed.status == 0, "\(listed)")
        #expect(
            listed.outputLines == [
                "Sources/PhotoApp/Promo.swift:3:13: warning: class 'PhotoApp.Promo' is open: its outlets list calls "
                    + "'Promo.extraOutlets', which the checker cannot read; no rule says one of its members is missing "
                    + "[open-class]"
            ], "\(listed)")
    }

    @Test func aSchemaThatDisagreesWithTheSwiftCodeIsDriftAtTheSchemaLine() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Schemas"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("Schemas/PhotoApp.classes.xml"),
            to: folder.url.appendingPathComponent("Schemas/PhotoApp.classes.xml"))
        let agreeing = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(agreeing.status == 0, "\(agreeing)")
        #expect(agreeing.outputLines.isEmpty, "\(agreeing)")
        try Self.edit(
            folder, "Sources/PhotoApp/PhotoCell.swift", replacing: #"Outlet("photoDateLabel""#,
            with: #"Outlet("dateLabel""#)
        try Self.edit(folder, "Layouts/PhotoCell.layout.xml", replacing: "photoDateLabel", with: "dateLabel")
        let drifted = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(drifted.status == 1, "\(drifted)")
        #expect(drifted.outputLines.allSatisfy { $0.hasPrefix("Schemas/PhotoApp.classes.xml:") }, "\(drifted)")
        #expect(drifted.outputLines.contains { $0.hasSuffix("[schema-drift]") }, "\(drifted)")
        // Regenerated from the Swift code, the schema agrees again.
        let written = try runLayoutCheck(
            ["--swift-sources", "Sources/PhotoApp", "--write-schemas", "Schemas", "Layouts"], in: folder.url)
        #expect(written.status == 0, "\(written)")
        let again = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(again.status == 0, "\(again)")
        #expect(again.outputLines.isEmpty, "\(again)")
    }

    /// sourcekitd is asked with an Apple target (it then spares each file clang's search for a GCC
    /// installation); a syntactic reading keeps every `#if` branch whatever the target, so classes declared
    /// for Linux, for iOS and for neither are all the module's.
    @Test func everyPlatformBranchOfAnIfIsRead() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        var branches = "import LayoutKit\n"
        for (condition, name) in [
            ("#if os(Linux)", "LinuxCell"), ("#elseif os(iOS)", "PhoneCell"), ("#else", "OtherCell"),
        ] {
            branches += """
                \(condition)
                final class \(name): TableViewCell {
                    var title: Label!
                    override class var outlets: [Outlet] { super.outlets + [Outlet("title", \\\(name).title)] }
                }

                """
        }
        try folder.write(branches + "#endif\n", to: "Sources/PhotoApp/Branches.swift")
        let result = try runLayoutCheck(
            ["--swift-sources", "Sources/PhotoApp", "--write-schemas", "Schemas", "Layouts"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        let schema = try String(
            contentsOf: folder.url.appendingPathComponent("Schemas/PhotoApp.classes.xml"), encoding: .utf8)
        for name in ["LinuxCell", "PhoneCell", "OtherCell"] {
            #expect(schema.contains("name=\"\(name)\""), "\(name) missing from \(schema)")
        }
    }

    /// Where no sourcekitd can be found, the build plugin must say so on every build and check what it
    /// can: the layouts go by the class schemas, a warning names both ways to point at a toolchain, and
    /// no stamp is written, so that the next build runs (and warns) again.
    @Test func withoutSourcekitdTheLayoutsGoBySchemasWithAWarningAndNoStamp() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Schemas"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("Schemas/PhotoApp.classes.xml"),
            to: folder.url.appendingPathComponent("Schemas/PhotoApp.classes.xml"))
        let stamp = folder.url.appendingPathComponent("LayoutCheckCards.swift").path
        let result = try runLayoutCheck(
            ["--swift-sources", "Sources/PhotoApp", "--touch", stamp, "Layouts"], in: folder.url,
            environment: ["LAYOUTKIT_TOOLCHAIN": "/no/such/toolchain"])
        #expect(result.status == 0, "\(result)")
        let warning = try #require(result.outputLines.first, "\(result)")
        #expect(warning.hasPrefix("layout-check: warning: the Swift sources were not read"), "\(result)")
        #expect(warning.contains("--toolchain") && warning.contains("LAYOUTKIT_TOOLCHAIN"), "\(result)")
        #expect(warning.hasSuffix("[no-class-schemas]"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: stamp))
        // With sourcekitd, the same run writes its stamp.
        let found = try runLayoutCheck(
            ["--swift-sources", "Sources/PhotoApp", "--touch", stamp, "Layouts"], in: folder.url)
        #expect(found.status == 0, "\(found)")
        #expect(FileManager.default.fileExists(atPath: stamp))
    }

    /// A list without `super.outlets` replaces the superclass's at run time: its outlets are not the
    /// subclass's to connect, and never reported as unconnected there.
    @Test func aListThatDoesNotAddToSuperDoesNotInheritRequiredOutlets() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try folder.write(
            """
            import LayoutKit

            class Tile: View {
                var title: Label?
                override class var outlets: [Outlet] { super.outlets + [Outlet("title", \\Tile.title)] }
            }

            final class IconTile: Tile {
                var icon: ImageView?
                override class var outlets: [Outlet] { [Outlet("icon", \\IconTile.icon)] }
            }

            """, to: "Sources/PhotoApp/Tiles.swift")
        try folder.write(
            IncludeTests.layout(#"<view class="IconTile" module="PhotoApp"><imageView outlet="icon"/></view>"#),
            to: "Layouts/IconTile.layout.xml")
        try folder.write(IncludeTests.layout(#"<view class="Tile" module="PhotoApp"/>"#), to: "Layouts/Tile.layout.xml")
        let result = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        // Tile's own outlet is still required of Tile.
        #expect(
            result.outputLines.first
                == "Layouts/Tile.layout.xml:3:1: error: outlet 'title' of PhotoApp.Tile is not connected in this layout "
                + "[unconnected-outlet]", "\(result)")
        #expect(!result.standardOutput.contains("IconTile.layout.xml"), "\(result)")
    }

    @Test func aKeyPathIntoATypeNotInTheSourcesMakesTheClassOpen() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try folder.write(
            """
            import LayoutKit
            import Shared

            final class Banner: View {
                override class var outlets: [Outlet] {
                    super.outlets + [Outlet("title", \\SharedView.title), Outlet("icon", \\Banner.icon)]
                }
                var icon: ImageView?
            }

            """, to: "Sources/PhotoApp/Banner.swift")
        try folder.write(
            IncludeTests.layout(
                #"<view class="Banner" module="PhotoApp"><label outlet="title"/><imageView outlet="icon"/></view>"#),
            to: "Layouts/Banner.layout.xml")
        let result = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.outputLines.isEmpty, "\(result)")
        // The members it could read are still checked: a destination of the wrong type is an error.
        try folder.write(
            IncludeTests.layout(
                #"<view class="Banner" module="PhotoApp"><label outlet="title"/><label outlet="icon"/></view>"#),
            to: "Layouts/Banner.layout.xml")
        let mismatch = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(mismatch.status == 1, "\(mismatch)")
        #expect(mismatch.standardOutput.contains("[outlet-type-mismatch]"), "\(mismatch)")
        #expect(mismatch.standardOutput.contains("Sources/PhotoApp/Banner.swift:6:"), "\(mismatch)")
    }

    /// A class whose superclass is a library's (not in the sources) may derive from anything: as an
    /// object's class or an outlet's destination it is neither `class-kind-mismatch` nor
    /// `outlet-type-mismatch`. Paired with the same class deriving from a known class of the wrong kind,
    /// which is both.
    @Test func aClassWhoseSuperclassIsALibrarysIsNeverSaidNotToDeriveFromAType() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        func write(superclass: String) throws {
            try folder.write(
                """
                import LayoutKit
                import Shared

                final class FancyLabel: \(superclass) {}

                final class Headline: View {
                    override class var outlets: [Outlet] { super.outlets + [Outlet("title", \\Headline.title)] }
                    var title: Label?
                }

                """, to: "Sources/PhotoApp/Headline.swift")
        }
        try folder.write(
            IncludeTests.layout(
                #"<view class="Headline" module="PhotoApp"><label class="FancyLabel" module="PhotoApp" outlet="title"/></view>"#
            ), to: "Layouts/Headline.layout.xml")
        try write(superclass: "SharedLabel")
        let unknown = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(unknown.status == 0, "\(unknown)")
        #expect(unknown.outputLines.isEmpty, "\(unknown)")
        try write(superclass: "ImageView")
        let known = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(known.status == 1, "\(known)")
        #expect(known.standardOutput.contains("[class-kind-mismatch]"), "\(known)")
    }

    /// A class of a module whose sources were not given may exist: no unknown-class for it. A class
    /// schema of that module, when there is one, still describes it.
    @Test func aClassOfAModuleWithoutSourcesIsLeftToTheSchemasOrSilent() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try folder.write(
            IncludeTests.layout(#"<view class="Widget" module="Vendor"/>"#), to: "Layouts/Widget.layout.xml")
        let silent = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(silent.status == 0, "\(silent)")
        #expect(silent.outputLines.isEmpty, "\(silent)")
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="Widget" module="Vendor" base="view">
                    <outlet name="title" type="label"/>
                </class>
            </classes>

            """, to: "Schemas/Vendor.classes.xml")
        let described = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(described.status == 1, "\(described)")
        #expect(
            described.outputLines.first
                == "Layouts/Widget.layout.xml:3:1: error: outlet 'title' of Vendor.Widget is not connected in this "
                + "layout [unconnected-outlet]", "\(described)")
        // A class of a module whose sources were read is reported when it is not there.
        try folder.write(
            IncludeTests.layout(#"<view class="Widget" module="PhotoApp"/>"#), to: "Layouts/Widget.layout.xml")
        let unknown = try runLayoutCheck(["--swift-sources", "Sources/PhotoApp", "Layouts"], in: folder.url)
        #expect(unknown.status == 1, "\(unknown)")
        #expect(unknown.standardOutput.contains("[unknown-class]"), "\(unknown)")
    }

    @Test func theModuleComesFromTheArgumentOrSwiftPMsLayoutOrTheFolder() throws {
        let folder = try Self.photoApp()
        defer { folder.remove() }
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("Sources/PhotoApp"), to: folder.url.appendingPathComponent("App"))
        let byFolder = try runLayoutCheck(["--swift-sources", "App", "Layouts"], in: folder.url)
        #expect(byFolder.status == 1, "\(byFolder)")
        #expect(byFolder.standardOutput.contains("unknown class 'PhotoCell' in module 'PhotoApp'"), "\(byFolder)")
        let named = try runLayoutCheck(["--swift-sources", "PhotoApp=App", "Layouts"], in: folder.url)
        #expect(named.status == 0, "\(named)")
        try folder.write(
            ConfigurationTests.configuration(#"<swift-sources path="App" module="PhotoApp"/>"#), to: "layout-check.xml")
        let configured = try runLayoutCheck(["Layouts"], in: folder.url)
        #expect(configured.status == 0, "\(configured)")
    }
}

/// The settings of `layout-check.xml` apply inside the engine, to every kind of file.
@Suite struct SettingsInsideTheEngineTests {
    @Test func aRuleLoweredToIgnoreIsNoErrorOfTheLayoutsThatIncludeIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(
            IncludeTests.layout(#"<tableViewCell class="Row" module="Fixtures"/>"#), to: "Header.layout.xml")
        try folder.write(IncludeTests.layout(#"<stackView><include layout="Header"/></stackView>"#), to: "A.layout.xml")
        let unconfigured = try runLayoutCheck(["--schemas", IncludeTests.schemas, "."], in: folder.url)
        #expect(unconfigured.status == 1, "\(unconfigured)")
        #expect(unconfigured.standardOutput.contains("[invalid-include]"), "\(unconfigured)")
        try folder.write(
            ConfigurationTests.configuration(#"<rule id="unconnected-outlet" severity="ignore"/>"#),
            to: "layout-check.xml")
        let lowered = try runLayoutCheck(["--schemas", IncludeTests.schemas, "."], in: folder.url)
        #expect(lowered.status == 0, "\(lowered)")
        #expect(lowered.outputLines.isEmpty, "\(lowered)")
    }

    @Test func anExcludedXibAndSwiftFileAreNotRead() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try FileManager.default.copyItem(
            atPath: Repository.root.appendingPathComponent(InterfaceBuilderTests.app).path,
            toPath: project.url.appendingPathComponent("App").path)
        try FileManager.default.createDirectory(
            at: project.url.appendingPathComponent("Legacy"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Repository.root.appendingPathComponent("\(InterfaceBuilderTests.defects)/Profile.xib").path,
            toPath: project.url.appendingPathComponent("Legacy/Profile.xib").path)
        try project.write("final class Broken {\n    func f( {\n}\n", to: "Legacy/Broken.swift")
        let unconfigured = try runLayoutCheck(["--format", "json", "--swift-sources", ".", "."], in: project.url)
        let found = try unconfigured.report()
        #expect(found.diagnostics.contains { $0.file == "Legacy/Profile.xib" }, "\(unconfigured)")
        #expect(found.diagnostics.contains { $0.file == "Legacy/Broken.swift" }, "\(unconfigured)")
        try project.write(ConfigurationTests.configuration(#"<exclude path="Legacy/**"/>"#), to: "layout-check.xml")
        let excluded = try runLayoutCheck(["--swift-sources", ".", "."], in: project.url)
        #expect(excluded.status == 0, "\(excluded)")
        #expect(excluded.outputLines.isEmpty, "\(excluded)")
        #expect(excluded.standardError.hasPrefix("2 files, 0 errors, 0 warnings"), "\(excluded)")
    }

    /// `<ignore rule file object>` silences one Interface Builder finding at the element with that id or
    /// inside it (Xcode would drop an `lk:ignore` from the nib), for a per-file rule and for the run-level
    /// `unconnected-outlet` alike; the other findings of the file stay. One that silences nothing in a
    /// checked file is an `unused-suppression` warning at its line; one whose files were not checked is not.
    @Test func aConfigurationIgnoreSilencesOneInterfaceBuilderFindingByFileAndObject() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try FileManager.default.createDirectory(
            at: project.url.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Repository.root.appendingPathComponent("\(InterfaceBuilderTests.defects)/Profile.xib").path,
            toPath: project.url.appendingPathComponent("Screens/Profile.xib").path)
        let app = Repository.root.appendingPathComponent(InterfaceBuilderTests.app).path
        let arguments = ["--format", "json", "--swift-sources", "App=\(app)", "Screens"]
        let unconfigured = try runLayoutCheck(arguments, in: project.url)
        #expect(
            try unconfigured.report().diagnostics.map { "\($0.rule) \($0.line)" }.sorted() == [
                "outlet-type-mismatch 21", "unconnected-outlet 18", "unknown-action 57", "unknown-class 45",
                "unknown-destination 22", "unknown-outlet 20", "unknown-outlet 22",
            ], "\(unconfigured)")
        try project.write(
            ConfigurationTests.configuration(
                [
                    #"<ignore rule="unknown-outlet" file="Screens/Profile.xib" object="Po1-nT-1aa"/>"#,
                    #"<ignore rule="unknown-action" file="**/Profile.xib" object="Pv1-vW-1aA"/>"#,
                    #"<ignore rule="unconnected-outlet" file="Screens/Profile.xib" object="-1"/>"#,
                    #"<ignore rule="outlet-type-mismatch" file="Screens/Profile.xib" object="Pv1-vW-1aA"/>"#,
                    #"<ignore rule="unknown-class" file="Other/*.xib" object="Bd4-vW-4dD"/>"#,
                ].joined(separator: "\n")), to: "layout-check.xml")
        let configured = try runLayoutCheck(arguments, in: project.url)
        #expect(configured.status == 1, "\(configured)")
        #expect(
            try configured.report().diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }.sorted() == [
                "outlet-type-mismatch Screens/Profile.xib:21", "unknown-class Screens/Profile.xib:45",
                "unknown-destination Screens/Profile.xib:22", "unknown-outlet Screens/Profile.xib:22",
                "unused-suppression layout-check.xml:6",
            ], "\(configured)")
        let unused = try #require(try configured.report().diagnostics.first { $0.rule == "unused-suppression" })
        #expect(unused.severity == "warning")
        #expect(unused.message.contains("'outlet-type-mismatch' at object 'Pv1-vW-1aA'"), "\(unused.message)")
    }

    /// `unconnected-outlet` is reported at the first object that uses the class, which moves as nibs are
    /// added: `<ignore declaration="Class.outlet">` silences it by its Swift declaration instead, and one
    /// naming a declaration no finding is about is `unused-suppression`, the finding it missed still reported.
    @Test func aConfigurationIgnoreSilencesAnUnconnectedOutletByItsDeclaration() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try FileManager.default.copyItem(
            atPath: Repository.root.appendingPathComponent("\(InterfaceBuilderTests.defects)/Profile.xib").path,
            toPath: project.url.appendingPathComponent("Profile.xib").path)
        let app = Repository.root.appendingPathComponent(InterfaceBuilderTests.app).path
        let arguments = ["--format", "json", "--swift-sources", "App=\(app)", "Profile.xib"]
        try project.write(
            ConfigurationTests.configuration(
                #"<ignore rule="unconnected-outlet" declaration="ProfileViewController.nameField"/>"#),
            to: "layout-check.xml")
        let silenced = try runLayoutCheck(arguments, in: project.url).report().diagnostics.map(\.rule)
        #expect(!silenced.contains("unconnected-outlet") && !silenced.contains("unused-suppression"), "\(silenced)")
        #expect(silenced.contains("unknown-outlet"), "\(silenced)")
        try project.write(
            ConfigurationTests.configuration(
                #"<ignore rule="unconnected-outlet" declaration="ProfileViewController.avatarView"/>"#),
            to: "layout-check.xml")
        let missed = try runLayoutCheck(arguments, in: project.url).report().diagnostics
        #expect(missed.contains { $0.rule == "unconnected-outlet" && $0.line == 18 }, "\(missed)")
        #expect(
            missed.contains {
                $0.rule == "unused-suppression" && $0.file == "layout-check.xml" && $0.line == 3
                    && $0.message.contains("ProfileViewController.avatarView")
            }, "\(missed)")
    }

    /// An Interface Builder file has the same cap as a layout: 1,000 diagnostics, then one input-limit.
    @Test func anInterfaceBuilderFileIsCappedLikeALayout() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let outlets = (0..<1_100).map {
            #"<outlet property="missing\#($0)" destination="Pv1-vW-1aA" id="Co\#($0)-aa-aaa"/>"#
        }
        try project.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="ProfileViewController" customModule="App" customModuleProvider="target">
                        <connections>
                            \(outlets.joined(separator: "\n"))
                        </connections>
                    </placeholder>
                    <view contentMode="scaleToFill" id="Pv1-vW-1aA"/>
                </objects>
            </document>

            """, to: "Many.xib")
        let app = Repository.root.appendingPathComponent(InterfaceBuilderTests.app).path
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", "App=\(app)", "Many.xib"], in: project.url)
        #expect(result.status == 1)
        let report = try result.report()
        let inFile = report.diagnostics.filter { $0.file == "Many.xib" }
        #expect(inFile.count == 1_001, "\(inFile.count)")
        #expect(inFile.filter { $0.rule == "input-limit" }.count == 1)
    }
}
