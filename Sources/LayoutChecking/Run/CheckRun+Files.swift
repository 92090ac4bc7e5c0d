import Foundation
import LayoutKit

extension CheckRun {
    /// The most files one task checks before it hands its diagnostics back.
    static let maximumBatch = 32

    /// Checks the run's layouts, at most `jobs` at once, through one `LayoutValidator` whose include
    /// store is shared by every task: an included layout is read, checked and summarised once per run.
    ///
    /// The search runs as the checks ask for files, so a run holds the batches being checked and the
    /// directories still to search, never a list of its files. Batches start at one file and double up
    /// to `maximumBatch`: a handful of files still spreads over every job, and a long run wakes this loop
    /// once a batch rather than once a file.
    func checkLayouts(catalog: ClassCatalog?) async -> (files: Int, diagnostics: [Diagnostic], paths: [String]?) {
        guard var search = inputs.layouts else { return (0, [], inputs.listsFiles ? [] : nil) }
        let validator = LayoutValidator(
            catalog: catalog, source: inputs.layoutSource,
            options: LayoutValidator.Options(ruleSettings: inputs.configuration.rules))
        let name = inputs.layoutName
        let visited = Locked<(count: Int, paths: [String]?)>((0, inputs.listsFiles ? [] : nil))
        let found = await Self.inParallel(&search, jobs: inputs.jobs, batches: true) { file -> [Diagnostic] in
            switch file.contents() {
            case .bytes(let bytes): return validator.validate(bytes, file: file.displayPath, name: { name(file) })
            case .unreadable(let reason): return [file.unreadable(reason)]
            }
        } visit: { file in
            visited.withLock { visited in
                visited.count += 1
                visited.paths?.append(file.displayPath)
            }
        }
        let (count, paths) = visited.withLock { $0 }
        return (count, found.flatMap(\.self) + search.diagnostics, paths)
    }

    /// `work` on each file `search` finds, at most `jobs` at once (in growing batches with `batches`);
    /// the results in the order found. `visit` sees each file as it is taken, one file at a time.
    ///
    /// Each of the `jobs` tasks takes its next batch from the search itself, under a lock, and checks it:
    /// no task coordinates the others, so none waits to be woken between batches for a thread that a
    /// checking task holds (on two cores, the coordinator woken after each batch made the run bimodal).
    static func inParallel<Search: RunFileSearch, Result: Sendable>(
        _ search: inout Search, jobs: Int, batches: Bool = false,
        _ work: @escaping @Sendable (any RunFile) -> Result, visit: @escaping @Sendable (any RunFile) -> Void = { _ in }
    ) async -> [Result] {
        let shared = Locked(BatchQueue(search: search, growing: batches))
        let results = await withTaskGroup(of: [(Int, [Result])].self) { group in
            for _ in 0..<max(1, jobs) {
                group.addTask {
                    var done: [(Int, [Result])] = []
                    while let (index, batch) = shared.withLock({ $0.next(visit: visit) }) {
                        done.append((index, batch.map(work)))
                    }
                    return done
                }
            }
            var results: [(Int, [Result])] = []
            for await done in group { results += done }
            return results
        }
        search = shared.withLock { $0.search }
        return results.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    /// How the Swift files at `paths` use the outlet `names`: the files read and scanned `jobs` at a time,
    /// each worker's share merged. (A thousand files read one after the other were a tenth of an app's run.)
    static func outletUses(of names: Set<String>, in paths: [String], jobs: Int) -> OutletUses {
        guard !paths.isEmpty, !names.isEmpty else { return OutletUses() }
        let shares = max(1, min(jobs, paths.count))
        let found = Locked([OutletUses](repeating: OutletUses(), count: shares))
        let filter = OutletUses.NameFilter(names)
        DispatchQueue.concurrentPerform(iterations: shares) { share in
            var uses = OutletUses()
            for index in stride(from: share, to: paths.count, by: shares) {
                // Opened as every file of the run is: a regular file only, without blocking.
                let read = paths[index].withCString { LayoutFile.read(path: $0, regularFileOnly: true) }
                if case .bytes(let bytes) = read { uses.merge(OutletUses.scan(bytes, names: filter)) }
            }
            found.withLock { $0[share] = uses }
        }
        return found.withLock { shares in shares.reduce(into: OutletUses()) { $0.merge($1) } }
    }
}

/// A search's files handed out in numbered batches, to whichever task asks next: batches start at one
/// file and double up to `CheckRun.maximumBatch` when `growing`, so a handful of files still spreads
/// over every task and a long run takes the lock once a batch rather than once a file.
private struct BatchQueue<Search: RunFileSearch>: Sendable {
    var search: Search
    let growing: Bool
    private var size = 1
    private var started = 0

    init(search: Search, growing: Bool) {
        self.search = search
        self.growing = growing
    }

    /// The next batch and its number, `visit` called on each of its files in order; `nil` at the end.
    mutating func next(visit: (any RunFile) -> Void) -> (Int, [any RunFile])? {
        var batch: [any RunFile] = []
        while batch.count < size, let file = search.next() {
            visit(file)
            batch.append(file)
        }
        guard !batch.isEmpty else { return nil }
        if growing { size = min(size * 2, CheckRun.maximumBatch) }
        started += 1
        return (started - 1, batch)
    }
}
