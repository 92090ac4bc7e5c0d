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
        #expect(capture { assertSchemasMatch(registry, folder) }.messages == [])
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

        #expect(
            capture { assertSchemasMatch(registry, folder) }.messages == [
                "class 'PhotoApp.DateFormat' is in the registry but not in Schemas/",
                "outlet 'thumbnailView' of class 'PhotoApp.PhotoCell' has type 'view' in Schemas/ but 'imageView' in the registry",
                "outlet 'thumbnailView' of class 'PhotoApp.PhotoCell' is optional in Schemas/ but required in the registry",
            ])
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

        let messages = capture { assertSchemasMatch(registry, folder) }.messages

        let file = folder.appendingPathComponent("Broken.classes.xml").path
        try #require(messages.count == 1, "\(messages)")
        #expect(messages[0].hasPrefix("\(file):2:5: error: base of 'PhotoApp.DateFormat': unknown class 'Formatter'"))
        #expect(messages[0].hasSuffix("[class-schema]"))
    }

    @Test("a folder without class schemas fails")
    func emptyFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            capture { assertSchemasMatch(.standard, folder) }.messages == [
                "no *.classes.xml file in \(folder.path) or its subfolders, so nothing was checked"
            ])
    }
}
