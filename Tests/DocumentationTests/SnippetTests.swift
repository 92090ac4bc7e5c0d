import Foundation
import Testing

/// The documentation catalogs show only code that this package compiles and runs: each Swift block of an
/// article is a marked region of a source file (see `CodeBlock`), and these tests keep the two identical.
///
/// `LAYOUTKIT_RECORD_SNIPPETS=1 swift test --filter DocumentationTests` rewrites the articles' marked blocks
/// from their sources, and fails once, saying what it rewrote.
@Suite struct SnippetTests {
    static let articles = (try? catalogArticles()) ?? []

    @Test func catalogsHaveArticles() {
        #expect(Self.articles.count >= 4, "found \(Self.articles)")
    }

    @Test(arguments: articles)
    func everySwiftBlockIsAMarkedSnippet(_ article: String) throws {
        for block in try CodeBlock.all(inArticle: article) where block.language == "swift" && block.source == nil {
            Issue.record(
                "\(block): a swift block must show a compiled file: put `<!-- snippet: PATH#NAME -->` on the line before it"
            )
        }
    }

    @Test(arguments: articles)
    func markedBlocksShowTheirSource(_ article: String) throws {
        let record = ProcessInfo.processInfo.environment["LAYOUTKIT_RECORD_SNIPPETS"] == "1"
        let url = repositoryRoot.appendingPathComponent(article)
        var lines = try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var rewritten: [String] = []
        // Last block first, so that replacing one does not move the lines of those before it.
        for block in try CodeBlock.all(inArticle: article).reversed() {
            guard let source = block.source else { continue }
            let expected: String
            do {
                expected = try snippetText(source)
            } catch {
                Issue.record("\(block): \(error)")
                continue
            }
            guard block.body != expected else { continue }
            if record {
                lines.replaceSubrange(
                    block.bodyLines,
                    with: expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                rewritten.append("\(block) from \(source)")
            } else {
                Issue.record(
                    """
                    \(block) differs from \(source); it should read (or run with LAYOUTKIT_RECORD_SNIPPETS=1):
                    \(expected)
                    """)
            }
        }
        if !rewritten.isEmpty {
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(rewritten.reversed().joined(separator: ", ")); check the article in")
        }
    }

    @Test func markersFindRegionsAndFiles() throws {
        #expect(try snippetText("Layouts/PhotoCell.layout.xml").hasPrefix("<?xml"))
        #expect(throws: SnippetError.self) { try snippetText("Layouts/PhotoCell.layout.xml#nothing") }
        #expect(throws: SnippetError.self) { try snippetText("No/Such/File.swift") }
    }
}
