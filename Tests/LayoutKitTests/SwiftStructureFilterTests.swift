import Foundation
import Testing

@testable import LayoutChecking
@testable import LayoutKit

/// What the worker keeps of sourcekitd's reply (`SwiftStructureFilter`): the same declarations as the
/// whole reply gives, in a reply that grows with the declarations rather than with the code in bodies,
/// and a clear failure for a reply the checker does not read.
@Suite struct SwiftStructureFilterTests {
    static let sourceKit = Result { () throws(SourceKit.LoadError) in
        try SourceKit(toolchain: nil, environment: ProcessInfo.processInfo.environment)
    }

    /// Everything the reader takes from a file's declarations, as text, to compare two readings.
    static func summary(_ declarations: SwiftDeclarations) -> String {
        "\(declarations.types)\n\(declarations.typeAliases)\n\(declarations.enumCases.sorted { $0.key < $1.key })\n"
            + "\(declarations.protocols.sorted())\n\(declarations.diagnostics)"
    }

    /// Every Swift file of the repository: LayoutKit's own sources, the examples and the test fixtures
    /// (outlets, actions, member lists, enums, typealiases, nested and generic classes, a file that does
    /// not parse) read through the filter and through a reply that keeps every node: the same declarations.
    @Test func theFilteredReplyGivesTheSameDeclarationsAsTheWholeOne() throws {
        let sourceKit = try Self.sourceKit.get()
        let files = ["Sources", "Examples", "Tests"].flatMap { folder in
            let enumerator = FileManager.default.enumerator(atPath: Repository.root.appendingPathComponent(folder).path)
            return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
                .map { "\(folder)/\($0)" }
        }
        #expect(files.count > 100)
        var compared = 0
        for file in files {
            let bytes = try Repository.bytes(Repository.root.appendingPathComponent(file))
            let filtered = SwiftDeclarations.read(bytes, file: file, with: sourceKit)
            var everything = SwiftStructureFilter()
            everything.keepsEverything = true
            let whole = SwiftDeclarations.read(bytes, file: file) {
                sourceKit.reply(to: $0, name: file, filter: everything)
            }
            #expect(Self.summary(filtered) == Self.summary(whole), "\(file)")
            compared += filtered.types.isEmpty ? 0 : 1
        }
        #expect(compared > 50, "files that declare classes were compared")
    }

