import Foundation
import LayoutKit
import Testing

/// How a diagnostic and its notes read, and the benchmark's read step, which only `layout-bench` calls.
@Suite struct DiagnosticTests {
    @Test func notesFollowTheirDiagnosticOneLineEach() {
        let diagnostic = Diagnostic(
            rule: .duplicateID, message: "id 'date' is used twice",
            location: SourceLocation(file: "Cell.layout.xml", line: 9, column: 9),
            notes: [
                Diagnostic.Note(
                    message: "first used here", location: SourceLocation(file: "Cell.layout.xml", line: 4, column: 9))
            ])
        #expect(
            diagnostic.description == """
                Cell.layout.xml:9:9: error: id 'date' is used twice [duplicate-id]
                Cell.layout.xml:4:9: note: first used here
                """)
    }

    @Test func aRunLevelDiagnosticHasNoLocation() {
        let diagnostic = Diagnostic(
            rule: .noClassSchemas, severity: .warning, message: "no class schemas", location: nil)
        #expect(diagnostic.description == "layout-check: warning: no class schemas [no-class-schemas]")
    }

    @Test func theBenchmarksReadStepCountsObjectElementsAndRefusesABrokenFile() throws {
        let cell = try Data(contentsOf: Repository.layouts.appendingPathComponent("PhotoCell.layout.xml"))
        #expect(LayoutValidator.decodedObjectCount(Array(cell), file: "PhotoCell.layout.xml") == 4)
        #expect(LayoutValidator.decodedObjectCount(Array("<layout".utf8), file: "broken.layout.xml") == nil)
    }
}
