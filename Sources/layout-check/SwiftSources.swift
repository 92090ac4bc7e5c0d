import Foundation
import LayoutKit

/// One `--swift-sources [MODULE=]PATH` (or `<swift-sources path module?>`): a directory of Swift files
/// and the module they make up.
struct SwiftSourceRoot: Equatable {
    var module: String
    var path: SystemPath
    /// The Xcode project target (an index into `XcodeProjects.targets`) the files belong to; `nil` for
    /// a root named with `--swift-sources` or in the configuration.
    var target: Int?
    /// Files under `path` that are not the root's (a synchronized folder's exceptions), as printed.
    var exceptions: Set<String> = []

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
        let absolute = ArtifactPath.absolute(path, in: (try? RepositoryBoundary.workingDirectory().get()) ?? "/")
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
    /// Each file's declarations with its module, in the order found. A file that two targets compile is
    /// here once for each, with each one's module.
    var files: [(module: String, declarations: SwiftDeclarations)] = []
    /// The Xcode project target of each of `files` (`SwiftSourceRoot.target`).
    var targets: [Int?] = []
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
        var discoveries: [(root: SwiftSourceRoot, discovery: FileDiscovery)] = []
        for root in roots {
            var discovery = FileDiscovery(suffix: ".swift")
            discovery.isExcluded = isExcluded
            do throws(UsageError) { try discovery.add(root.path) } catch {
                throw UsageError(message: "--swift-sources: \(error.message)")
            }
            discoveries.append((root, discovery))
        }
        var result = SwiftSources()
        var budget = SourceKitBudget(environment: ProcessInfo.processInfo.environment)
        var unread = 0
        // One file at a time, as sourcekitd serves one request at a time, in a worker process that a
        // crash inside sourcekitd ends instead of the run.
        // A file two targets compile is read once.
        var read: [String: SwiftDeclarations] = [:]
        for index in discoveries.indices {
            let root = discoveries[index].root
            while let file = discoveries[index].discovery.next() {
                if root.exceptions.contains(file.displayPath) { continue }
                if let known = read[file.displayPath] {
                    result.files.append((root.module, known))
                    result.targets.append(root.target)
                    continue
                }
                switch file.contents() {
                case .bytes(let bytes):
                    var declarations: SwiftDeclarations
                    // Past the limit, `read` says so without asking sourcekitd.
                    if bytes.count <= InputLimits.maximumFileBytes, !scan.needsSourceKit(bytes) {
                        result.skipped += 1
                        declarations = SwiftDeclarations(nothingDeclaredIn: file.displayPath)
                    } else if result.isIncomplete {
                        unread += 1
                        continue
                    } else {
                        var spent = false
                        declarations = SwiftDeclarations.read(bytes, file: file.displayPath) {
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
                    }
                    read[file.displayPath] = declarations
                    result.files.append((root.module, declarations))
                    result.targets.append(root.target)
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
