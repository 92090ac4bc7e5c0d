import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a result depends on besides the code: the machine, the toolchain, the load, the date.
enum MachineInfo {
    /// Lines for the top of the report.
    static func summary() -> [String] {
        let info = ProcessInfo.processInfo
        var lines = [
            "date: \(ISO8601DateFormatter().string(from: Date()))",
            "machine: \(cpuModel() ?? "unknown CPU"), \(info.activeProcessorCount) cores, "
                + "\(Format.fixed(Double(info.physicalMemory) / 1_073_741_824, 1)) GiB RAM",
            "kernel: \(kernelRelease())",
        ]
        if let swift = swiftVersion() { lines.append("swift: \(swift)") }
        lines.append("load average at start: \(loadAverage())")
        return lines
    }

    /// The three load averages of `/proc/loadavg`, or what `getloadavg` gives.
    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { Format.fixed($0, 2) }.joined(separator: " ")
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    private static func kernelRelease() -> String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown" }
        let release = withUnsafeBytes(of: &name.release) { Array($0.prefix { $0 != 0 }) }
        let system = withUnsafeBytes(of: &name.sysname) { Array($0.prefix { $0 != 0 }) }
        return String(decoding: system, as: UTF8.self) + " " + String(decoding: release, as: UTF8.self)
    }

    /// The first line of `swift --version`, when a `swift` is on `PATH`.
    private static func swiftVersion() -> String? {
        let log = NSTemporaryDirectory() + "layout-bench-swift-version-\(getpid()).txt"
        defer { unlink(log) }
        guard let exit = try? Subprocess.run(["swift", "--version"], log: log), exit.status == 0,
            let text = try? String(contentsOfFile: log, encoding: .utf8)
        else { return nil }
        return text.split(separator: "\n").first { $0.contains("Swift version") }.map(String.init)
    }
}
