import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns PATH arguments into the files to check, searching directories recursively.
///
/// The search follows symbolic links but visits each directory (by device and inode) once, so link
/// loops end; it skips entries whose names begin with `.`; it collects regular files, and anything else
/// whose name has the suffix, so that a dangling link or a FIFO named like a layout is reported rather
/// than silently passed over. Each file is listed once however many PATHs reach it.
struct FileDiscovery {
    /// The name ending of the files a directory search collects, e.g. `.layout.xml`.
    let suffix: String
    private(set) var files: [InputFile] = []
    /// Directories that could not be read, as `unreadable-file` errors.
    private(set) var diagnostics: [Diagnostic] = []
    private var visitedDirectories: Set<FileIdentity> = []
    private var listedPaths: Set<SystemPath> = []

    init(suffix: String) {
        self.suffix = suffix
    }

    /// Adds a PATH argument: `-`, a file, or a directory to search.
    /// - Throws: `UsageError` when nothing exists at the path.
    mutating func add(_ argument: String) throws(UsageError) {
        if argument == "-" {
            files.append(.standardInput)
            return
        }
        let path = SystemPath(argument)
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw UsageError(message: "no such file or directory: '\(argument)'")
            }
            // It may exist but cannot be looked at (a parent without search permission): a diagnostic.
            addFile(InputFile(path: path, isExplicit: true))
            return
        }
        if path.withCString({ stat($0, &status) }) == 0, status.isDirectory {
            search(path)
        } else {
            addFile(InputFile(path: path, isExplicit: true))
        }
    }

    private mutating func addFile(_ file: InputFile) {
        if let path = file.path, !listedPaths.insert(path).inserted { return }
        files.append(file)
    }

    /// Breadth first, names in byte order, with an explicit queue so that deep trees cannot
    /// overflow the stack.
    private mutating func search(_ root: SystemPath) {
        var queue = [root]
        var next = 0
        let suffixBytes = Array(suffix.utf8)
        while next < queue.count {
            let directory = queue[next]
            next += 1
            var status = stat()
            guard directory.withCString({ stat($0, &status) }) == 0,
                visitedDirectories.insert(FileIdentity(status)).inserted
            else { continue }
            let names: [[UInt8]]
            switch Self.entries(of: directory) {
            case .success(let found): names = found
            case .failure(let error):
                diagnostics.append(
                    Diagnostic(
                        rule: .unreadableFile, message: "cannot read directory: \(error.description)",
                        location: SourceLocation(file: directory.description, line: 1, column: 1)))
                continue
            }
            for name in names where name.first != UInt8(ascii: ".") {
                let child = directory.appending(name)
                var childStatus = stat()
                let exists = child.withCString({ stat($0, &childStatus) }) == 0
                if exists, childStatus.isDirectory {
                    queue.append(child)
                } else if name.count > suffixBytes.count, name.suffix(suffixBytes.count).elementsEqual(suffixBytes) {
                    addFile(InputFile(path: child, isExplicit: false))
                }
            }
        }
    }

    /// Where a `dirent` holds its name; the field is declared, so the offset always exists.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \.d_name)!

    /// The names in a directory other than `.` and `..`, sorted by their bytes.
    private static func entries(of path: SystemPath) -> Result<[[UInt8]], SystemError> {
        guard let directory = path.withCString({ opendir($0) }) else { return .failure(SystemError(errno)) }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return .failure(SystemError(errno)) }
                break
            }
            // Read the name where it lies, up to its NUL: a `dirent` record is only as long as its name
            // (`d_reclen`), so copying the whole `d_name` field reads past the last record of readdir's
            // buffer, which crashed when the buffer ended a heap page.
            let name = UnsafeRawPointer(entry) + Self.nameOffset
            let length = strlen(name.assumingMemoryBound(to: CChar.self))
            let bytes = Array(UnsafeRawBufferPointer(start: name, count: length))
            if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(bytes)
        }
        return .success(names.sorted { $0.lexicographicallyPrecedes($1) })
    }
}

/// A file's identity on this machine, whatever path reaches it.
private struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}

extension stat {
    var isDirectory: Bool { (st_mode & S_IFMT) == S_IFDIR }
    var isRegularFile: Bool { (st_mode & S_IFMT) == S_IFREG }
}

/// An `errno` value, described the way the system describes it.
struct SystemError: Error, CustomStringConvertible {
    var code: Int32

    init(_ code: Int32) {
        self.code = code
    }

    var description: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
