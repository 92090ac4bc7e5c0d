import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns PATH arguments into the files to check, one at a time, searching directories recursively.
///
/// The search follows symbolic links but visits each directory (by device and inode) once, so link
/// loops end; it skips entries whose names begin with `.`; it yields every entry whose name has the
/// suffix and that is not a directory, so that a dangling link or a FIFO named like a layout is reported
/// rather than silently passed over.
///
/// It reads only inside the repository (`RepositoryBoundary(searching:workingDirectory:)`, article
/// "Security"), as a configuration's paths do: a symbolic link it finds that leads elsewhere, once
/// resolved, is not followed — one that would be searched (a folder) or checked (named with the
/// suffix) is an `unreadable-file` error at the link, so that what it stands for cannot pass for
/// clean; an `<exclude>` of it silences that. Whatever it yields that is not a regular file (a FIFO,
/// socket or device, or a link to one) is refused without being opened: opening a device can do
/// things, and a FIFO can block. Each file is yielded once however many PATHs reach it: the first
/// path to reach it, in the order of the PATHs, breadth first, names in byte order, is the one printed.
///
/// Files are found as they are asked for, so a run holds the directories still to search and one
/// directory's names, never a list of files. Only the identities (device and inode) of files that a
/// second path could reach are remembered: those named on the command line, reached through a symbolic
/// link or with more than one hard link. A file with one name, found under it, needs none: the search
/// reads its directory only once, and a later path to it finds that its directory has been read.
struct FileDiscovery {
    /// The name ending of the files a directory search yields, e.g. `.layout.xml`.
    let suffix: [UInt8]
    /// Directories that could not be read, as `unreadable-file` errors.
    private(set) var diagnostics: [Diagnostic] = []
    /// The configuration's `<exclude>`s: a directory it excludes is not read, a file found in a search
    /// is not yielded. A PATH named on the command line is searched and checked whatever it says.
    var isExcluded: (@Sendable (SystemPath) -> Bool)?

    private enum Root {
        case standardInput
        /// A file, and whether a person named it (`InputFile.isExplicit`).
        case file(SystemPath, isExplicit: Bool)
        case directory(SystemPath)
    }

    /// The PATH arguments in the order given, and how many of them have been started.
    private var roots: [Root] = []
    private var nextRoot = 0
    /// Directories found and not yet read, breadth first, from `nextPending` on, each with the index
    /// in `areas` of the area its root's search stays in.
    private var pendingDirectories: [(path: SystemPath, area: Int)] = []
    private var nextPending = 0
    /// The areas of the directory PATHs (one for most runs); a link found under a PATH is followed only
    /// into that PATH's area.
    private var areas: [RepositoryBoundary] = []
    /// Directories the search has read, for the tests' counters.
    private(set) var directoriesRead = 0
    /// The directory being read, the index of its area, and the position of the next of its entries.
    private var listing: DirectoryListing?
    private var listingArea = 0
    /// The directory being read, open while the search opens its files (`opensFiles`), so that each is
    /// opened by its name in it rather than by its whole path.
    private var listingDescriptor: OpenedDirectory?
    private var nextEntry = 0
    private var visitedDirectories: Set<FileIdentity> = []
    /// Visited directories whose entries could not be read: nothing in them has been found.
    private var unreadableDirectories: Set<FileIdentity> = []
    /// Files already yielded that a second path could reach.
    private var sharedFiles: Set<FileIdentity> = []

    /// Whether a file named exactly `suffix` is yielded too (`project.pbxproj`); a layout must have a name
    /// before `.layout.xml`.
    private let yieldsSuffixAlone: Bool
    /// Whether the regular files the search yields are opened as they are found (the layouts' search, whose
    /// every file is read next): their `stat` is then an `fstat`, and the read looks the path up no second
    /// time. The searches that only list files (the include index, `findsAnyFile`) leave it off.
    var opensFiles = false

    init(suffix: String, yieldsSuffixAlone: Bool = false) {
        self.suffix = Array(suffix.utf8)
        self.yieldsSuffixAlone = yieldsSuffixAlone
    }

