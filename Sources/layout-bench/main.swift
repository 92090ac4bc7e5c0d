#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

do {
    try BenchCommand.parse(Array(CommandLine.arguments.dropFirst())).run()
} catch {
    StandardError.write("layout-bench: error: \(error)\n")
    exit(1)
}
