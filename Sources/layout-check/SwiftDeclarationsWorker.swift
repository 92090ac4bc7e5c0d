import Foundation
import LayoutChecking
import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// sourcekitd in a worker process: `layout-check --swift-declarations-worker LIBRARY` answers one
/// request per Swift file on its standard input, so that a crash inside sourcekitd ends the worker,
/// not the run. The parent starts a fresh worker for the files after the one that crashed it.
///
/// Each request is `NAMEBYTES TEXTBYTES\n`, the name, the text; each reply `J BYTES\n` and the compact JSON
/// of what the catalog reads of sourcekitd's structure (`SwiftStructureFilter`), or `F BYTES\n` and why it
/// failed. The worker's arguments after the library are the callee names whose calls the run reads; a
/// request `NAMEBYTES TEXTBYTES CALLSBYTES\n` names its own after its text, one per line, so that one
/// worker, started before the run knows which calls it reads, serves the manifests and the Swift files.
enum SwiftDeclarationsWorker {
    /// The hidden option that makes `layout-check` a worker.
    static let option = "--swift-declarations-worker"
    /// How long a worker may use no CPU time at all while a reply is due before the parent stops it as
    /// hung: sourcekitd working, however slowly, uses CPU time (and that is what the run's
    /// `SourceKitBudget` counts); one that uses none for a minute is waiting for something that will not
    /// come.
    static let stallLimit = Duration.seconds(60)
    /// The largest reply frame the parent accepts: the filter's own limit, and room for its frame.
    static let maximumReplyBytes = SwiftStructureFilter.maximumBytes + 4096

    /// Ends the worker as soon as its parent does, killed or not: the parent holds the only writing end
    /// of the worker's standard input, so the pipe hangs up when it goes, though the worker is inside
    /// sourcekitd (or stalled) and reads nothing. A thread of its own waits for that; without it a worker
    /// whose run was killed would go on until its request ended. (A pipe watch rather than Linux's
    /// `PR_SET_PDEATHSIG`, which follows the thread that started the worker, not the process, and so
    /// would end a worker started from a thread the run's pool retires.)
    static func endWithParent() {
        Thread.detachNewThread {
            var entry = pollfd(fd: STDIN_FILENO, events: 0, revents: 0)
            while true {
                let result = poll(&entry, 1, -1)
                if result > 0, Int32(entry.revents) & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 { _exit(0) }
                if result < 0, errno != EINTR { return }
            }
        }
    }

    /// Answers requests until its standard input ends; the exit status of the worker.
    static func serve(library: String, calls: Set<String>) -> Int32 {
        endWithParent()
        // The first frame says whether sourcekitd could be loaded: `R 0` ready, or `F` and why not.
        let sourceKit: SourceKit
        do { sourceKit = try SourceKit(toolchain: library, environment: [:]) } catch {
            _ = send(Array("F \(error.message.utf8.count)\n".utf8) + Array(error.message.utf8), to: STDOUT_FILENO)
            return 2
        }
        guard send(Array("R 0\n".utf8), to: STDOUT_FILENO) else { return 2 }
        #if DEBUG
            let breakage = TestHooks.WorkerBreakage()
            breakage.logStart()
        #endif
        var input = FrameReader(descriptor: STDIN_FILENO)
        // The calls of the last request that named its own (a manifest's `Package` among Swift files').
        var named: (bytes: [UInt8], calls: Set<String>) = ([], [])
        while let header = input.line() {
            let sizes = header.split(separator: " ").compactMap { Int($0) }
            guard sizes.count == 2 || sizes.count == 3, sizes.allSatisfy({ $0 >= 0 }),
                let name = input.bytes(sizes[0]), let text = input.bytes(sizes[1])
            else { return 2 }
            var requestCalls = calls
            if sizes.count == 3 {
                guard let list = input.bytes(sizes[2]) else { return 2 }
                if list != named.bytes { named = (list, callNames(list)) }
                requestCalls = named.calls
            }
            let path = String(decoding: name, as: UTF8.self)
            #if DEBUG
                breakage.breakWorker(on: path.split(separator: "/").last.map(String.init))
            #endif
            let (tag, body) =
                switch sourceKit.reply(to: text, name: path, calls: requestCalls) {
                case .json(let json): ("J", json)
                case .failure(let reason): ("F", reason)
                }
            guard send(Array("\(tag) \(body.utf8.count)\n".utf8) + Array(body.utf8), to: STDOUT_FILENO) else {
                return 2
            }
            // What sourcekitd took for a large file goes back to the system while the parent reads the
            // reply, rather than adding to the run's memory until the worker ends.
            if text.count > 256 * 1024 { trimMemory() }
        }
        return 0
    }