    /// Adds a PATH argument: `-`, a file, or a directory to search. Nothing is searched until `next()`.
    /// - Parameter isExplicit: Whether a person named the path (a PATH, `--config`): a file is then read
    ///   whatever it is. A path a file names (a project's files, a project beside a folder) is not: it is
    ///   opened without blocking and must be a regular file, as what a search finds (article "Security").
    /// - Throws: `UsageError` when nothing exists at the path.
    mutating func add(_ path: SystemPath, isExplicit: Bool = true) throws(UsageError) {
        if path == .standardInput {
            roots.append(.standardInput)
            return
        }
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw UsageError(message: "no such file or directory: '\(path)'")
            }
            // It may exist but cannot be looked at (a parent without search permission): a diagnostic.
            roots.append(.file(path, isExplicit: isExplicit))
            return
        }
        let isDirectory = path.withCString({ stat($0, &status) }) == 0 && status.isDirectory
        roots.append(isDirectory ? .directory(path) : .file(path, isExplicit: isExplicit))
    }

    /// Whether the search finds any file at all: a copy of it goes as far as the first, and this one is
    /// left where it was.
    var findsAnyFile: Bool {
        var copy = self
        copy.opensFiles = false
        return copy.next() != nil
    }

    /// The next file to check, or `nil` when every PATH has been searched.
    mutating func next() -> InputFile? {
        while true {
            if let file = nextInListing() { return file }
            if let directory = nextPendingDirectory() {
                startReading(directory)
                continue
            }
            guard nextRoot < roots.count else { return nil }
            let root = roots[nextRoot]
            nextRoot += 1
            switch root {
            case .standardInput:
                return .standardInput
            case .file(let path, let isExplicit):
                var status = stat()
                let exists = path.withCString({ stat($0, &status) }) == 0
                if isFirstReach(path, status: exists ? status : nil) {
                    return InputFile(path: path, isExplicit: isExplicit)
                }
            case .directory(let path):
                pendingDirectories.append((path, area(of: path)))
            }
        }
    }

    /// The next file among the entries of the directory being read; its subdirectories are queued.
    private mutating func nextInListing() -> InputFile? {
        guard let listing else { return nil }
        while nextEntry < listing.count {
            let (type, name) = listing[nextEntry]
            nextEntry += 1
            if Int(type) == DT_DIR {
                let child = listing.directory.appending(name)
                if isExcluded?(child) != true { pendingDirectories.append((child, listingArea)) }
                continue
            }
            let yields = isYielded(name)
            // Only a link, or an entry the file system does not type, can still turn out to be a directory.
            let mayBeDirectory = Int(type) == DT_LNK || Int(type) == DT_UNKNOWN
            if !yields && !mayBeDirectory { continue }
            let child = listing.directory.appending(name)
            if opensFiles, yields, Int(type) == DT_REG {
                switch openedFile(child) {
                case .found(let file): return file
                case .passedOver: continue
                case .notOpened: break
                }
            }
            var status = stat()
            let exists = child.withCString({ stat($0, &status) }) == 0
            let statError = exists ? 0 : errno
            var isLink = Int(type) == DT_LNK
            if Int(type) == DT_UNKNOWN {
                var linkStatus = stat()
                isLink = child.withCString({ lstat($0, &linkStatus) }) == 0 && linkStatus.isSymbolicLink
            }
            // Where a link leads when that is outside the area: not followed, and said.
            let outside = exists && isLink ? destinationOutsideArea(of: child) : nil
            if exists, status.isDirectory {
                guard isExcluded?(child) != true else { continue }
                if let outside {
                    reportUnfollowedLink(child, to: outside, FileIdentity(status))
                } else {
                    pendingDirectories.append((child, listingArea))
                }
                continue
            }
            if !exists, !yields {
                // A link to nothing, or to itself, is no directory; anything else that cannot be looked
                // at (a path over PATH_MAX, a parent without search permission) may be one.
                if statError != ENOENT, statError != ENOTDIR, statError != ELOOP {
                    reportUnreadableDirectory(child, SystemError(statError))
                }
                continue
            }
            guard yields, isExcluded?(child) != true else { continue }
            if let file = file(child, status: exists ? status : nil, isLink: isLink, outside: outside) { return file }
        }
        self.listing = nil
        listingDescriptor = nil
        return nil
    }

    /// What opening an entry the file system calls a regular file came to.
    private enum Opening {
        case found(InputFile)
        /// Excluded, or reached before by another path.
        case passedOver
        /// It could not be opened as a regular file: the search looks at it by its path, as at any other.
        case notOpened
    }

    /// A yielded regular file, opened (without blocking) rather than looked at by its path, so that reading
    /// it looks the path up no second time; excluded files are not opened.
    private mutating func openedFile(_ child: SystemPath) -> Opening {
        guard isExcluded?(child) != true else { return .passedOver }
        guard let (opened, status) = OpenedFile.opening(child, in: listingDescriptor?.descriptor) else {
            return .notOpened
        }
        guard var file = file(child, status: status, isLink: false, outside: nil) else { return .passedOver }
        file.opened = opened
        return .found(file)
    }

    /// The file a yielded entry is, the first time the search reaches it: refused when it leads out of the
    /// area or is not a regular file; `nil` when it was reached before by another path.
    private mutating func file(_ child: SystemPath, status: stat?, isLink: Bool, outside: String?) -> InputFile? {
        if let outside {
            guard let status, isFirstReach(child, status: status) else { return nil }
            return InputFile(path: child, isExplicit: false, refusal: areas[listingArea].outsideReason(outside))
        }
        if let status, !status.isRegularFile {
            guard isFirstReach(child, status: status) else { return nil }
            return InputFile(
                path: child, isExplicit: false, refusal: "it is not a regular file (a FIFO, socket or device)")
        }
        if let status, !isLink, status.st_nlink == 1 {
            // Its only name, in a directory read once: only a path in `sharedFiles` can have come first.
            if !sharedFiles.isEmpty, sharedFiles.contains(FileIdentity(status)) { return nil }
            return InputFile(path: child, isExplicit: false)
        }
        return isFirstReach(child, status: status) ? InputFile(path: child, isExplicit: false) : nil
    }

    /// Whether the search yields an entry of this name (not a directory, not beginning with `.`): the
    /// name ends with the suffix and is longer than it.
    private func isYielded(_ name: some BidirectionalCollection<UInt8>) -> Bool {
        (name.count > suffix.count || (yieldsSuffixAlone && name.count == suffix.count))
            && name.suffix(suffix.count).elementsEqual(suffix)
    }

    /// Whether `path`, to a file that a second path could reach, is the first to reach it; if so the
    /// file is remembered. `status` is the file's, `nil` when it cannot be looked at (a dangling link).
    private mutating func isFirstReach(_ path: SystemPath, status: stat?) -> Bool {
        let identity: FileIdentity
        if let status {
            identity = FileIdentity(status)
        } else {
            // A dangling link is known by the link itself; what cannot be looked at at all is reported.
            var linkStatus = stat()
            guard path.withCString({ lstat($0, &linkStatus) }) == 0 else { return true }
            identity = FileIdentity(linkStatus)
        }
        if sharedFiles.contains(identity) { return false }
        if let status, status.isRegularFile, status.st_nlink == 1, searchHasReachedOnlyName(of: path) {
            return false
        }
        sharedFiles.insert(identity)
        return true
    }

    /// Whether the search has already come to this file by its only name: the directory that holds the
    /// name has been read, and the name is one the search yields.
    private func searchHasReachedOnlyName(of path: SystemPath) -> Bool {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return false }
        defer { free(resolved) }
        let length = strlen(resolved)
        let bytes = UnsafeMutableRawBufferPointer(start: resolved, count: length)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return false }
        let name = bytes[(slash + 1)...]
        guard !LayoutFileSearch.skips(name), isYielded(name) else { return false }
        // The directory is the path up to that slash, or `/` itself.
        bytes[slash == 0 ? 1 : slash] = 0
        var status = stat()
        guard stat(resolved, &status) == 0 else { return false }
        let directory = FileIdentity(status)
        return visitedDirectories.contains(directory) && !unreadableDirectories.contains(directory)
    }

    /// The index in `areas` of the area a search from the directory PATH `path` stays in.
    private mutating func area(of path: SystemPath) -> Int {
        let working = (try? RepositoryBoundary.workingDirectory().get()) ?? "/"
        // A PATH that cannot be resolved is reported as unreadable when the search comes to it; should it
        // be read after all, the run's own area holds its links.
        let resolved =
            path.withCString({ realpath($0, nil) }).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? working
        if let known = areas.firstIndex(where: { $0.contains(resolved) }) { return known }
        areas.append(RepositoryBoundary(searching: resolved, workingDirectory: working))
        return areas.count - 1
    }

    /// Where the symbolic link `path` leads, once resolved, when that is outside the area of the
    /// directory being read; `nil` inside it, or when it leads nowhere.
    private func destinationOutsideArea(of path: SystemPath) -> String? {
        guard let pointer = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(pointer) }
        let resolved = String(cString: pointer)
        return areas[listingArea].contains(resolved) ? nil : resolved
    }

    /// The `unreadable-file` error of a link to a directory outside the area, unless that directory has
    /// been searched already (a PATH named it).
    private mutating func reportUnfollowedLink(_ link: SystemPath, to destination: String, _ identity: FileIdentity) {
        guard !visitedDirectories.contains(identity) else { return }
        diagnostics.append(
            Diagnostic(
                rule: .unreadableFile,
                message: "did not search the directory: \(areas[listingArea].outsideReason(destination))",
                location: SourceLocation(file: link.description, line: 1, column: 1)))
    }

    /// Takes the next directory from the queue, letting go of those already read now and then.
    private mutating func nextPendingDirectory() -> (path: SystemPath, area: Int)? {
        guard nextPending < pendingDirectories.count else { return nil }
        let directory = pendingDirectories[nextPending]
        nextPending += 1
        if nextPending == pendingDirectories.count || (nextPending >= 64 && nextPending * 2 >= pendingDirectories.count)
        {
            pendingDirectories.removeFirst(nextPending)
            nextPending = 0
        }
        return directory
    }

    /// Starts reading a directory unless it has been visited already.
    private mutating func startReading(_ pending: (path: SystemPath, area: Int)) {
        let directory = pending.path
        var status = stat()
        guard directory.withCString({ stat($0, &status) }) == 0 else {
            // Over PATH_MAX, behind a parent that cannot be searched, or removed since it was found:
            // whatever it holds is unchecked, which must not pass for a clean run.
            reportUnreadableDirectory(directory, SystemError(errno))
            return
        }
        let identity = FileIdentity(status)
        guard visitedDirectories.insert(identity).inserted else { return }
        switch DirectoryListing.read(directory, identity: identity, modified: status.modification) {
        case .success(let found):
            listing = found
            listingDescriptor = opensFiles ? OpenedDirectory(directory, identity: identity) : nil
            listingArea = pending.area
            nextEntry = 0
            directoriesRead += 1
        case .failure(let error):
            unreadableDirectories.insert(identity)
            reportUnreadableDirectory(directory, error)
        }
    }

    /// The `unreadable-file` error of a directory whose entries the search cannot reach.
    private mutating func reportUnreadableDirectory(_ directory: SystemPath, _ error: SystemError) {
        diagnostics.append(
            Diagnostic(
                rule: .unreadableFile, message: "cannot read directory: \(error.description)",
                location: SourceLocation(file: directory.description, line: 1, column: 1)))
    }
}

