import Foundation
import LayoutKit
import ReleasedPhotoApp

/// The repository's root, found from this file's path (Tests/LayoutTestingTests/Support/).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The example app's layouts and class schemas.
let layoutsURL = repositoryRoot.appendingPathComponent("Layouts")
let schemasURL = repositoryRoot.appendingPathComponent("Schemas")

/// A cell with one outlet, for layouts written by the tests.
class TitleCell: TableViewCell {
    var titleLabel: Label?

    override class var outlets: [Outlet] {
        super.outlets + [Outlet("titleLabel", \TitleCell.titleLabel)]
    }
}

/// A subclass of `TitleCell`: a layout that creates it does not create exactly a `TitleCell`.
final class FancyTitleCell: TitleCell {}

/// A cell whose setup throws away a connected outlet — the bug that leaves an outlet nil at run time
/// although the layout connects it.
final class ForgetfulCell: TitleCell {
    override func awakeFromLayout() {
        super.awakeFromLayout()
        titleLabel = nil
    }
}

/// A cell with a required and an optional outlet.
final class BadgeCell: TableViewCell {
    var badgeLabel: Label?
    var accessory: View?

    override class var outlets: [Outlet] {
        super.outlets + [
            Outlet("badgeLabel", \BadgeCell.badgeLabel),
            Outlet("accessory", \BadgeCell.accessory, optional: true),
        ]
    }
}

/// The example app's classes plus the test cells.
func testRegistry() throws -> LayoutRegistry {
    var registry = try ExampleApp.registry()
    try registry.register(TitleCell.self)
    try registry.register(FancyTitleCell.self)
    try registry.register(ForgetfulCell.self)
    try registry.register(BadgeCell.self)
    return registry
}

/// A loader for a layout written inline: `body` goes inside `<layout>`.
func loader(_ body: String, file: String = "Test.layout.xml") throws -> LayoutLoader {
    let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
        \(body)
        </layout>
        """
    return try LayoutLoader(data: Data(xml.utf8), file: file, registry: testRegistry())
}

/// A fresh, empty temporary folder; removed by the caller.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("LayoutTestingTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to `name` (which may contain subfolders) inside `folder`.
func write(_ text: String, to name: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}
