import Foundation
@_spi(LayoutCheck) import LayoutKit

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
/// Each request is `NAMEBYTES TEXTBYTES\n`, the name, the text; each reply `J BYTES\n` and sourcekitd's
/// JSON, or `F BYTES\n` and why it failed.
enum SwiftDeclarationsWorker {
    /// The hidden option that makes `layout-check` a worker.
    static let option = "--swift-declarations-worker"
    /// Tests only: the worker aborts on the file with this name, as if sourcekitd had crashed.
    static let crashVariable = "LAYOUTKIT_TEST_CRASH_ON"
    /// Tests only: the worker never answers for the file with this name, as if sourcekitd hung.
    static let hangVariable = "LAYOUTKIT_TEST_HANG_ON"
    /// Tests only: seconds to wait for a reply instead of `replyTimeout`.
    static let timeoutVariable = "LAYOUTKIT_TEST_WORKER_TIMEOUT"
    /// How long the parent waits for the reply about one file before it stops the worker: sourcekitd
    /// reads a file in milliseconds, so a minute means it hangs, and the run must end all the same.
    static let replyTimeout = Duration.seconds(60)

    /// Answers requests until its standard input ends; the exit status of the worker.
    static func serve(library: String) -> Int32 {
        let sourceKit: SourceKit
        do { sourceKit = try SourceKit(toolchain: library, environment: [:]) } catch { return 2 }
        let crashOn = ProcessInfo.processInfo.environment[crashVariable]
        let hangOn = ProcessInfo.processInfo.environment[hangVariable]
        var input = FrameReader(descriptor: STDIN_FILENO)
        while let header = input.line() {
            let sizes = header.split(separator: " ").compactMap { Int($0) }
            guard sizes.count == 2, let name = input.bytes(sizes[0]), let text = input.bytes(sizes[1]) else {
                return 2
            }
            let path = String(decoding: name, as: UTF8.self)
            let fileName = path.split(separator: "/").last.map(String.init)
            if let crashOn, fileName == crashOn { abort() }
            if let hangOn, fileName == hangOn {
                while true { sleep(3600) }
            }
            let (tag, body) =
                switch sourceKit.reply(to: text, name: path) {
                case .json(let json): ("J", json)
                case .failure(let reason): ("F", reason)
                }
            guard send(Array("\(tag) \(body.utf8.count)\n".utf8) + Array(body.utf8), to: STDOUT_FILENO) else {
                return 2
            }
        }
        return 0
    }

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
    /// When set, reading gives up at this instant, as at the end of input, and sets `timedOut`.
    var deadline: ContinuousClock.Instant?
    private(set) var timedOut = false

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
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let deadline, !waitForInput(until: deadline) {
                timedOut = true
                return false
            }
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

/// The parent's side: one worker at a time, started when needed and again after one dies or hangs.
struct SwiftDeclarationsWorkerConnection {
    let library: String
    private var worker: Worker?

    private struct Worker {
        let process: Process
        let input: FileHandle
        /// Kept so that its descriptor, which `output` reads, stays open.
        let outputHandle: FileHandle
        var output: FrameReader
    }

    /// How long to wait for one reply: `SwiftDeclarationsWorker.replyTimeout`, or the tests' setting.
    private let replyTimeout: Duration

    init(library: String) {
        self.library = library
        replyTimeout =
            ProcessInfo.processInfo.environment[SwiftDeclarationsWorker.timeoutVariable].flatMap(Int.init).map {
                .seconds($0)
            } ?? SwiftDeclarationsWorker.replyTimeout
    }

    /// sourcekitd's reply for one file; a worker that dies on it is a failure naming the crash.
    mutating func reply(to text: [UInt8], name: String) -> SourceKit.Reply {
        guard let running = worker ?? start() else {
            return .failure("the worker process that reads Swift files could not be started")
        }
        worker = running
        let nameBytes = Array(name.utf8)
        var output = running.output
        output.deadline = ContinuousClock.now + replyTimeout
        let sent = SwiftDeclarationsWorker.send(
            Array("\(nameBytes.count) \(text.count)\n".utf8) + nameBytes + text,
            to: running.input.fileDescriptor)
        if sent, let header = output.line() {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2, let count = Int(parts[1]), let body = output.bytes(count) {
                worker?.output = output
                let text = String(decoding: body, as: UTF8.self)
                return parts[0] == "J" ? .json(text) : .failure(text)
            }
        }
        if output.timedOut {
            // A hung worker never reads its closed input: stop it before waiting for it.
            kill(running.process.processIdentifier, SIGKILL)
            _ = stop()
            return .failure(
                "sourcekitd did not answer within \(replyTimeout.components.seconds) s about this file; its "
                    + "worker was stopped and the next file gets a fresh one")
        }
        return .failure("sourcekitd crashed while reading this file (\(stop()))")
    }

    /// Ends the worker, which is waiting for its next request.
    mutating func finish() {
        if worker != nil { _ = stop() }
    }

    private func start() -> Worker? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [SwiftDeclarationsWorker.option, library]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        return Worker(
            process: process, input: input.fileHandleForWriting, outputHandle: output.fileHandleForReading,
            output: FrameReader(descriptor: output.fileHandleForReading.fileDescriptor))
    }

    /// Closes the worker's input, waits for it to end, and says how it ended.
    private mutating func stop() -> String {
        guard let running = worker else { return "no worker" }
        worker = nil
        try? running.input.close()
        running.process.waitUntilExit()
        try? running.outputHandle.close()
        let status = running.process.terminationStatus
        return running.process.terminationReason == .uncaughtSignal
            ? "the worker was killed by signal \(status)" : "the worker exited with status \(status)"
    }
}
