import Foundation
import LayoutKit
import LayoutTesting
import PhotoApp
import Testing

@Suite("Layout sources")
struct LayoutSourceTests {
    @Test("a directory source reads NAME.layout.xml and diagnostics name its path")
    func directory() throws {
        let source = DirectoryLayoutSource(layoutsURL)
        let layout = try source.loadLayout(named: "PhotoCell")
        #expect(layout.file == layoutsURL.appendingPathComponent("PhotoCell.layout.xml").path)
        #expect(layout.data == (try photoCellData()))

        let loader = try LayoutLoader(named: "PhotoCell", from: source, registry: ExampleApp.registry())
        #expect(loader.file == layout.file)
        try assertInstantiates(PhotoCell.self, from: loader)
    }

    @Test("a directory source reports a missing file as unreadable-file at its path, as LayoutLoader does")
    func directoryMissingFile() {
        let source = DirectoryLayoutSource(layoutsURL)
        let path = layoutsURL.appendingPathComponent("NoSuchCell.layout.xml").path
        let error = #expect(throws: LayoutError.self) { try source.loadLayout(named: "NoSuchCell") }
        #expect(error?.rules == [.unreadableFile])
        #expect(error?.diagnostics.first?.location == SourceLocation(file: path, line: 1, column: 1))
        #expect(error?.diagnostics.first?.message.hasPrefix("cannot read the layout: ") == true)

        let direct = #expect(throws: LayoutError.self) {
            try LayoutLoader(named: "NoSuchCell", in: layoutsURL, registry: .standard)
        }
        #expect(error == direct)
    }

    @Test("an in-memory source serves text and bytes by name, as NAME.layout.xml")
    func inMemory() throws {
        let fromText = InMemoryLayoutSource(["CountingCell": countingCellXML])
        let fromBytes = InMemoryLayoutSource(["CountingCell": Data(countingCellXML.utf8)])
        #expect(try fromText.loadLayout(named: "CountingCell") == fromBytes.loadLayout(named: "CountingCell"))
        #expect(try fromText.loadLayout(named: "CountingCell").file == "CountingCell.layout.xml")

        let loader = try LayoutLoader(named: "CountingCell", from: fromText, registry: testRegistry())
        try assertInstantiates(CountingCell.self, from: loader)
    }

    @Test("diagnostics of an in-memory layout name it NAME.layout.xml with its line")
    func inMemoryDiagnostics() throws {
        let source = InMemoryLayoutSource(["Broken": layoutXML(#"<label colour="red"/>"#)])
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(named: "Broken", from: source, registry: testRegistry())
        }
        #expect(error?.rules == [.schema])
        #expect(error?.diagnostics.first?.sourceLocation?.file == "Broken.layout.xml")
        #expect(error?.diagnostics.first?.sourceLocation?.line == 3)
    }

    @Test("an in-memory source reports an unknown name as unreadable-file, listing the names it has")
    func inMemoryMissing() {
        let source = InMemoryLayoutSource(["A": "", "B": ""])
        let error = #expect(throws: LayoutError.self) { try source.loadLayout(named: "C") }
        #expect(error?.rules == [.unreadableFile])
        #expect(error?.diagnostics.first?.sourceLocation?.file == "C.layout.xml")
        #expect(
            error?.diagnostics.first?.message
                == "cannot read the layout: no layout named 'C' in memory (it has 'A', 'B')")
    }

    /// SwiftPM gives a test target resources only through Package.swift, so the bundle here is a
    /// temporary folder opened with `Bundle(url:)`: a flat bundle whose resources are its files.
    @Test("a bundle source finds NAME.layout.xml among the bundle's resources, in a subdirectory when given")
    func bundle() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundleURL = folder.appendingPathComponent("Layouts.bundle")
        let cells = bundleURL.appendingPathComponent("Cells")
        try FileManager.default.createDirectory(at: cells, withIntermediateDirectories: true)
        try photoCellData().write(to: bundleURL.appendingPathComponent("PhotoCell.layout.xml"))
        try Data(countingCellXML.utf8).write(to: cells.appendingPathComponent("CountingCell.layout.xml"))
        let broken = bundleURL.appendingPathComponent("Broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <view class="Missing"/>
            </layout>
            """.utf8
        ).write(to: broken.appendingPathComponent("Broken.layout.xml"))
        let bundle = try #require(Bundle(url: bundleURL))

        let topLevel = BundleLayoutSource(bundle)
        let photo = try LayoutLoader(named: "PhotoCell", from: topLevel, registry: ExampleApp.registry())
        // Named by the bundle and the path in it, not by wherever the build put the bundle.
        #expect(photo.file == "Layouts.bundle/PhotoCell.layout.xml")
        try assertInstantiates(PhotoCell.self, from: photo)

        let inCells = BundleLayoutSource(bundle, subdirectory: "Cells")
        let counting = try LayoutLoader(named: "CountingCell", from: inCells, registry: testRegistry())
        #expect(counting.file == "Layouts.bundle/Cells/CountingCell.layout.xml")
        try assertInstantiates(CountingCell.self, from: counting)

        // What unknown-layout's suggestion reads: each source lists only its own folder's layouts.
        #expect(topLevel.layoutNames() == ["PhotoCell"])
        #expect(inCells.layoutNames() == ["CountingCell"])

        let error = #expect(throws: LayoutError.self) { try inCells.loadLayout(named: "PhotoCell") }
        #expect(error?.rules == [.unreadableFile])
        #expect(error?.diagnostics.first?.sourceLocation?.file == "Layouts.bundle/Cells/PhotoCell.layout.xml")
        #expect(
            error?.diagnostics.first?.message
                == "cannot read the layout: the bundle has no resource PhotoCell.layout.xml")

        // A layout with a mistake is reported at the bundle's copy, named as above.
        let mistake = #expect(throws: LayoutError.self) {
            try LayoutLoader(
                named: "Broken", from: BundleLayoutSource(bundle, subdirectory: "Broken"), registry: .standard)
        }
        #expect(mistake?.rules == [.unknownClass])
        #expect(mistake?.description.hasPrefix("Layouts.bundle/Broken/Broken.layout.xml:3:5: error: ") == true)
    }
}
