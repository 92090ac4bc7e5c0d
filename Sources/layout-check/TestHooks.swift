import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The environment variables through which the tests break the sourcekitd worker on purpose or shorten
/// the run's limits, and the one place that reads them: in debug builds only (`#if DEBUG`, which SwiftPM
/// sets for `swift build` and `swift test`, and so for CI's plain and sanitizer passes). A release build
/// (`swift build -c release`) has none of their code, and ignores them (CI's release pass checks it);
/// CONTRIBUTING.md lists them.
enum TestHooks {
    /// The worker aborts on the file with this name, as if sourcekitd had crashed.
    static let crashOn = "LAYOUTKIT_TEST_CRASH_ON"
    /// The worker never answers for the file with this name, using no CPU, as if sourcekitd hung.
    static let hangOn = "LAYOUTKIT_TEST_HANG_ON"
    /// The worker computes for ever on the files with these names (comma-separated), as if sourcekitd
    /// were quadratic in them.
    static let spinOn = "LAYOUTKIT_TEST_SPIN_ON"
    /// A file to which each worker appends a line when it has loaded sourcekitd, so that a test can count
    /// the workers of a run.
    static let workerLog = "LAYOUTKIT_TEST_WORKER_LOG"
    /// Seconds without progress after which a worker counts as hung, instead of
    /// `SwiftDeclarationsWorker.stallLimit`.
    static let workerTimeout = "LAYOUTKIT_TEST_WORKER_TIMEOUT"
    /// sourcekitd's base budget for a run in milliseconds, instead of `SourceKitBudget.base`.
    static let sourceKitBudget = "LAYOUTKIT_TEST_SOURCEKITD_BUDGET_MS"

    /// The value of the hook `variable` in `environment`; always `nil` in a release build.
    static func value(_ variable: String, in environment: [String: String]) -> String? {
        #if DEBUG
            environment[variable]
        #else
            nil
        #endif
    }

    /// `value(_:in:)` of this process's environment.
    static func value(_ variable: String) -> String? {
        #if DEBUG
            value(variable, in: ProcessInfo.processInfo.environment)
        #else
            nil
        #endif
    }

    #if DEBUG
        /// How the hooks break one worker: read once, when it has loaded sourcekitd.
        struct WorkerBreakage {
            private let crashOn = TestHooks.value(TestHooks.crashOn)
            private let hangOn = TestHooks.value(TestHooks.hangOn)
            private let spinOn = TestHooks.value(TestHooks.spinOn)?.split(separator: ",")

            /// Appends the worker's line to the `workerLog` file, when one is named.
            func logStart() {
                guard let log = TestHooks.value(TestHooks.workerLog) else { return }
                let descriptor = open(log, O_WRONLY | O_APPEND | O_CREAT, 0o644)
                guard descriptor >= 0 else { return }
                _ = SwiftDeclarationsWorker.send(Array("started \(getpid())\n".utf8), to: descriptor)
                close(descriptor)
            }

            /// Aborts, hangs or computes for ever on `fileName` when a hook names it; returns otherwise.
            func breakWorker(on fileName: String?) {
                guard let fileName else { return }
                if fileName == crashOn { abort() }
                if fileName == hangOn {
                    while true { sleep(3600) }
                }
                if let spinOn, spinOn.contains(Substring(fileName)) {
                    var value: UInt64 = 1
                    while value != 0 { value = value &* 6_364_136_223_846_793_005 &+ 1 }
                }
            }
        }
    #endif
}
