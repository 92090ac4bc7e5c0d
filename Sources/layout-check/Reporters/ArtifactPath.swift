/// How a report names a file: relative to the directory the run happened in when the file is under
/// it, the way code scanning and review tools expect paths "from the repository root".
struct ArtifactPath: Equatable {
    /// The path, normalized: relative to the working directory (no `./`, no `..`) when the file is
    /// under it, otherwise absolute.
    var path: String
    /// Whether `path` is relative to the working directory.
    var isRelative: Bool

    /// Resolves `file` as printed in a diagnostic against `workingDirectory` (an absolute path);
    /// `.` and `..` are resolved by their names alone, as the shell's `cd -L` does.
    init(_ file: String, workingDirectory: String) {
        let base = Self.components(workingDirectory)
        let absolute = file.hasPrefix("/") ? Self.components(file) : Self.components(file, relativeTo: base)
        if absolute.starts(with: base), absolute.count > base.count {
            path = absolute.dropFirst(base.count).joined(separator: "/")
            isRelative = true
        } else {
            path = "/" + absolute.joined(separator: "/")
            isRelative = false
        }
    }

    /// `path` resolved against `directory` (absolute) by names alone, without `.`, `..` or doubled `/`.
    static func absolute(_ path: String, in directory: String) -> String {
        let resolved = path.hasPrefix("/") ? components(path) : components(path, relativeTo: components(directory))
        return "/" + resolved.joined(separator: "/")
    }

    /// The relative path from `directory` to `file` (both absolute), with `..` where `file` is not
    /// under `directory`: how a file in the repository names another wherever the repository is.
    static func relative(_ file: String, from directory: String) -> String {
        let target = components(file)
        let base = components(directory)
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let up = Array(repeating: Substring(".."), count: base.count - shared)
        return (up + target.dropFirst(shared)).joined(separator: "/")
    }

    private static func components(_ path: String, relativeTo base: [Substring] = []) -> [Substring] {
        var result = base
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = result.popLast()
            default: result.append(component)
            }
        }
        return result
    }

    /// The path as a URI reference (RFC 3986): every byte of its UTF-8 other than an unreserved
    /// character or `/` percent-encoded; an absolute path becomes a `file://` URI.
    /// `path` holds the file's bytes as diagnostics print them (`\\`, `\xFF`); the URI encodes the
    /// bytes themselves, so that it names the file that exists.
    var uri: String {
        let encoded = Self.percentEncoded(bytes: SystemPath.bytes(printed: path))
        return isRelative ? encoded : "file://" + encoded
    }

    /// A directory's `file://` URI, ending with `/` as a base URI must.
    static func directoryURI(_ directory: String) -> String {
        let encoded = percentEncoded(directory)
        return "file://" + encoded + (encoded.hasSuffix("/") ? "" : "/")
    }

    static func percentEncoded(_ text: String) -> String {
        percentEncoded(bytes: Array(text.utf8))
    }

    static func percentEncoded(bytes: [UInt8]) -> String {
        var encoded = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += byte < 0x10 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return encoded
    }
}