/// The entries of one directory that the search looks at (names that do not begin with `.`), sorted
/// by their bytes, packed in one buffer so that a directory of many files costs a few bytes a name.
private struct DirectoryListing {
    let directory: SystemPath
    /// For each entry: its `d_type`, its name, a NUL.
    private var records: [UInt8] = []
    /// Where each entry's record starts, in name order.
    private var starts: [Int] = []

    private init(directory: SystemPath) {
        self.directory = directory
    }

    var count: Int { starts.count }

    /// The entry at `position`: its `d_type` (`DT_UNKNOWN` where the file system does not say) and name.
    subscript(position: Int) -> (type: UInt8, name: ArraySlice<UInt8>) {
        let start = starts[position]
        let end = records[(start + 1)...].firstIndex(of: 0)!  // Every record ends with a NUL.
        return (records[start], records[(start + 1)..<end])
    }

    /// Where a `dirent` holds its type and its name; the fields are declared, so the offsets exist.
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \.d_type)!
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \.d_name)!

    /// The entries of `directory`, whose identity is `identity` and which last changed at `modified`:
    /// read once per run (`DirectoryListings.current`) while the run's cache has room.
    static func read(
        _ directory: SystemPath, identity: FileIdentity, modified: [Int]
    ) -> Result<DirectoryListing, SystemError> {
        guard let listings = DirectoryListings.current else { return read(directory) }
        if let (records, starts) = listings.entries(identity, modified: modified) {
            var listing = DirectoryListing(directory: directory)
            listing.records = records
            listing.starts = starts
            return .success(listing)
        }
        let result = read(directory)
        if case .success(let listing) = result {
            listings.keep(identity, modified: modified, records: listing.records, starts: listing.starts)
        }
        return result
    }

    private static func read(_ directory: SystemPath) -> Result<DirectoryListing, SystemError> {
        guard let stream = directory.withCString({ opendir($0) }) else { return .failure(SystemError(errno)) }
        defer { closedir(stream) }
        var listing = DirectoryListing(directory: directory)
        var records: [UInt8] = []
        var starts: [Int] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { return .failure(SystemError(errno)) }
                break
            }
            // Read the fields where they lie, the name up to its NUL: a `dirent` record is only as long
            // as its name (`d_reclen`), so copying the whole `d_name` field (or the whole `dirent`) reads
            // past the last record of readdir's buffer, which crashed when the buffer ended a heap page.
            let record = UnsafeRawPointer(entry)
            let name = (record + nameOffset).assumingMemoryBound(to: CChar.self)
            let nameWithNUL = UnsafeRawBufferPointer(start: name, count: strlen(name) + 1)
            if LayoutFileSearch.skips(nameWithNUL) { continue }
            starts.append(records.count)
            records.append((record + typeOffset).load(as: UInt8.self))
            records.append(contentsOf: nameWithNUL)
        }
        records.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { names in
                // strcmp compares bytes as unsigned, so this is byte order, a name before its extensions.
                starts.sort { strcmp(names.baseAddress! + $0 + 1, names.baseAddress! + $1 + 1) < 0 }
            }
        }
        listing.records = records
        listing.starts = starts
        return .success(listing)
    }
}

