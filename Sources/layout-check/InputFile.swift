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
    /// The file, opened already by the search that found it (`FileDiscovery.opensFiles`): reading it
    /// then looks its path up no second time.
    var opened: OpenedFile?

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
        // A file the search opened is read where it is; should it have grown or failed since, it is read
        // again by its path as any other.
        if let bytes = opened?.bytes() { return .bytes(bytes) }
        guard let path else { return LayoutFile.read(descriptor: STDIN_FILENO, expectedCount: 0) }
        return path.withCString { LayoutFile.read(path: $0, regularFileOnly: !isExplicit) }
    }
}

/// A regular file the search opened (without blocking) and looked at, kept open until the last copy of
/// its `InputFile` is gone: the search's `stat` and the read's `open` and `fstat` of the same path become
/// one `open` and one `fstat`, a path lookup per file fewer.
///
/// At most `maximumOpen` are open at once, whatever `--jobs` holds in its batches (32 files a task, a task
/// a core), so the run stays far below the descriptor limit (256 by default on macOS); past it, files are
/// found and read by their paths as before.
final class OpenedFile: Sendable {
    private let descriptor: Int32
    private let size: Int

    /// The most files the searches keep open at once, a quarter of the process's descriptor limit and
    /// no more than 96 (three batches); `openCount` counts them.
    static let maximumOpen: Int = {
        var limit = rlimit()
        #if canImport(Glibc)
            let found = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
            let found = getrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
        return found ? min(96, Int(clamping: limit.rlim_cur) / 4) : 0
    }()
    private static let openCount = Locked(0)

    private init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit {
        close(descriptor)
        Self.openCount.withLock { $0 -= 1 }
    }

    /// The file at `path` opened as `LayoutFile.read(path:regularFileOnly:)` opens one the search found
    /// (read only, without blocking; not through a symbolic link put in its place since it was listed),
    /// and its status; `nil` when it cannot be opened or is not a regular file, which the search then looks
    /// at by its path as before.
    ///
    /// - Parameter directory: The directory that holds the file, open: the file is opened by its name
    ///   in it (the path's last component), so only that one is looked up.
    static func opening(_ path: SystemPath, in directory: Int32?) -> (file: OpenedFile, status: stat)? {
        let hasRoom = openCount.withLock { count in
            guard count < maximumOpen else { return false }
            count += 1
            return true
        }
        guard hasRoom else { return nil }
        var descriptor: Int32
        repeat {
            descriptor = path.withCString { path in
                let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW
                guard let directory, let slash = strrchr(path, Int32(UInt8(ascii: "/"))) else {
                    return open(path, flags)
                }
                return openat(directory, slash + 1, flags)
            }
        } while descriptor < 0 && errno == EINTR
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0, status.isRegularFile else {
            if descriptor >= 0 { close(descriptor) }
            openCount.withLock { $0 -= 1 }
            return nil
        }
        return (OpenedFile(descriptor: descriptor, size: Int(status.st_size)), status)
    }

    /// The file's bytes from its start, no further than one byte past the input limit, as
    /// `LayoutFile.read(path:regularFileOnly:)` reads a regular file: one allocation, and a read that
    /// returns less than asked for has met the end. `nil` when a read fails or the file has grown since it
    /// was opened (more than its size and less than the limit): then it is read by its path.
    func bytes() -> [UInt8]? {
        let capacity = min(max(size, 0), LayoutFile.readLimit - 1) + 1
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            while count < capacity {
                let got = pread(descriptor, buffer.baseAddress! + count, capacity - count, off_t(count))
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                count += got
                if got == 0 || count < capacity { return }
            }
        }
        guard !failed, bytes.count < capacity || capacity >= LayoutFile.readLimit else { return nil }
        return bytes
    }
}
