import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The base protocol of LSP over a pair of file descriptors: each message is a header
/// (`Content-Length: N`, other fields ignored, each line ending in CRLF), an empty line, then N bytes of
/// JSON. Reading is buffered; `hasMessage(within:)` lets the server wait for input with a timeout, which
/// is how diagnostics are debounced without a second thread.
struct MessageFraming {
    /// The largest message body accepted (64 MiB): a larger `Content-Length` is a framing error, and the
    /// body is skipped rather than held.
    static let maximumBodyBytes = 64 << 20

    /// What reading produced.
    enum Incoming: Equatable {
        /// One message's body.
        case body([UInt8])
        /// A header that is not `Content-Length: N` or a body over the limit: skipped; the reason.
        case malformed(String)
        /// The input ended.
        case end
    }

    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of a body over the limit still to be skipped.
    private var skipping = 0

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Whether a message can be read now, or becomes readable within `milliseconds` (`-1`: wait for ever).
    mutating func hasInput(within milliseconds: Int32) -> Bool {
        if start < buffer.count { return true }
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready != 0
        }
    }

    /// Reads the next message, blocking until it is whole or the input ends.
    mutating func next() -> Incoming {
        while true {
            if skipping > 0 {
                let available = buffer.count - start
                let dropped = min(available, skipping)
                start += dropped
                skipping -= dropped
                if skipping > 0 {
                    guard fill() else { return .end }
                    continue
                }
            }
            if let end = headerEnd() {
                let header = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                guard let length = Self.contentLength(header) else {
                    return .malformed("a message header without a valid Content-Length: \(header.prefix(200))")
                }
                if length > Self.maximumBodyBytes {
                    skipping = length
                    return .malformed("a message of \(length) bytes, over the limit of \(Self.maximumBodyBytes)")
                }
                while buffer.count - start < length {
                    guard fill() else { return .end }
                }
                let body = Array(buffer[start..<(start + length)])
                start += length
                compact()
                return .body(body)
            }
            // A header longer than any real one: drop it rather than buffer without end.
            if buffer.count - start > 64 * 1024 {
                start = buffer.count
                compact()
                return .malformed("a message header longer than 64 KiB")
            }
            guard fill() else { return .end }
        }
    }

    /// Writes one message: its header, then `body`. Whether it was written whole.
    @discardableResult
    func write(_ body: [UInt8]) -> Bool {
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes += body
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(output, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// `N` of a header with a `Content-Length: N` field (names compared without case).
    static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            if name == "content-length" {
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                guard let length = Int(value), length >= 0 else { return nil }
                return length
            }
        }
        return nil
    }

    /// The index of the CRLF CRLF that ends the header at `start`, if it is buffered.
    private func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Reads what is available into the buffer; `false` at the end of the input.
    private mutating func fill() -> Bool {
        compact()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }
    }

    /// Drops the bytes already consumed once they are most of the buffer.
    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

/// `write(2)`, by a name the framing's own `write` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
