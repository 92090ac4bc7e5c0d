/// A path the way the system calls take it: its bytes exactly as given on the command line or as
/// `readdir` returned them (a name need not be valid UTF-8), kept with their terminating NUL so that no
/// call has to copy them.
///
/// It is the one form of a path the checker keeps: the path diagnostics print is made from it only when
/// it is needed.
struct SystemPath: Hashable, Sendable, CustomStringConvertible {
    /// The bytes of the path, then a NUL.
    private var terminated: [UInt8]

    init(_ path: String) {
        terminated = Array(path.utf8)
        terminated.append(0)
    }

    private init(terminated: [UInt8]) {
        self.terminated = terminated
    }

    /// The path as printed; bytes that are not UTF-8 become U+FFFD.
    ///
    /// Joining never splits a character (`/` is ASCII), so this equals the printed directory joined with
    /// the printed name.
    var description: String { String(decoding: terminated.dropLast(), as: UTF8.self) }

    /// `self/name`, without doubling a trailing slash, and without a leading `./` for `.`.
    func appending(_ name: some Collection<UInt8>) -> SystemPath {
        let count = terminated.count - 1
        if count == 1, terminated[0] == UInt8(ascii: ".") {
            return SystemPath(terminated: Array(name) + [0])
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(count + name.count + 2)
        joined += terminated[..<count]
        if terminated[..<count].last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        joined += name
        joined.append(0)
        return SystemPath(terminated: joined)
    }

    /// Calls `body` with the path as a NUL-terminated C string, valid only during the call.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
        terminated.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
