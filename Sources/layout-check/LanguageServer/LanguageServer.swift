import Foundation
import LayoutKit

/// `layout-check lsp`: a language server for layouts, LSP 3.17 over standard input and output.
///
/// One thread reads a message, answers it and reads the next. Diagnostics are debounced without a second
/// thread: a changed document is due a fixed time after its last change, and the loop waits for input no
/// longer than until the next one is due. A message it cannot use (bad framing, bad JSON, unknown method,
/// wrong parameters, a file it does not have open) is answered with an LSP error and the loop goes on.
final class LanguageServer {
    /// How long after a document's last change its diagnostics are computed (milliseconds).
    static let debounceMilliseconds = 15

    /// An answer that is an error: a JSON-RPC code and a message.
    struct ResponseError: Error {
        var code: Int
        var message: String

        static let parseError = -32700
        static let invalidRequest = -32600
        static let methodNotFound = -32601
        static let invalidParams = -32602
        static let internalError = -32603
        static let serverNotInitialized = -32002
        static let requestFailed = -32803

        static func invalidParams(_ message: String) -> ResponseError {
            ResponseError(code: invalidParams, message: message)
        }
    }

    private var framing: MessageFraming
    private let toolchain: String?
    var documents: [String: TextDocument] = [:]
    private var checkers: [String: WorkspaceChecker] = [:]
    /// The workspace root of each folder a document was opened from: looked up once, not on each keystroke.
    private var roots: [String: String] = [:]
    /// Documents whose diagnostics are due, and when.
    private var due: [String: ContinuousClock.Instant] = [:]
    private var isInitialized = false
    private var isShutDown = false
    private var watchesFiles = false
    private var nextRequestID = 1
    /// Notices already logged, by root, so a re-read says only what is new.
    private var loggedNotices: [String: Set<String>] = [:]

    init(input: Int32, output: Int32, toolchain: String?) {
        framing = MessageFraming(input: input, output: output)
        self.toolchain = toolchain
    }

    /// Serves until `exit` or the end of the input; the process's exit status.
    func run() -> Int32 {
        while true {
            let wait = nextDueWait()
            if !framing.hasInput(within: wait) {
                publishDue()
                continue
            }
            switch framing.next() {
            case .end: return isShutDown ? 0 : 1
            case .malformed(let reason):
                send(error: ResponseError(code: ResponseError.parseError, message: reason), id: NSNull())
            case .body(let body):
                if let status = handle(body) { return status }
            }
            publishDue()
        }
    }

    // MARK: Messages

