import Dispatch

/// Runs the work of loading layouts somewhere: on a dispatch queue in an app, on the calling thread
/// in a test.
///
/// ```swift
/// let cache = LayoutTemplateCache(source: source, registry: registry)                        // a global queue
/// let testCache = LayoutTemplateCache(source: spy, registry: registry, executor: .inline)   // synchronous
/// ```
/// `LayoutTemplateCache` keeps its work in plain synchronous methods and hands only the hop off the
/// caller's thread to an executor, so a test that makes the hop inline runs the async API without
/// sleeps, timeouts or run-loop spinning.
public protocol LayoutWorkExecutor: Sendable {
    /// Runs `work` once, now or later, on any thread.
    func run(_ work: @escaping @Sendable () -> Void)
}

/// Runs work asynchronously on a dispatch queue.
public struct DispatchLayoutWorkExecutor: LayoutWorkExecutor {
    /// The queue work is submitted to.
    public let queue: DispatchQueue

    /// An executor submitting work to `queue`.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Submits `work` to the queue and returns at once.
    public func run(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}

/// Runs work immediately on the calling thread, before `run` returns: what tests use.
public struct InlineLayoutWorkExecutor: LayoutWorkExecutor {
    /// The inline executor; `.inline` reads better where an executor is expected.
    public init() {}

    /// Calls `work` and returns when it has finished.
    public func run(_ work: @escaping @Sendable () -> Void) {
        work()
    }
}

extension LayoutWorkExecutor where Self == DispatchLayoutWorkExecutor {
    /// Work submitted to `queue`; a global concurrent queue by default, so loads run in parallel.
    public static func dispatch(_ queue: DispatchQueue = .global(qos: .userInitiated)) -> Self {
        DispatchLayoutWorkExecutor(queue: queue)
    }
}

extension LayoutWorkExecutor where Self == InlineLayoutWorkExecutor {
    /// Work run on the calling thread before `run` returns, for tests that must not wait on time.
    public static var inline: Self { InlineLayoutWorkExecutor() }
}
