#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// A reader that goes away (`layout-check … | head -1`) is a failed write, reported as such, not a
// death by signal that loses the summary and the exit status.
signal(SIGPIPE, SIG_IGN)
exit(await LayoutCheck.run(Array(CommandLine.arguments.dropFirst())))
