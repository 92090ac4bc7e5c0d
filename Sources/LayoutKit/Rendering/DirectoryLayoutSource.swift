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
        do {
            return LayoutData(data: try Data(contentsOf: url), file: url.path)
        } catch {
            throw .unreadable(url.path, because: readFailureReason(error))
        }
    }
}

/// Why a file could not be read, as the C library says it ("No such file or directory") when the
/// underlying error is a POSIX one; Foundation's own wording otherwise.
func readFailureReason(_ error: any Error) -> String {
    // The same words as `LayoutLoader(contentsOf:)` uses, whose helper is private to its file: a layout
    // read through a source fails with the very error the loader gives for the same path.
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    return nsError.localizedDescription
}
