import Foundation
import LayoutKit

/// Asserts that the class schema files (`*.classes.xml`, at any depth) in `schemasFolder` declare
/// exactly the classes `registry` holds: the same classes, modules, bases, outlets, outlet types and
/// optionality — or writes them, in the manner of snapshot testing.
///
/// ```swift
/// assertSchemasMatch(try ExampleApp.registry(), schemasURL)
/// ```
/// **Recording.** When `schemasFolder` holds no class schema (or does not exist), or when the
/// environment variable `LAYOUTKIT_RECORD_SCHEMAS` is `1`, the assertion writes the registry's classes
/// to `schemaFile` in `schemasFolder` — in the format and order `layout-check --write-schemas` writes,
/// sorted by `Module.Name` — and fails once, saying so; check the file in and run the tests again.
/// Recording replaces the file, comments included.
///
/// **Comparing.** Otherwise each problem is a failure of its own at the caller's line: every
/// `class-schema` diagnostic of the files, as `file:line:column: error: message [class-schema]`, then
/// every difference as a sentence naming the class and outlet (a class the schemas declare and the
/// registry holds under no module is not one: `layout-check --write-schemas` writes every class of the
/// Swift code, registered or not), after the `file:line:column` of the
/// declaration to change when the files have one; a last failure gives the command that rewrites
/// `schemaFile` from the registry (`LAYOUTKIT_RECORD_SCHEMAS=1 swift test --filter …`).
/// - Parameters:
///   - registry: The Swift classes, as the app registers them.
///   - schemasFolder: The folder `layout-check --schemas` reads, in the source tree.
///   - schemaFile: The file recording writes, in `schemasFolder`: by default the one class schema the
///     folder holds, else `MODULE.classes.xml` for the module most of the registry's classes are in.
///   - record: Whether to rewrite `schemaFile` even when the folder holds class schemas; `nil` (the
///     default) does when `LAYOUTKIT_RECORD_SCHEMAS=1` is set. A folder with none is recorded into always.
///   - fileID: The caller's `#fileID`, where a failure is reported; leave the default.
///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
///   - line: The caller's `#line`, where a failure is reported; leave the default.
///   - column: The caller's `#column`, where a failure is reported; leave the default.
///   - function: The calling test's `#function`, which the rewrite command filters on; leave the default.
public func assertSchemasMatch(
    _ registry: LayoutRegistry,
    _ schemasFolder: URL,
    schemaFile: String? = nil,
    record: Bool? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    function: String = #function
) {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    let urls = files(endingWith: ".classes.xml", under: schemasFolder) ?? []
    let recordFile =
        schemaFile.map { schemasFolder.appendingPathComponent($0) }
        ?? (urls.count == 1 ? urls[0] : schemasFolder.appendingPathComponent(defaultSchemaFile(for: registry)))
    let requested = SchemaRecording.reason(record: record, environment: ProcessInfo.processInfo.environment)
    guard requested == nil, !urls.isEmpty else {
        let reason = requested ?? "\(schemasFolder.path) held no *.classes.xml file"
        let others = urls.filter { $0.standardizedFileURL != recordFile.standardizedFileURL }
        recordSchema(of: registry, to: recordFile, because: reason, leaving: others, at: caller)
        return
    }

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
        AssertionFailure.report(diagnostic.failureMessage, at: caller)
    }
    let differences = catalog.differences(
        from: registry.catalog, named: "\(schemasFolder.lastPathComponent)/", otherNamed: "the registry"
    ).filter { !isUnregisteredClass($0, schemas: catalog, registry: registry) }
    for difference in differences {
        AssertionFailure.report(difference.location.map { "\($0): \(difference)" } ?? "\(difference)", at: caller)
    }
    if !diagnostics.isEmpty || !differences.isEmpty {
        AssertionFailure.report(
            "\(schemasFolder.lastPathComponent)/ does not match the registry; to rewrite \(recordFile.path) "
                + "from it, run: \(SchemaRecording.command(fileID: fileID, function: function))",
            at: caller)
    }
}

/// Whether `difference` is only that the schemas declare a class the registry does not hold at all (no
/// class of its name in any module). `layout-check --write-schemas` writes every class of the Swift code,
/// the registry holds those the app registers: such a class is not compared, so that the schemas the CLI
/// writes and those this assertion records both satisfy both. (A layout that names a class the app does
/// not register is refused by the loader, and by `assertLayoutsValid`.)
private func isUnregisteredClass(
    _ difference: ClassCatalog.Difference, schemas: ClassCatalog, registry: LayoutRegistry
) -> Bool {
    guard difference.location != nil,
        let entry = schemas.classes[difference.className], registry.catalog.classes[difference.className] == nil
    else { return false }
    return !registry.catalog.declaresClass(named: entry.name)
        && difference.description.hasSuffix("but not in the registry")
}

/// How a test run asks `assertSchemasMatch` to record, and the command that does it.
enum SchemaRecording {
    static let variable = "LAYOUTKIT_RECORD_SCHEMAS"

    /// Why the schema is to be rewritten although it exists, or `nil` when it is not: `record` when the
    /// caller gave it, else whether `environment` sets the variable to `1`.
    static func reason(record: Bool?, environment: [String: String]) -> String? {
        switch record {
        case true?: "it was called with record: true"
        case false?: nil
        case nil: environment[variable] == "1" ? "\(variable)=1 is set" : nil
        }
    }

    /// `LAYOUTKIT_RECORD_SCHEMAS=1 swift test --filter 'Module.*test'`: runs the calling test (a Swift
    /// Testing function or an XCTest method, named by `#function`) in the test module of `fileID`.
    static func command(fileID: String, function: String) -> String {
        let module = fileID.split(separator: "/").first.map(String.init) ?? ""
        let test = function.prefix { $0 != "(" }
        return "\(variable)=1 swift test --filter '\(module)\\..*\(test)'"
    }
}

/// `MODULE.classes.xml` for the module most of `registry`'s classes are in (the first registered wins
/// a tie); `Classes.classes.xml` for a registry of built-ins only.
private func defaultSchemaFile(for registry: LayoutRegistry) -> String {
    var counts: [String: Int] = [:]
    for registered in registry.classes { counts[registered.module, default: 0] += 1 }
    let module = registry.classes.map(\.module).max { counts[$0, default: 0] < counts[$1, default: 0] }
    return "\(module ?? "Classes").classes.xml"
}

/// Writes `registry`'s class schema to `file` and reports the one failure that says so.
private func recordSchema(
    of registry: LayoutRegistry, to file: URL, because reason: String, leaving others: [URL], at caller: Caller
) {
    do {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The document `layout-check --write-schemas` writes for the same classes: one format, one order.
        try Data(registry.catalog.classSchemaDocument(order: []).utf8).write(to: file, options: .atomic)
    } catch {
        AssertionFailure.report("cannot record \(file.path): \(error.localizedDescription)", at: caller)
        return
    }
    var message =
        "recorded \(file.path) from the registry (\(registry.classes.count) "
        + "class\(registry.classes.count == 1 ? "" : "es")) because \(reason); check it in and run the tests again"
        + (reason.hasPrefix(SchemaRecording.variable) ? " without \(SchemaRecording.variable)" : "")
    if !others.isEmpty {
        message +=
            "; the other class schemas in the folder were left as they are: "
            + others.map(\.lastPathComponent).joined(separator: ", ")
    }
    AssertionFailure.report(message, at: caller)
}