    /// The callee names of a request that names its own: one per line.
    static func callNames(_ list: [UInt8]) -> Set<String> {
        Set(list.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) })
    }

    /// glibc's `malloc_trim(0)`, which its Swift module does not declare: found at run time (a null handle
    /// is glibc's `RTLD_DEFAULT`), and skipped where there is none: musl and Darwin have no such function.
    private static let trimMemory: @Sendable () -> Void = {
        #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return {} }
            let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
            return { _ = trim(0) }
        #else
            return {}
        #endif
    }()

    /// Writes all of `bytes`; false when the other end is gone.
    static func send(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}

/// Reads the frames of the worker protocol from a file descriptor.
struct FrameReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// What each `read` fills, made once rather than for each call.
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// When set, reading gives up at this instant, as at the end of input, and sets `timedOut`; the bytes
    /// read so far stay, so reading again goes on where it stopped.
    var deadline: ContinuousClock.Instant?
    var timedOut = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The text up to the next newline; `nil` at the end of input.
    mutating func line() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return line
            }
            guard fill() else { return nil }
        }
    }

    /// The next `count` bytes; `nil` when the input ends first.
    mutating func bytes(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let result = Array(buffer[start..<start + count])
        start += count
        return result
    }

    private mutating func fill() -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        while true {
            if let deadline, !waitForInput(until: deadline) {
                timedOut = true
                return false
            }
            let descriptor = descriptor
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[..<count]
            return true
        }
    }
}

extension FrameReader {
    /// Waits until the descriptor can be read (or is at its end) or `deadline` passes; false for the latter.
    fileprivate func waitForInput(until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + 1)
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            // Readable, at its end or in error: `read` says which.
            if ready != 0 { return true }
        }
    }
}

/// The parent's side: one worker process, started when needed and again after one dies or hangs.
struct SwiftDeclarationsWorkerConnection {
    let library: String
    /// The callee names whose calls the worker keeps (`SwiftFileScan.calls`): set before a request, it is
    /// that request's (sent with it when the worker was started with others).
    var calls: Set<String>
    private var worker: Worker?
    /// Why the worker started early (`init(starting:calls:)`) could not be started.
    private var startFailure: UsageError?
    /// A second worker started beside the first (`startSecond()`), loading sourcekitd while the first
    /// does; `takeSecond()` gives it to the run's second lane.
    private var second: Worker?

    private struct Worker {
        let process: Process
        let input: FileHandle
        /// Kept so that its descriptor, which `output` reads, stays open.
        let outputHandle: FileHandle
        var output: FrameReader
        /// The calls it was started with, which a request that names none keeps.
        let calls: Set<String>
        /// Whether it said it has loaded sourcekitd.
        var isReady = false
        /// The CPU time the worker had used when it was last read (`cpuReadEvery`).
        var cpu: Duration
        /// When `cpu` was read.
        var cpuReadAt = ContinuousClock.now
    }

    /// How often a worker's CPU time is read after a reply: the budget is charged at most this late,
    /// and a run of a thousand small files does not read `/proc` a thousand times. (While a file is
    /// being read it is read every 100 ms, as the worker is watched.)
    static let cpuReadEvery = Duration.milliseconds(50)