/// The directories one run has read, for its later searches: a run searches the same tree for several
/// kinds of file (layouts, Swift files, nibs and storyboards, projects, property lists), and a tree of a
/// thousand directories was read ten times over. Set for a run (`LayoutCheck.run`), so nothing outlives
/// it; a directory whose entries changed during the run has another modification time and is read again.
/// Beyond `keptBytes` (1 MiB: an app of 5,000 files and folders keeps 150 KiB) a directory is read again
/// each time, so memory stays bounded however large the tree, and a run over 100,000 layouts keeps at most
/// that much more.
final class DirectoryListings: Sendable {
    @TaskLocal static var current: DirectoryListings?

    private struct Entries: Sendable {
        var records: [UInt8]
        var starts: [Int]
        var modified: [Int]
    }

    private static let keptBytes = 1 << 20
    private let kept = Locked<(listings: [FileIdentity: Entries], bytes: Int, reads: Int)>(([:], 0, 0))

    /// How many directories the run's searches read from the file system, for the tests.
    var directoriesRead: Int { kept.withLock { $0.reads } }

    fileprivate func entries(_ identity: FileIdentity, modified: [Int]) -> (records: [UInt8], starts: [Int])? {
        kept.withLock { kept in
            guard let entries = kept.listings[identity], entries.modified == modified else { return nil }
            return (entries.records, entries.starts)
        }
    }

