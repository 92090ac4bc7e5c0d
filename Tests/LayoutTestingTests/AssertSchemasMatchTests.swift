import Foundation
import LayoutKit
import PhotoApp
import Testing

@testable import LayoutTesting

@Suite("assertSchemasMatch")
struct AssertSchemasMatchTests {
    @Test("passes when the schemas were written from the registry")
    func generatedSchemasMatch() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let registry = try testRegistry()
        try write(registry.classSchemaDocument(), to: "Generated.classes.xml", in: folder)
        #expect(capture { assertSchemasMatch(registry, folder, record: false) }.messages == [])
    }

    @Test("reports each difference between drifted schemas and the registry")
    func drift() throws {
        let folder = try temporaryFolder().appendingPathComponent("Schemas")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        var registry = LayoutRegistry.standard
        try registry.register(PhotoCell.self)
        try registry.register(DateFormat.self)
        try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="PhotoCell" module="PhotoApp" base="tableViewCell">
                    <outlet name="photoTitleLabel" type="label"/>
                    <outlet name="photoDateLabel" type="label"/>
                    <outlet name="thumbnailView" type="view" optional="true"/>
                </class>
            </classes>
            """, to: "Cells/PhotoApp.classes.xml", in: folder)

        let file = folder.appendingPathComponent("Cells/PhotoApp.classes.xml").path
        #expect(
            capture { assertSchemasMatch(registry, folder, record: false) }.messages == [
                "class 'PhotoApp.DateFormat' is in the registry but not in Schemas/",
                "\(file):6:9: outlet 'thumbnailView' of class 'PhotoApp.PhotoCell' has type 'view' in Schemas/ "
                    + "but 'imageView' in the registry",
                "\(file):6:9: outlet 'thumbnailView' of class 'PhotoApp.PhotoCell' is optional in Schemas/ "
                    + "but required in the registry",
                "Schemas/ does not match the registry; to rewrite \(file) from it, run: "
                    + #"LAYOUTKIT_RECORD_SCHEMAS=1 swift test --filter 'LayoutTestingTests\..*drift'"#,
            ])
    }

    @Test("a difference about a declaration the files have names its line: the outlet's, else the class's")
    func differenceLocations() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var registry = LayoutRegistry.standard
        try registry.register(DateFormat.self)
        try write(
            """
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="DateFormat" module="PhotoApp">
                    <outlet name="locale" type="view"/>
                </class>
                <class name="Sticker" module="PhotoApp"/>
            </classes>
            """, to: "App.classes.xml", in: folder)
        let file = folder.appendingPathComponent("App.classes.xml").path

        let messages = capture { assertSchemasMatch(registry, folder, record: false) }.messages

        #expect(
            messages.dropLast() == [
                "\(file):3:9: outlet 'locale' of class 'PhotoApp.DateFormat' is in \(folder.lastPathComponent)/ "
                    + "but not in the registry"
            ])
        // A class the registry holds under no module (the Swift code has it, the app does not register it)
        // is not compared: `layout-check --write-schemas` writes every class of the Swift code.
        #expect(!messages.contains { $0.contains("Sticker") })
        #expect(messages.last?.hasSuffix("--filter 'LayoutTestingTests\\..*differenceLocations'") == true)
    }

    @Test("reports a malformed schema file's diagnostics with file:line:column and rule")
    func malformedSchema() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var registry = LayoutRegistry.standard
        try registry.register(DateFormat.self)
        try write(
            """
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="DateFormat" module="PhotoApp" base="Formatter"/>
            </classes>
            """, to: "Broken.classes.xml", in: folder)

        let messages = capture { assertSchemasMatch(registry, folder, record: false) }.messages

        let file = folder.appendingPathComponent("Broken.classes.xml").path
        try #require(messages.count == 2, "\(messages)")
        #expect(messages[0].hasPrefix("\(file):2:5: error: base of 'PhotoApp.DateFormat': unknown class 'Formatter'"))
        #expect(messages[0].hasSuffix("[class-schema]"))
        #expect(messages[1].hasPrefix("\(folder.lastPathComponent)/ does not match the registry; to rewrite \(file)"))
    }

    @Test("a folder without class schemas is recorded, once, into MODULE.classes.xml, and then matches")
    func recordsMissingSchema() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var registry = LayoutRegistry.standard
        try registry.register(DateFormat.self)
        try registry.register(TitleCell.self)
        try registry.register(BadgeCell.self)
        // The module of most classes, not of the first registered.
        let file = folder.appendingPathComponent("LayoutTestingTests.classes.xml")

        #expect(
            capture { assertSchemasMatch(registry, folder, record: false) }.messages == [
                "recorded \(file.path) from the registry (3 classes) because \(folder.path) held no *.classes.xml "
                    + "file; check it in and run the tests again"
            ])
        #expect(try String(contentsOf: file, encoding: .utf8) == registry.catalog.classSchemaDocument(order: []))
        #expect(capture { assertSchemasMatch(registry, folder, record: false) }.messages == [])
    }

    @Test("a folder that does not exist is created and recorded into")
    func recordsMissingFolder() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("Schemas")
        var registry = LayoutRegistry.standard
        try registry.register(DateFormat.self)

        let messages = capture { assertSchemasMatch(registry, folder, record: false) }.messages

        #expect(messages.count == 1)
        #expect(
            messages.first?.hasPrefix("recorded \(folder.path)/PhotoApp.classes.xml from the registry (1 class)")
                == true)
        #expect(capture { assertSchemasMatch(registry, folder, record: false) }.messages == [])
    }

    @Test("recording rewrites the one class schema the folder holds, wherever it is, and then matches")
    func recordRewritesDriftedFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var registry = LayoutRegistry.standard
        try registry.register(DateFormat.self)
        try registry.register(PhotoCell.self)
        try write(
            #"<classes xmlns="urn:layoutkit:classes:1"><class name="Sticker" module="PhotoApp"/></classes>"#,
            to: "Nested/App.classes.xml", in: folder)
        let file = folder.appendingPathComponent("Nested/App.classes.xml")

        let messages = capture { assertSchemasMatch(registry, folder, record: true) }.messages

        #expect(
            messages == [
                "recorded \(file.path) from the registry (2 classes) because it was called with record: true; "
                    + "check it in and run the tests again"
            ])
        #expect(capture { assertSchemasMatch(registry, folder, record: false) }.messages == [])
    }

    @Test("recording into a folder of several class schemas writes schemaFile and names the others")
    func recordBesideOthers() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var registry = LayoutRegistry.standard
        try registry.register(DateFormat.self)
        try write(#"<classes xmlns="urn:layoutkit:classes:1"/>"#, to: "A.classes.xml", in: folder)
        try write(#"<classes xmlns="urn:layoutkit:classes:1"/>"#, to: "B.classes.xml", in: folder)

        let messages = capture {
            assertSchemasMatch(registry, folder, schemaFile: "Formats.classes.xml", record: true)
        }.messages

        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("recorded \(folder.path)/Formats.classes.xml from the registry") == true)
        #expect(
            messages.first?.hasSuffix(
                "; the other class schemas in the folder were left as they are: A.classes.xml, B.classes.xml") == true)
        #expect(capture { assertSchemasMatch(registry, folder, record: false) }.messages == [])
    }

    @Test("LAYOUTKIT_RECORD_SCHEMAS=1 asks for recording unless the caller says otherwise")
    func environment() {
        let set = ["LAYOUTKIT_RECORD_SCHEMAS": "1"]
        #expect(SchemaRecording.reason(record: nil, environment: set) == "LAYOUTKIT_RECORD_SCHEMAS=1 is set")
        #expect(SchemaRecording.reason(record: nil, environment: ["LAYOUTKIT_RECORD_SCHEMAS": "0"]) == nil)
        #expect(SchemaRecording.reason(record: nil, environment: ["LAYOUTKIT_RECORD_SCHEMAS": "yes"]) == nil)
        #expect(SchemaRecording.reason(record: nil, environment: [:]) == nil)
        #expect(SchemaRecording.reason(record: false, environment: set) == nil)
        #expect(SchemaRecording.reason(record: true, environment: [:]) == "it was called with record: true")
    }

    @Test("the rewrite command runs the calling test, Swift Testing function or XCTest method")
    func command() {
        #expect(
            SchemaRecording.command(fileID: "FeedKitTests/FeedLayoutsTests.swift", function: "schemasMatch()")
                == #"LAYOUTKIT_RECORD_SCHEMAS=1 swift test --filter 'FeedKitTests\..*schemasMatch'"#)
        #expect(
            SchemaRecording.command(
                fileID: "FeedKitTests/FeedLayoutsXCTests.swift", function: "testSchemasMatchTheSwiftClasses()")
                == #"LAYOUTKIT_RECORD_SCHEMAS=1 swift test --filter 'FeedKitTests\..*testSchemasMatchTheSwiftClasses'"#)
    }
}
