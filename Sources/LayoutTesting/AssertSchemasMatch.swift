import Foundation
import LayoutKit

/// Asserts that the class schema files (`*.classes.xml`, at any depth) in `schemasFolder` declare
/// exactly the classes `registry` holds: the same classes, modules, bases, outlets, outlet types and
/// optionality.
///
/// ```swift
/// assertSchemasMatch(try ExampleApp.registry(), schemasURL)
/// ```
/// Write the files in the first place with `registry.classSchemaDocument()`; this assertion then
/// keeps them from drifting away from the Swift classes that `layout-check` cannot read. Each
/// problem is a failure of its own at the caller's line: every `class-schema` diagnostic of the
/// files, as `file:line:column: error: message [class-schema]`, then every difference, as a sentence
/// naming the class and outlet. A folder that does not exist or holds no class schema is a failure.
public func assertSchemasMatch(
    _ registry: LayoutRegistry,
    _ schemasFolder: URL,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let urls = files(endingWith: ".classes.xml", under: schemasFolder, caller: caller) else { return }
    var schemas: [(path: String, bytes: [UInt8])] = []
    for url in urls {
        do {
            schemas.append((url.path, Array(try Data(contentsOf: url))))
        } catch {
            AssertionFailure.report("cannot read \(url.path): \(error.localizedDescription)", at: caller)
        }
    }
    let (catalog, diagnostics) = ClassCatalog.load(schemas: schemas)
    for diagnostic in diagnostics {
        AssertionFailure.report(diagnostic.description, at: caller)
    }
    let differences = catalog.differences(
        from: registry.catalog, named: "\(schemasFolder.lastPathComponent)/", otherNamed: "the registry")
    for difference in differences {
        AssertionFailure.report(difference.description, at: caller)
    }
}