    /// `ReplyJSON`, the parent's reader of the worker's lines, reads what Foundation's `JSONSerialization`
    /// reads: every line of the filtered replies of the repository's Swift files (each kept whole too), the
    /// hostile replies, and JSON the filter never writes (escapes, surrogates, numbers of every form); and it
    /// refuses what Foundation refuses.
    @Test func theReplyReaderReadsWhatFoundationReads() throws {
        let sourceKit = try Self.sourceKit.get()
        func canonical(_ object: Any) -> Data? {
            try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        }
        func compare(_ line: [UInt8], _ label: String) {
            let foundation = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
            let ours = ReplyJSON.object(line[...])
            #expect((foundation == nil) == (ours == nil), "\(label): \(String(decoding: line, as: UTF8.self))")
            if let foundation, let ours {
                #expect(canonical(foundation) == canonical(ours), "\(label)")
            }
        }
        var lines = 0
        for file in [
            "Sources/LayoutChecking/Swift/SourceKit.swift", "Examples/PhotoApp/PhotoCell.swift",
            "Sources/LayoutChecking/InterfaceBuilder/InterfaceBuilderCheck.swift",
            "Tests/LayoutCheckTests/Fixtures/InterfaceBuilder/Identifiers/Shop/CatalogViewController.swift",
        ] {
            let bytes = try Repository.bytes(Repository.root.appendingPathComponent(file))
            var everything = SwiftStructureFilter(calls: IdentifierUseReader.callees)
            everything.keepsEverything = true
            for filter in [SwiftStructureFilter(calls: IdentifierUseReader.callees), everything] {
                guard case .json(let json) = sourceKit.reply(to: bytes, name: file, filter: filter) else {
                    Issue.record("sourcekitd did not answer for \(file)")
                    continue
                }
                for line in json.split(separator: "\n") {
                    compare(Array(line.utf8), file)
                    lines += 1
                }
            }
        }
        #expect(lines > 20)
        for name in Repository.files(in: "hostile-replies", suffix: ".json") {
            compare(try Repository.bytes(Repository.fixtures.appendingPathComponent("hostile-replies/\(name)")), name)
        }
        let edges = [
            #"{"a":"\"\\\/\b\f\n\r\t","b":"\u00e9\u20ac\ud83d\ude00"}"#, #"{"c":"\ud800x"}"#, #"{"c":"\udc00"}"#,
            #"{"n":[0,-1,12,9223372036854775807,1.5,1E-2,-0.25]}"#,
            #"{"m":[{"a":1},2,"x",[],{}],"e":[],"o":{},"t":true,"f":false,"z":null}"#,
            " \t{ \"a\" : [ { } , { \"b\" : 1 } ] }\r\n",
            #"{"a":1,}"#, #"{"a":[1,]}"#, #"{"a":"x"#, #"{"a":01}"#, #"{"a":-}"#, #"{"a":1} x"#, #"["a"]"#,
            #"{"a":tru}"#, "{\"a\":\"\u{1}\"}", #"{"a":"\x"}"#, #"{"a":"\u12"}"#, #"{a:1}"#, "", "{",
            #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":1e}"#,
        ]
        for edge in edges { compare(Array(edge.utf8), "edge") }
        // Numbers where Foundation's own types differ (`NSDecimalNumber`, a whole `Double`): an `Int` only
        // for a whole number in range, which is all the readers take.
        let numbers = ReplyJSON.object(Array(#"{"n":[9223372036854775808,-2e3,7]}"#.utf8)[...])?["n"] as? [Any]
        #expect(numbers?.map { $0 as? Int } == [nil, nil, 7])
    }

    /// `ReplyJSON.node`, the typed reader the declaration readers use, reads every field that the dictionary
    /// reader reads from the real replies; it drops keys the filter never writes; and it refuses a reply that
    /// gives one of the filter's keys a value of another type (a broken worker), which the dictionary reader
    /// would pass on for every cast to miss.
    @Test func theNodeReaderReadsWhatTheDictionaryReaderReads() throws {
        let sourceKit = try Self.sourceKit.get()
        func dictionary(_ node: StructureNode) -> [String: Any] {
            var result: [String: Any] = [:]
            let strings: [(SwiftStructureKey, String?)] = [
                (.kind, node.kind), (.name, node.name), (.typeName, node.typeName),
                (.selectorName, node.selectorName), (.attribute, node.attribute), (.severity, node.severity),
                (.description, node.description),
            ]
            for (key, value) in strings { if let value { result[key.rawValue] = value } }
            let integers: [(SwiftStructureKey, Int?)] = [
                (.offset, node.offset), (.length, node.length), (.nameOffset, node.nameOffset),
                (.bodyOffset, node.bodyOffset), (.bodyLength, node.bodyLength), (.line, node.line),
                (.column, node.column),
            ]
            for (key, value) in integers { if let value { result[key.rawValue] = value } }
            let lists: [(SwiftStructureKey, [StructureNode])] = [
                (.substructure, node.children), (.attributes, node.attributeNodes),
                (.inheritedTypes, node.inheritedTypes), (.diagnostics, node.diagnostics),
            ]
            for (key, value) in lists where !value.isEmpty { result[key.rawValue] = value.map(dictionary) }
            return result
        }
        /// The dictionary reader's reading, with empty lists dropped as the node has none.
        func known(_ object: [String: Any]) -> [String: Any] {
            object.reduce(into: [:]) { result, entry in
                if let list = entry.value as? [[String: Any]] {
                    if !list.isEmpty { result[entry.key] = list.map(known) }
                } else {
                    result[entry.key] = entry.value
                }
            }
        }
        func canonical(_ object: Any) -> Data? {
            try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        }
        var lines = 0
        for file in [
            "Sources/LayoutChecking/Swift/SourceKit.swift", "Examples/PhotoApp/PhotoCell.swift",
            "Sources/LayoutChecking/InterfaceBuilder/InterfaceBuilderCheck.swift",
            "Tests/LayoutCheckTests/Fixtures/InterfaceBuilder/Identifiers/Shop/CatalogViewController.swift",
        ] {
            let bytes = try Repository.bytes(Repository.root.appendingPathComponent(file))
            guard case .json(let json) = sourceKit.reply(to: bytes, name: file, calls: IdentifierUseReader.callees)
            else {
                Issue.record("sourcekitd did not answer for \(file)")
                continue
            }
            for line in json.split(separator: "\n") {
                let text = Array(line.utf8)[...]
                let node = try #require(ReplyJSON.node(text), "\(file): \(line)")
                let object = try #require(ReplyJSON.object(text))
                #expect(canonical(dictionary(node)) == canonical(known(object)), "\(file): \(line)")
                lines += 1
            }
        }
        #expect(lines > 10)
        let unknown = ReplyJSON.node(Array(#"{"key.kind":"k","other":[1,{"a":"b"}],"key.offset":3,}"#.utf8)[...])
        #expect(unknown?.kind == "k" && unknown?.offset == 3)
        for wrong in [
            #"{"key.kind":5}"#, #"{"key.offset":"3"}"#, #"{"key.offset":1.5}"#, #"{"key.substructure":{}}"#,
            #"{"key.substructure":[1]}"#, #"{"key.attributes":[{"key.attribute":true}]}"#, #"["key.kind"]"#,
            #"{"key.kind":"k"} x"#,
        ] {
            #expect(ReplyJSON.node(Array(wrong.utf8)[...]) == nil, "\(wrong)")
        }
    }

    /// A class whose method bodies hold 4× the statements: the same reply but for the digits of a length,
    /// where the whole reply grows with every call in them.
    @Test func theReplyDoesNotGrowWithFunctionBodies() throws {
        let sourceKit = try Self.sourceKit.get()
        func source(statements: Int) -> [UInt8] {
            let body = (0..<statements).map { "        label.text = String(describing: compute(\($0), [\($0)]))" }
            return Array(
                ("final class Screen: UIViewController {\n    @IBOutlet weak var label: UILabel!\n"
                    + "    @IBAction func tapped(_ sender: UIButton) {\n" + body.joined(separator: "\n")
                    + "\n    }\n}\n")
                    .utf8)
        }
        var everything = SwiftStructureFilter()
        everything.keepsEverything = true
        var sizes: [Int] = []
        var wholeSizes: [Int] = []
        for statements in [500, 2_000] {
            guard case .json(let json) = sourceKit.reply(to: source(statements: statements), name: "Screen.swift"),
                case .json(let whole) = sourceKit.reply(
                    to: source(statements: statements), name: "Screen.swift", filter: everything)
            else {
                Issue.record("sourcekitd did not answer")
                return
            }
            sizes.append(json.utf8.count)
            wholeSizes.append(whole.utf8.count)
        }
        // Only the method's length and the offsets after it take more digits.
        #expect(sizes[1] - sizes[0] <= 16, "\(sizes)")
        #expect(wholeSizes[1] > 3 * wholeSizes[0], "the whole reply does grow: \(wholeSizes)")
    }

    /// n classes against 4n: the reply grows in proportion, no faster.
    @Test func theReplyGrowsLinearlyWithTheDeclarations() throws {
        let sourceKit = try Self.sourceKit.get()
        func source(classes: Int) -> [UInt8] {
            Array(
                (0..<classes).map {
                    "final class Screen\($0): UIViewController {\n    @IBOutlet weak var label: UILabel!\n}\n"
                }.joined().utf8)
        }
        var sizes: [Double] = []
        for classes in [250, 1_000] {
            guard case .json(let json) = sourceKit.reply(to: source(classes: classes), name: "Screens.swift") else {
                Issue.record("sourcekitd did not answer")
                return
            }
            sizes.append(Double(json.utf8.count))
        }
        #expect(sizes[1] / sizes[0] > 3.5 && sizes[1] / sizes[0] < 4.5, "\(sizes)")
    }

    /// Calls named in `calls` are kept wherever they are, with their arguments, however deep in a body.
    @Test func wantedCallsAreKeptFromInsideBodies() throws {
        let sourceKit = try Self.sourceKit.get()
        let source = Array(
            """
            final class ListController: UITableViewController {
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    if indexPath.row > 0 {
                        return tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath)
                    }
                    return UITableViewCell()
                }
            }
            func helper() { _ = UIStoryboard(name: "Main", bundle: nil) }

            """.utf8)
        guard case .json(let plain) = sourceKit.reply(to: source, name: "List.swift"),
            case .json(let withCalls) = sourceKit.reply(
                to: source, name: "List.swift", calls: ["dequeueReusableCell", "UIStoryboard"])
        else {
            Issue.record("sourcekitd did not answer")
            return
        }
        #expect(!plain.contains("dequeueReusableCell"))
        #expect(withCalls.contains(#""key.name":"tableView.dequeueReusableCell""#), "\(withCalls)")
        #expect(withCalls.contains(#""key.name":"withIdentifier""#), "\(withCalls)")
        #expect(withCalls.contains(#""key.name":"UIStoryboard""#), "\(withCalls)")
        #expect(!withCalls.contains(#""key.name":"UITableViewCell""#), "\(withCalls)")
    }

    /// The worker looks keys up by `ordinal`, an index into the UIDs it made in `allCases`' order.
    @Test func everyKeysOrdinalIsItsPlaceInAllCases() {
        #expect(SwiftStructureKey.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
        // The worker marks the keys a dictionary has in the bits of a UInt32.
        #expect(SwiftStructureKey.allCases.count <= 32)
    }

    /// `nibName:` keeps the calls whose first argument has that label, whatever the callee (a view
    /// controller's own `init(nibName:bundle:)`, `super.init`), and no other call of the same callee.
    @Test func aCallIsKeptByItsFirstArgumentsLabel() throws {
        let sourceKit = try Self.sourceKit.get()
        let source = Array(
            """
            func show() {
                let screen = ProfileViewController(nibName: "Profile", bundle: nil)
                let other = ProfileViewController(style: .plain)
                present(screen, animated: true)
            }

            """.utf8)
        guard case .json(let reply) = sourceKit.reply(to: source, name: "Show.swift", calls: ["nibName:"]) else {
            Issue.record("sourcekitd did not answer")
            return
        }
        #expect(reply.contains(#""key.name":"nibName""#), "\(reply)")
        #expect(!reply.contains(#""key.name":"style""#), "\(reply)")
        #expect(!reply.contains(#""key.name":"present""#), "\(reply)")
    }

    /// A reply the checker does not read, from a broken or hostile worker: one `unreadable-file` at the
    /// file's first line that says why, in memory bounded by the reply, never a crash.
    @Test(arguments: [
        ("not json", "is not a JSON object"),
        ("[1, 2]", "is not a JSON object"),
        (String(repeating: "[", count: 200_000), "nested deeper than the checker reads"),
        (
            "{\"key.substructure\": " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
                + "}",
            "nested deeper than the checker reads"
        ),
        ("{\"key.substructure\": [\"" + String(repeating: "x", count: 33 * 1024 * 1024) + "\"]}", "larger than 32 MiB"),
    ])
    func aReplyTheCheckerDoesNotReadIsUnreadableFile(reply: String, reason: String) {
        let declarations = SwiftDeclarations.read(Array("class A {}\n".utf8), file: "A.swift") { _ in .json(reply) }
        #expect(declarations.types.isEmpty)
        #expect(declarations.diagnostics.map(\.rule) == [.unreadableFile])
        #expect(declarations.diagnostics.first?.message.contains(reason) == true, "\(declarations.diagnostics)")
        #expect(declarations.diagnostics.first?.sourceLocation == SourceLocation(file: "A.swift", line: 1, column: 1))
    }

    /// The hostile replies kept in Fixtures/hostile-replies (wrong types, offsets outside the file, keys
    /// missing, huge arrays, nesting at the limit and past it), through the filter as the worker applies
    /// it and then the parent's reading: declarations or one diagnostic with a place, never a crash.
    @Test func hostileRepliesEndInDeclarationsOrADiagnostic() throws {
        let names = Repository.files(in: "hostile-replies", suffix: ".json")
        #expect(names.count >= 6)
        let text = Array("final class A: UIView {\n    @IBOutlet weak var label: UILabel!\n}\n".utf8)
        for name in names {
            let bytes = try Repository.bytes(Repository.fixtures.appendingPathComponent("hostile-replies/\(name)"))
            // As the worker filters it, then as the parent reads it; and as the parent reads a worker's
            // reply that was never filtered.
            let filtered = Self.readThroughFilter(bytes, text: text, file: name)
            let direct = SwiftDeclarations.read(text, file: name) { _ in .json(String(decoding: bytes, as: UTF8.self)) }
            for diagnostic in filtered.diagnostics + direct.diagnostics {
                #expect(diagnostic.sourceLocation.map { $0.line >= 1 && $0.column >= 1 } == true, "\(name)")
                #expect(!diagnostic.message.contains("\n"), "\(name)")
            }
        }
    }

    /// A structure nested past the filter's limit (which no JSON text can carry to it, Foundation's
    /// reader stopping at 512 levels) is refused with the reason, in the worker.
    @Test func aStructureNestedPastTheLimitIsRefused() {
        var node: [String: Any] = ["key.kind": "source.lang.swift.decl.class", "key.name": "Deep"]
        for _ in 0..<1_000 {
            node = ["key.kind": "source.lang.swift.decl.class", "key.name": "Deep", "key.substructure": [node]]
        }
        #expect(throws: SwiftStructureFilter.Refusal.self) {
            try SwiftStructureFilter().filter(JSONStructureValue(object: ["key.substructure": [node]]))
        }
        var shallow: [String: Any] = ["key.kind": "source.lang.swift.decl.class", "key.name": "Deep"]
        for _ in 0..<100 {
            shallow = ["key.kind": "source.lang.swift.decl.class", "key.name": "Deep", "key.substructure": [shallow]]
        }
        #expect(throws: Never.self) {
            try SwiftStructureFilter().filter(JSONStructureValue(object: ["key.substructure": [shallow]]))
        }
    }

    /// `reply` (sourcekitd's JSON) filtered as the worker does and read as the parent does.
    static func readThroughFilter(_ reply: [UInt8], text: [UInt8], file: String) -> SwiftDeclarations {
        SwiftDeclarations.read(text, file: file) { _ in
            guard let object = try? JSONSerialization.jsonObject(with: Data(reply), options: [.fragmentsAllowed])
            else { return .failure("sourcekitd's answer is not JSON") }
            do throws(SwiftStructureFilter.Refusal) {
                return .json(
                    String(
                        decoding: try SwiftStructureFilter().filter(JSONStructureValue(object: object)), as: UTF8.self))
            } catch {
                return .failure(error.reason)
            }
        }
    }
}