    /// What became of one request.
    enum Outcome {
        /// The worker answered (or failed on this file, which is the file's own diagnostic).
        case reply(SourceKit.Reply)
        /// The run's budget ran out while the worker worked on this file; the worker was stopped.
        case budgetSpent
    }

    /// How long a worker whose input was closed may take to exit before it is killed.
    static let exitLimit = Duration.seconds(10)
    /// How long a worker killed with SIGKILL may take to be reaped before the run goes on without it.
    static let reapLimit = Duration.seconds(5)

    /// How long a worker may use no CPU while a reply is due: `SwiftDeclarationsWorker.stallLimit`, or
    /// the tests' setting (`TestHooks.workerTimeout`).
    private let stallLimit: Duration

    /// `SwiftDeclarationsWorker.stallLimit`, or the tests' setting (`TestHooks.workerTimeout`).
    private static func configuredStallLimit() -> Duration {
        TestHooks.value(TestHooks.workerTimeout).flatMap(Int.init).map { .seconds($0) }
            ?? SwiftDeclarationsWorker.stallLimit
    }

    /// Starts the first worker, which loads sourcekitd from `library`.
    /// - Throws: `UsageError` when it cannot, with sourcekitd's reason.
    init(library: String, calls: Set<String>) throws(UsageError) {
        self.library = library
        self.calls = calls
        stallLimit = Self.configuredStallLimit()
        switch start() {
        case .success(let started): worker = started
        case .failure(let reason): throw reason
        }
    }

    /// Starts the first worker and returns at once, while it loads sourcekitd (a tenth of a second or
    /// more, which the run spends reading its projects meanwhile); `ready()` waits for it.
    init(starting library: String, calls: Set<String>) {
        self.library = library
        self.calls = calls
        stallLimit = Self.configuredStallLimit()
        switch spawn() {
        case .success(let started): worker = started
        case .failure(let reason): startFailure = reason
        }
    }

    /// A connection to a worker already spawned.
    private init(library: String, calls: Set<String>, spawned: Worker) {
        self.library = library
        self.calls = calls
        stallLimit = Self.configuredStallLimit()
        worker = spawned
    }

    /// Starts a second worker now, with the calls set now, so that it loads sourcekitd while the first one
    /// does rather than once the first is reading (a tenth of a second or more of the second lane's).
    mutating func startSecond() {
        guard second == nil, case .success(let started) = spawn() else { return }
        second = started
    }

    /// The second worker `startSecond()` started, perhaps still loading sourcekitd (`ready()` waits for
    /// it); `nil` when none was started.
    mutating func takeSecond() -> SwiftDeclarationsWorkerConnection? {
        guard let spawned = second else { return nil }
        second = nil
        return SwiftDeclarationsWorkerConnection(library: library, calls: spawned.calls, spawned: spawned)
    }

    /// Waits until the worker has loaded sourcekitd.
    /// - Throws: `UsageError` when it could not, with sourcekitd's reason.
    mutating func ready() throws(UsageError) {
        if let startFailure { throw startFailure }
        guard var running = worker, !running.isReady else { return }
        if let failure = awaitReady(&running) {
            worker = nil
            startFailure = failure
            throw failure
        }
        worker = running
    }

