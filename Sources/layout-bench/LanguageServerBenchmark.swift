import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `lsp` rows: `layout-check lsp` as an editor runs it, over pipes. A 3 KB layout judged against a
/// class schema is opened, then changed one character at a time: the time from a change's message
/// to its diagnostics (the debounce included), against the 50 ms; and the server's resident
/// memory after 10,000 edits against after 1,000.
struct LanguageServerBenchmark {
    let layoutCheck: String
    let quick: Bool
    let progress: (String) -> Void

    func run() throws -> (rows: [ResultRow], notes: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-bench-lsp-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (layout, schema) = Self.workspace()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Schemas"), withIntermediateDirectories: true)
        try Data(schema.utf8).write(to: folder.appendingPathComponent("Schemas/Bench.classes.xml"))
        let file = folder.appendingPathComponent("Bench.layout.xml")
        try Data(layout.utf8).write(to: file)
        let uri = file.absoluteString

        progress("timing layout-check lsp: change to diagnostics, and memory over 10,000 edits…")
        let server = try Server(layoutCheck, in: folder)
        defer { server.close() }
        _ = try server.request("initialize", ["capabilities": [String: Any](), "rootUri": folder.absoluteString])
        try server.send(["method": "initialized", "params": [String: Any]()])
        try server.send([
            "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": layout] as [String: Any]
            ],
        ])
        guard server.diagnostics(uri: uri, version: 1) != nil else {
            throw BenchmarkError(description: "layout-check lsp published no diagnostics for the opened layout")
        }
        // The edit point: inside the first text="…" value, so each edit keeps the layout valid.
        let lines = layout.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.firstIndex(where: { $0.contains("text=\"") }),
            let column = lines[line].range(of: "text=\"")?.upperBound.utf16Offset(in: lines[line])
        else {
            throw BenchmarkError(description: "the benchmark layout has no text attribute")
        }
        var version = 1
        func edit() throws {
            version += 1
            let typed = version % 2 == 0
            let range: [String: Any] = [
                "start": ["line": line, "character": column],
                "end": ["line": line, "character": typed ? column : column + 1],
            ]
            try server.send([
                "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": uri, "version": version] as [String: Any],
                    "contentChanges": [["range": range, "text": typed ? "y" : ""] as [String: Any]],
                ],
            ])
        }

        var latencies: [Duration] = []
        let samples = quick ? 21 : 101
        for _ in 0..<samples {
            let start = ContinuousClock.now
            try edit()
            guard server.diagnostics(uri: uri, version: version) != nil else {
                throw BenchmarkError(description: "no diagnostics for version \(version)")
            }
            latencies.append(.now - start)
        }
        let latency = Timing(samples: latencies.sorted(), operationsPerSample: 1)

        // Memory: edits as fast as they can be written, with a round trip (a hover) every 100 so that
        // judgements run between them.
        let hover: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 0, "character": 0]]
        func edits(_ count: Int) throws {
            for index in 0..<count {
                try edit()
                if index % 100 == 99 { _ = try server.request("textDocument/hover", hover) }
            }
            _ = try server.request("textDocument/hover", hover)
        }
        try edits(1000 - samples)
        let early = server.residentKiB ?? 0
        try edits(9000)
        let late = server.residentKiB ?? 0
        let memoryRatio = early > 0 ? Double(late) / Double(early) : nil
        let rows = [
            ResultRow(
                step: "lsp", layoutKit: "change → diagnostics, 3 KB layout", layoutKitResult: Format.timing(latency),
                against: "the issue's bound", againstResult: "50 ms",
                ratio: latency.median.seconds / 0.050, goal: "≤ 1", isMet: latency.median <= .milliseconds(50)),
            ResultRow(
                step: "lsp memory", layoutKit: "RSS after 10,000 edits", layoutKitResult: "\(late / 1024) MiB",
                against: "after 1,000 edits", againstResult: "\(early / 1024) MiB", ratio: memoryRatio,
                goal: "≤ 1.1 (flat)", isMet: memoryRatio.map { $0 <= 1.1 }),
        ]
        let notes = [
            "lsp: \(layout.utf8.count)-byte layout against a class schema; latency is from writing a didChange to "
                + "reading its publishDiagnostics, the server's 15 ms debounce included; median of \(samples) edits"
        ]
        return (rows, notes)
    }

    /// A layout of about 3 KB whose cell connects seventeen outlets of a class in a class schema, and that schema.
    static func workspace() -> (layout: String, schema: String) {
        var labels = ""
        var outlets = ""
        for index in 0..<17 {
            labels +=
                "            <label outlet=\"label\(index)\" text=\"Label \(index)\" font=\"body\" "
                + "textColor=\"#3C3C43\" numberOfLines=\"2\" accessibilityIdentifier=\"bench.label\(index)\"/>\n"
            outlets += "        <outlet name=\"label\(index)\" type=\"label\"/>\n"
        }
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <tableViewCell class="BenchCell" module="Bench" reuseIdentifier="BenchCell" selectionStyle="none">
                    <stackView axis="vertical" spacing="8" alignment="fill" distribution="fill">
            \(labels)            <button title="Share" accessibilityIdentifier="bench.share"/>
                        <imageView image="placeholder" contentMode="aspectFill"/>
                    </stackView>
                </tableViewCell>
            </layout>

            """
        let schema = """
            <?xml version="1.0" encoding="UTF-8"?>
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="BenchCell" module="Bench" base="tableViewCell">
            \(outlets)    </class>
            </classes>

            """
        return (layout, schema)
    }

    /// `layout-check lsp` as a child, its messages read by a thread of their own (the pipe never fills).
    final class Server: @unchecked Sendable {
        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let condition = NSCondition()
        private var messages: [[String: Any]] = []
        private var ended = false
        private var nextID = 1

        init(_ executable: String, in directory: URL) throws {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["lsp"]
            process.currentDirectoryURL = directory
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let handle = output.fileHandleForReading
            Thread.detachNewThread { [self] in
                var buffer = Data()
                let separator = Data("\r\n\r\n".utf8)
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    buffer += chunk
                    while let end = buffer.range(of: separator) {
                        let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
                        guard
                            let length = header.split(separator: ":").last.flatMap({
                                Int($0.trimmingCharacters(in: .whitespaces))
                            }), buffer.distance(from: end.upperBound, to: buffer.endIndex) >= length
                        else { break }
                        let bodyEnd = buffer.index(end.upperBound, offsetBy: length)
                        let message =
                            (try? JSONSerialization.jsonObject(with: buffer[end.upperBound..<bodyEnd]))
                            as? [String: Any]
                        buffer = Data(buffer[bodyEnd...])
                        condition.lock()
                        if let message { messages.append(message) }
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

        func send(_ message: [String: Any]) throws {
            var message = message
            message["jsonrpc"] = "2.0"
            let body = try JSONSerialization.data(withJSONObject: message)
            input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        func request(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            try send(["id": id, "method": method, "params": params])
            guard let answer = next(where: { ($0["id"] as? Int) == id && $0["method"] == nil }) else {
                throw BenchmarkError(description: "layout-check lsp did not answer \(method)")
            }
            return answer
        }

        func diagnostics(uri: String, version: Int) -> [[String: Any]]? {
            let message = next { message in
                guard message["method"] as? String == "textDocument/publishDiagnostics",
                    let params = message["params"] as? [String: Any]
                else { return false }
                return params["uri"] as? String == uri && params["version"] as? Int == version
            }
            return (message?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
        }

        /// Removes the first message that matches and every one before it, waiting up to a minute.
        private func next(where matches: ([String: Any]) -> Bool) -> [String: Any]? {
            let deadline = Date(timeIntervalSinceNow: 60)
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let index = messages.firstIndex(where: matches) {
                    let found = messages[index]
                    messages.removeSubrange(...index)
                    return found
                }
                if ended || !condition.wait(until: deadline) { return nil }
            }
        }

        var residentKiB: Int? {
            guard
                let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
            else { return nil }
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }

        func close() {
            try? send(["id": 0, "method": "shutdown"])
            try? send(["method": "exit"])
            process.waitUntilExit()
        }
    }
}
