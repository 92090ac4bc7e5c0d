/// Loads each layout of a source once — read, parsed, checked and compiled — and hands out the same
/// `LayoutLoader` to every later caller, on any thread.
///
/// ```swift
/// let cache = LayoutTemplateCache(source: DirectoryLayoutSource(layoutsURL), registry: registry)
/// let loader = try cache.loader(named: "PhotoCell")                 // loads now, on this thread
/// let outcomes = await cache.preload(["PhotoCell", "FeedArticleCell"])  // loads off this thread
/// ```
/// When several threads ask for a name that is not loaded yet, one loads it and the others wait for
/// its outcome; the source is asked once. A failure is an outcome too: later calls get the same
/// `LayoutError` without reading the source again, until `evict(_:)` or `removeAll()` lets a name be
/// loaded afresh (after the file was fixed, say).
///
/// A layout's source must not ask the same cache for the layout being loaded: that caller would wait
/// for itself.
public final class LayoutTemplateCache: Sendable {
    /// Where layouts are read from.
    public let source: any LayoutSource
    /// The classes layouts are checked against and instantiate.
    public let registry: LayoutRegistry
    /// Where `load(named:)` and `preload(_:)` do their work.
    public let executor: any LayoutWorkExecutor
    /// Checks every layout of the cache, and holds the layouts they include: each included layout is
    /// read, checked and compiled once and shared by every layout that includes it. Includes are never
    /// resolved through the cache's own slots, whose per-name lock would deadlock on a cycle.
    private let validator: LayoutValidator

    /// One slot per name asked for since it was last evicted. The dictionary's lock is held only to
    /// find or add a slot, so different names load in parallel.
    private let slots = Locked<[String: Slot]>([:])

    /// Where one name's outcome is kept. Its lock is held for the whole load, so that a concurrent
    /// caller for the same name blocks until the outcome is in and then reads it instead of loading.
    private final class Slot: Sendable {
        let outcome = Locked<Result<LayoutLoader, LayoutError>?>(nil)
    }

    /// A cache of the layouts of `source`, checked against `registry`'s classes.
    ///
    /// - Parameters:
    ///   - source: Where the layouts' bytes come from.
    ///   - registry: The classes the layouts are checked against and instantiate.
    ///   - executor: Where `load(named:)` and `preload(_:)` run loads: a global concurrent
    ///     dispatch queue by default; `.inline` in tests, to run them on the calling thread.
    public init(
        source: some LayoutSource, registry: LayoutRegistry, executor: some LayoutWorkExecutor = .dispatch()
    ) {
        self.source = source
        self.registry = registry
        self.executor = executor
        self.validator = LayoutValidator(catalog: registry.catalog, source: source)
    }

    /// The loader of the layout called `name`, loading it on the calling thread the first time.
    ///
    /// - Throws: `LayoutError` when reading or checking the layout failed — now, or on the call that
    ///   first loaded it (the same error, the source is not asked again).
    public func loader(named name: String) throws(LayoutError) -> LayoutLoader {
        try outcome(named: name).get()
    }

    /// The loader of the layout called `name`, loaded through the executor so that the caller's thread
    /// is not blocked by reading and compiling.
    ///
    /// Cancelling the calling task does not stop a load: its outcome is cached for the next caller.
    /// - Throws: `LayoutError` as `loader(named:)` does.
    public func load(named name: String) async throws(LayoutError) -> LayoutLoader {
        // A non-throwing continuation carrying a `Result` keeps the error typed: a throwing one would
        // erase it to `any Error`.
        let outcome = await withCheckedContinuation { continuation in
            executor.run { continuation.resume(returning: self.outcome(named: name)) }
        }
        return try outcome.get()
    }

    /// Loads every layout of `names` through the executor, all at once, and returns each one's outcome.
    ///
    /// With a concurrent queue the layouts load in parallel; with `.inline` they load one after the
    /// other in the order of `names`, before this returns. A name given twice is loaded once.
    /// - Returns: The loader or the `LayoutError` of each distinct name.
    public func preload(_ names: [String]) async -> [String: Result<LayoutLoader, LayoutError>] {
        var distinct: [String] = []
        var seen: Set<String> = []
        for name in names where seen.insert(name).inserted { distinct.append(name) }
        guard !distinct.isEmpty else { return [:] }
        return await withCheckedContinuation { continuation in
            let batch = PreloadBatch(expecting: distinct.count, continuation: continuation)
            for name in distinct {
                executor.run { batch.finish(name, with: self.outcome(named: name)) }
            }
        }
    }

    /// Forgets the outcome for `name`, so that the next call loads it again from the source.
    ///
    /// A load already under way finishes and answers the callers already waiting for it; callers
    /// after this one start a new load.
    public func evict(_ name: String) {
        _ = slots.withLock { $0.removeValue(forKey: name) }
        // Which layouts include which is not tracked: every included layout is read again.
        validator.includes?.removeAll()
    }

    /// Forgets every outcome, as `evict(_:)` does for one name.
    public func removeAll() {
        slots.withLock { $0.removeAll() }
        validator.includes?.removeAll()
    }

    /// The cached outcome for `name`, or the outcome of loading it on this thread when nothing is
    /// cached and no other thread is loading it; waits for that other thread otherwise.
    private func outcome(named name: String) -> Result<LayoutLoader, LayoutError> {
        let slot = slots.withLock { slots in
            if let slot = slots[name] { return slot }
            let slot = Slot()
            slots[name] = slot
            return slot
        }
        return slot.outcome.withLock { outcome in
            if let outcome { return outcome }
            let loaded = Result { () throws(LayoutError) in
                try LayoutLoader(named: name, validator: validator, registry: registry)
            }
            outcome = loaded
            return loaded
        }
    }
}

/// The outcomes of one `preload(_:)` call, collected from whichever threads load them; the last one
/// in resumes the waiting task.
private final class PreloadBatch: Sendable {
    private let state: Locked<(outcomes: [String: Result<LayoutLoader, LayoutError>], remaining: Int)>
    private let continuation: CheckedContinuation<[String: Result<LayoutLoader, LayoutError>], Never>

    init(expecting count: Int, continuation: CheckedContinuation<[String: Result<LayoutLoader, LayoutError>], Never>) {
        state = Locked((outcomes: [:], remaining: count))
        self.continuation = continuation
    }

    func finish(_ name: String, with outcome: Result<LayoutLoader, LayoutError>) {
        let all = state.withLock { state -> [String: Result<LayoutLoader, LayoutError>]? in
            state.outcomes[name] = outcome
            state.remaining -= 1
            return state.remaining == 0 ? state.outcomes : nil
        }
        if let all { continuation.resume(returning: all) }
    }
}
