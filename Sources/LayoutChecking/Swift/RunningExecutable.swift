#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file of the running executable, which `layout-check` starts again as its sourcekitd worker.
package enum RunningExecutable {
    /// The running executable's path: `/proc/self/exe` where there is one (Linux), else `argv[0]` found as
    /// a shell found it (`argumentPath`), which is all macOS offers without `_NSGetExecutablePath` or
    /// Foundation's `Bundle`. `nil` when neither gives a file.
    package static func path() -> String? {
        if let linked = SourceKit.resolvedPath("/proc/self/exe") { return linked }
        var environmentPath: String?
        if let value = getenv("PATH") { environmentPath = String(cString: value) }
        return argumentPath(
            CommandLine.arguments.first ?? "", currentDirectory: currentDirectory(), searchPath: environmentPath,
            isExecutable: { access($0, X_OK) == 0 && SourceKit.isRegularFile($0) })
    }

    /// The file `argument0` names, as `execvp` finds it: with a `/`, relative to `currentDirectory` unless
    /// absolute; without one, the first executable of that name in the folders of `searchPath` (an empty
    /// folder is the current one). `nil` when there is none.
    ///
    /// Run from a shell or a build system, `argv[0]` is the path the program was found at; `layout-check`
    /// changes no directory, so a relative one still leads to it.
    package static func argumentPath(
        _ argument0: String, currentDirectory: String?, searchPath: String?, isExecutable: (String) -> Bool
    ) -> String? {
        guard !argument0.isEmpty else { return nil }
        if argument0.hasPrefix("/") { return isExecutable(argument0) ? argument0 : nil }
        if argument0.contains("/") {
            guard let currentDirectory else { return nil }
            let path = joined(currentDirectory, argument0)
            return isExecutable(path) ? path : nil
        }
        for folder in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: false) {
            let base = folder.isEmpty ? currentDirectory : String(folder)
            guard let base else { continue }
            let path = joined(base, argument0)
            if isExecutable(path) { return path }
        }
        return nil
    }

    private static func joined(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    private static func currentDirectory() -> String? {
        guard let directory = getcwd(nil, 0) else { return nil }
        defer { free(directory) }
        return String(cString: directory)
    }
}
