import Foundation
import Testing

/// `layout-check lsp`, the real executable, driven over its standard input and output with framed
/// JSON-RPC: the CLI's findings as diagnostics, incremental changes, includes across the workspace, and a
/// server that answers every bad message with an error and goes on. The classes are class schemas, so
/// no sourcekitd is loaded (the end-to-end suite in Tests/LanguageServer reads Swift).
@Suite struct LanguageServerTests {
    static let schemas = try? String(
        contentsOf: Repository.root.appendingPathComponent(Repository.fixtureSchemas)
            .appendingPathComponent("Fixtures.classes.xml"), encoding: .utf8)

    static func layout(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
        \(body)
        </layout>

        """
    }

    /// A workspace: a configuration naming the fixture schemas, and layouts.
    static func workspace(_ layouts: [String: String]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(
            #"<layout-check xmlns="urn:layoutkit:config:1"><schemas path="Schemas"/></layout-check>"#,
            to: "layout-check.xml")
        try folder.write(try #require(schemas), to: "Schemas/Fixtures.classes.xml")
        for (path, text) in layouts { try folder.write(text, to: path) }
        return folder
    }

    static func started(_ folder: TemporaryDirectory) throws -> LanguageServerProcess {
        let server = try LanguageServerProcess(in: folder.url)
        let answer = try server.request(
            "initialize", ["capabilities": [:] as [String: Any], "rootUri": folder.url.absoluteString])
        let capabilities = try #require((answer["result"] as? [String: Any])?["capabilities"] as? [String: Any])
        #expect((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        try server.notify("initialized", [:])
        return server
    }

    static func open(_ server: LanguageServerProcess, _ uri: String, _ text: String) throws {
        try server.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": text] as [String: Any]])
    }

    static func codes(_ diagnostics: [[String: Any]]?) -> [String] {
        (diagnostics ?? []).compactMap { $0["code"] as? String }
    }

    static func uri(_ folder: TemporaryDirectory, _ path: String) -> String {
        folder.url.appendingPathComponent(path).absoluteString
    }

    @Test func lspTakesOnlyAToolchainAndHelpSaysSo() throws {
        let bad = try runLayoutCheck(["lsp", "--stdio"])
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.standardError.contains("'lsp' takes no argument but '--toolchain DIR'"), "\(bad)")
        let help = try runLayoutCheck(["--help"])
        #expect(help.standardOutput.contains("layout-check lsp [--toolchain DIR]"), "\(help)")
        // Standard input ends at once: the server stops, having had no shutdown (exit status 1, as LSP says).
        let ended = try runLayoutCheck(["lsp"], standardInput: "")
        #expect(ended.status == 1, "\(ended)")
    }

    @Test func anOpenedLayoutHasTheCLIsDiagnosticsAndAnIncrementalChangeClearsThem() throws {
        let text = Self.layout(#"<view class="Card" module="Fixtures"><label outlet="titelLabel"/></view>"#)
        let folder = try Self.workspace(["Card.layout.xml": text])
        defer { folder.remove() }
        let cli = try runLayoutCheck(["--format", "json", "Card.layout.xml"], in: folder.url).report()
        let server = try Self.started(folder)
        let uri = Self.uri(folder, "Card.layout.xml")
        try Self.open(server, uri, text)
        let diagnostics = try #require(server.diagnostics(for: uri))
        // The same findings, word for word, as the command line's, and at its line and column.
        #expect(diagnostics.map { $0["message"] as? String } == cli.diagnostics.map(\.message))
        #expect(Self.codes(diagnostics) == cli.diagnostics.map(\.rule))
        let starts = diagnostics.map { ($0["range"] as? [String: Any])?["start"] as? [String: Int] }
        #expect(starts == cli.diagnostics.map { ["line": $0.line - 1, "character": $0.column - 1] })
        #expect(Set(Self.codes(diagnostics)) == ["unknown-outlet", "unconnected-outlet"])

        // "titelLabel" → "titleLabel": replace "el" (line 3) with "le", in UTF-16 positions.
        let line = text.split(separator: "\n")[2]
        let column = try #require(line.range(of: "titelLabel")).lowerBound.utf16Offset(in: line) + 3
        let range: [String: Any] = [
            "start": ["line": 2, "character": column], "end": ["line": 2, "character": column + 2],
        ]
        try server.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2] as [String: Any],
                "contentChanges": [["range": range, "text": "le"] as [String: Any]],
            ])
        #expect(try #require(server.diagnostics(for: uri)).isEmpty)
        #expect(try server.stop() == 0)
    }

    @Test func completionHoverAndDefinitionFollowTheClassSchemas() throws {
        let text = Self.layout(
            #"<view class="Card" module="Fixtures"><label outlet="titleLabel"/>"#
                + #"<properties><property name="style" value="flat"/></properties></view>"#)
        let folder = try Self.workspace(["Card.layout.xml": text])
        defer { folder.remove() }
        let server = try Self.started(folder)
        let uri = Self.uri(folder, "Card.layout.xml")
        try Self.open(server, uri, text)
        _ = server.diagnostics(for: uri)
        let line = String(text.split(separator: "\n")[2])
        func at(_ needle: String, _ offset: Int) throws -> [String: Any] {
            let column = try #require(line.range(of: needle)).lowerBound.utf16Offset(in: line) + offset
            return ["textDocument": ["uri": uri], "position": ["line": 2, "character": column]]
        }
        func labels(_ answer: [String: Any]) -> [String] {
            ((answer["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap {
                $0["label"] as? String
            }
        }
        #expect(labels(try server.request("textDocument/completion", at(#"value="flat""#, 7))) == ["flat", "elevated"])
        #expect(labels(try server.request("textDocument/completion", at(#"module=""#, 8))) == ["Fixtures"])
        #expect(
            Set(labels(try server.request("textDocument/completion", at(#"name="style""#, 6))))
                == ["cornerRadius", "style", "caption", "count", "isPinned", "tint"])
        let hover = try server.request("textDocument/hover", at(#"outlet="titleLabel""#, 9))
        let value = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(value?.contains("outlet of `Fixtures.Card`, required") == true, "\(hover)")
        let definition = try server.request("textDocument/definition", at(#"class="Card""#, 8))
        let target = definition["result"] as? [String: Any]
        #expect(target?["uri"] as? String == Self.uri(folder, "Schemas/Fixtures.classes.xml"), "\(definition)")
        #expect(try server.stop() == 0)
    }

    @Test func everyBadMessageIsAnsweredWithAnErrorAndTheNextRequestWorks() throws {
        let text = Self.layout(#"<label font="body"/>"#)
        let folder = try Self.workspace(["Label.layout.xml": text])
        defer { folder.remove() }
        let server = try Self.started(folder)
        let uri = Self.uri(folder, "Label.layout.xml")
        try Self.open(server, uri, text)
        _ = server.diagnostics(for: uri)
        func errorCode(_ answer: [String: Any]?) -> Int? { (answer?["error"] as? [String: Any])?["code"] as? Int }

        server.write(raw: Data("Content-Length: 9\r\n\r\n{not json".utf8))
        #expect(errorCode(server.next { $0["error"] != nil }) == -32700)
        server.write(raw: Data("Content-Type: nothing\r\n\r\n".utf8))
        #expect(errorCode(server.next { $0["error"] != nil }) == -32700)
        #expect(errorCode(try server.request("layoutkit/nothing")) == -32601)
        // A message split across writes, its header with another field and the length's name in lower case.
        let body = Data(#"{"jsonrpc":"2.0","id":"split","method":"layoutkit/nothing"}"#.utf8)
        let framed =
            Data(
                "content-length: \(body.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8)
            + body
        server.write(raw: framed.prefix(20))
        Thread.sleep(forTimeInterval: 0.05)
        server.write(raw: framed.dropFirst(20))
        #expect(errorCode(server.next { $0["id"] as? String == "split" }) == -32601)
        let nowhere: [String: Any] = [
            "textDocument": ["uri": Self.uri(folder, "Nowhere.layout.xml")], "position": ["line": 0, "character": 0],
        ]
        #expect(errorCode(try server.request("textDocument/hover", nowhere)) == -32803)
        let outside: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 3, "character": 400]]
        #expect(errorCode(try server.request("textDocument/completion", outside)) == -32602)
        #expect(errorCode(try server.request("textDocument/definition", "not an object")) == -32602)
        let huge: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 2, "character": Int.max]]
        #expect(errorCode(try server.request("textDocument/hover", huge)) == -32602)
        // A change that reaches outside the document is applied at its nearest place, not a crash.
        let far: [String: Any] = [
            "start": ["line": 90, "character": 0], "end": ["line": Int.max, "character": Int.max],
        ]
        try server.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2] as [String: Any],
                "contentChanges": [["range": far, "text": "<!-- end -->"] as [String: Any]],
            ])

        let line = text.split(separator: "\n")[2]
        let column = try #require(line.range(of: "font")).lowerBound.utf16Offset(in: line) + 1
        let hover = try server.request(
            "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 2, "character": column]])
        let contents = (hover["result"] as? [String: Any])?["contents"] as? [String: Any]
        #expect((contents?["value"] as? String)?.contains("`largeTitle`") == true, "\(hover)")
        #expect(try server.stop() == 0)
    }

    @Test func anIncludedLayoutIsFoundInTheWorkspaceAndItsDeletionIsSeen() throws {
        let panel = Self.layout(
            #"<stackView class="Panel" module="Fixtures"><include layout="Badge" outlet="badge"/></stackView>"#)
        let folder = try Self.workspace([
            "Cells/Panel.layout.xml": panel,
            "Shared/Badge.layout.xml": Self.layout(#"<label class="Badge" module="Fixtures"/>"#),
        ])
        defer { folder.remove() }
        let server = try Self.started(folder)
        let uri = Self.uri(folder, "Cells/Panel.layout.xml")
        try Self.open(server, uri, panel)
        #expect(try #require(server.diagnostics(for: uri)).isEmpty)
        let line = panel.split(separator: "\n")[2]
        let column = try #require(line.range(of: "\"Badge\"")).lowerBound.utf16Offset(in: line) + 2
        let at: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 2, "character": column]]
        let definition = try server.request("textDocument/definition", at)
        #expect(
            (definition["result"] as? [String: Any])?["uri"] as? String == Self.uri(folder, "Shared/Badge.layout.xml"))

        // The included file is deleted while the layout is open: the next judgement says so.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Shared/Badge.layout.xml"))
        try server.notify(
            "workspace/didChangeWatchedFiles",
            ["changes": [["uri": Self.uri(folder, "Shared/Badge.layout.xml"), "type": 3] as [String: Any]]])
        #expect(Self.codes(server.diagnostics(for: uri)) == ["unknown-layout"])
        #expect(try server.request("textDocument/definition", at)["result"] is NSNull)
        #expect(try server.stop() == 0)
    }

    /// 2,000 seeded random edits of markup fragments (half tags, quotes, surrogate pairs, CRLF), at random
    /// places in and out of the document, each followed by a random request: every request is answered,
    /// with a result or an error, and the server still answers and shuts down cleanly at the end.
    @Test func randomEditsAndRequestsAreAlwaysAnswered() throws {
        let text = Self.layout(
            #"<view class="Card" module="Fixtures"><label outlet="titleLabel" text="x"/></view>"#)
        let folder = try Self.workspace(["Card.layout.xml": text])
        defer { folder.remove() }
        let server = try Self.started(folder)
        let uri = Self.uri(folder, "Card.layout.xml")
        try Self.open(server, uri, text)
        var random = LanguageServerRandom(seed: 42)
        let fragments = [
            "<", ">", "/>", "</", "\"", "'", "=", " ", "label", "outlet=\"", "class=\"", "<!--", "-->", "😀", "\r\n",
            "\n", "<include layout=\"", "<connections><outlet property=\"", "destination=\"", "", "<?", "]]>",
        ]
        let methods = [
            "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/prepareRename",
        ]
        var lines = 5
        var unanswered = 0
        for version in 2..<2002 {
            func place() -> [String: Int] {
                ["line": Int(random.next() % UInt64(lines + 2)), "character": Int(random.next() % 90)]
            }
            let fragment = fragments[Int(random.next() % UInt64(fragments.count))]
            lines += fragment.filter { $0 == "\n" || $0 == "\r\n" }.count
            try server.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": uri, "version": version] as [String: Any],
                    "contentChanges": [
                        ["range": ["start": place(), "end": place()], "text": fragment] as [String: Any]
                    ],
                ])
            let method = methods[Int(random.next() % UInt64(methods.count))]
            let answer = try server.request(method, ["textDocument": ["uri": uri], "position": place()])
            if answer["result"] == nil && answer["error"] == nil { unanswered += 1 }
        }
        #expect(unanswered == 0)
        #expect(try server.stop() == 0)
    }

    /// 10,000 edits (each typing and deleting one character) leave the server's resident memory where
    /// the first 1,000 left it, give or take 8 MiB: nothing is kept per edit.
    @Test func tenThousandEditsKeepTheServersMemoryFlat() throws {
        let text = Self.layout(#"<view class="Card" module="Fixtures"><label outlet="titleLabel" text="x"/></view>"#)
        let folder = try Self.workspace(["Card.layout.xml": text])
        defer { folder.remove() }
        let server = try Self.started(folder)
        let uri = Self.uri(folder, "Card.layout.xml")
        try Self.open(server, uri, text)
        _ = server.diagnostics(for: uri)
        let line = text.split(separator: "\n")[2]
        let column = try #require(line.range(of: "text=\"x")).upperBound.utf16Offset(in: line)
        var version = 1
        func edits(_ count: Int) throws {
            for index in 0..<count {
                version += 1
                let typed = index % 2 == 0
                let end = typed ? column : column + 1
                let range: [String: Any] = [
                    "start": ["line": 2, "character": column], "end": ["line": 2, "character": end],
                ]
                try server.notify(
                    "textDocument/didChange",
                    [
                        "textDocument": ["uri": uri, "version": version] as [String: Any],
                        "contentChanges": [["range": range, "text": typed ? "y" : ""] as [String: Any]],
                    ])
                // Now and then wait for the diagnostics, so that judgements run between the edits too.
                if index % 100 == 99 {
                    _ = try server.request(
                        "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 0]])
                }
            }
            _ = try server.request(
                "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 0]])
        }
        try edits(1000)
        let early = try #require(server.residentKiB)
        try edits(9000)
        let late = try #require(server.residentKiB)
        #expect(late - early < 8 * 1024, "resident memory grew from \(early) KiB to \(late) KiB")
        #expect(try server.stop() == 0)
    }
}

/// A small seeded generator (SplitMix64), so that a failure repeats.
struct LanguageServerRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
