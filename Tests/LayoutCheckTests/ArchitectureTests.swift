import Foundation
import Testing

/// ARCHITECTURE.md is drawn from the code: every type or target it names in backquotes (or in its diagrams)
/// is declared under Sources/, Plugins/ or Tests/, and every Swift file it names exists, so a rename that leaves the
/// document behind fails here rather than misleading the next reader.
@Suite struct ArchitectureTests {
    static let document = "ARCHITECTURE.md"

    /// Names of UIKit, Foundation and the toolchain the document mentions, which no file here declares.
    static let outside: Set<String> = ["UIResponder", "NSString", "Package", "PackagePlugin"]

    /// Every `struct`, `class`, `enum`, `protocol`, `actor` and `typealias` name declared in the code.
    static func declaredTypes() throws -> Set<String> {
        var names: Set<String> = []
        for folder in ["Sources", "Plugins", "Tests"] {
            let root = Repository.root.appendingPathComponent(folder)
            // A target is named by its folder.
            for target in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
                names.insert(target)
            }
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = files?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                for match in text.matches(of: /(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)/) {
                    names.insert(String(match.output.1))
                }
            }
        }
        return names
    }

    /// The type names the document uses: CamelCase words that begin a backquoted span, and the CamelCase
    /// words of its diagrams that read as types (`CheckRun.Inputs` → `CheckRun`).
    static func namedTypes(in text: String) -> Set<String> {
        var names: Set<String> = []
        for match in text.matches(of: #/`([A-Z][a-z]+[A-Z][A-Za-z0-9]*)(?!\.swift|[A-Za-z0-9/])/#) {
            names.insert(String(match.output.1))
        }
        var inDiagram = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inDiagram.toggle()
                continue
            }
            guard inDiagram else { continue }
            for match in line.matches(of: /(^|[^A-Za-z.\/])([A-Z][a-z]+(?:[A-Z][a-z0-9]+)+)(?![A-Za-z\/]|\.swift)/) {
                names.insert(String(match.output.2))
            }
        }
        return names
    }

    @Test func everyTypeTheDocumentNamesExists() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(Self.document), encoding: .utf8)
        let declared = try Self.declaredTypes()
        let named = Self.namedTypes(in: text)
        #expect(named.count >= 60, "the document names \(named.count) types: did the parsing break?")
        for name in named.sorted() where !declared.contains(name) && !Self.outside.contains(name) {
            Issue.record("\(Self.document) names `\(name)`, which nothing under Sources/, Plugins/ or Tests/ declares")
        }
    }

    @Test func everySwiftFileTheDocumentNamesExists() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(Self.document), encoding: .utf8)
        let named = Set(text.matches(of: /([A-Za-z+]+\.swift)/).map { String($0.output.1) })
        #expect(named.count >= 15, "the document names \(named.count) Swift files: did the parsing break?")
        var files: Set<String> = []
        for folder in ["Sources", "Plugins"] {
            let root = Repository.root.appendingPathComponent(folder)
            let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = found?.nextObject() as? URL { files.insert(url.lastPathComponent) }
        }
        for name in named.sorted() where !files.contains(name) {
            Issue.record("\(Self.document) names \(name), which no folder under Sources/ or Plugins/ holds")
        }
    }
}
