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
    /// - Throws: `LayoutError` with `unreadable-file` naming the path when the file is missing, cannot
    ///   be read, or is not a regular file (a FIFO there fails the load rather than blocking it).
    public func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        let url = directory.appendingPathComponent("\(name).layout.xml")
        return LayoutData(data: Data(try LayoutFile.read(url, regularFileOnly: true)), file: url.path)
    }

    /// The names of the folder's `*.layout.xml` entries (a folder named so too, which then cannot be read).
    public func layoutNames() -> [String]? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        return entries.compactMap { $0.hasSuffix(".layout.xml") ? String($0.dropLast(".layout.xml".count)) : nil }
    }
}
