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

    static let standardInput = InputFile(path: nil, isExplicit: true)

    /// The path as diagnostics print it; `<stdin>` for standard input.
    var displayPath: String { path?.description ?? "<stdin>" }
}

extension InputFile {
    /// What reading a file gave.
    enum Contents {
        /// The file's bytes, at most `LayoutValidator.maximumFileBytes + 1` of them.
        case bytes([UInt8])
        /// Why it could not be read, for the `unreadable-file` message.
        case unreadable(String)
    }

    /// Every diagnostic of this layout file: its rules, or `unreadable-file`.
    func diagnostics(catalog: ClassCatalog?) -> [Diagnostic] {
        switch contents() {
        case .bytes(let bytes):
            return LayoutValidator.validate(bytes, file: displayPath, catalog: catalog)
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

    /// Opens, reads and closes the file; only one descriptor per file, and only while it is read.
    func contents() -> Contents {
        guard let path else { return Self.readAll(from: STDIN_FILENO, expectedCount: 0) }
        // A file found by the search is opened without blocking, so that a FIFO put there after the
        // search cannot stall the run; it is then refused below as not a regular file.
        let flags = O_RDONLY | O_CLOEXEC | (isExplicit ? 0 : O_NONBLOCK)
        var descriptor: Int32
        repeat {
            descriptor = path.withCString { open($0, flags) }
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            let error = SystemError(errno)
            var status = stat()
            if error.code == ENOENT, path.withCString({ lstat($0, &status) }) == 0 {
                return .unreadable("it is a symbolic link to nothing (its target does not exist)")
            }
            return .unreadable(error.description)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unreadable(SystemError(errno).description) }
        if status.isDirectory { return .unreadable("it is a directory") }
        if !isExplicit, !status.isRegularFile {
            return .unreadable("it is not a regular file (a FIFO, socket or device)")
        }
        return Self.readAll(from: descriptor, expectedCount: status.isRegularFile ? Int(status.st_size) : 0)
    }

    private static func readAll(from descriptor: Int32, expectedCount: Int) -> Contents {
        // One byte past the limit (README, `input-limit`), so the rule still fires while a huge file,
        // or one without end like `/dev/zero`, costs no more.
        let capacity = LayoutValidator.maximumFileBytes + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(expectedCount, 0), LayoutValidator.maximumFileBytes) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < capacity {
            let wanted = min(chunk.count, capacity - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .unreadable(SystemError(errno).description)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return .bytes(bytes)
    }
}
