import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// This is the only file that touches sourcekitd. It loads the toolchain's in-process library at run
// time (no header, no link-time dependency), asks it for the syntactic structure of one Swift file at a
// time and hands back Foundation JSON values; no pointer leaves it, and every request, response and
// string it allocates is released on the one path out of `structure(of:name:)`.

/// The toolchain's sourcekitd, loaded in process, for the syntactic structure of Swift files.
///
/// sourcekitd is initialised once per process and never shut down: shutting it down while another
/// thread might still use it would be worse than leaving it to the exit. Its requests are serialised,
/// one at a time in the whole process, whichever thread calls: nothing documents the in-process
/// library as safe to call from several threads, and on two cores concurrent requests were no faster
/// (1,000 files: about 2.7 s of CPU either way). Turning its answer into declarations happens outside
/// that lock, so callers on several threads still overlap that part.
@_spi(LayoutCheck) public struct SourceKit: Sendable {
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

    private static func locate(toolchain: String?, environment: [String: String]) throws(LoadError) -> String {
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

    /// Held while a request is in sourcekitd.
    private static let oneRequestAtATime = Locked(())

    /// What sourcekitd said about one file.
    enum Answer {
        /// The structure, as JSON: a dictionary with `key.substructure` and `key.diagnostics`.
        case structure([String: Any])
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

    /// The structure of a reply's JSON text.
    static func answer(_ reply: Reply) -> Answer {
        switch reply {
        case .failure(let reason): return .failure(reason)
        case .json(let json):
            guard
                let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
                let dictionary = object as? [String: Any]
            else { return .failure("sourcekitd's answer is not a JSON object") }
            return .structure(dictionary)
        }
    }

    /// What sourcekitd says about a Swift file's text, as text. `name` must be unique among requests
    /// in flight (the file's path is).
    public func reply(to text: [UInt8], name: String) -> Reply {
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
        let answer = Self.oneRequestAtATime.withLock { _ in
            let answer = send(request)
            _ = send(close)
            return answer
        }
        switch answer {
        case .failure(let failure): return .failure(failure.reason)
        case .success(let json): return .json(json)
        }
    }

    /// Sends a request written in sourcekitd's YAML, and returns the response as JSON text.
    private func send(_ yaml: String) -> Result<String, SendFailure> {
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
            guard let json = functions.variantJSON(functions.responseValue(response)) else {
                return .failure(SendFailure("sourcekitd's response could not be described"))
            }
            defer { free(json) }
            return .success(String(cString: json))
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
    var quoted = "\""
    quoted.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\r": quoted += "\\r"
        case "\t": quoted += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
    }
    return quoted + "\""
}

#if os(Linux)
    /// sourcekitd's C entry points, found with `dlsym`.
    ///
    /// `sourcekitd_variant_t` is `struct { uint64_t data[3]; }`, passed and returned by value, which Swift
    /// cannot declare for a C function pointer. `Elf64_Rela` from the C library's `elf.h` stands in for it:
    /// three 64-bit integers, 24 bytes, 8-byte aligned, which is all the x86-64 and AArch64 calling
    /// conventions look at (both pass and return such a struct in memory). It must have no padding: Swift
    /// copies a C struct field by field, and a stand-in with a 32-bit field (`stack_t` was tried) loses
    /// half of a word of the variant, which sourcekitd then follows as a pointer. The value is never looked
    /// into, only handed back to sourcekitd; `init` refuses a platform where the sizes differ.
    private struct Functions: Sendable {
        typealias Variant = Elf64_Rela

        let initialize: @convention(c) () -> Void
        let createRequest:
            @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer?
        let releaseRequest: @convention(c) (OpaquePointer) -> Void
        let sendRequest: @convention(c) (OpaquePointer) -> OpaquePointer?
        let responseIsError: @convention(c) (OpaquePointer) -> Bool
        let responseDescription: @convention(c) (OpaquePointer) -> UnsafeMutablePointer<CChar>?
        let responseValue: @convention(c) (OpaquePointer) -> Variant
        let variantJSON: @convention(c) (Variant) -> UnsafeMutablePointer<CChar>?
        let disposeResponse: @convention(c) (OpaquePointer) -> Void

        init?(_ handle: UnsafeMutableRawPointer) {
            guard MemoryLayout<Variant>.size == 24, MemoryLayout<Variant>.alignment == 8 else { return nil }
            func symbol<F>(_ name: String, as type: F.Type) -> F? {
                dlsym(handle, name).map { unsafeBitCast($0, to: type) }
            }
            guard
                let initialize = symbol("sourcekitd_initialize", as: (@convention(c) () -> Void).self),
                let createRequest = symbol(
                    "sourcekitd_request_create_from_yaml",
                    as: (@convention(c) (
                        UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
                    ) -> OpaquePointer?).self),
                let releaseRequest = symbol(
                    "sourcekitd_request_release", as: (@convention(c) (OpaquePointer) -> Void).self),
                let sendRequest = symbol(
                    "sourcekitd_send_request_sync", as: (@convention(c) (OpaquePointer) -> OpaquePointer?).self),
                let responseIsError = symbol(
                    "sourcekitd_response_is_error", as: (@convention(c) (OpaquePointer) -> Bool).self),
                let responseDescription = symbol(
                    "sourcekitd_response_description_copy",
                    as: (@convention(c) (OpaquePointer) -> UnsafeMutablePointer<CChar>?).self),
                let responseValue = symbol(
                    "sourcekitd_response_get_value", as: (@convention(c) (OpaquePointer) -> Variant).self),
                let variantJSON = symbol(
                    "sourcekitd_variant_json_description_copy",
                    as: (@convention(c) (Variant) -> UnsafeMutablePointer<CChar>?).self),
                let disposeResponse = symbol(
                    "sourcekitd_response_dispose", as: (@convention(c) (OpaquePointer) -> Void).self)
            else { return nil }
            self.initialize = initialize
            self.createRequest = createRequest
            self.releaseRequest = releaseRequest
            self.sendRequest = sendRequest
            self.responseIsError = responseIsError
            self.responseDescription = responseDescription
            self.responseValue = responseValue
            self.variantJSON = variantJSON
            self.disposeResponse = disposeResponse
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
