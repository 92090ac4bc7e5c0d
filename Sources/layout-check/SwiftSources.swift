import Foundation
@_spi(LayoutCheck) @_spi(FileReading) import LayoutKit

/// One `--swift-sources [MODULE=]PATH` (or `<swift-sources path module?>`): a directory of Swift files
/// and the module they make up.
struct SwiftSourceRoot: Equatable {
    var module: String
    var path: SystemPath

    /// `MODULE=PATH`, or `PATH` whose module is inferred: the folder under `Sources/` in SwiftPM's
    /// layout, else the directory's own name.
    init(_ argument: SystemPath, module: String? = nil) {
        let text = argument.description
        if module == nil, let equals = text.firstIndex(of: "="), Self.isModuleName(text[..<equals]) {
            self.module = String(text[..<equals])
            path = SystemPath(String(text[text.index(after: equals)...]))
            return
        }
        path = argument
        self.module = module ?? Self.inferredModule(of: text)
    }

    private static func isModuleName(_ name: Substring) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// `Sources/ShopKit/Views` → `ShopKit`; `App/` → `App`; `.` → the working directory's name.
    static func inferredModule(of path: String) -> String {
        let absolute = ArtifactPath.absolute(path, in: FileManager.default.currentDirectoryPath)
        let parts = absolute.split(separator: "/").map(String.init).filter { $0 != "." }
        if let sources = parts.lastIndex(of: "Sources"), sources + 1 < parts.count {
            return moduleName(parts[sources + 1])
        }
        return moduleName(parts.last ?? "Module")
    }

    /// A folder name as SwiftPM makes it a module name: anything not a letter, digit or `_` becomes `_`.
    private static func moduleName(_ folder: String) -> String {
        String(folder.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}

/// The Swift side of a run: every `.swift` file under the run's source roots, read once through the
/// toolchain's sourcekitd (in a worker process), for both the layouts' catalog and Interface Builder files.
///
/// Files that cannot declare what the catalog reads (`SwiftFileScan`) are not sent to sourcekitd, and
/// sourcekitd works within a budget for the whole run (`SourceKitBudget`).
struct SwiftSources {
    /// Each file's declarations with its module, in the order found.
    var files: [(module: String, declarations: SwiftDeclarations)] = []
    /// Directories that could not be read, files that could not be read or parsed; the run-level
    /// `input-limit` error when sourcekitd's budget ran out.
    var diagnostics: [Diagnostic] = []
    /// Files sent to sourcekitd, and files the scan showed it need not read.
    var sent = 0
    var skipped = 0
    /// Whether sourcekitd's budget ran out, so that files were left unread: the declarations are not
    /// the whole Swift code, and nothing may be judged missing from them.
    var isIncomplete = false

    /// Reads the Swift files under `roots`; files and directories the configuration excludes are skipped.
    static func read(
        _ roots: [SwiftSourceRoot], worker: inout SwiftDeclarationsWorkerConnection,
        isExcluded: @escaping @Sendable (SystemPath) -> Bool
    ) throws(UsageError) -> SwiftSources {
        defer { worker.finish() }
        let scan = SwiftFileScan(calls: worker.calls)
        var discoveries: [(module: String, discovery: FileDiscovery)] = []
        for root in roots {
            var discovery = FileDiscovery(suffix: ".swift")
            discovery.isExcluded = isExcluded
            do throws(UsageError) { try discovery.add(root.path) } catch {
                throw UsageError(message: "--swift-sources: \(error.message)")
            }
            discoveries.append((root.module, discovery))
        }
        var result = SwiftSources()
        var budget = SourceKitBudget(environment: ProcessInfo.processInfo.environment)
        var unread = 0
        // One file at a time, as sourcekitd serves one request at a time, in a worker process that a
        // crash inside sourcekitd ends instead of the run.
        for index in discoveries.indices {
            let module = discoveries[index].module
            while let file = discoveries[index].discovery.next() {
                switch file.contents() {
                case .bytes(let bytes):
                    // Past the limit, `read` says so without asking sourcekitd.
                    guard bytes.count > InputLimits.maximumFileBytes || scan.needsSourceKit(bytes) else {
                        result.skipped += 1
                        result.files.append((module, SwiftDeclarations(nothingDeclaredIn: file.displayPath)))
                        continue
                    }
                    guard !result.isIncomplete else {
                        unread += 1
                        continue
                    }
                    var spent = false
                    let declarations = SwiftDeclarations.read(bytes, file: file.displayPath) {
                        switch worker.reply(to: $0, name: file.displayPath, budget: &budget) {
                        case .reply(let reply): return reply
                        case .budgetSpent:
                            spent = true
                            return .failure("")
                        }
                    }
                    if spent {
                        result.isIncomplete = true
                        unread += 1
                        continue
                    }
                    result.sent += bytes.count > InputLimits.maximumFileBytes ? 0 : 1
                    result.files.append((module, declarations))
                    result.diagnostics += declarations.diagnostics
                case .unreadable(let reason): result.diagnostics.append(file.unreadable(reason))
                }
            }
            result.diagnostics += discoveries[index].discovery.diagnostics
        }
        if result.isIncomplete {
            result.diagnostics.append(budget.exhausted(read: result.sent, unread: unread))
        }
        return result
    }
}
