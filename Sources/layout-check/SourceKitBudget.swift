import Foundation
import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much sourcekitd may work for one run: a base plus an allowance for every byte of Swift sent to
/// it, counted in the CPU time its worker processes use.
///
/// CPU time rather than wall-clock time, so that a machine busy with other jobs does not run out of it:
/// only sourcekitd's own work is counted. The allowance is about ten times what sourcekitd needs on a
/// CI machine of two cores (about 1 s per MiB of Swift), so ordinary Swift never comes near it on any
/// machine that builds Swift, while Swift that makes sourcekitd superlinear (the case the budget is
/// for) passes it by orders of magnitude however fast the machine is. When it runs out, the run ends
/// its Swift reading with one run-level `input-limit` error.
struct SourceKitBudget {
    /// What every run may spend, however little Swift it has.
    static let base = Duration.seconds(20)
    /// What each MiB of Swift sent to sourcekitd adds.
    static let perMebibyte = Duration.seconds(10)

    private let base: Duration
    /// The bytes of Swift sent so far.
    private(set) var bytes = 0
    /// The CPU time the workers have used so far.
    private(set) var spent = Duration.zero

    init(environment: [String: String]) {
        // The tests' shorter base, in a debug build (`TestHooks.sourceKitBudget`).
        base =
            TestHooks.value(TestHooks.sourceKitBudget, in: environment).flatMap(Int.init).map { .milliseconds($0) }
            ?? Self.base
    }

    /// What the run may spend for what was sent so far.
    var allowance: Duration { base + Self.perMebibyte * (Double(bytes) / 1_048_576) }

    /// What is left of the allowance.
    var remaining: Duration { allowance - spent }

    /// Adds a file's bytes, as it is sent.
    mutating func send(bytes count: Int) { bytes += count }

    /// Counts CPU time a worker used.
    mutating func charge(_ time: Duration) { spent += time }

    /// The run-level error when the budget ran out, with how much was read and how much was not.
    func exhausted(read: Int, unread: Int) -> Diagnostic {
        Diagnostic(
            rule: .inputLimit,
            message:
                "sourcekitd's budget for this run is spent (\(Self.seconds(spent)) s of CPU time; the budget is "
                + "\(Self.seconds(base)) s and \(Self.seconds(Self.perMebibyte)) s per MiB of Swift read, "
                + "\(Self.seconds(allowance)) s for the \(bytes) bytes sent): \(read) Swift files were read and "
                + "\(unread) were not, so no class was checked against the Swift code; a file that makes "
                + "sourcekitd slow is the likely cause",
            location: nil)
    }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return String(format: "%.1f", Double(milliseconds) / 1000)
    }

    /// The CPU time (user and system, all threads) a process has used so far, from `/proc`; `nil` when
    /// it cannot be read (the process is gone). Read with two system calls into a buffer on the stack:
    /// it is asked after files as they come back, a thousand times in a run of an app.
    static func cpuTime(of process: pid_t) -> Duration? {
        let descriptor = open("/proc/\(process)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer -> Duration? in
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return nil }
            let line = UnsafeBufferPointer(rebasing: buffer[..<count])
            // After "pid (comm)" (a name may hold spaces and parentheses): state is field 3; utime and stime
            // are fields 14 and 15, the 12th and 13th after the closing parenthesis.
            guard let close = line.lastIndex(of: UInt8(ascii: ")")) else { return nil }
            let fields = line[(close + 1)...].split(separator: UInt8(ascii: " "))
            guard fields.count > 13, let user = Self.number(fields[11]), let system = Self.number(fields[12]) else {
                return nil
            }
            let ticks = Int(sysconf(Int32(_SC_CLK_TCK)))
            guard ticks > 0 else { return nil }
            return .milliseconds((user + system) * 1000 / ticks)
        }
    }

    /// A decimal number of at most 18 digits, and nothing else.
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