    /// Handles one message; the exit status when it was `exit`.
    private func handle(_ body: [UInt8]) -> Int32? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) else {
            send(error: ResponseError(code: ResponseError.parseError, message: "the message is not JSON"), id: NSNull())
            return nil
        }
        guard let message = object as? [String: Any] else {
            send(
                error: ResponseError(code: ResponseError.invalidRequest, message: "a message must be a JSON object"),
                id: NSNull())
            return nil
        }
        let id = message["id"].flatMap { $0 is String || $0 is NSNumber ? $0 : nil }
        guard let method = message["method"] as? String else {
            // A response to one of the server's own requests (registerCapability): nothing to do.
            if message["result"] != nil || message["error"] != nil { return nil }
            send(
                error: ResponseError(code: ResponseError.invalidRequest, message: "a message without a method"),
                id: id ?? NSNull())
            return nil
        }
        if method == "exit" { return isShutDown ? 0 : 1 }
        let params = message["params"] as? [String: Any] ?? [:]
        guard let id else {
            notify(method, params)
            return nil
        }
        do {
            let result = try request(method, params)
            send(result: result, id: id)
        } catch let error as ResponseError {
            send(error: error, id: id)
        } catch {
            send(error: ResponseError(code: ResponseError.internalError, message: "\(error)"), id: id)
        }
        return nil
    }

    private func request(_ method: String, _ params: [String: Any]) throws -> Any {
        if method == "initialize" {
            isInitialized = true
            let capabilities = params["capabilities"] as? [String: Any]
            let workspace = capabilities?["workspace"] as? [String: Any]
            let watched = workspace?["didChangeWatchedFiles"] as? [String: Any]
            watchesFiles = watched?["dynamicRegistration"] as? Bool == true
            return Self.initializeResult
        }
        guard isInitialized else {
            throw ResponseError(code: ResponseError.serverNotInitialized, message: "initialize first")
        }
        if isShutDown { throw ResponseError(code: ResponseError.invalidRequest, message: "the server is shut down") }
        switch method {
        case "shutdown":
            isShutDown = true
            return NSNull()
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        default:
            throw ResponseError(code: ResponseError.methodNotFound, message: "unknown method '\(method)'")
        }
    }

    private func notify(_ method: String, _ params: [String: Any]) {
        guard isInitialized, !isShutDown else { return }
        switch method {
        case "initialized":
            if watchesFiles { registerWatchers() }
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave": didSave(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        default: break  // `$/cancelRequest`, `$/setTrace` and the like: nothing to do.
        }
    }

    static var initializeResult: [String: Any] {
        [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "completionProvider": ["triggerCharacters": ["<", " ", "\"", "'"]],
                "hoverProvider": true,
                "definitionProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "renameProvider": ["prepareProvider": true],
            ] as [String: Any],
            "serverInfo": ["name": "layout-check", "version": toolVersion],
        ]
    }

    // MARK: Documents

    private func didOpen(_ params: [String: Any]) {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
            let text = item["text"] as? String
        else {
            return log("didOpen without a textDocument uri and text")
        }
        let version = item["version"] as? Int ?? 0
        documents[uri] = TextDocument(uri: uri, path: Self.path(of: uri), version: version, text: text)
        if Self.isChecked(uri) { due[uri] = .now }
    }

    private func didChange(_ params: [String: Any]) {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
            var document = documents[uri]
        else {
            return log("didChange for a document that is not open")
        }
        let version = item["version"] as? Int ?? document.version + 1
        for change in params["contentChanges"] as? [[String: Any]] ?? [] {
            guard let text = change["text"] as? String else { continue }
            var range: (TextDocument.Position, TextDocument.Position)?
            if let value = change["range"] {
                guard let parsed = Self.range(value) else {
                    log("didChange with a range that is not one; the change is ignored")
                    continue
                }
                range = parsed
            }
            if !document.apply(range: range, text: text, version: version) {
                log("didChange of \(uri) reaches outside the document; applied at its nearest place")
            }
        }
        documents[uri] = document
        guard Self.isChecked(uri) else { return }
        let when = ContinuousClock.now + .milliseconds(Self.debounceMilliseconds)
        due[uri] = when
        // The open layouts that include this one are judged again with it: an include's errors are theirs.
        if let name = WorkspaceChecker.layoutName(of: document.path) {
            let quoted = Array("\"\(name)\"".utf16)
            for (other, open) in documents where other != uri && Self.isLayout(other) && open.contains(quoted) {
                due[other] = when
            }
        }
    }

    private func didClose(_ params: [String: Any]) {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String else { return }
        documents[uri] = nil
        due[uri] = nil
        if Self.isChecked(uri) { publish(uri: uri, diagnostics: []) }
    }

    private func didSave(_ params: [String: Any]) {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String else { return }
        filesChanged([uri], created: false)
    }

    private func didChangeWatchedFiles(_ params: [String: Any]) {
        let changes = params["changes"] as? [[String: Any]] ?? []
        let uris = changes.compactMap { $0["uri"] as? String }
        filesChanged(uris, created: changes.contains { ($0["type"] as? Int) != 2 })
    }

    /// Swift files the catalog reads changed: read them again and judge every open layout again. Layouts
    /// created or deleted: forget the index of names.
    private func filesChanged(_ uris: [String], created: Bool) {
        var changed = false
        for checker in checkers.values {
            let paths = uris.map(Self.path(of:))
            if paths.contains(where: checker.readsSwift) {
                checker.reloadSwift()
                logNotices(of: checker)
                changed = true
            }
            if created, paths.contains(where: { $0.hasSuffix(".layout.xml") }) {
                checker.layoutsChanged()
                changed = true
            }
        }
        if changed || uris.contains(where: Self.isLayout) {
            for uri in documents.keys where Self.isChecked(uri) { due[uri] = .now }
        }
    }

    private func registerWatchers() {
        let registration: [String: Any] = [
            "id": "layout-check-watchers", "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": [["globPattern": "**/*.swift"], ["globPattern": "**/*.layout.xml"]]],
        ]
        let message: [String: Any] = [
            "jsonrpc": "2.0", "id": "layout-check-\(nextRequestID)", "method": "client/registerCapability",
            "params": ["registrations": [registration]],
        ]
        nextRequestID += 1
        write(message)
    }

    // MARK: Diagnostics

    /// Milliseconds until the next document is due (`-1`: none is).
    private func nextDueWait() -> Int32 {
        guard let next = due.values.min() else { return -1 }
        let remaining = next - .now
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        return Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 60_000))
    }

    private func publishDue() {
        let now = ContinuousClock.now
        for (uri, when) in due where when <= now {
            due[uri] = nil
            guard let document = documents[uri] else { continue }
            publish(uri: uri, diagnostics: diagnostics(of: document), version: document.version)
        }
    }

    /// The checker's findings for an open document, as LSP diagnostics.
    func diagnostics(of document: TextDocument) -> [[String: Any]] {
        let checker = checker(for: document.path)
        if !Self.isLayout(document.uri) {
            guard let found = checker.interfaceBuilderDiagnostics(forFile: document.path, text: document.bytes) else {
                log("\(document.path): no Swift sources were read for this workspace, so it is not checked")
                return []
            }
            return found.map { diagnostic in lspDiagnostic(diagnostic, in: document) }
        }
        return layoutFindings(document).map { diagnostic in lspDiagnostic(diagnostic, in: document) }
    }

    /// The checker's findings for an open layout, the other open layouts read as edited.
    func layoutFindings(_ document: TextDocument) -> [Diagnostic] {
        var open: [String: [UInt8]] = [:]
        for other in documents.values where Self.isLayout(other.uri) && other.uri != document.uri {
            open[other.path] = other.bytes
        }
        let bytes = document.bytes
        open[document.path] = bytes
        return checker(for: document.path).diagnostics(forFile: document.path, text: bytes, openDocuments: open)
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, in document: TextDocument) -> [String: Any] {
        let place = diagnostic.location
        let start = document.position(line: place.line, column: place.column)
        var result: [String: Any] = [
            "range": lspRange(document, start: start, end: tokenEnd(document, from: start)),
            "severity": diagnostic.severity == .error ? 1 : 2,
            "code": diagnostic.rule.rawValue,
            "source": "layout-check",
            "message": diagnostic.message,
        ]
        if !diagnostic.notes.isEmpty {
            result["relatedInformation"] = diagnostic.notes.map { note in
                [
                    "location": location(note.location),
                    "message": note.message,
                ] as [String: Any]
            }
        }
        return result
    }

    /// Where the token at `start` ends: a name, and the quoted value after `name=`; at `<`, the tag's name.
    private func tokenEnd(_ document: TextDocument, from start: TextDocument.Position) -> TextDocument.Position {
        guard let begin = document.exactOffset(of: start) else { return start }
        let units = document.units
        let lineEnd = document.lineEnd(start.line)
        var offset = begin
        if offset < lineEnd, units[offset] == 60 { offset += 1 }
        if offset < lineEnd, units[offset] == 47 { offset += 1 }
        while offset < lineEnd, LayoutSyntax.isNameUnit(units[offset]) { offset += 1 }
        if offset + 1 < lineEnd, units[offset] == 61, units[offset + 1] == 34 || units[offset + 1] == 39 {
            let quote = units[offset + 1]
            var close = offset + 2
            while close < lineEnd, units[close] != quote { close += 1 }
            offset = close < lineEnd ? close + 1 : close
        }
        return document.position(of: offset == begin ? min(begin + 1, lineEnd) : offset)
    }

    private func publish(uri: String, diagnostics: [[String: Any]], version: Int? = nil) {
        var params: [String: Any] = ["uri": uri, "diagnostics": diagnostics]
        if let version { params["version"] = version }
        write(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params])
    }

    // MARK: Workspaces

    /// The checker of the workspace a file belongs to, made (configuration read, classes read) the first
    /// time a file of it is opened.
    func checker(for path: String) -> WorkspaceChecker {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "/"
        let root: String
        if let known = roots[directory] {
            root = known
        } else {
            root = WorkspaceChecker.root(for: directory.isEmpty ? "/" : directory)
            roots[directory] = root
        }
        if let checker = checkers[root] { return checker }
        let checker = WorkspaceChecker(root: root, toolchain: toolchain)
        checkers[root] = checker
        logNotices(of: checker)
        return checker
    }

    private func logNotices(of checker: WorkspaceChecker) {
        var seen = loggedNotices[checker.root] ?? []
        for notice in checker.notices where seen.insert(notice.description).inserted {
            log("layout-check: \(notice.description)", type: notice.severity == .error ? 1 : 2)
        }
        loggedNotices[checker.root] = seen
    }

    // MARK: Output

    func log(_ message: String, type: Int = 3) {
        write(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": type, "message": message]])
    }

    private func send(result: Any, id: Any) {
        write(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func send(error: ResponseError, id: Any) {
        write(["jsonrpc": "2.0", "id": id, "error": ["code": error.code, "message": error.message]])
    }

    private func write(_ message: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: message, options: [.withoutEscapingSlashes])
        else { return }
        framing.write(Array(data))
    }

    // MARK: Conversions

    /// Whether a URI names a layout (`*.layout.xml`).
    static func isLayout(_ uri: String) -> Bool { uri.hasSuffix(".layout.xml") }

    /// Whether the server publishes diagnostics for a URI: a layout, or an Interface Builder file
    /// (`.xib`, `.storyboard`; read-only: no completion, hover, definition or rename).
    static func isChecked(_ uri: String) -> Bool {
        isLayout(uri) || uri.hasSuffix(".xib") || uri.hasSuffix(".storyboard")
    }

    /// The path of a `file:` URI, percent-decoded; other URIs are kept as they are.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        let rest = uri.dropFirst("file://".count)
        let path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? String(rest)
        return path.removingPercentEncoding ?? path
    }

    /// The `file:` URI of an absolute path.
    static func uri(of path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#[]@!$&'()*+,;=:")
        allowed.insert(charactersIn: "/")
        return "file://" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }

    /// An LSP range from JSON.
    static func range(_ value: Any) -> (start: TextDocument.Position, end: TextDocument.Position)? {
        guard let range = value as? [String: Any], let start = position(range["start"]),
            let end = position(range["end"])
        else { return nil }
        return (start, end)
    }

    /// An LSP position from JSON.
    static func position(_ value: Any?) -> TextDocument.Position? {
        guard let position = value as? [String: Any], let line = position["line"] as? Int,
            let character = position["character"] as? Int
        else { return nil }
        return TextDocument.Position(line: line, character: character)
    }

    func lspRange(_ document: TextDocument, start: TextDocument.Position, end: TextDocument.Position) -> [String: Any] {
        [
            "start": ["line": start.line, "character": start.character],
            "end": ["line": end.line, "character": end.character],
        ]
    }

    func lspRange(_ document: TextDocument, _ range: Range<Int>) -> [String: Any] {
        lspRange(document, start: document.position(of: range.lowerBound), end: document.position(of: range.upperBound))
    }

    /// An LSP location for a checker's location: in an open document, converted exactly; in a file on
    /// disk, its line and column taken as UTF-16 (exact for ASCII lines, as Swift declarations are).
    func location(_ location: SourceLocation) -> [String: Any] {
        let path =
            location.file.hasPrefix("/")
            ? location.file : FileManager.default.currentDirectoryPath + "/" + location.file
        let uri = Self.uri(of: path)
        if let document = documents[uri] {
            let start = document.position(line: location.line, column: location.column)
            return ["uri": uri, "range": lspRange(document, start: start, end: start)]
        }
        let position: [String: Any] = ["line": max(0, location.line - 1), "character": max(0, location.column - 1)]
        return ["uri": uri, "range": ["start": position, "end": position]]
    }
}
