import FeedKit
import Foundation
import LayoutKit
import LayoutTesting

/// The package's root, found from this file's path (Tests/FeedKitTests/Support/).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The class schemas `layout-check` reads, in the source tree: `assertSchemasMatch` writes them there when
/// recording.
let schemasURL = packageRoot.appendingPathComponent("Schemas")

/// The layouts as built into FeedKit's resource bundle, where the app reads them.
var bundledLayoutsURL: URL {
    let source = FeedLayouts.source
    let resources = source.bundle.resourceURL ?? source.bundle.bundleURL
    return source.subdirectory.map { resources.appendingPathComponent($0) } ?? resources
}

/// A loader for the layout `name` of FeedKit's bundle, against FeedKit's classes.
func feedLoader(_ name: String, registry: LayoutRegistry? = nil) throws -> LayoutLoader {
    try LayoutLoader(named: name, from: FeedLayouts.source, registry: registry ?? FeedLayouts.registry())
}

/// Instantiates `FeedScreen.layout.xml` with `owner` and asserts that it creates exactly the header and
/// the prototype cell, with every outlet connected: theirs, those of the views inside them and the
/// owner's. Failures point at the caller's line.
@discardableResult
func assertFeedScreen(
    owner: AnyObject,
    registry: LayoutRegistry,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) throws -> (header: AuthorHeaderView, cell: ArticleCell) {
    try assertInstantiates(
        AuthorHeaderView.self, ArticleCell.self, from: feedLoader("FeedScreen", registry: registry), owner: owner,
        externalObjects: ["dateFormatter": RelativeDateFormatter()], fileID: fileID, filePath: filePath, line: line,
        column: column)
}
