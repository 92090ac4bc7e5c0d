import Foundation

/// The repository's root, found from this file's path (Tests/DocumentationTests/Support/).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The example app's layouts and class schemas, which the articles show and the snippets load.
let layoutsURL = repositoryRoot.appendingPathComponent("Layouts")
let schemasURL = repositoryRoot.appendingPathComponent("Schemas")

/// A fenced code block of an article, and the source it claims to show.
///
/// An article marks a block with an HTML comment on the line before its fence, which DocC does not render:
/// `<!-- snippet: PATH -->` shows the whole file at PATH (relative to the repository's root), and
/// `<!-- snippet: PATH#NAME -->` the lines between `// snippet: NAME` and `// snippet-end` in it, with
/// their common indentation removed. Every `swift` block must be marked, so that every line of Swift the
/// documentation shows is compiled by this package and run by its tests.
struct CodeBlock: Sendable, CustomStringConvertible {
    /// The article, relative to the repository's root.
    let article: String
    /// The 1-based line of the opening fence.
    let line: Int
    /// The language after the fence, `""` for none.
    let language: String
    /// What the block shows, without its fences.
    let body: String
    /// The range of `body`'s lines in the article, 0-based, end exclusive.
    let bodyLines: Range<Int>
    /// `PATH` or `PATH#NAME` from the marker, `nil` when the block has none.
    let source: String?

    var description: String { "\(article):\(line)" }

    /// Every fenced block of the Markdown file at `path` (relative to the repository's root).
    static func all(inArticle path: String) throws -> [CodeBlock] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [CodeBlock] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                index += 1
                continue
            }
            let opening = index
            var closing = opening + 1
            while closing < lines.count, lines[closing].trimmingCharacters(in: .whitespaces) != "```" {
                closing += 1
            }
            let marker = opening > 0 ? snippetMarker(lines[opening - 1]) : nil
            blocks.append(
                CodeBlock(
                    article: path, line: opening + 1, language: String(trimmed.dropFirst(3)),
                    body: lines[(opening + 1)..<min(closing, lines.count)].joined(separator: "\n"),
                    bodyLines: (opening + 1)..<closing, source: marker))
            index = closing + 1
        }
        return blocks
    }

    private static func snippetMarker(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- snippet:"), trimmed.hasSuffix("-->") else { return nil }
        return trimmed.dropFirst("<!-- snippet:".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
    }
}

/// A failure to find what a marker names.
struct SnippetError: Error, CustomStringConvertible {
    let description: String
}

/// The text a marker's `PATH` or `PATH#NAME` names, as the article must show it.
func snippetText(_ source: String) throws -> String {
    let parts = source.split(separator: "#", maxSplits: 1).map(String.init)
    let url = repositoryRoot.appendingPathComponent(parts[0])
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        throw SnippetError(description: "\(parts[0]) cannot be read")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    guard parts.count == 2 else { return lines.joined(separator: "\n") }
    let name = parts[1]
    let start = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// snippet: \(name)" }
    guard let start else { throw SnippetError(description: "\(parts[0]) has no `// snippet: \(name)`") }
    guard
        let end = lines[(start + 1)...].firstIndex(where: {
            $0.trimmingCharacters(in: .whitespaces) == "// snippet-end"
        })
    else { throw SnippetError(description: "\(parts[0]): `// snippet: \(name)` has no `// snippet-end`") }
    let region = lines[(start + 1)..<end]
    let indent = region.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return region.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
}

/// The Markdown files of both documentation catalogs, relative to the repository's root, sorted.
func catalogArticles() throws -> [String] {
    var articles: [String] = []
    for catalog in ["Sources/LayoutKit/LayoutKit.docc", "Sources/LayoutTesting/LayoutTesting.docc"] {
        let url = repositoryRoot.appendingPathComponent(catalog)
        let names = try FileManager.default.subpathsOfDirectory(atPath: url.path)
        // Not inside hidden folders, such as the .docc-build that `docc preview` leaves in the catalog.
        let visible = names.filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
        articles += visible.filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
    }
    return articles.sorted()
}
