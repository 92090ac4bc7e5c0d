// Where the toolchain's sourcekitd is, as a pure function of the platform, the environment and two views
// of the file system (does a file exist, where does a link lead), so that the Linux and the Xcode
// searches are both tested on any machine against directory trees made for the test.

/// How `SourceKit.locate(toolchain:environment:)` finds sourcekitd's library.
///
/// In order: `--toolchain`, then `LAYOUTKIT_TOOLCHAIN` (either one, when given, is the only place looked
/// at: a wrong one is an error, not a fallback); then, on Apple platforms, `DEVELOPER_DIR`; then the
/// `swift` on `PATH`, through symbolic links; then, on Apple platforms, the Xcode `xcode-select` chose
/// and `/Applications/Xcode.app`.
package struct SourceKitSearch {
    /// Which library file a toolchain holds.
    package enum Platform: Sendable {
        /// `usr/lib/libsourcekitdInProc.so`.
        case linux
        /// `usr/lib/sourcekitdInProc.framework/sourcekitdInProc` (newer toolchains), else
        /// `usr/lib/sourcekitd.framework/sourcekitd`.
        case darwin

        /// The platform this code was compiled for.
        package static var current: Platform {
            #if canImport(Darwin)
                .darwin
            #else
                .linux
            #endif
        }

        /// The library's path inside a toolchain's `usr/lib`, preferred first: the in-process one, since the
        /// worker loads it in its own process (sourcekitd.framework passes requests on to a service).
        var libraries: [String] {
            switch self {
            case .linux: ["libsourcekitdInProc.so"]
            case .darwin: ["sourcekitdInProc.framework/sourcekitdInProc", "sourcekitd.framework/sourcekitd"]
            }
        }
    }

    package var platform: Platform
    package var environment: [String: String]
    /// Whether a regular file is at a path (following links).
    package var isFile: (String) -> Bool
    /// The path with every symbolic link resolved, or `nil` when it does not exist.
    package var resolve: (String) -> String?
    /// The link in which `xcode-select -s` records the chosen developer directory (Apple platforms).
    package var xcodeSelectLink = "/var/db/xcode_select_link"
    /// The developer directory of the Xcode installed where the App Store puts it (Apple platforms).
    package var defaultDeveloperDirectory = "/Applications/Xcode.app/Contents/Developer"

    package init(
        platform: Platform, environment: [String: String], isFile: @escaping (String) -> Bool,
        resolve: @escaping (String) -> String?
    ) {
        self.platform = platform
        self.environment = environment
        self.isFile = isFile
        self.resolve = resolve
    }

    /// The library to load.
    /// - Throws: `SourceKit.LoadError` saying where it looked and how to point at a toolchain.
    package func library(toolchain: String?) throws(SourceKit.LoadError) -> String {
        if let given = toolchain ?? nonEmpty(SourceKit.environmentVariable) {
            if let found = library(inGiven: given) { return found }
            let source = toolchain != nil ? "--toolchain" : SourceKit.environmentVariable
            throw SourceKit.LoadError(message: "no \(libraryDescription) in '\(given)' (from \(source)); \(hint)")
        }
        var searched: [String] = []
        if platform == .darwin, let developer = nonEmpty("DEVELOPER_DIR") {
            if let found = library(inDeveloperDirectory: developer) { return found }
            searched.append("DEVELOPER_DIR (\(developer))")
        }
        if let swift = swiftOnPath() {
            let resolved = resolve(swift) ?? swift
            // `usr/bin/swift` → `usr`.
            let usr = parent(parent(resolved))
            if let found = library(inUsr: usr) { return found }
            // On Linux the swift on PATH is the toolchain: one without sourcekitd is the answer to give. On
            // Apple platforms `/usr/bin/swift` is xcrun's shim, which leads to no toolchain: Xcode's follow.
            guard platform == .darwin else {
                throw SourceKit.LoadError(
                    message: "the swift on PATH (\(resolved)) has no \(usr)/lib/\(libraryDescription); \(hint)")
            }
            searched.append("beside the swift on PATH (\(resolved))")
        } else {
            searched.append("PATH (no swift on it)")
        }
        if platform == .darwin {
            if let selected = resolve(xcodeSelectLink) {
                if let found = library(inDeveloperDirectory: selected) { return found }
                searched.append("the Xcode xcode-select chose (\(selected))")
            }
            if let found = library(inDeveloperDirectory: defaultDeveloperDirectory) { return found }
            searched.append(defaultDeveloperDirectory)
        }
        throw SourceKit.LoadError(
            message: "cannot find sourcekitd (searched \(searched.joined(separator: ", "))); \(hint)")
    }

    /// What to do, in every message: both ways to point at a toolchain, and what one holds.
    private var hint: String {
        let example =
            platform == .darwin ? ", such as \(defaultDeveloperDirectory)/Toolchains/XcodeDefault.xctoolchain" : ""
        return "pass --toolchain DIR or set \(SourceKit.environmentVariable)=DIR to a Swift toolchain (the "
            + "directory holding usr/lib/\(libraryDescription)\(example)), or put that toolchain's swift on PATH"
    }

    private var libraryDescription: String {
        platform.libraries.joined(separator: " or usr/lib/")
    }

    /// A toolchain given by the user: its root, its `usr`, the library itself, or on Apple platforms an
    /// Xcode (`Xcode.app` or its developer directory).
    private func library(inGiven given: String) -> String? {
        if isFile(given) { return given }
        if let found = library(inUsr: given) ?? library(inUsr: given + "/usr") { return found }
        return platform == .darwin ? library(inDeveloperDirectory: given) : nil
    }

    /// A developer directory (`…/Xcode.app/Contents/Developer`, as `xcode-select -p` says; `DEVELOPER_DIR`
    /// may also name the `.app`) holds its default toolchain; the Command Line Tools' is the toolchain.
    private func library(inDeveloperDirectory directory: String) -> String? {
        let developer =
            directory.hasSuffix(".app") || directory.hasSuffix(".app/") ? directory + "/Contents/Developer" : directory
        return library(inUsr: developer + "/Toolchains/XcodeDefault.xctoolchain/usr")
            ?? library(inUsr: developer + "/usr")
    }

    private func library(inUsr usr: String) -> String? {
        platform.libraries.lazy.map { usr + "/lib/" + $0 }.first(where: isFile)
    }

    /// The first `swift` on `PATH` that is a file.
    private func swiftOnPath() -> String? {
        for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            let swift = String(directory) + "/swift"
            if isFile(swift) { return swift }
        }
        return nil
    }

    private func nonEmpty(_ variable: String) -> String? {
        environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The directory holding `path`: what is before its last `/` (and `/` for the root's entries).
    private func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
