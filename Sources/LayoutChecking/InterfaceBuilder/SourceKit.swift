internal import CSourceKit
import Foundation
import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// This is the only file that touches sourcekitd. It loads the toolchain's in-process library at run
// time (its C types from the CSourceKit header, no link-time dependency), asks it for the syntactic
// structure of one Swift file at a time, reads the response through sourcekitd's variant functions
// with `SwiftStructureFilter` (keeping only what the catalog reads) and hands back compact JSON text; no
// pointer leaves it, and every request and response it allocates is released on the one path out of
// `send(_:)`.

/// The toolchain's sourcekitd, loaded in process, for the syntactic structure of Swift files.
///
/// sourcekitd is initialised once per process and never shut down: shutting it down while another
/// thread might still use it would be worse than leaving it to the exit. Its requests are serialised,
/// one at a time in the whole process, whichever thread calls: nothing documents the in-process
/// library as safe to call from several threads, and on two cores concurrent requests were no faster
/// (1,000 files: about 2.7 s of CPU either way). Turning its answer into declarations happens outside
/// that lock, so callers on several threads still overlap that part. `layout-check` gets its parallelism
/// from two worker processes, each with its own sourcekitd.
package struct SourceKit: Sendable {
    /// Why sourcekitd could not be loaded, in words that say how to point at it.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        /// What went wrong and what to do about it.
        public var message: String
        public var description: String { message }
    }

    /// The library file inside a toolchain's `usr/lib`.
    static let libraryName = "libsourcekitdInProc.so"
    /// The environment variable that names a toolchain.
    public static let environmentVariable = "LAYOUTKIT_TOOLCHAIN"

    #if os(Linux)
        private let functions: Functions
    #endif
    /// The library that was loaded, for messages.
    public let libraryPath: String

    /// Finds and loads sourcekitd: in `toolchain` when given, else in `LAYOUTKIT_TOOLCHAIN`, else beside
    /// the `swift` found on `PATH` (through symbolic links), as `../lib/libsourcekitdInProc.so`.
    ///
    /// A toolchain directory may be the toolchain's root, its `usr` or the library file itself.
    /// - Throws: `LoadError` when no library is found or it cannot be loaded.
    public init(toolchain: String?, environment: [String: String]) throws(LoadError) {
        let path = try Self.locate(toolchain: toolchain, environment: environment)
        libraryPath = path
        #if os(Linux)
            functions = try Self.load(path)
        #else
            throw LoadError(message: "loading \(path) is implemented for Linux only")
        #endif
    }

    /// The library `init(toolchain:environment:)` would load, found without loading it: `layout-check`
    /// loads it in its worker process only, so that its own memory stays that of the checker.
    /// - Throws: `LoadError` when no library is found.
    public static func locate(toolchain: String?, environment: [String: String]) throws(LoadError) -> String {
        let hint =
            "pass --toolchain DIR or set \(environmentVariable)=DIR to a Swift toolchain (the directory "
            + "holding usr/lib/\(libraryName)), or put that toolchain's swift on PATH"
        if let given = toolchain ?? environment[environmentVariable].flatMap({ $0.isEmpty ? nil : $0 }) {
            let candidates = [given, given + "/lib/" + libraryName, given + "/usr/lib/" + libraryName]
            if let found = candidates.first(where: isRegularFile) { return found }
            let source = toolchain != nil ? "--toolchain" : environmentVariable
            throw LoadError(message: "no \(libraryName) in '\(given)' (from \(source)); \(hint)")
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            let swift = String(directory) + "/swift"
            guard isRegularFile(swift), let resolved = resolvedPath(swift) else { continue }
            let bin = (resolved as NSString).deletingLastPathComponent
            let library = (bin as NSString).deletingLastPathComponent + "/lib/" + libraryName
            if isRegularFile(library) { return library }
            throw LoadError(message: "the swift on PATH (\(resolved)) has no \(library); \(hint)")
        }
        throw LoadError(message: "cannot find sourcekitd: no swift on PATH; \(hint)")
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    #if os(Linux)
        private static func load(_ path: String) throws(LoadError) -> Functions {
            // Loaded once and never closed: sourcekitd starts threads of its own that must outlive any caller.
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
                throw LoadError(message: "cannot load \(path): \(reason)")
            }
            guard let functions = Functions(handle) else {
                throw LoadError(message: "\(path) is not a sourcekitd this version of LayoutKit can use")
            }
            Initialization.once(functions)
            return functions
        }

    #endif

    /// Held while a request is in sourcekitd; it counts the requests sent. (A value of its own: a lock
    /// around an empty value made ThreadSanitizer report the lock's own accesses as a race.)
    private static let oneRequestAtATime = Locked(0)

    /// What sourcekitd said about one file.
    enum Answer {
        /// The structure, as the filter wrote it: read one top-level declaration at a time.
        case structure(StructureLines)
        /// sourcekitd refused the request or failed; the message says why.
        case failure(String)
    }

    /// sourcekitd's answer about one file as text, which can cross a pipe from a worker process.
    public enum Reply: Sendable, Equatable {
        /// The structure as sourcekitd's JSON text.
        case json(String)
        /// sourcekitd refused the request or failed; the message says why.
        case failure(String)
    }

    /// The syntactic structure of a Swift file's text: declarations, their attributes, offsets and
    /// type names. `name` must be unique among requests in flight (the file's path is).
    func structure(of text: [UInt8], name: String) -> Answer {
        Self.answer(reply(to: text, name: name))
    }

    /// The structure of a reply's JSON text. A reply that is not the filter's shape — not JSON, larger or
    /// nested deeper than the filter writes — is a failure that says so, in memory bounded by its size.
    static func answer(_ reply: Reply) -> Answer {
        switch reply {
        case .failure(let reason): return .failure(reason)
        case .json(let json):
            let bytes = json.utf8
            guard bytes.count <= SwiftStructureFilter.maximumBytes else {
                return .failure(
                    "the structure sourcekitd gives for it is larger than "
                        + "\(SwiftStructureFilter.maximumBytes / (1024 * 1024)) MiB")
            }
            // The filter writes no deeper than this; Foundation's reader stops at 512 levels with a message
            // that names none of this.
            guard nesting(of: bytes) <= SwiftStructureFilter.maximumDepth + 12 else {
                return .failure("sourcekitd's answer is nested deeper than the checker reads")
            }
            guard let lines = StructureLines(json) else { return .failure("sourcekitd's answer is not a JSON object") }
            return .structure(lines)
        }
    }

    /// The lines of a filtered reply (`SwiftStructureFilter.filter`): the first, a dictionary with the
    /// syntax error, parsed at once; each further one a top-level declaration, parsed only as it is read,
    /// so that no more than one declaration's dictionaries exist at a time.
    struct StructureLines {
        /// `key.diagnostics` and nothing else.
        let header: [String: Any]
        private let text: [UInt8]
        private let lines: [Range<Int>]

        init?(_ json: String) {
            text = Array(json.utf8)
            var lines: [Range<Int>] = []
            var start = 0
            for (index, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
                if index > start { lines.append(start..<index) }
                start = index + 1
            }
            if start < text.count { lines.append(start..<text.count) }
            guard let first = lines.first, let header = ReplyJSON.object(text[first]) else { return nil }
            self.header = header
            self.lines = Array(lines.dropFirst())
        }

        /// Calls `body` with each top-level declaration in order; false when a line is not a JSON object
        /// (`body` may have seen the ones before it).
        func forEachDeclaration(_ body: ([String: Any]) -> Void) -> Bool {
            for line in lines {
                guard let entry = ReplyJSON.object(text[line]) else { return false }
                body(entry)
            }
            return true
        }
    }

    /// How deep the arrays and objects of JSON text nest, in one pass (strings skipped).
    static func nesting(of bytes: some Sequence<UInt8>) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// What sourcekitd says about a Swift file's text, as compact JSON text holding only what the class
    /// catalog reads (`SwiftStructureFilter`). `name` must be unique among requests in flight (the file's
    /// path is). `calls` names the callees whose calls are kept wherever they are.
    public func reply(to text: [UInt8], name: String, calls: Set<String> = []) -> Reply {
        reply(to: text, name: name, filter: SwiftStructureFilter(calls: calls))
    }

    /// What sourcekitd says about a Swift file's text, as `filter` writes it.
    func reply(to text: [UInt8], name: String, filter: SwiftStructureFilter) -> Reply {
        // Decoding repairs what is not UTF-8; the file was UTF-8 when nothing needed repair. (Not
        // `String(validating:)`, which would set the platform floor at macOS 15 and iOS 18.)
        let sourceText = String(decoding: text, as: UTF8.self)
        guard sourceText.utf8.elementsEqual(text) else {
            return .failure("the file is not UTF-8")
        }
        let request =
            "{key.request: source.request.editor.open, key.name: \(yamlQuoted(name)), "
            + "key.sourcetext: \(yamlQuoted(sourceText)), key.syntactic_only: 1, key.enablesubstructure: 1, "
            + "key.enablesyntaxmap: 0, key.enablediagnostics: 1, "
            // What a current project builds with (Xcode's default since Swift 5.7, and Swift 6 mode's): a
            // bare-slash regex literal, `/[a-z]+/`, is Swift that compiles, not a syntax error.
            + "key.compilerargs: [\"-enable-bare-slash-regex\", \(yamlQuoted(name))]}"
        let close = "{key.request: source.request.editor.close, key.name: \(yamlQuoted(name))}"
        let answer = Self.oneRequestAtATime.withLock { requests in
            requests += 1
            let answer = send(request, filter: filter)
            _ = send(close, filter: nil)
            return answer
        }
        switch answer {
        case .failure(let failure): return .failure(failure.reason)
        case .success(let json): return .json(json)
        }
    }

    /// Sends a request written in sourcekitd's YAML, and returns the response as `filter` writes it
    /// (empty without one).
    private func send(_ yaml: String, filter: SwiftStructureFilter?) -> Result<String, SendFailure> {
        #if os(Linux)
            var parseError: UnsafeMutablePointer<CChar>?
            guard let request = functions.createRequest(yaml, &parseError) else {
                let reason = parseError.map { String(cString: $0) } ?? "the request could not be built"
                free(parseError)
                return .failure(SendFailure(reason))
            }
            defer { functions.releaseRequest(request) }
            guard let response = functions.sendRequest(request) else {
                return .failure(SendFailure("sourcekitd gave no response"))
            }
            defer { functions.disposeResponse(response) }
            if functions.responseIsError(response) {
                guard let description = functions.responseDescription(response) else {
                    return .failure(SendFailure("sourcekitd failed"))
                }
                defer { free(description) }
                return .failure(SendFailure(String(cString: description)))
            }
            guard let filter else { return .success("") }
            let root = Variant(functions.responseValue(response), functions)
            do throws(SwiftStructureFilter.Refusal) {
                return .success(String(decoding: try filter.filter(root), as: UTF8.self))
            } catch {
                return .failure(SendFailure(error.reason))
            }
        #else
            return .failure(SendFailure("sourcekitd is loaded on Linux only"))
        #endif
    }

    private struct SendFailure: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

