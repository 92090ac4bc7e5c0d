import Foundation
import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How one child process ended and what it used, from `wait4`.
struct ChildExit: Sendable {
    /// The exit status, or `128 + signal` when a signal ended it.
    var status: Int32
    /// The child's peak resident set size, in bytes.
    var peakMemory: Int
    /// The peak of the child's and its descendants' resident sets added together (sampled every 2 ms
    /// from `/proc`, and never below `peakMemory`): what a process with workers costs at once. Filled in
    /// by `ChildReport`; 0 where it is not measured.
    var peakTreeMemory = 0
    /// The peak of the same processes' proportional set sizes added together (`Pss` of
    /// `/proc/PID/smaps_rollup`): pages that several of them share (a library each worker loads) counted
    /// once in all, not once per process as in `peakTreeMemory`. What the run takes from the machine.
    var peakTreeProportional = 0
    /// The CPU time (user and system) of the child and the descendants it waited for, from `wait4`:
    /// steadier than wall time on a machine busy with other work.
    var cpu = Duration.zero
}

/// A failure to start or wait for a child process.
struct SubprocessError: Error, CustomStringConvertible {
    var description: String
}

/// Child processes started with `posix_spawnp`, their output sent to a file, and reaped with `wait4`
/// so that each one's own peak memory is known (`RUSAGE_CHILDREN` would mix the children together).
enum Subprocess {
    /// Starts `arguments[0]` (searched in `PATH` when it has no slash) with stdin from `/dev/null` and
    /// stdout and stderr appended to `log`, in this process's environment plus `environment`.
    static func spawn(
        _ arguments: [String], log: String, environment: [String] = []
    ) throws(SubprocessError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var environmentPointers: [UnsafeMutablePointer<CChar>?] = []
        if !environment.isEmpty {
            var index = 0
            while let variable = environ[index] {
                environmentPointers.append(strdup(variable))
                index += 1
            }
            environmentPointers += environment.map { strdup($0) }
            environmentPointers.append(nil)
        }
        defer { for pointer in environmentPointers { free(pointer) } }
        var pid: pid_t = 0
        let result =
            environment.isEmpty
            ? posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
            : posix_spawnp(&pid, arguments[0], &actions, nil, &argv, &environmentPointers)
        guard result == 0 else {
            throw SubprocessError(description: "cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits for `pid` (or any child, for `-1`) and returns which one ended and how.
    static func wait(_ pid: pid_t = -1) throws(SubprocessError) -> (pid: pid_t, exit: ChildExit) {
        var status: Int32 = 0
        var usage = rusage()
        var ended: pid_t
        repeat {
            ended = wait4(pid, &status, 0, &usage)
        } while ended < 0 && errno == EINTR
        guard ended > 0 else {
            throw SubprocessError(description: "wait4 failed: \(String(cString: strerror(errno)))")
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        // Linux reports ru_maxrss in kibibytes (macOS in bytes).
        #if os(Linux)
            let peak = Int(usage.ru_maxrss) * 1024
        #else
            let peak = Int(usage.ru_maxrss)
        #endif
        let cpu =
            Duration.seconds(Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec))
            + Duration.microseconds(Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec))
        return (ended, ChildExit(status: code, peakMemory: peak, cpu: cpu))
    }

    /// Runs one command to its end.
    static func run(
        _ arguments: [String], log: String, environment: [String] = []
    ) throws(SubprocessError) -> ChildExit {
        let pid = try spawn(arguments, log: log, environment: environment)
        return try wait(pid).exit
    }

    /// The path of the executable `name` that `spawn` would start, searching `PATH` as `posix_spawnp`
    /// does; `nil` when there is none, so a caller can leave out what needs it instead of failing.
    static func executable(named name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs the commands with at most `parallel` at a time, starting the next as one ends.
    ///
    /// - Returns: each command's exit, in the order given.
    static func runPool(_ commands: [[String]], parallel: Int, log: String) throws(SubprocessError) -> [ChildExit] {
        var exits = [ChildExit?](repeating: nil, count: commands.count)
        var running: [pid_t: Int] = [:]
        var next = 0
        while next < commands.count || !running.isEmpty {
            while next < commands.count, running.count < parallel {
                running[try spawn(commands[next], log: log)] = next
                next += 1
            }
            let (pid, exit) = try wait()
            guard let index = running.removeValue(forKey: pid) else { continue }
            exits[index] = exit
        }
        return exits.map { $0! }
    }
}

/// A child's exit, wall time and peak memory, measured by a small intermediate process.
///
/// A child's `ru_maxrss` starts from the high-water mark of the memory it was spawned from: Linux
/// keeps the peak of the address space an `exec` replaces, and `posix_spawn` execs from the parent's.
/// The bench's own peak (tens of MiB after generating corpora) would hide the checker's. So the bench
/// runs `layout-bench --measure-child FILE -- COMMAND…`, a fresh process that has done nothing yet; its
/// child's peak is exact whenever it is above the intermediate's own (`floor`, reported with the table).
enum ChildReport {
    static let option = "--measure-child"
    /// The same, sampling the memory of the child and its descendants (`TreeMemorySampler`) as it runs.
    static let memoryOption = "--measure-child-memory"

    /// Runs `command` with this process's standard streams and writes `status nanoseconds peakBytes`; with
    /// `samplingMemory`, also the peaks of the tree's resident and proportional sets. Only then: reading
    /// `/proc/PID/smaps_rollup` every 2 ms costs a core a third of its time, which on two cores a timed run
    /// would lose to its own measurement.
    static func measure(_ command: [String], reportingTo path: String, samplingMemory: Bool) throws {
        guard !command.isEmpty else { throw SubprocessError(description: "\(option) needs a command") }
        // Linux counts in a process's peak the peak of the image it replaced: a child spawned from this
        // Swift process (some 18 MiB) never shows less. GNU time is a small C program: the command it starts
        // shows its own peak from about 1 MiB up, which time writes to a file (and exits with the command's
        // status, 128 + N after signal N). Not with the tree sampler, which would count time's own pages.
        let peakFile = path + ".peak"
        let timed = !samplingMemory && Self.hasGNUTime
        let spawned = timed ? [Self.gnuTime, "-f", "%M", "-o", peakFile] + command : command
        let clock = ContinuousClock()
        let start = clock.now
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var argv: [UnsafeMutablePointer<CChar>?] = spawned.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, spawned[0], &actions, nil, &argv, environ)
        guard result == 0 else {
            throw SubprocessError(description: "cannot start \(spawned[0]): \(String(cString: strerror(result)))")
        }
        let sampler = samplingMemory ? TreeMemorySampler(root: pid) : nil
        var exit = try Subprocess.wait(pid).exit
        let elapsed = clock.now - start
        if timed {
            // The last line is `%M`, in KiB; a line before it says how a failing command ended.
            let text = (try? String(contentsOfFile: peakFile, encoding: .utf8)) ?? ""
            guard let kibibytes = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
                throw SubprocessError(description: "\(gnuTime) wrote no peak for \(command[0])")
            }
            exit.peakMemory = kibibytes * 1024
            unlink(peakFile)
        }
        let sampled = sampler?.stop() ?? (resident: 0, proportional: 0)
        let treePeak = max(sampled.resident, exit.peakMemory)
        let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        let cpu = exit.cpu.components.seconds * 1_000_000_000 + exit.cpu.components.attoseconds / 1_000_000_000
        let text = "\(exit.status) \(nanoseconds) \(exit.peakMemory) \(treePeak) \(sampled.proportional) \(cpu)\n"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw SubprocessError(description: "cannot write \(path)") }
        defer { close(descriptor) }
        _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    }

