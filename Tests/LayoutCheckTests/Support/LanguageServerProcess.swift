import Foundation
import Testing

/// The built `layout-check lsp` as a subprocess: framed JSON-RPC messages in on its standard input, and
/// each message it writes read back, in order, by a thread of its own.
final class LanguageServerProcess: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let condition = NSCondition()
    private var messages: [[String: Any]] = []
    private var ended = false
    private var nextID = 1

    /// Starts the server in `directory`.
    init(in directory: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let executable = try #require(
            LayoutCheckExecutable.url, "layout-check is not built next to the test bundle; run `swift build` first",
            sourceLocation: sourceLocation)
        process.executableURL = executable
        process.arguments = ["lsp"]
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer += chunk
                while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
                    let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
                    guard
                        let length = header.split(separator: ":").last.flatMap({
                            Int($0.trimmingCharacters(in: .whitespaces))
                        }),
                        buffer.distance(from: headerEnd.upperBound, to: buffer.endIndex) >= length
                    else { break }
                    let body = buffer[headerEnd.upperBound..<buffer.index(headerEnd.upperBound, offsetBy: length)]
                    buffer = Data(buffer[buffer.index(headerEnd.upperBound, offsetBy: length)...])
                    let message =
                        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? ["unparsed": true]
                    condition.lock()
                    messages.append(message)
                    condition.broadcast()
                    condition.unlock()
                }
            }
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Writes raw bytes to the server.
    func write(raw: Data) {
        input.fileHandleForWriting.write(raw)
    }

    /// Writes one message, framed.
    func send(_ message: [String: Any]) throws {
        var message = message
        message["jsonrpc"] = "2.0"
        let body = try JSONSerialization.data(withJSONObject: message)
        write(raw: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Sends a request and waits for its answer.
    func request(_ method: String, _ params: Any = [String: Any]()) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try send(["id": id, "method": method, "params": params])
        return try #require(next { ($0["id"] as? Int) == id && $0["method"] == nil })
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: [String: Any]) throws {
        try send(["method": method, "params": params])
    }

    /// Removes and returns the first message (in order) that `matches`, waiting up to `timeout` for it.
    func next(timeout: TimeInterval = 60, where matches: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = messages.firstIndex(where: matches) { return messages.remove(at: index) }
            if ended || !condition.wait(until: deadline) { return nil }
        }
    }

    /// The next diagnostics published for `uri`.
    func diagnostics(for uri: String) -> [[String: Any]]? {
        let message = next {
            ($0["method"] as? String) == "textDocument/publishDiagnostics"
                && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
        }
        return (message?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
    }

    /// `shutdown`, `exit`, and the exit status.
    func stop() throws -> Int32 {
        _ = try request("shutdown")
        try notify("exit", [:])
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The server's resident memory in KiB (`VmRSS`), from `/proc`.
    var residentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
