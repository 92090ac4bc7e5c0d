import Foundation
import LayoutKit
import LayoutTesting
import ReleasedPhotoApp

/// The repository's root, found from this file's path (Tests/RenderingTests/Support/).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The example app's layouts.
let layoutsURL = repositoryRoot.appendingPathComponent("Layouts")

/// A cell that counts how often it was prepared for reuse, and forgets its title when it is.
final class CountingCell: TableViewCell {
    var titleLabel: Label?
    private(set) var preparedForReuseCount = 0

    override class var outlets: [Outlet] {
        super.outlets + [Outlet("titleLabel", \CountingCell.titleLabel)]
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        preparedForReuseCount += 1
        titleLabel?.text = nil
    }
}

/// The example app's classes plus the test cells.
func testRegistry() throws -> LayoutRegistry {
    var registry = try ExampleApp.registry()
    try registry.register(CountingCell.self)
    return registry
}

/// A layout document with `body` inside `<layout>`.
func layoutXML(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <layout xmlns="urn:layoutkit:layout:1">
    \(body)
    </layout>
    """
}

/// A `CountingCell` with its title label, and no reuse identifier of its own.
let countingCellXML = layoutXML(#"<tableViewCell class="CountingCell"><label outlet="titleLabel"/></tableViewCell>"#)

/// The bytes of `Layouts/PhotoCell.layout.xml`.
func photoCellData() throws -> Data {
    try Data(contentsOf: layoutsURL.appendingPathComponent("PhotoCell.layout.xml"))
}

/// A fresh, empty temporary folder; removed by the caller.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("RenderingTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The `unreadable-file` error a source throws for the layout `file` it cannot read.
func unreadableError(_ file: String) -> LayoutError {
    LayoutError(diagnostics: [
        Diagnostic(
            rule: .unreadableFile, message: "cannot read the layout: gone",
            location: SourceLocation(file: file, line: 1, column: 1))
    ])
}

/// A cache over `spy` that runs its async loads inline, on the test's thread.
func inlineCache(over spy: LayoutSourceSpy) throws -> LayoutTemplateCache {
    LayoutTemplateCache(source: spy, registry: try testRegistry(), executor: .inline)
}
