import Foundation
import LayoutKit
import PhotoApp
import Testing

@testable import LayoutTesting

@Suite("assertLayoutsValid")
struct AssertLayoutsValidTests {
    @Test("passes on the example app's layouts")
    func passes() throws {
        let registry = try ExampleApp.registry()
        #expect(capture { assertLayoutsValid(in: layoutsURL, registry: registry) }.messages == [])
    }

    @Test("resolves includes among the layouts beside each file, and reports one it cannot find")
    func resolvesIncludes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["ProfileCell", "ProfileHeader"] {
            try write(
                try String(contentsOf: layoutsURL.appendingPathComponent("\(name).layout.xml"), encoding: .utf8),
                to: "\(name).layout.xml", in: folder)
        }
        let registry = try ExampleApp.registry()
        #expect(capture { assertLayoutsValid(in: folder, registry: registry) }.messages == [])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("ProfileHeader.layout.xml"))
        let messages = capture { assertLayoutsValid(in: folder, registry: registry) }.messages
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix("[unknown-layout]") == true, "\(messages)")
    }

    @Test("reports each diagnostic of every layout, at any depth, as its own failure with file:line:column and rule")
    func reportsEachDiagnostic() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            try String(contentsOf: layoutsURL.appendingPathComponent("PhotoCell.layout.xml"), encoding: .utf8),
            to: "PhotoCell.layout.xml", in: folder)
        try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <tableViewCell class="PhotoCell">
                    <label outlet="photoTitelLabel"/>
                    <label outlet="photoDateLabel"/>
                    <imageView outlet="thumbnailView"/>
                </tableViewCell>
            </layout>
            """, to: "Cells/Broken.layout.xml", in: folder)
        try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <view class="Thumbnail"/>
            </layout>
            """, to: "Cells/More/Unknown.layout.xml", in: folder)
        try write("not a layout", to: "notes.xml", in: folder)
        // Hidden folders and files are passed over, as layout-check passes them over.
        try write("<broken", to: ".build/Stale.layout.xml", in: folder)
        try write("<broken", to: "Cells/.Draft.layout.xml", in: folder)
        let registry = try ExampleApp.registry()

        let messages = capture { assertLayoutsValid(in: folder, registry: registry) }.messages

        let broken = folder.appendingPathComponent("Cells/Broken.layout.xml").path
        let unknown = folder.appendingPathComponent("Cells/More/Unknown.layout.xml").path
        let located = messages.map { message in
            message.wholeMatch(of: #/(.*):(\d+):(\d+): error: .* \[([a-z-]+)\](?:\n    fix: .*)?/#).map {
                "\($0.1):\($0.2):\($0.3) [\($0.4)]"
            }
        }
        #expect(
            located == [
                "\(broken):3:5 [unconnected-outlet]",
                "\(broken):4:9 [unknown-outlet]",
                "\(unknown):3:5 [unknown-class]",
            ], "\(messages)")
        // A finding with a fix-it says what `layout-check --fix` would change.
        #expect(
            messages.contains {
                $0.hasPrefix("\(broken):4:9: error: ")
                    && $0.hasSuffix("[unknown-outlet]\n    fix: replace \"photoTitelLabel\" with \"photoTitleLabel\"")
            }, "\(messages)")
    }

    @Test("lk:ignore silences a diagnostic as in layout-check; an unused one is a warning, which does not fail")
    func suppressions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func cell(_ extra: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1" xmlns:tools="urn:layoutkit:tools">
                <tableViewCell class="PhotoCell">
                    <label outlet="photoTitleLabel"/>
                    <label outlet="photoDateLabel"/>
                    <imageView outlet="thumbnailView"/>
                    \(extra)
                </tableViewCell>
            </layout>
            """
        }
        try write(
            cell(#"<label outlet="photoSubtitleLabel" tools:ignore="unknown-outlet"/>"#), to: "Silenced.layout.xml",
            in: folder)
        try write(cell(#"<label tools:ignore="unknown-outlet"/>"#), to: "Unused.layout.xml", in: folder)
        let registry = try ExampleApp.registry()
        #expect(capture { assertLayoutsValid(in: folder, registry: registry) }.messages == [])

        try write(cell(#"<label tools:ignore="unknown-outlets"/>"#), to: "Misspelt.layout.xml", in: folder)
        let misspelt = folder.appendingPathComponent("Misspelt.layout.xml").path
        #expect(
            capture { assertLayoutsValid(in: folder, registry: registry) }.messages == [
                "\(misspelt):7:9: error: unknown rule \"unknown-outlets\" in lk:ignore on <label>; "
                    + "did you mean 'unknown-outlet'? [schema]"
            ])
    }

    @Test("a folder without layouts fails rather than passing having checked nothing")
    func emptyFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("<classes/>", to: "Other.classes.xml", in: folder)
        #expect(
            capture { assertLayoutsValid(in: folder, registry: .standard) }.messages == [
                "no *.layout.xml file in \(folder.path) or its subfolders, so nothing was checked"
            ])
    }

    @Test("told a layout's owner class, a required owner outlet the layout never connects fails at <layout>")
    func forgottenOwner() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <tableViewCell class="TitleCell"><label outlet="titleLabel"/></tableViewCell>
            </layout>
            """, to: "Title.layout.xml", in: folder)
        let registry = try testRegistry()
        #expect(capture { assertLayoutsValid(in: folder, registry: registry) }.messages == [])
        let messages = capture {
            assertLayoutsValid(in: folder, registry: registry, owners: ["Title": CellsOwner.self])
        }.messages
        let file = folder.appendingPathComponent("Title.layout.xml").path
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("\(file):2:1: error: ") == true, "\(messages)")
        #expect(messages.first?.hasSuffix("[unconnected-owner]") == true)
        #expect(messages.first?.contains(#""titleCell", "badgeCell""#) == true)
    }

    @Test("a folder that does not exist fails")
    func missingFolder() {
        let folder = repositoryRoot.appendingPathComponent("NoSuchFolder")
        #expect(
            capture { assertLayoutsValid(in: folder, registry: .standard) }.messages == [
                "no folder at \(folder.path)"
            ])
    }
}
