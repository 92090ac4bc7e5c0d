import Foundation
import LayoutKit

extension CheckRun {
    /// The most files one task checks before it hands its diagnostics back.
    private static let maximumBatch = 32

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
        var count = 0
        var paths: [String]? = inputs.listsFiles ? [] : nil
        let found = await Self.inParallel(&search, jobs: inputs.jobs, batches: true) { file -> [Diagnostic] in
            switch file.contents() {
            case .bytes(let bytes): return validator.validate(bytes, file: file.displayPath, name: { name(file) })
            case .unreadable(let reason): return [file.unreadable(reason)]
            }
        } visit: { file in
            count += 1
            paths?.append(file.displayPath)
        }
        return (count, found.flatMap(\.self) + search.diagnostics, paths)
    }

    /// `work` on each file `search` finds, at most `jobs` at once (in growing batches with `batches`);
    /// the results in the order found. `visit` sees each file as it is taken.
    static func inParallel<Search: RunFileSearch, Result: Sendable>(
        _ search: inout Search, jobs: Int, batches: Bool = false,
        _ work: @escaping @Sendable (any RunFile) -> Result, visit: (any RunFile) -> Void = { _ in }
    ) async -> [Result] {
        await withTaskGroup(of: (Int, [Result]).self) { group in
            var results: [(Int, [Result])] = []
            var started = 0
            var size = 1
            func startNext() -> Bool {
                var batch: [any RunFile] = []
                while batch.count < size, let file = search.next() {
                    visit(file)
                    batch.append(file)
                }
                guard !batch.isEmpty else { return false }
                if batches { size = min(size * 2, maximumBatch) }
                let index = started
                started += 1
                let taken = batch
                group.addTask { (index, taken.map(work)) }
                return true
            }
            for _ in 0..<max(1, jobs) where !startNext() { break }
            while let result = await group.next() {
                results.append(result)
                _ = startNext()
            }
            return results.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    /// How the Swift files at `paths` use the outlet `names`: the files read and scanned `jobs` at a time,
    /// each worker's share merged. (A thousand files read one after the other were a tenth of an app's run.)
    static func outletUses(of names: Set<String>, in paths: [String], jobs: Int) -> OutletUses {
        guard !paths.isEmpty, !names.isEmpty else { return OutletUses() }
        let shares = max(1, min(jobs, paths.count))
        let found = Locked([OutletUses](repeating: OutletUses(), count: shares))
        DispatchQueue.concurrentPerform(iterations: shares) { share in
            var uses = OutletUses()
            for index in stride(from: share, to: paths.count, by: shares) {
                // Opened as every file of the run is: a regular file only, without blocking.
                let read = paths[index].withCString { LayoutFile.read(path: $0, regularFileOnly: true) }
                if case .bytes(let bytes) = read { uses.merge(OutletUses.scan(bytes, names: names)) }
            }
            found.withLock { $0[share] = uses }
        }
        return found.withLock { shares in shares.reduce(into: OutletUses()) { $0.merge($1) } }
    }
}