    /// sourcekitd's reply for one file, its CPU time charged to `budget` as it is used (so that workers
    /// working side by side share one budget); a worker that dies on it is a failure naming the crash, one
    /// that uses no CPU for `stallLimit` is stopped as hung, and one working while the budget is spent (by
    /// this file or by another worker's) is stopped.
    mutating func reply(to text: [UInt8], name: String, budget: Locked<SourceKitBudget>) -> Outcome {
        if worker == nil {
            switch start() {
            case .success(let started): worker = started
            case .failure(let reason): return .reply(.failure(reason.message))
            }
        }
        guard var running = worker else { return .reply(.failure("no worker")) }
        if !running.isReady, let failure = awaitReady(&running) {
            worker = nil
            return .reply(.failure(failure.message))
        }
        worker = running
        budget.withLock { $0.send(bytes: text.count) }
        guard SwiftDeclarationsWorker.send(request(text, name: name, to: running), to: running.input.fileDescriptor)
        else { return .reply(.failure("sourcekitd crashed while reading this file (\(stop()))")) }

        var lastProgress = ContinuousClock.now
        var cpu = running.cpu
        var header: String?
        var body: [UInt8]?
        while body == nil {
            running.output.deadline = ContinuousClock.now + .milliseconds(100)
            running.output.timedOut = false
            if header == nil { header = running.output.line() }
            if let header {
                let parts = header.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let count = Int(parts[1]), count >= 0,
                    count <= SwiftDeclarationsWorker.maximumReplyBytes
                else {
                    kill(running.process.processIdentifier, SIGKILL)
                    return .reply(
                        .failure(
                            "the worker's reply about this file is not one the checker reads (\(stop())); "
                                + "the next file gets a fresh worker"))
                }
                body = running.output.bytes(count)
            }
            if body != nil { break }
            guard running.output.timedOut else {
                return .reply(.failure("sourcekitd crashed while reading this file (\(stop()))"))
            }
            if let stopped = watch(&running, cpu: &cpu, lastProgress: &lastProgress, budget: budget) {
                return stopped
            }
        }
        if ContinuousClock.now - running.cpuReadAt >= Self.cpuReadEvery {
            let used = SourceKitBudget.cpuTime(of: running.process.processIdentifier) ?? cpu
            budget.withLock { $0.charge(used - running.cpu) }
            running.cpu = used
            running.cpuReadAt = ContinuousClock.now
        }
        worker = running
        let parts = (header ?? "").split(separator: " ", maxSplits: 1)
        let text = String(decoding: body ?? [], as: UTF8.self)
        return .reply(parts.first == "J" ? .json(text) : .failure(text))
    }

    /// A reply not there yet: the worker's CPU time charged to the budget as it is used (so that another
    /// worker sees it at once); the worker stopped, and what that means, when the budget is spent or it
    /// has made no progress for `stallLimit`; `nil` to go on waiting.
    private mutating func watch(
        _ running: inout Worker, cpu: inout Duration, lastProgress: inout ContinuousClock.Instant,
        budget: Locked<SourceKitBudget>
    ) -> Outcome? {
        let now = SourceKitBudget.cpuTime(of: running.process.processIdentifier) ?? cpu
        if now > cpu { lastProgress = ContinuousClock.now }
        let isSpent = budget.withLock { budget in
            budget.charge(now - running.cpu)
            return budget.remaining < .zero
        }
        running.cpu = now
        running.cpuReadAt = ContinuousClock.now
        if isSpent {
            kill(running.process.processIdentifier, SIGKILL)
            _ = stop()
            return .budgetSpent
        }
        cpu = now
        guard ContinuousClock.now - lastProgress > stallLimit else { return nil }
        // A hung worker never reads its closed input: stop it before waiting for it.
        kill(running.process.processIdentifier, SIGKILL)
        _ = stop()
        return .reply(
            .failure(
                "sourcekitd made no progress for \(stallLimit.components.seconds) s on this file; its "
                    + "worker was stopped and the next file gets a fresh one"))
    }

    /// Ends the worker, which is waiting for its next request, and a second one no lane took.
    mutating func finish() {
        if worker != nil { _ = stop() }
        if let spawned = second {
            second = nil
            var untaken = SwiftDeclarationsWorkerConnection(library: library, calls: spawned.calls, spawned: spawned)
            untaken.finish()
        }
    }

