import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output or standard error, written with `write(2)` so that nothing is lost at exit.
struct StandardStream: Sendable {
    var descriptor: Int32

    static let output = StandardStream(descriptor: STDOUT_FILENO)
    static let error = StandardStream(descriptor: STDERR_FILENO)

    /// Colour only for a person: on a terminal, unless `NO_COLOR` is set to anything (no-color.org)
    /// or the terminal is `dumb`.
    var wantsColour: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(descriptor) == 1
    }

    /// Writes all of `text`.
    /// - Throws: `SystemError` when the stream refuses it (a closed pipe, a full disk): what is left is
    ///   not written, and the caller decides what the loss means.
    func write(_ text: String) throws(SystemError) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { writeToDescriptor(descriptor, $0) }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError(errno)
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// `write(2)`, outside `StandardStream`, whose own `write` would hide it.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    write(descriptor, bytes.baseAddress, bytes.count)
}
