import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file to check: where the system opens it, and so how diagnostics name it.
struct InputFile: Sendable {
    /// The path given on the command line, or a directory given there joined with the names below it;
    /// `nil` for standard input.
    var path: SystemPath?
    /// Named on the command line rather than found in a directory: read whatever kind of file it is
    /// (a pipe from `<(…)` included), where a file found by the search must be a regular file.
    var isExplicit: Bool
    /// Why the search that found this file will not have it read (a symbolic link that leads out of the
    /// repository, a FIFO, socket or device): reading it is then that reason, and nothing is opened.
    var refusal: String?

    init(path: SystemPath?, isExplicit: Bool, refusal: String? = nil) {
        self.path = path
        self.isExplicit = isExplicit
        self.refusal = refusal
    }

    static let standardInput = InputFile(path: nil, isExplicit: true)

    /// The path as diagnostics print it; `<stdin>` for standard input.
    var displayPath: String { path?.description ?? "<stdin>" }
}

extension InputFile {
    /// Every diagnostic of this layout file: its rules, or `unreadable-file`.
    ///
    /// - Parameter name: The name the run's layouts know this file by, if it is theirs; asked for only
    ///   when the file includes another.
    func diagnostics(validator: LayoutValidator, name: () -> String?) -> [Diagnostic] {
        switch contents() {
        case .bytes(let bytes):
            return validator.validate(bytes, file: displayPath, name: name)
        case .unreadable(let reason):
            return [unreadable(reason)]
        }
    }

    /// The `unreadable-file` error for this file, at line 1, column 1.
    func unreadable(_ reason: String) -> Diagnostic {
        Diagnostic(
            rule: .unreadableFile, message: "cannot read the file: \(reason)",
            location: SourceLocation(file: displayPath, line: 1, column: 1))
    }

    /// Opens, reads and closes the file, no further than one byte past the input limit (so the rule
    /// still fires while a huge file, or one without end like `/dev/zero`, costs no more).
    ///
    /// A file found by the search is opened without blocking, so that a FIFO put there after the
    /// search cannot stall the run; it is refused as not a regular file.
    func contents() -> LayoutFile.Contents {
        if let refusal { return .unreadable(refusal) }
        guard let path else { return LayoutFile.read(descriptor: STDIN_FILENO, expectedCount: 0) }
        return path.withCString { LayoutFile.read(path: $0, regularFileOnly: !isExplicit) }
    }
}
