import Foundation

/// Reads layouts from a folder: the layout called `NAME` is the file `NAME.layout.xml` in it.
///
/// ```swift
/// let source = DirectoryLayoutSource(repositoryRoot.appendingPathComponent("Layouts"))
/// ```
/// Each load reads the file afresh; put a `LayoutTemplateCache` in front to read and compile it once.
public struct DirectoryLayoutSource: LayoutSource {
    /// The folder the layouts are in.
    public let directory: URL

    /// A source reading `NAME.layout.xml` files from `directory`.
    public init(_ directory: URL) {
        self.directory = directory
    }

    /// Reads `NAME.layout.xml` from the folder; diagnostics name the file by its path.
    ///
    /// - Throws: `LayoutError` with `unreadable-file` naming the path when the file is missing or
    ///   cannot be read.
    public func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        let url = directory.appendingPathComponent("\(name).layout.xml")
        return LayoutData(data: Data(try LayoutFile.read(url)), file: url.path)
    }
}
