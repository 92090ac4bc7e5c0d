#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU time this thread spends in `work`, which must not suspend: unlike the wall clock, it does not
/// grow when other processes share the cores, so the scaling tests' ratios hold on a busy machine.
func threadCPUTime(_ work: () -> Void) -> Duration {
    func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
    let start = now()
    work()
    return now() - start
}
