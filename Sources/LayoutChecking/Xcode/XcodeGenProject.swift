import LayoutKit

/// What `layout-check` takes from an XcodeGen spec (`project.yml`) when no Xcode project has been
/// generated from it: its targets, each with its platform, its `sources:` folders and the targets and
/// packages it depends on.
///
/// XcodeGen files are YAML; the block-style subset they use (mappings, lists, plain and quoted scalars,
/// one-line flow lists, `|`/`>` block scalars, comments) is read here without a YAML library. Anything
/// else (anchors, aliases, flow mappings, `include:`, target templates) where it matters makes the spec
/// unreadable, with the reason and line, so that the run falls back on folder mode rather than guess.
package struct XcodeGenProject: Sendable, Equatable {
    /// A target of the spec.
    package struct Target: Sendable, Equatable {
        package var name: String
        /// `platform:` (`iOS`, `macOS`, …), every one listed.
        package var platforms: [String]
        /// The `sources:` paths, relative to the spec's folder, each with its plain (non-glob) `excludes:`.
        package var sources: [(path: String, excludes: [String])]
        /// `- target: Name`.
        package var targetDependencies: [String] = []
        /// `- package: Name` (with `product:` when given): the product's name.
        package var packageProducts: [String] = []

        /// Whether it may build for a UIKit platform; `true` when the spec does not say.
        package var buildsForUIKit: Bool {
            platforms.isEmpty || platforms.contains { ["iOS", "tvOS", "visionOS"].contains($0) }
        }

        package static func == (left: Target, right: Target) -> Bool {
            left.name == right.name && left.platforms == right.platforms
                && left.sources.map(\.path) == right.sources.map(\.path)
                && left.sources.map(\.excludes) == right.sources.map(\.excludes)
                && left.targetDependencies == right.targetDependencies && left.packageProducts == right.packageProducts
        }
    }

    package var name: String?
    package var targets: [Target] = []

    /// A spec, or why it is not read, at which line.
    package enum Reading: Sendable, Equatable {
        case project(XcodeGenProject)
        case unreadable(String, line: Int)
    }

    /// The most bytes of a spec read.
    package static let maximumBytes = 1 << 20

    /// Reads a spec's bytes.
    package static func read(_ bytes: [UInt8]) -> Reading {
        guard bytes.count <= maximumBytes else { return .unreadable("it is larger than 1 MiB", line: 1) }
        let root: YAMLValue
        do throws(YAMLProblem) {
            var parser = YAMLParser(String(decoding: bytes, as: UTF8.self))
            root = try parser.document()
        } catch {
            return .unreadable(error.message, line: error.line)
        }
        do throws(YAMLProblem) {
            return .project(try project(root))
        } catch {
            return .unreadable(error.message, line: error.line)
        }
    }

    private static func project(_ root: YAMLValue) throws(YAMLProblem) -> XcodeGenProject {
        guard case .map = root else { throw YAMLProblem("it is not a mapping", line: 1) }
        var project = XcodeGenProject()
        if let include = root["include"] {
            throw YAMLProblem("it includes other specs, which are not read", line: include.line)
        }
        project.name = root["name"]?.scalar
        guard let targets = root["targets"] else { throw YAMLProblem("it has no 'targets'", line: 1) }
        guard case .map(let named, _) = targets else {
            throw YAMLProblem("its 'targets' is not a mapping", line: targets.line)
        }
        for (name, value) in named { project.targets.append(try target(name, value)) }
        return project
    }

    private static func target(_ name: String, _ value: YAMLValue) throws(YAMLProblem) -> Target {
        guard case .map = value else { throw YAMLProblem("target '\(name)' is not a mapping", line: value.line) }
        for key in ["templates", "template"] {
            if let templates = value[key] {
                throw YAMLProblem("target '\(name)' uses templates, which are not read", line: templates.line)
            }
        }
        var target = Target(name: name, platforms: [], sources: [])
        if let platform = value["platform"] {
            target.platforms = try scalars(platform, what: "the platform of target '\(name)'")
        }
        if let sources = value["sources"] {
            let items: [YAMLValue] = if case .list(let items, _) = sources { items } else { [sources] }
            for item in items { target.sources.append(try source(item, of: name)) }
        }
        if let dependencies = value["dependencies"] {
            guard case .list(let items, _) = dependencies else {
                throw YAMLProblem("the dependencies of target '\(name)' are not a list", line: dependencies.line)
            }
            for item in items {
                if let other = item["target"]?.scalar {
                    target.targetDependencies.append(other)
                } else if let package = item["package"]?.scalar {
                    target.packageProducts.append(item["product"]?.scalar ?? package)
                } else if case .unreadable(let why, let line) = item {
                    throw YAMLProblem(why, line: line)
                }
            }
        }
        return target
    }

    private static func source(_ item: YAMLValue, of target: String) throws(YAMLProblem) -> (String, [String]) {
        if let path = item.scalar { return (path, []) }
        guard case .map = item, let path = item["path"]?.scalar else {
            throw YAMLProblem("a source of target '\(target)' is not a path", line: item.line)
        }
        var excludes: [String] = []
        if let listed = item["excludes"] {
            for pattern in try scalars(listed, what: "what a source of target '\(target)' excludes") {
                // `Frameworks/*` and `Frameworks/**`: everything in the folder, which is the folder excluded.
                for suffix in ["/**", "/*"] where pattern.hasSuffix(suffix) {
                    let folder = String(pattern.dropLast(suffix.count))
                    if !folder.isEmpty, !folder.contains(where: { "*?[".contains($0) }) {
                        excludes.append(folder)
                    }
                }
                if let last = excludes.last, pattern.hasPrefix(last + "/"), pattern.hasSuffix("*") { continue }
                if pattern.contains("*") || pattern.contains("?") || pattern.contains("[") {
                    // A glob: plain paths are exceptions, and a glob that can reach a Swift or Interface
                    // Builder file is more than this reader says.
                    let reaches = ["swift", "xib", "storyboard"].contains { pattern.hasSuffix($0) }
                    if reaches || pattern.hasSuffix("*") {
                        throw YAMLProblem(
                            "a source of target '\(target)' excludes '\(pattern)', a pattern", line: listed.line)
                    }
                    continue
                }
                excludes.append(pattern)
            }
        }
        return (path, excludes)
    }

    private static func scalars(_ value: YAMLValue, what: String) throws(YAMLProblem) -> [String] {
        if let scalar = value.scalar { return [scalar] }
        if case .list(let items, _) = value {
            var result: [String] = []
            for item in items {
                guard let scalar = item.scalar else {
                    throw YAMLProblem("\(what) is not a list of words", line: item.line)
                }
                result.append(scalar)
            }
            return result
        }
        throw YAMLProblem("\(what) is not a word or a list of words", line: value.line)
    }
}