/// `text` as a YAML double-quoted scalar, which is also a JSON string.
private func yamlQuoted(_ text: String) -> String {
    // Byte by byte: every byte that needs escaping is ASCII, and the others (UTF-8 sequences included)
    // pass through as they are.
    var quoted: [UInt8] = [UInt8(ascii: "\"")]
    quoted.reserveCapacity(text.utf8.count + 16)
    let hex = Array("0123456789ABCDEF".utf8)
    func escaped(_ letter: UInt8) {
        quoted.append(UInt8(ascii: "\\"))
        quoted.append(letter)
    }
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped(byte)
        case UInt8(ascii: "\n"): escaped(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): escaped(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): escaped(UInt8(ascii: "t"))
        case 0..<0x20, 0x7F:
            escaped(UInt8(ascii: "u"))
            quoted += [UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        default: quoted.append(byte)
        }
    }
    quoted.append(UInt8(ascii: "\""))
    return String(decoding: quoted, as: UTF8.self)
}

#if os(Linux)
    /// sourcekitd's C entry points, found with `dlsym`, typed by the CSourceKit header; and the UIDs of the
    /// keys the filter reads, made once. A class, so that every `Variant` shares one.
    private final class Functions: Sendable {
        let initialize: sourcekitd_initialize_f
        let createRequest: sourcekitd_request_create_from_yaml_f
        let releaseRequest: sourcekitd_request_release_f
        let sendRequest: sourcekitd_send_request_sync_f
        let responseIsError: sourcekitd_response_is_error_f
        let responseDescription: sourcekitd_response_description_copy_f
        let responseValue: sourcekitd_response_get_value_f
        let disposeResponse: sourcekitd_response_dispose_f
        let uidString: sourcekitd_uid_get_string_ptr_f
        let type: sourcekitd_variant_get_type_f
        let dictionaryValue: sourcekitd_variant_dictionary_get_value_f
        let arrayCount: sourcekitd_variant_array_get_count_f
        let arrayValue: sourcekitd_variant_array_get_value_f
        let int64: sourcekitd_variant_int64_get_value_f
        let stringLength: sourcekitd_variant_string_get_length_f
        let stringPointer: sourcekitd_variant_string_get_ptr_f
        let uid: sourcekitd_variant_uid_get_value_f
        let dictionaryApply: sourcekitd_variant_dictionary_apply_f_f
        /// The UID of each key, in `SwiftStructureKey.allCases` order, as the address sourcekitd keeps it at
        /// for the life of the process.
        let keys: [Int]

        init?(_ handle: UnsafeMutableRawPointer) {
            func symbol<F>(_ name: String, as type: F.Type) -> F? {
                dlsym(handle, name).map { unsafeBitCast($0, to: type) }
            }
            guard
                let initialize = symbol("sourcekitd_initialize", as: sourcekitd_initialize_f.self),
                let createRequest = symbol(
                    "sourcekitd_request_create_from_yaml", as: sourcekitd_request_create_from_yaml_f.self),
                let releaseRequest = symbol("sourcekitd_request_release", as: sourcekitd_request_release_f.self),
                let sendRequest = symbol("sourcekitd_send_request_sync", as: sourcekitd_send_request_sync_f.self),
                let responseIsError = symbol("sourcekitd_response_is_error", as: sourcekitd_response_is_error_f.self),
                let responseDescription = symbol(
                    "sourcekitd_response_description_copy", as: sourcekitd_response_description_copy_f.self),
                let responseValue = symbol("sourcekitd_response_get_value", as: sourcekitd_response_get_value_f.self),
                let disposeResponse = symbol("sourcekitd_response_dispose", as: sourcekitd_response_dispose_f.self),
                let uidFromString = symbol("sourcekitd_uid_get_from_cstr", as: sourcekitd_uid_get_from_cstr_f.self),
                let uidString = symbol("sourcekitd_uid_get_string_ptr", as: sourcekitd_uid_get_string_ptr_f.self),
                let type = symbol("sourcekitd_variant_get_type", as: sourcekitd_variant_get_type_f.self),
                let dictionaryValue = symbol(
                    "sourcekitd_variant_dictionary_get_value", as: sourcekitd_variant_dictionary_get_value_f.self),
                let arrayCount = symbol(
                    "sourcekitd_variant_array_get_count", as: sourcekitd_variant_array_get_count_f.self),
                let arrayValue = symbol(
                    "sourcekitd_variant_array_get_value", as: sourcekitd_variant_array_get_value_f.self),
                let int64 = symbol("sourcekitd_variant_int64_get_value", as: sourcekitd_variant_int64_get_value_f.self),
                let stringLength = symbol(
                    "sourcekitd_variant_string_get_length", as: sourcekitd_variant_string_get_length_f.self),
                let stringPointer = symbol(
                    "sourcekitd_variant_string_get_ptr", as: sourcekitd_variant_string_get_ptr_f.self),
                let uid = symbol("sourcekitd_variant_uid_get_value", as: sourcekitd_variant_uid_get_value_f.self),
                let dictionaryApply = symbol(
                    "sourcekitd_variant_dictionary_apply_f", as: sourcekitd_variant_dictionary_apply_f_f.self)
            else { return nil }
            self.initialize = initialize
            self.createRequest = createRequest
            self.releaseRequest = releaseRequest
            self.sendRequest = sendRequest
            self.responseIsError = responseIsError
            self.responseDescription = responseDescription
            self.responseValue = responseValue
            self.disposeResponse = disposeResponse
            self.uidString = uidString
            self.type = type
            self.dictionaryValue = dictionaryValue
            self.arrayCount = arrayCount
            self.arrayValue = arrayValue
            self.int64 = int64
            self.stringLength = stringLength
            self.stringPointer = stringPointer
            self.uid = uid
            self.dictionaryApply = dictionaryApply
            var keys: [Int] = []
            for key in SwiftStructureKey.allCases {
                guard let uid = uidFromString(key.rawValue) else { return nil }
                keys.append(Int(bitPattern: uid))
            }
            self.keys = keys
        }
    }

    /// One value of a response, read through sourcekitd's variant functions; valid while the response is.
    ///
    /// A dictionary's values are read in one pass when it is made (`sourcekitd_variant_dictionary_apply_f`):
    /// a lookup by key walks the dictionary, and the filter asks every node for every key.
    private struct Variant: SwiftStructureValue {
        let raw: sourcekitd_variant_t
        let functions: Functions
        private let type: sourcekitd_variant_type_t
        /// A dictionary's values by `SwiftStructureKey.ordinal`, valid where `present` has the key's bit.
        private let fields: [sourcekitd_variant_t]
        private let present: UInt32

        init(_ raw: sourcekitd_variant_t, _ functions: Functions) {
            self.raw = raw
            self.functions = functions
            type = functions.type(raw)
            if type == SOURCEKITD_VARIANT_TYPE_DICTIONARY {
                (fields, present) = Self.fields(of: raw, functions)
            } else {
                (fields, present) = ([], 0)
            }
        }

        /// What one pass over a dictionary collects, through the applier's context pointer.
        private struct Collector {
            let keys: UnsafeBufferPointer<Int>
            var values: [sourcekitd_variant_t]
            var present: UInt32 = 0
        }

        private static func fields(
            of raw: sourcekitd_variant_t, _ functions: Functions
        ) -> ([sourcekitd_variant_t], UInt32) {
            functions.keys.withUnsafeBufferPointer { keys in
                var collector = Collector(keys: keys, values: Array(repeating: raw, count: keys.count))
                _ = withUnsafeMutablePointer(to: &collector) { pointer in
                    functions.dictionaryApply(
                        raw,
                        { key, value, context in
                            guard let key, let context else { return true }
                            let collector = context.assumingMemoryBound(to: Collector.self)
                            let address = Int(bitPattern: key)
                            for index in collector.pointee.keys.indices where collector.pointee.keys[index] == address {
                                collector.pointee.values[index] = value
                                collector.pointee.present |= 1 << UInt32(index)
                                break
                            }
                            return true
                        }, pointer)
                }
                return (collector.values, collector.present)
            }
        }

        func value(_ key: SwiftStructureKey) -> Variant? {
            let ordinal = key.ordinal
            guard type == SOURCEKITD_VARIANT_TYPE_DICTIONARY, present & (1 << UInt32(ordinal)) != 0 else { return nil }
            let found = Variant(fields[ordinal], functions)
            return found.type == SOURCEKITD_VARIANT_TYPE_NULL ? nil : found
        }

        var string: String? {
            switch type {
            case SOURCEKITD_VARIANT_TYPE_STRING:
                guard let pointer = functions.stringPointer(raw) else { return nil }
                let length = functions.stringLength(raw)
                return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
            case SOURCEKITD_VARIANT_TYPE_UID:
                guard let uid = functions.uid(raw), let text = functions.uidString(uid) else { return nil }
                return String(cString: text)
            default: return nil
            }
        }

        var integer: Int? {
            type == SOURCEKITD_VARIANT_TYPE_INT64 ? Int(functions.int64(raw)) : nil
        }

        var elements: [Variant]? {
            guard type == SOURCEKITD_VARIANT_TYPE_ARRAY else { return nil }
            return (0..<functions.arrayCount(raw)).map { Variant(functions.arrayValue(raw, $0), functions) }
        }
    }

    /// `sourcekitd_initialize` runs once per process, however many `SourceKit` values are made.
    private enum Initialization {
        private static let done: Locked<Bool> = Locked(false)

        static func once(_ functions: Functions) {
            done.withLock { done in
                if !done { functions.initialize() }
                done = true
            }
        }
    }
#endif
