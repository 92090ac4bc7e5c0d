import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a layout or class schema file no further than one byte past the input limit, for the
/// loader, the layout sources and the checker alike: a 200 MB file, or `/dev/zero`, costs no more
/// than a file at the limit, and the reader still sees enough to report `input-limit`.
///
/// Not API: `package`, for the checker.
package enum LayoutFile {
    /// The most bytes read from any file: one past `InputLimits.maximumFileBytes`.
    public static let readLimit = InputLimits.maximumFileBytes + 1

    /// What reading a file gave.
    public enum Contents: Sendable {
        /// The file's bytes, at most `readLimit` of them.
        case bytes([UInt8])
        /// Why it could not be read, in the C library's words, for the `unreadable-file` message.
        case unreadable(String)
    }

    /// Opens, reads and closes the file at `path`, holding one descriptor only while it is read.
    ///
    /// - Parameter regularFileOnly: Open without blocking and refuse anything but a regular file — for
    ///   files found by a search, where a FIFO must not stall the run; a file named by a person is read
    ///   whatever it is (a pipe from `<(…)` included).
    public static func read(path: UnsafePointer<CChar>, regularFileOnly: Bool) -> Contents {
        let flags = O_RDONLY | O_CLOEXEC | (regularFileOnly ? O_NONBLOCK : 0)
        var descriptor: Int32
        repeat {
            descriptor = open(path, flags)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            let code = errno
            var status = stat()
            if code == ENOENT, lstat(path, &status) == 0 {
                return .unreadable("it is a symbolic link to nothing (its target does not exist)")
            }
            return .unreadable(reason(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unreadable(reason(errno)) }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { return .unreadable("it is a directory") }
        if regularFileOnly, type != S_IFREG {
            return .unreadable("it is not a regular file (a FIFO, socket or device)")
        }
        if type == S_IFREG {
            return read(descriptor: descriptor, expectedCount: Int(status.st_size), regularFile: true)
        }
        return read(descriptor: descriptor, expectedCount: 0)
    }

    /// Reads from an open descriptor (standard input, say) until its end or `readLimit` bytes.
    ///
    /// The bytes are read straight into the array returned, with no buffer between: for a regular file,
    /// whose size is known, that is one allocation and a read that fills it, then one that finds the end
    /// (`read(path:regularFileOnly:)` knows a regular file and leaves that one out).
    ///
    /// - Parameter expectedCount: The file's size when known, so that the array is allocated once.
    public static func read(descriptor: Int32, expectedCount: Int) -> Contents {
        read(descriptor: descriptor, expectedCount: expectedCount, regularFile: false)
    }

    /// - Parameter regularFile: Whether the descriptor is a regular file's: a read that returns fewer
    ///   bytes than asked for has then met the file's end, and no second read is made to find it (a
    ///   system call per file saved; a pipe or a terminal returns what it has, and is read until 0).
    private static func read(descriptor: Int32, expectedCount: Int, regularFile: Bool) -> Contents {
        // One byte more than expected, so that a file that grew is still seen to.
        var capacity = min(max(expectedCount, 0), readLimit - 1) + 1
        var bytes: [UInt8] = []
        while true {
            var failure: Int32 = 0
            var ended = false
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                guard let base = buffer.baseAddress else { return }
                bytes.withUnsafeBufferPointer { read in
                    guard let readBase = read.baseAddress else { return }
                    base.initialize(from: readBase, count: read.count)
                    count = read.count
                }
                while count < capacity {
                    let got = readFromDescriptor(descriptor, base + count, capacity - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if got == 0 {
                        ended = true
                        return
                    }
                    count += got
                    if regularFile && count < capacity {
                        ended = true
                        return
                    }
                }
            }
            if failure != 0 { return .unreadable(reason(failure)) }
            if ended || capacity >= readLimit { return .bytes(bytes) }
            capacity = min(readLimit, max(capacity * 2, 64 * 1024))
        }
    }

    /// An `errno` value as the system describes it ("No such file or directory").
    public static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// `read(2)`, outside `LayoutFile`, whose own `read` would hide it.
private func readFromDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension LayoutFile {
    /// The bytes of the layout file at `url`, at most `readLimit` of them.
    ///
    /// - Parameter regularFileOnly: Whether the file was found by its name in a folder (a
    ///   `LayoutSource`'s `NAME.layout.xml`) rather than named whole by the caller: then it is opened
    ///   without blocking and anything but a regular file is refused, so that a FIFO left where a layout
    ///   should be fails the load instead of stalling it.
    /// - Throws: `LayoutError` with `unreadable-file` at the file's path (or `displayedAs`) when it
    ///   cannot be read, or when `url` is not a file URL.
    static func read(
        _ url: URL, displayedAs file: String? = nil, regularFileOnly: Bool = false
    ) throws(LayoutError) -> [UInt8] {
        guard url.isFileURL else {
            throw .unreadable(url.absoluteString, because: "only file URLs are read")
        }
        let contents = url.withUnsafeFileSystemRepresentation { path in
            path.map { read(path: $0, regularFileOnly: regularFileOnly) }
                ?? .unreadable("the path cannot be represented")
        }
        switch contents {
        case .bytes(let bytes): return bytes
        case .unreadable(let reason): throw .unreadable(file ?? url.path, because: reason)
        }
    }
}
