import Foundation
import LayoutKit

/// The repository's files, found from this source file so tests read the real ones in place.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let layouts = root.appendingPathComponent("Layouts")
    static let schemas = root.appendingPathComponent("Schemas")
    static let fixtures = root.appendingPathComponent("Tests/LayoutKitTests/Fixtures")

    static func files(in folder: String, suffix: String) -> [String] {
        let url = fixtures.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    /// The catalog of `Fixtures/Schemas/Fixtures.classes.xml`.
    static let fixtureCatalog: ClassCatalog = {
        let url = fixtures.appendingPathComponent("Schemas/Fixtures.classes.xml")
        let bytes = (try? Repository.bytes(url)) ?? []
        return ClassCatalog.load(schemas: [(path: url.path, bytes: bytes)]).catalog
    }()
}

/// What a fixture says it must produce: `<!-- expect: RULE LINE -->` comments.
struct Expectation: Hashable, CustomStringConvertible {
    var rule: String
    var line: Int

    var description: String { "\(rule)@\(line)" }

    init(rule: String, line: Int) {
        self.rule = rule
        self.line = line
    }

    /// What a diagnostic found; a finding about the whole run is at line 0.
    init(_ diagnostic: Diagnostic) {
        self.init(rule: diagnostic.rule.rawValue, line: diagnostic.sourceLocation?.line ?? 0)
    }

    static func parse(_ text: String) -> [Expectation] {
        var result: [Expectation] = []
        var rest = text[...]
        while let start = rest.range(of: "<!-- expect: ") {
            rest = rest[start.upperBound...]
            guard let end = rest.range(of: "-->") else { break }
            let fields = rest[..<end.lowerBound].split(separator: " ")
            if fields.count >= 2, let line = Int(fields[1]) {
                result.append(Expectation(rule: String(fields[0]), line: line))
            }
            rest = rest[end.upperBound...]
        }
        return result
    }
}
