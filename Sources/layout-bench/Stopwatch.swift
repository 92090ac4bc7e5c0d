/// The time one operation took, per operation, over repeated samples.
struct Timing: Sendable {
    /// Per-operation time of each sample, sorted.
    let samples: [Duration]
    /// How many operations each sample timed.
    let operationsPerSample: Int

    var median: Duration { samples[samples.count / 2] }
    var minimum: Duration { samples[0] }
    var maximum: Duration { samples[samples.count - 1] }
}

/// How long to time: a sample runs an operation in a batch long enough for the clock to be exact, and
/// the median of several samples is what the table shows.
struct TimingPlan: Sendable {
    /// A batch is grown until it takes at least this long.
    var minimumSampleTime: Duration
    /// Samples per operation; odd, so the median is one of them.
    var samples: Int

    static let full = TimingPlan(minimumSampleTime: .milliseconds(25), samples: 11)
    static let quick = TimingPlan(minimumSampleTime: .milliseconds(10), samples: 7)
}

/// Times operations side by side with `ContinuousClock`.
enum Stopwatch {
    /// Times each operation, interleaving their samples (A B A B …) so that load from other processes
    /// on the machine falls on all of them alike.
    ///
    /// Each operation is first run in doubling batches until a batch takes `minimumSampleTime` (which
    /// also warms caches and allocators), then once more as a warm-up, then `samples` times.
    static func compare(_ plan: TimingPlan, _ operations: [() throws -> Void]) throws -> [Timing] {
        let clock = ContinuousClock()
        var batchSizes: [Int] = []
        for operation in operations {
            var count = 1
            while true {
                let elapsed = try clock.measure { for _ in 0..<count { try operation() } }
                if elapsed >= plan.minimumSampleTime { break }
                // Jump close to the target once the batch is long enough to extrapolate from.
                let factor =
                    elapsed > .microseconds(500)
                    ? max(2, Int((plan.minimumSampleTime / elapsed).rounded(.up))) : 2
                count *= factor
            }
            batchSizes.append(count)
            _ = try clock.measure { for _ in 0..<count { try operation() } }
        }
        var samples = [[Duration]](repeating: [], count: operations.count)
        for _ in 0..<plan.samples {
            for (index, operation) in operations.enumerated() {
                let count = batchSizes[index]
                let elapsed = try clock.measure { for _ in 0..<count { try operation() } }
                samples[index].append(elapsed / count)
            }
        }
        return samples.indices.map { Timing(samples: samples[$0].sorted(), operationsPerSample: batchSizes[$0]) }
    }
}

/// Keeps the results of timed work observable so the optimiser cannot drop the work.
enum Sink {
    nonisolated(unsafe) private static var value = 0

    @inline(never)
    static func keep(_ number: Int) {
        value &+= number
    }
}

extension Duration {
    /// Seconds as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
