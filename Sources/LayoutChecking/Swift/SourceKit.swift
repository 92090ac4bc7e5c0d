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

    /// The environment variable that names a toolchain.
    public static let environmentVariable = "LAYOUTKIT_TOOLCHAIN"

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        private let functions: Functions
    #endif
    /// The library that was loaded, for messages.
    public let libraryPath: String

    /// Finds and loads sourcekitd: in `toolchain` when given, else in `LAYOUTKIT_TOOLCHAIN`, else where
    /// `SourceKitSearch` looks (beside the `swift` on `PATH`; on Apple platforms also Xcode's toolchain).
    ///
    /// A toolchain directory may be the toolchain's root, its `usr` or the library file itself.
    /// - Throws: `LoadError` when no library is found or it cannot be loaded.
    public init(toolchain: String?, environment: [String: String]) throws(LoadError) {
        let path = try Self.locate(toolchain: toolchain, environment: environment)
        libraryPath = path
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            functions = try Self.load(path)
        #else
            throw LoadError(message: "loading \(path) needs dlopen, which this platform does not have")
        #endif
    }

    /// The library `init(toolchain:environment:)` would load, found without loading it: `layout-check`
    /// loads it in its worker process only, so that its own memory stays that of the checker.
    /// - Throws: `LoadError` when no library is found.
    public static func locate(toolchain: String?, environment: [String: String]) throws(LoadError) -> String {
        try SourceKitSearch(
            platform: .current, environment: environment, isFile: isRegularFile, resolve: resolvedPath
        ).library(toolchain: toolchain)
    }

    /// Whether a regular file is at `path`, links followed: the search's view of the file system.
    package static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// `path` with every link resolved (`realpath`), or `nil` when nothing is there.
    package static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        // dlopen, dlsym and dlerror have the same C signatures in glibc, musl and Darwin's libSystem.
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
            guard json.utf8.count <= SwiftStructureFilter.maximumBytes else {
                return .failure(
                    "the structure sourcekitd gives for it is larger than "
                        + "\(SwiftStructureFilter.maximumBytes / (1024 * 1024)) MiB")
            }
            // The filter writes no deeper than this; Foundation's reader stops at 512 levels with a message
            // that names none of this.
            // One copy of the bytes, which the depth check and the lines both read.
            let text = Array(json.utf8)
            guard text.withUnsafeBufferPointer({ nesting(of: $0) }) <= SwiftStructureFilter.maximumDepth + 12 else {
                return .failure("sourcekitd's answer is nested deeper than the checker reads")
            }
            guard let lines = StructureLines(text) else { return .failure("sourcekitd's answer is not a JSON object") }
            return .structure(lines)
        }
    }

    /// The lines of a filtered reply (`SwiftStructureFilter.filter`): the first, a dictionary with the
    /// syntax error, parsed at once; each further one a top-level declaration, parsed only as it is read,
    /// so that no more than one declaration's dictionaries exist at a time.
    struct StructureLines {
        /// `key.diagnostics` and nothing else.
        let header: StructureNode
        private let text: [UInt8]
        private let lines: [Range<Int>]

        init?(_ json: String) {
            self.init(Array(json.utf8))
        }

        /// The lines of the reply's UTF-8 bytes.
        init?(_ text: [UInt8]) {
            self.text = text
            var lines: [Range<Int>] = []
            var start = 0
            text.withUnsafeBufferPointer { buffer in
                for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
                    if index > start { lines.append(start..<index) }
                    start = index + 1
                }
            }
            if start < text.count { lines.append(start..<text.count) }
            guard let first = lines.first, let header = ReplyJSON.node(text[first]) else { return nil }
            self.header = header
            self.lines = Array(lines.dropFirst())
        }

        /// Calls `body` with each top-level declaration in order; false when a line is not a JSON object
        /// (`body` may have seen the ones before it).
        func forEachDeclaration(_ body: (StructureNode) -> Void) -> Bool {
            for line in lines {
                guard let entry = ReplyJSON.node(text[line]) else { return false }
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
        guard Self.isUTF8(text) else { return .failure("the file is not UTF-8") }
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            let answer = Self.oneRequestAtATime.withLock { requests in
                requests += 1
                let answer = send(functions.openRequest(name: Array(name.utf8), text: text), filter: filter)
                _ = send(functions.closeRequest(name: Array(name.utf8)), filter: nil)
                return answer
            }
            switch answer {
            case .failure(let failure): return .failure(failure.reason)
            case .success(let json): return .json(json)
            }
        #else
            return .failure("sourcekitd cannot be loaded on this platform")
        #endif
    }

    /// Whether `bytes` are UTF-8: eight ASCII bytes at a time, and where a byte is not ASCII, whether
    /// decoding repairs anything. (Not `String(validating:)`, which would set the platform floor at
    /// macOS 15 and iOS 18.)
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        let isASCII = bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                    return false
                }
                offset += 8
            }
            return raw[offset...].allSatisfy { $0 < 0x80 }
        }
        return isASCII || String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        /// Sends a request, which it releases, and returns the response as `filter` writes it (empty
        /// without one).
        private func send(_ request: sourcekitd_object_t?, filter: SwiftStructureFilter?) -> Result<String, SendFailure>
        {
            guard let request else { return .failure(SendFailure("the request could not be built")) }
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
        }
    #endif

    private struct SendFailure: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// sourcekitd's C entry points, found with `dlsym`, typed by the CSourceKit header; and the UIDs of the
    /// keys the filter reads, made once. A class, so that every `Variant` shares one.
    private final class Functions: Sendable {
        let initialize: sourcekitd_initialize_f
        let createDictionary: sourcekitd_request_dictionary_create_f
        let setUID: sourcekitd_request_dictionary_set_uid_f
        let setString: sourcekitd_request_dictionary_set_stringbuf_f
        let setInt64: sourcekitd_request_dictionary_set_int64_f
        let setValue: sourcekitd_request_dictionary_set_value_f
        let createArray: sourcekitd_request_array_create_f
        let appendString: sourcekitd_request_array_set_stringbuf_f
        /// The UIDs of a request's keys and values.
        let request: RequestUIDs
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
                let createDictionary = symbol(
                    "sourcekitd_request_dictionary_create", as: sourcekitd_request_dictionary_create_f.self),
                let setUID = symbol(
                    "sourcekitd_request_dictionary_set_uid", as: sourcekitd_request_dictionary_set_uid_f.self),
                let setString = symbol(
                    "sourcekitd_request_dictionary_set_stringbuf",
                    as: sourcekitd_request_dictionary_set_stringbuf_f.self),
                let setInt64 = symbol(
                    "sourcekitd_request_dictionary_set_int64", as: sourcekitd_request_dictionary_set_int64_f.self),
                let setValue = symbol(
                    "sourcekitd_request_dictionary_set_value", as: sourcekitd_request_dictionary_set_value_f.self),
                let createArray = symbol("sourcekitd_request_array_create", as: sourcekitd_request_array_create_f.self),
                let appendString = symbol(
                    "sourcekitd_request_array_set_stringbuf", as: sourcekitd_request_array_set_stringbuf_f.self),
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
            self.createDictionary = createDictionary
            self.setUID = setUID
            self.setString = setString
            self.setInt64 = setInt64
            self.setValue = setValue
            self.createArray = createArray
            self.appendString = appendString
            guard let request = RequestUIDs(uidFromString) else { return nil }
            self.request = request
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

        /// `editor.open` of `text` as the document `name`, syntax only: the substructure and the
        /// diagnostics, no syntax map. Built with sourcekitd's request functions: written as YAML, the text
        /// had to be quoted and sourcekitd had to parse it back, a tenth of the worker's time.
        func openRequest(name: [UInt8], text: [UInt8]) -> sourcekitd_object_t? {
            guard let request = createDictionary(nil, nil, 0) else { return nil }
            let uids = self.request
            setUID(request, uids.request, uids.editorOpen)
            setBytes(request, uids.name, name)
            setBytes(request, uids.sourceText, text)
            setInt64(request, uids.syntacticOnly, 1)
            setInt64(request, uids.enableSubstructure, 1)
            setInt64(request, uids.enableSyntaxMap, 0)
            setInt64(request, uids.enableDiagnostics, 1)
            if let arguments = createArray(nil, 0) {
                // What a current project builds with (Xcode's default since Swift 5.7, and Swift 6 mode's): a
                // bare-slash regex literal, `/[a-z]+/`, is Swift that compiles, not a syntax error. An Apple
                // target: on Linux, sourcekitd sets up each request's compiler through clang's driver, which
                // for a Linux target searches for a GCC installation (some 50 `stat`s and `open`s of
                // /usr/lib/gcc… per file, a fifth of the worker's time); for an Apple one it searches for
                // nothing. A syntactic request reads every `#if` branch whatever the target, so the
                // structure is the same (`SwiftSourcesTests.everyPlatformBranchOfAnIfIsRead`).
                for argument in [
                    Array("-enable-bare-slash-regex".utf8), Array("-target".utf8),
                    Array("arm64-apple-ios17.0".utf8), name,
                ] {
                    argument.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) {
                            appendString(arguments, -1, $0.baseAddress, $0.count)
                        }
                    }
                }
                setValue(request, uids.compilerArguments, arguments)
                releaseRequest(arguments)
            }
            return request
        }

        /// `editor.close` of the document `name`.
        func closeRequest(name: [UInt8]) -> sourcekitd_object_t? {
            guard let request = createDictionary(nil, nil, 0) else { return nil }
            setUID(request, self.request.request, self.request.editorClose)
            setBytes(request, self.request.name, name)
            return request
        }

        private func setBytes(_ dictionary: sourcekitd_object_t, _ key: sourcekitd_uid_t, _ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { setString(dictionary, key, $0.baseAddress, $0.count) }
            }
        }
    }

    /// The UIDs of the keys and values of the requests `SourceKit` sends, made once; kept as the addresses
    /// sourcekitd keeps them at for the life of the process, as `Functions.keys` are.
    private struct RequestUIDs: Sendable {
        private let bits: [Int]

        init?(_ uid: sourcekitd_uid_get_from_cstr_f) {
            var bits: [Int] = []
            for name in Self.names {
                guard let made = uid(name) else { return nil }
                bits.append(Int(bitPattern: made))
            }
            self.bits = bits
        }

        private static let names = [
            "key.request", "source.request.editor.open", "source.request.editor.close", "key.name", "key.sourcetext",
            "key.syntactic_only", "key.enablesubstructure", "key.enablesyntaxmap", "key.enablediagnostics",
            "key.compilerargs",
        ]

        private func uid(_ index: Int) -> sourcekitd_uid_t { sourcekitd_uid_t(bitPattern: bits[index])! }
        var request: sourcekitd_uid_t { uid(0) }
        var editorOpen: sourcekitd_uid_t { uid(1) }
        var editorClose: sourcekitd_uid_t { uid(2) }
        var name: sourcekitd_uid_t { uid(3) }
        var sourceText: sourcekitd_uid_t { uid(4) }
        var syntacticOnly: sourcekitd_uid_t { uid(5) }
        var enableSubstructure: sourcekitd_uid_t { uid(6) }
        var enableSyntaxMap: sourcekitd_uid_t { uid(7) }
        var enableDiagnostics: sourcekitd_uid_t { uid(8) }
        var compilerArguments: sourcekitd_uid_t { uid(9) }
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