    /// One request's frame: its calls named when they are not those the worker was started with.
    private func request(_ text: [UInt8], name: String, to running: Worker) -> [UInt8] {
        let nameBytes = Array(name.utf8)
        guard calls != running.calls else {
            return Array("\(nameBytes.count) \(text.count)\n".utf8) + nameBytes + text
        }
        let list = Array(calls.sorted().joined(separator: "\n").utf8)
        return Array("\(nameBytes.count) \(text.count) \(list.count)\n".utf8) + nameBytes + text + list
    }

    /// A new worker that has loaded sourcekitd, or why there is none.
    private func start() -> Result<Worker, UsageError> {
        switch spawn() {
        case .success(var started):
            if let failure = awaitReady(&started) { return .failure(failure) }
            return .success(started)
        case .failure(let failure): return .failure(failure)
        }
    }

    private static let notStarted = UsageError(
        message: "the worker process that reads Swift files could not be started")

    /// A new worker process, loading sourcekitd.
    private func spawn() -> Result<Worker, UsageError> {
        let notStarted = Self.notStarted
        // The worker is this executable, run with its option.
        guard let executable = RunningExecutable.path() else { return .failure(notStarted) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [SwiftDeclarationsWorker.option, library] + calls.sorted()
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .failure(notStarted) }
        return .success(
            Worker(
                process: process, input: input.fileHandleForWriting, outputHandle: output.fileHandleForReading,
                output: FrameReader(descriptor: output.fileHandleForReading.fileDescriptor), calls: calls,
                cpu: .zero))
    }

    /// Waits for a new worker's first frame: `nil` once it has loaded sourcekitd (its CPU time from then on
    /// is what the budget counts), else why not, the worker killed.
    private func awaitReady(_ running: inout Worker) -> UsageError? {
        running.output.deadline = ContinuousClock.now + stallLimit
        let header = running.output.line()
        let parts = (header ?? "").split(separator: " ", maxSplits: 1)
        guard parts.first == "R" else {
            let count = parts.count == 2 ? Int(parts[1]).map { min(max($0, 0), 65536) } ?? 0 : 0
            let reason =
                parts.first == "F" ? running.output.bytes(count).map { String(decoding: $0, as: UTF8.self) } : nil
            kill(running.process.processIdentifier, SIGKILL)
            try? running.input.close()
            let killed = ContinuousClock.now + Self.reapLimit
            while running.process.isRunning, ContinuousClock.now < killed { usleep(10_000) }
            try? running.outputHandle.close()
            return reason.map { UsageError(message: $0) } ?? Self.notStarted
        }
        running.output.deadline = nil
        running.output.timedOut = false
        running.isReady = true
        running.cpu = SourceKitBudget.cpuTime(of: running.process.processIdentifier) ?? .zero
        running.cpuReadAt = ContinuousClock.now
        return nil
    }

    /// Closes the worker's input, waits for it to end, and says how it ended.
    private mutating func stop() -> String {
        guard let running = worker else { return "no worker" }
        worker = nil
        try? running.input.close()
        // A worker ends when its input does; one that does not within `exitLimit` (stuck in a crash handler
        // of sourcekitd's, say) is killed, so that the run never waits on it for ever.
        // After SIGKILL the wait is bounded too, rather than Foundation's `waitUntilExit`, which has no
        // limit (it hung once under ASan): a worker still not reaped then is reported, not waited for.
        let deadline = ContinuousClock.now + Self.exitLimit
        while running.process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if running.process.isRunning {
            kill(running.process.processIdentifier, SIGKILL)
            let killed = ContinuousClock.now + Self.reapLimit
            while running.process.isRunning, ContinuousClock.now < killed { usleep(10_000) }
        }
        try? running.outputHandle.close()
        guard !running.process.isRunning else { return "the worker did not end when killed" }
        let status = running.process.terminationStatus
        return running.process.terminationReason == .uncaughtSignal
            ? "the worker was killed by signal \(status)" : "the worker exited with status \(status)"
    }
}
