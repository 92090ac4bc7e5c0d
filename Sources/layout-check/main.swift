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
// The arguments as the bytes the shell passed: `CommandLine.arguments` would turn a path that is not
// UTF-8 into one with U+FFFD, which names no file.
let arguments = (1..<Int(CommandLine.argc)).compactMap { index in
    CommandLine.unsafeArgv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
}
exit(await LayoutCheck.run(arguments))