    fileprivate func keep(_ identity: FileIdentity, modified: [Int], records: [UInt8], starts: [Int]) {
        let size = records.count + starts.count * MemoryLayout<Int>.stride
        kept.withLock { kept in
            kept.reads += 1
            guard kept.listings[identity] == nil, kept.bytes + size <= Self.keptBytes else { return }
            kept.listings[identity] = Entries(records: records, starts: starts, modified: modified)
            kept.bytes += size
        }
    }
}

/// A directory the search holds open while it opens the files in it by name (`openat`): one component
/// to look up a file rather than every one of its path.
private final class OpenedDirectory: Sendable {
    let descriptor: Int32

    /// The directory at `path`, opened only if it is still the one of `identity` that was listed (it was
    /// not swapped since); `nil` otherwise, and its files are opened by their paths.
    init?(_ path: SystemPath, identity: FileIdentity) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, FileIdentity(status) == identity else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}

/// A file's identity on this machine, whatever path reaches it.
private struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}

extension stat {
    /// When the entry last changed, to the nanosecond: seconds, then nanoseconds.
    var modification: [Int] {
        #if canImport(Darwin)
            [Int(st_mtimespec.tv_sec), Int(st_mtimespec.tv_nsec)]
        #else
            [Int(st_mtim.tv_sec), Int(st_mtim.tv_nsec)]
        #endif
    }
    var isDirectory: Bool { (st_mode & S_IFMT) == S_IFDIR }
    var isRegularFile: Bool { (st_mode & S_IFMT) == S_IFREG }
    var isSymbolicLink: Bool { (st_mode & S_IFMT) == S_IFLNK }
}

/// An `errno` value, described the way the system describes it.
struct SystemError: Error, CustomStringConvertible {
    var code: Int32

    init(_ code: Int32) {
        self.code = code
    }

    var description: String { LayoutFile.reason(code) }
}
