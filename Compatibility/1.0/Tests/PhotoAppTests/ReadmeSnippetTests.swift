// Not from the release: runs the README's 1.0.0 snippets (ReadmeSnippets, and the "Testing your
// layouts" blocks below as the README showed them) and checks which language mode they were built in.
import Foundation
import LayoutKit
import LayoutTesting
import ReadmeSnippets
import Testing

/// The README's tour layout, with the cell of the ReadmeSnippets module.
private let readmePhotoCell = """
    <?xml version="1.0" encoding="UTF-8"?>
    <layout xmlns="urn:layoutkit:layout:1">
        <tableViewCell class="PhotoCell" module="ReadmeSnippets" reuseIdentifier="PhotoCell">
            <imageView outlet="thumbnailView" image="photo-placeholder" contentMode="aspectFill"/>
            <label outlet="photoTitleLabel" text="Title" font="headline"/>
            <label id="date" font="caption" textColor="#8E8E93"/>
            <connections>
                <outlet property="photoDateLabel" destination="date"/>
            </connections>
        </tableViewCell>
    </layout>
    """

/// A folder holding the README's `PhotoCell.layout.xml`; removed by the caller.
private func readmeLayouts() throws -> URL {
    let folder = try temporaryFolder()
    try write(readmePhotoCell, to: "PhotoCell.layout.xml", in: folder)
    return folder
}

@Suite("The README of 1.0.0")
struct ReadmeSnippetTests {
    @Test("was built in the language mode the corpus check asked for")
    func languageMode() {
        let asked = ProcessInfo.processInfo.environment["LAYOUTKIT_COMPAT_MODE"]
        #expect(asked != nil, "run the corpus through Scripts/check-source-compat.sh, which names the mode")
        #expect(readmeSnippetsLanguageMode == asked)
    }

    @Test("a short tour: register, load once, instantiate")
    func tour() throws {
        let folder = try readmeLayouts()
        defer { try? FileManager.default.removeItem(at: folder) }
        let controller = PhotosController()
        let (cell, objects) = try registerLoadInstantiate(
            layoutsURL: folder, controller: controller, formatter: DateFormat())
        #expect(cell.awoke)
        #expect(cell.photoTitleLabel?.text == "Title")
        #expect(cell.photoDateLabel != nil)
        #expect(objects.count == 1)
    }

    @Test("rendering: a cache and a cell provider")
    func rendering() async throws {
        let folder = try readmeLayouts()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cell = try await renderingTour(layoutsURL: folder, photos: ["Sunset"])
        #expect(cell?.photoTitleLabel?.text == "Sunset")
    }

    @Test("testing your layouts, as the README showed it")
    func testingYourLayouts() throws {
        let folder = try readmeLayouts()
        defer { try? FileManager.default.removeItem(at: folder) }
        let registry = try readmeRegistry()
        let layoutsURL = folder
        let loader = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: registry)

        // The classic nib test —
        let objects = try loader.instantiate(owner: nil)
        #expect(objects.count == 1)
        let classic = try #require(objects.first as? PhotoCell)
        #expect(type(of: classic) == PhotoCell.self)
        #expect(classic.photoTitleLabel != nil)
        #expect(classic.photoDateLabel != nil)

        // — is one line:
        let cell = try assertInstantiates(PhotoCell.self, from: loader)
        assertOutletsConnected(cell)  // every non-optional outlet is non-nil

        assertLayoutsValid(in: layoutsURL, registry: registry)

        let schemasURL = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: schemasURL) }
        try registry.classSchemaDocument().write(
            to: schemasURL.appendingPathComponent("App.classes.xml"),
            atomically: true, encoding: .utf8)
        assertSchemasMatch(registry, schemasURL)  // each missing class, base, outlet, type or optionality is a failure
    }
}