/// Why a spec is not read, and where.
struct YAMLProblem: Error {
    var message: String
    var line: Int

    init(_ message: String, line: Int) {
        self.message = message
        self.line = line
    }
}

/// A value of the block-style YAML subset, with the line it starts on.
indirect enum YAMLValue {
    case scalar(String, line: Int)
    case list([YAMLValue], line: Int)
    case map([(key: String, value: YAMLValue)], line: Int)
    /// A value this reader does not read (an alias, a flow mapping): an error only where it is needed.
    case unreadable(String, line: Int)

    var line: Int {
        switch self {
        case .scalar(_, let line), .list(_, let line), .map(_, let line), .unreadable(_, let line): line
        }
    }

    var scalar: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    /// The value of `key` in a mapping.
    subscript(key: String) -> YAMLValue? {
        guard case .map(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

/// Reads the block-style subset line by line, by indentation.
struct YAMLParser {
    /// One line with content: where its content starts, whether it is a list item (`- `), its content
    /// after the dash, and its number.
    struct Line {
        var indent: Int
        var isItem: Bool
        var text: Substring
        var number: Int
        /// The column of the content after the dash, for an item.
        var contentIndent: Int
    }

    var lines: [Line] = []
    /// Every line as written, for block scalars, which are skipped by indentation.
    private var index = 0
    private var depth = 0
    static let maximumDepth = 64

    init(_ text: String) {
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let content = Self.withoutComment(line)
            let indent = content.prefix { $0 == " " }.count
            let text = content.dropFirst(indent)
            if text.isEmpty || text == "---" || text == "..." { continue }
            if text == "-" || text.hasPrefix("- ") {
                let rest = text.dropFirst(1)
                let spaces = rest.prefix { $0 == " " }.count
                lines.append(
                    Line(
                        indent: indent, isItem: true, text: rest.dropFirst(spaces), number: number,
                        contentIndent: indent + 1 + spaces))
            } else {
                lines.append(Line(indent: indent, isItem: false, text: text, number: number, contentIndent: indent))
            }
        }
    }

    /// A line without its comment: a `#` at its start or after a space, outside quotes.
    static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return Substring(String(line[..<index]).trimmingTrailingSpaces)
            }
            previous = character
        }
        return Substring(String(line).trimmingTrailingSpaces)
    }

    mutating func document() throws(YAMLProblem) -> YAMLValue {
        guard !lines.isEmpty else { throw YAMLProblem("it is empty", line: 1) }
        if lines.contains(where: { $0.text.first == "\t" }) {
            throw YAMLProblem("it is indented with tabs", line: lines.first { $0.text.first == "\t" }?.number ?? 1)
        }
        let value = try node()
        if index < lines.count {
            throw YAMLProblem("its indentation is not one this reader follows", line: lines[index].number)
        }
        return value
    }

    private mutating func node() throws(YAMLProblem) -> YAMLValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw YAMLProblem("it nests deeper than \(Self.maximumDepth)", line: lines[index].number)
        }
        return lines[index].isItem ? try list(indent: lines[index].indent) : try map(indent: lines[index].indent)
    }

    private mutating func list(indent: Int) throws(YAMLProblem) -> YAMLValue {
        let start = lines[index].number
        var items: [YAMLValue] = []
        while index < lines.count, lines[index].indent == indent, lines[index].isItem {
            let line = lines[index]
            if line.text.isEmpty {
                index += 1
                items.append(
                    index < lines.count && lines[index].indent > indent ? try node() : .scalar("", line: line.number))
            } else if Self.keyAndValue(line.text) != nil {
                // `- key: value`: a mapping whose first entry is on the dash's line.
                lines[index] = Line(
                    indent: line.contentIndent, isItem: false, text: line.text, number: line.number,
                    contentIndent: line.contentIndent)
                items.append(try map(indent: line.contentIndent))
            } else {
                index += 1
                items.append(Self.inline(line.text, line: line.number))
            }
        }
        return .list(items, line: start)
    }

    private mutating func map(indent: Int) throws(YAMLProblem) -> YAMLValue {
        let start = lines[index].number
        var entries: [(key: String, value: YAMLValue)] = []
        while index < lines.count, lines[index].indent == indent, !lines[index].isItem {
            let line = lines[index]
            guard let (key, value) = Self.keyAndValue(line.text) else {
                throw YAMLProblem("a line is neither 'key: value' nor '- item'", line: line.number)
            }
            index += 1
            if value.isEmpty {
                let nested =
                    index < lines.count
                    && (lines[index].indent > indent || (lines[index].indent == indent && lines[index].isItem))
                entries.append((key, nested ? try node() : .scalar("", line: line.number)))
            } else if value.hasPrefix("|") || value.hasPrefix(">") {
                // A block scalar: its lines are those indented deeper (a script, a description); not read.
                while index < lines.count, lines[index].indent > indent { index += 1 }
                entries.append((key, .unreadable("a block scalar", line: line.number)))
            } else {
                entries.append((key, Self.inline(value, line: line.number)))
            }
        }
        return .map(entries, line: start)
    }

    /// `key: value` (the value possibly empty), the key unquoted; `nil` for any other line.
    static func keyAndValue(_ text: Substring) -> (String, Substring)? {
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "'" || character == "\"", index == text.startIndex {
                quote = character
                continue
            }
            guard character == ":" else { continue }
            let after = text.index(after: index)
            guard after == text.endIndex || text[after] == " " else { continue }
            let key = unquoted(text[..<index])
            let value = text[after...].drop { $0 == " " }
            return (key, value)
        }
        return nil
    }

    /// A value on one line: a quoted or plain scalar, or a one-line flow list of scalars.
    static func inline(_ text: Substring, line: Int) -> YAMLValue {
        if text.first == "&" || text.first == "*" || text.first == "!" {
            return .unreadable("an anchor, alias or tag", line: line)
        }
        if text.first == "{" { return .unreadable("a flow mapping", line: line) }
        if text.first == "[" {
            guard text.last == "]" else { return .unreadable("a flow list over several lines", line: line) }
            let inner = text.dropFirst().dropLast()
            let items = inner.split(separator: ",").map { $0.trimming(" ") }.filter { !$0.isEmpty }
            // Words, quoted or not; a quote around a comma, or a nested list or mapping, is more than that.
            guard !inner.contains(where: { "[]{}".contains($0) }),
                items.allSatisfy({ item in !item.dropFirst().dropLast().contains { $0 == "\"" || $0 == "'" } })
            else { return .unreadable("a flow list of more than words", line: line) }
            return .list(items.map { .scalar(unquoted(Substring($0)), line: line) }, line: line)
        }
        return .scalar(unquoted(text), line: line)
    }

    static func unquoted(_ text: Substring) -> String {
        let trimmed = text.trimming(" ")
        if trimmed.count >= 2, let first = trimmed.first, first == "'" || first == "\"", trimmed.last == first {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}

extension StringProtocol {
    fileprivate func trimming(_ set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
