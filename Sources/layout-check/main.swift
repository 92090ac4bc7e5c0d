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
// (`dropFirst`, not `1..<argc`: a program may be started with no arguments at all, not even its name.)
let arguments = (0..<Int(CommandLine.argc)).dropFirst().compactMap { index in
    CommandLine.unsafeArgv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
}
exit(await LayoutCheck.run(arguments))
