import LayoutKit

/// A file a front end found for a run (`layout-check`'s search, the language server's workspace): what
/// diagnostics call it and how to read it. The run never opens a path itself.
package protocol RunFile: Sendable {
    /// The path as diagnostics print it.
    var displayPath: String { get }
    /// The file's bytes, or why it cannot be read; reading opens, reads and closes it.
    func contents() -> LayoutFile.Contents
}

extension RunFile {
    /// The `unreadable-file` error for this file, at line 1, column 1.
    package func unreadable(_ reason: String) -> Diagnostic {
        Diagnostic(
            rule: .unreadableFile, message: "cannot read the file: \(reason)",
            location: SourceLocation(file: displayPath, line: 1, column: 1))
    }
}

/// A search the run takes files from as it goes, so that it never holds a list of them.
package protocol RunFileSearch: Sendable {
    /// The next file, or `nil` when the search is done.
    mutating func next() -> (any RunFile)?
    /// What the search met that it could not read (directories, links out of the repository).
    var diagnostics: [Diagnostic] { get }
}

/// A search over files already known.
package struct ListedFiles: RunFileSearch {
    private var files: [any RunFile]
    private var position = 0
    package let diagnostics: [Diagnostic] = []

    /// A search that yields `files` in order.
    package init(_ files: [any RunFile]) { self.files = files }

    package mutating func next() -> (any RunFile)? {
        guard position < files.count else { return nil }
        defer { position += 1 }
        return files[position]
    }
}