    /// GNU time, through which the child is started when it is there (`measure`).
    static let gnuTime = "/usr/bin/time"
    /// Whether `gnuTime` is GNU time, which takes `-f` and `-o` (BusyBox's and BSD's do not).
    static let hasGNUTime: Bool = {
        guard access(gnuTime, X_OK) == 0,
            let exit = try? Subprocess.wait(
                try Subprocess.spawn([gnuTime, "--version"], log: "/dev/null")
            ).exit
        else { return false }
        return exit.status == 0
    }()

    /// Runs `command` through `intermediate` (this executable) and reads back what it measured.
    static func run(
        _ command: [String], intermediate: String, report: String, log: String, environment: [String] = [],
        samplingMemory: Bool = false
    ) throws(SubprocessError) -> (exit: ChildExit, elapsed: Duration) {
        unlink(report)
        let outer = try Subprocess.run(
            [intermediate, samplingMemory ? memoryOption : option, report, "--"] + command, log: log,
            environment: environment)
        let descriptor = open(report, O_RDONLY)
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = descriptor < 0 ? -1 : buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 127) }
        if descriptor >= 0 { close(descriptor) }
        let fields = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ") : []
        guard outer.status == 0, fields.count == 6, let status = Int32(fields[0]), let nanoseconds = Int64(fields[1]),
            let peak = Int(fields[2]), let treePeak = Int(fields[3]), let proportional = Int(fields[4]),
            let cpu = Int64(fields[5].prefix { $0 != "\n" })
        else {
            throw SubprocessError(description: "the \(option) intermediate failed (status \(outer.status))")
        }
        return (
            ChildExit(
                status: status, peakMemory: peak, peakTreeMemory: treePeak, peakTreeProportional: proportional,
                cpu: .nanoseconds(cpu)),
            .nanoseconds(nanoseconds)
        )
    }
}

/// Samples, on a thread of its own, the resident sets of a process and all its descendants added
/// together, and their proportional set sizes added together, and keeps the largest sum of each (Linux's
/// `/proc`; 0 elsewhere).
final class TreeMemorySampler: Sendable {
    private let peak = Locked((bytes: 0, proportional: 0, running: true))
    private let done = DispatchSemaphore(value: 0)

    init(root: pid_t) {
        let thread = Thread { [self] in
            while peak.withLock({ $0.running }) {
                let sizes = Self.residentBytes(ofTree: root)
                peak.withLock {
                    $0.bytes = max($0.bytes, sizes.resident)
                    $0.proportional = max($0.proportional, sizes.proportional)
                }
                usleep(2_000)
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops sampling; the largest sums seen, in bytes.
    func stop() -> (resident: Int, proportional: Int) {
        peak.withLock { $0.running = false }
        done.wait()
        return peak.withLock { ($0.bytes, $0.proportional) }
    }

    private static func residentBytes(ofTree root: pid_t) -> (resident: Int, proportional: Int) {
        var total = 0
        var proportional = 0
        var pending = [root]
        while let pid = pending.popLast() {
            total += kibibytes(named: "VmRSS:", in: "/proc/\(pid)/status") * 1024
            proportional += kibibytes(named: "Pss:", in: "/proc/\(pid)/smaps_rollup") * 1024
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                let children =
                    (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                pending += children.split(separator: " ").compactMap { pid_t($0) }
            }
        }
        return (total, proportional)
    }

    /// The value of the line starting with `name` (`VmRSS:  1234 kB`) in a `/proc` file; 0 when absent.
    private static func kibibytes(named name: String, in path: String) -> Int {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
