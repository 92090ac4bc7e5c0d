import Foundation
import LayoutKit

/// Loads every layout (`*.layout.xml`, at any depth) in `folder` against `registry`'s classes and
/// asserts that none has an error: as with `layout-check`'s exit status, warnings (an unused
/// `lk:ignore`) do not fail, and what an `lk:ignore` silences is not reported. An `<include>` is
/// resolved among the layouts in the including file's folder, as the loader resolves it.
///
/// ```swift
/// assertLayoutsValid(in: layoutsURL, registry: try ExampleApp.registry())
/// ```
/// Each diagnostic is a failure of its own, reported at the caller's line, whose message is the
/// diagnostic as the checker prints it: `file:line:column: error: message [rule]`. A folder that
/// does not exist or holds no layout is a failure too, so a wrong path cannot pass unnoticed.
///
/// - Parameters:
///   - folder: The folder whose layouts are checked, at any depth.
///   - registry: The app's classes, which the layouts may name.
///   - owners: The class of the owner the app passes to a layout, by layout name (the file's name
///     without `.layout.xml`): an owner whose required outlets that layout never connects is a failure
///     (`unconnected-owner`), as instantiating with one would be.
///   - fileID: The caller's `#fileID`, where a failure is reported; leave the default.
///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
///   - line: The caller's `#line`, where a failure is reported; leave the default.
///   - column: The caller's `#column`, where a failure is reported; leave the default.
public func assertLayoutsValid(
    in folder: URL,
    registry: LayoutRegistry,
    owners: [String: AnyObject.Type] = [:],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let layouts = files(endingWith: ".layout.xml", under: folder, caller: caller) else { return }
    for layout in layouts {
        do {
            let loader = try LayoutLoader(contentsOf: layout, registry: registry)
            let name = String(layout.lastPathComponent.dropLast(".layout.xml".count))
            if let owner = owners[name], let problem = loader.unconnectedOwner(owner, registry: registry) {
                AssertionFailure.report(problem.description, at: caller)
            }
        } catch {
            for diagnostic in error.diagnostics {
                AssertionFailure.report(diagnostic.failureMessage, at: caller)
            }
        }
    }
}

/// The files under `folder`, at any depth, whose names end with `suffix`, sorted by path; hidden
/// files and folders are passed over as `layout-check` passes them over.
///
/// Reports a failure and returns `nil` when `folder` is not a directory or holds no such file.
func files(endingWith suffix: String, under folder: URL, caller: Caller) -> [URL]? {
    guard let found = files(endingWith: suffix, under: folder) else {
        AssertionFailure.report("no folder at \(folder.path)", at: caller)
        return nil
    }
    guard !found.isEmpty else {
        AssertionFailure.report(
            "no *\(suffix) file in \(folder.path) or its subfolders, so nothing was checked", at: caller)
        return nil
    }
    return found
}

/// The files under `folder`, at any depth, whose names end with `suffix`, sorted by path; `nil` when
/// `folder` is not a directory.
func files(endingWith suffix: String, under folder: URL) -> [URL]? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
        return nil
    }
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    var found: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
        if LayoutFileSearch.skips(url.lastPathComponent.utf8) {
            enumerator?.skipDescendants()
            continue
        }
        if url.lastPathComponent.hasSuffix(suffix),
            (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
        {
            found.append(url)
        }
    }
    return found.sorted { $0.path < $1.path }
}
