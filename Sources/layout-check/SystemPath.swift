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
        self.init(bytes: path.utf8)
    }

    /// A path from its bytes, as `argv` or `readdir` gave them.
    init(bytes: some Collection<UInt8>) {
        terminated = Array(bytes)
        terminated.append(0)
    }

    /// Whether the path's last bytes are `suffix`'s UTF-8.
    func hasSuffix(_ suffix: String) -> Bool {
        terminated.dropLast().reversed().starts(with: suffix.utf8.reversed())
    }

    /// `-`, which names standard input on the command line.
    static let standardInput = SystemPath("-")

    private init(terminated: [UInt8]) {
        self.terminated = terminated
    }

    /// The path as printed, losslessly: `\` as `\\`, and each byte that is not part of valid UTF-8 as
    /// `\xNN` (two uppercase hex digits), so that `caf\xE9` (Latin-1) and `café` print apart and either can
    /// be turned back into its bytes. Every output format prints this same text.
    ///
    /// Joining never splits a character (`/` is ASCII), so this equals the printed directory joined with
    /// the printed name.
    var description: String {
        let bytes = terminated[..<(terminated.count - 1)]
        // Nearly every path: valid UTF-8 with no `\`, printed as it is.
        if !bytes.contains(UInt8(ascii: "\\")), let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        text.reserveCapacity(bytes.count)
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let lead = bytes[position]
            if lead < 0x80 {
                if lead == UInt8(ascii: "\\") {
                    text += "\\\\"
                } else {
                    text.unicodeScalars.append(Unicode.Scalar(lead))
                }
                position += 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            let end = position + length
            if length > 1, end <= bytes.endIndex,
                let character = String(validating: bytes[position..<end], as: UTF8.self)
            {
                text += character
                position = end
            } else {
                text += "\\x" + String(lead, radix: 16, uppercase: true)  // 0x80 and up: two digits
                position += 1
            }
        }
        return text
    }

    /// The bytes of a path as `description` prints it: `\\` and `\xNN` turned back into the bytes they
    /// stand for. Text that `description` could not have made is taken as its UTF-8.
    static func bytes(printed text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var position = 0
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while position < utf8.count {
            if utf8[position] == UInt8(ascii: "\\"), position + 1 < utf8.count {
                if utf8[position + 1] == UInt8(ascii: "\\") {
                    bytes.append(UInt8(ascii: "\\"))
                    position += 2
                    continue
                }
                if utf8[position + 1] == UInt8(ascii: "x"), position + 3 < utf8.count,
                    let high = hexValue(utf8[position + 2]), let low = hexValue(utf8[position + 3])
                {
                    bytes.append(high << 4 | low)
                    position += 4
                    continue
                }
            }
            bytes.append(utf8[position])
            position += 1
        }
        return bytes
    }

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
