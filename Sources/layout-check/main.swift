#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

exit(await LayoutCheck.run(Array(CommandLine.arguments.dropFirst())))
