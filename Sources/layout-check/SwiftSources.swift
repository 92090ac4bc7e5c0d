import Foundation
import LayoutChecking
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

    /// The files of a run in the order found, each read once though several roots (targets) list it.
    private struct Listing {
        var discoveries: [(root: SwiftSourceRoot, discovery: FileDiscovery)] = []
        /// For each root's file in order, the root and the index of the file in `reads`.
        var order: [(root: Int, read: Int)] = []
        var reads: [InputFile] = []
        /// Where each root's files end in `order`.
        var ends: [Int] = []
        /// A project's file or folder that is not there any more.
        var missing: [Diagnostic] = []
    }

    /// Reads the Swift files under `roots`; files and directories the configuration excludes are skipped.
    /// Runs with `jobs` of 2 or more and at least `filesPerWorker` files for each use two workers.
    static func read(
        _ roots: [SwiftSourceRoot], worker: inout SwiftDeclarationsWorkerConnection, jobs: Int = 1,
        isExcluded: @escaping @Sendable (SystemPath) -> Bool
    ) throws(UsageError) -> SwiftSources {
        defer { worker.finish() }
        var listing = try list(roots, isExcluded: isExcluded)
        let budget = Locked(SourceKitBudget(environment: ProcessInfo.processInfo.environment))
        let outcomes = Reading(reads: listing.reads, scan: SwiftFileScan(calls: worker.calls))
        read(outcomes, with: &worker, jobs: jobs, budget: budget)
        return assemble(&listing, outcomes.results(), budget: budget)
    }

    /// Lists the files under the roots, in the order found; a file two targets compile is read once, for
    /// the first.
    private static func list(
        _ roots: [SwiftSourceRoot], isExcluded: @escaping @Sendable (SystemPath) -> Bool
    ) throws(UsageError) -> Listing {
        var listing = Listing()
        for root in roots {
            var discovery = FileDiscovery(suffix: ".swift")
            // An exception may name a folder (a synchronized folder's `Legacy`, a package's `exclude:`): the
            // search does not enter it, as it does not yield an excepted file.
            let exceptions = root.exceptions
            discovery.isExcluded =
                exceptions.isEmpty ? isExcluded : { exceptions.contains($0.description) || isExcluded($0) }
            // A project's file or folder is the project's to name, not a person's: not there any more
            // (removed since the project was read), it is unreadable, never a usage error of an option the
            // user did not give; and it must be a regular file, opened without blocking.
            do throws(UsageError) { try discovery.add(root.path, isExplicit: root.target == nil) } catch {
                guard root.target != nil else { throw UsageError(message: "--swift-sources: \(error.message)") }
                listing.missing.append(
                    InputFile(path: root.path, isExplicit: false).unreadable("it does not exist any more"))
            }
            listing.discoveries.append((root, discovery))
        }
        var firstRead: [String: Int] = [:]
        for index in listing.discoveries.indices {
            let root = listing.discoveries[index].root
            while let file = listing.discoveries[index].discovery.next() {
                if root.exceptions.contains(file.displayPath) { continue }
                if let known = firstRead[file.displayPath] {
                    listing.order.append((index, known))
                    continue
                }
                firstRead[file.displayPath] = listing.reads.count
                listing.order.append((index, listing.reads.count))
                listing.reads.append(file)
            }
            listing.ends.append(listing.order.count)
        }
        return listing
    }

    /// sourcekitd reads the files, one request at a time in each worker process (a crash inside
    /// sourcekitd ends a worker, not the run), in up to two workers side by side: sourcekitd is the run's
    /// cost, and a second worker shares the first one's loaded library pages.
    private static func read(
        _ outcomes: Reading, with worker: inout SwiftDeclarationsWorkerConnection, jobs: Int,
        budget: Locked<SourceKitBudget>
    ) {
        let files = outcomes.reads.count
        guard min(jobs, Self.maximumWorkers, (files + Self.filesPerWorker - 1) / Self.filesPerWorker) >= 2 else {
            outcomes.run(with: &worker, budget: budget)
            return
        }
        // The second worker is started in its own lane, while the first one reads: loading sourcekitd
        // takes a tenth of a second or more, which the first worker would otherwise wait out. Should it
        // not start, the first worker reads every file.
        // A second worker started beside the first (`startSecond()`) has loaded sourcekitd meanwhile.
        let early = Locked(worker.takeSecond())
        let first = Locked(worker)
        let (library, calls) = (worker.library, worker.calls)
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                first.withLock { outcomes.run(with: &$0, budget: budget) }
                return
            }
            var taken = early.withLock { taken in
                defer { taken = nil }
                return taken
            }
            // One that could not load sourcekitd leaves every file to the first, as when none starts.
            do throws(UsageError) { try taken?.ready() } catch {
                taken?.finish()
                taken = nil
            }
            if outcomes.hasFilesLeft,
                var second = taken ?? (try? SwiftDeclarationsWorkerConnection(library: library, calls: calls))
            {
                outcomes.run(with: &second, budget: budget)
                second.finish()
            } else {
                taken?.finish()
            }
        }
        worker = first.withLock { $0 }
    }

    /// Whether a run over `roots` with `jobs` reads its Swift files in two workers (`read`): at least
    /// `filesPerWorker + 1` files to read, counted as `read` lists them but only that far.
    static func usesTwoWorkers(
        _ roots: [SwiftSourceRoot], jobs: Int, isExcluded: @escaping @Sendable (SystemPath) -> Bool
    ) -> Bool {
        guard min(jobs, maximumWorkers) >= 2 else { return false }
        var seen: Set<String> = []
        for root in roots {
            var discovery = FileDiscovery(suffix: ".swift")
            let exceptions = root.exceptions
            discovery.isExcluded =
                exceptions.isEmpty ? isExcluded : { exceptions.contains($0.description) || isExcluded($0) }
            do throws(UsageError) { try discovery.add(root.path, isExplicit: root.target == nil) } catch { continue }
            while let file = discovery.next() {
                if exceptions.contains(file.displayPath) { continue }
                seen.insert(file.displayPath)
                if seen.count > filesPerWorker { return true }
            }
        }
        return false
    }

    /// Each root's files' declarations with its module and target, in the order found; a file compiled
    /// by two targets counts once, its declarations for each.
    private static func assemble(
        _ listing: inout Listing, _ read: [Outcome], budget: Locked<SourceKitBudget>
    ) -> SwiftSources {
        var result = SwiftSources()
        result.diagnostics = listing.missing
        var unread = 0
        var position = 0
        var counted = [Bool](repeating: false, count: listing.reads.count)
        for index in listing.discoveries.indices {
            let (module, target) = (listing.discoveries[index].root.module, listing.discoveries[index].root.target)
            while position < listing.ends[index] {
                let readIndex = listing.order[position].read
                position += 1
                let isFirst = !counted[readIndex]
                counted[readIndex] = true
                switch read[readIndex] {
                case .declarations(let declarations, let how):
                    result.files.append((module, declarations))
                    result.targets.append(target)
                    guard isFirst else { continue }
                    if case .sent = how { result.sent += 1 }
                    if case .skipped = how { result.skipped += 1 }
                    result.diagnostics += declarations.diagnostics
                case .unread:
                    if isFirst { unread += 1 }
                    result.isIncomplete = true
                case .unreadable(let diagnostic):
                    if isFirst { result.diagnostics.append(diagnostic) }
                }
            }
            result.diagnostics += listing.discoveries[index].discovery.diagnostics
        }
        if result.isIncomplete {
            result.diagnostics.append(budget.withLock { $0.exhausted(read: result.sent, unread: unread) })
        }
        return result
    }

    /// At most this many sourcekitd workers: each loads sourcekitd (about 80 MiB resident, most of it the
    /// library's pages, which the second shares), and two already keep two cores busy.
    static let maximumWorkers = 2
    /// A second worker is started for at least this many files each: below, starting it costs more than it
    /// saves, and a small run (the build plugin's, one target) stays at one process.
    static let filesPerWorker = 64

    /// What became of one file.
    enum Outcome: Sendable {
        /// How a file's declarations were had.
        enum How: Sendable {
            /// sourcekitd read it.
            case sent
            /// The scan showed there is nothing to read in it.
            case skipped
            /// Past the limit for one file: not sent, its declarations are the diagnostic that says so.
            case tooLarge
        }
        case declarations(SwiftDeclarations, How)
        /// Left unread: sourcekitd's budget was spent.
        case unread
        case unreadable(Diagnostic)
    }

    /// The files of a run and what became of each, shared by the workers' threads: each takes the next
    /// file not taken, so a slow file holds up one worker, not both.
    final class Reading: Sendable {
        let reads: [InputFile]
        let scan: SwiftFileScan
        private let state = Locked(State())

        private struct State {
            var next = 0
            var outcomes: [Outcome?]
            /// Set when sourcekitd's budget ran out: no file is sent after it.
            var isSpent = false
            init(count: Int) { outcomes = Array(repeating: nil, count: count) }
            init() { self.init(count: 0) }
        }

        init(reads: [InputFile], scan: SwiftFileScan) {
            self.reads = reads
            self.scan = scan
            state.withLock { $0 = State(count: reads.count) }
        }

        /// Reads files through `worker` until none is left.
        func run(with worker: inout SwiftDeclarationsWorkerConnection, budget: Locked<SourceKitBudget>) {
            while let index = state.withLock({ state -> Int? in
                guard state.next < reads.count else { return nil }
                defer { state.next += 1 }
                return state.next
            }) {
                let outcome = read(reads[index], with: &worker, budget: budget)
                state.withLock { $0.outcomes[index] = outcome }
            }
        }

        /// Whether some file has not been taken by a worker yet.
        var hasFilesLeft: Bool { state.withLock { $0.next < reads.count } }

        /// Every file's outcome, in the order of `reads`, once the workers are done.
        func results() -> [Outcome] {
            state.withLock { $0.outcomes.map { $0 ?? .unread } }
        }

        private func read(
            _ file: InputFile, with worker: inout SwiftDeclarationsWorkerConnection, budget: Locked<SourceKitBudget>
        ) -> Outcome {
            switch file.contents() {
            case .bytes(let bytes):
                // Past the limit, `read` says so without asking sourcekitd.
                let isTooLarge = bytes.count > InputLimits.maximumFileBytes
                if !isTooLarge, !scan.needsSourceKit(bytes) {
                    return .declarations(SwiftDeclarations(nothingDeclaredIn: file.displayPath), .skipped)
                }
                if state.withLock({ $0.isSpent }) { return .unread }
                var spent = false
                let declarations = SwiftDeclarations.read(bytes, file: file.displayPath) {
                    switch worker.reply(to: $0, name: file.displayPath, budget: budget) {
                    case .reply(let reply): return reply
                    case .budgetSpent:
                        spent = true
                        return .failure("")
                    }
                }
                if spent {
                    state.withLock { $0.isSpent = true }
                    return .unread
                }
                return .declarations(declarations, isTooLarge ? .tooLarge : .sent)
            case .unreadable(let reason):
                return .unreadable(file.unreadable(reason))
            }
        }
    }
}
