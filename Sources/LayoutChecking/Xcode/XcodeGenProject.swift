import LayoutKit

/// What `layout-check` takes from an XcodeGen spec (`project.yml`) when no Xcode project has been
/// generated from it: its targets, each with its platform, its `sources:` folders and the targets and
/// packages it depends on.
///
/// XcodeGen files are YAML; the block-style subset they use (mappings, lists, plain and quoted scalars,
/// one-line flow lists, `|`/`>` block scalars, comments) is read here without a YAML library. Anything
/// else (anchors, aliases, flow mappings, target templates, `:REPLACE` keys) where it matters makes the
/// spec unreadable, with the reason and line, so that the run falls back on folder mode rather than guess.
///
/// `include:` is followed (`read(_:including:)`): each included spec is read as XcodeGen reads it, its
/// own includes first, and the targets merged as XcodeGen merges its dictionaries — a target two specs
/// define is one target: its `sources:` and `dependencies:` lists joined (the included spec's first), its
/// `platform:` the later spec's (the including spec's over what it includes). A cycle, a chain deeper
/// than `maximumIncludeDepth` or more than `maximumSpecs` specs make the spec unreadable.
package struct XcodeGenProject: Sendable, Equatable {
    /// A target of the spec.
    package struct Target: Sendable, Equatable {
        package var name: String
        /// `platform:` (`iOS`, `macOS`, …), every one listed.
        package var platforms: [String]
        /// The `sources:` paths, relative to the root spec's folder, each with its `excludes:` (relative
        /// to the source): plain paths, and globs `XcodeGenGlob` interprets.
        package var sources: [(path: String, excludes: [String])]
        /// `- target: Name`.
        package var targetDependencies: [String] = []
        /// `- package: Name` (with `product:` when given): the product's name.
        package var packageProducts: [String] = []
        /// The module its Swift code is compiled under when its `settings:` (or `settings: base:`) say so
        /// with a literal: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` made an identifier. `nil`: the
        /// target's name made an identifier (an `.xcconfig` file the spec names is not read).
        package var moduleName: String?

        /// Whether it may build for a UIKit platform; `true` when the spec does not say.
        package var buildsForUIKit: Bool {
            platforms.isEmpty || platforms.contains { ["iOS", "tvOS", "visionOS"].contains($0) }
        }

        package static func == (left: Target, right: Target) -> Bool {
            left.name == right.name && left.platforms == right.platforms
                && left.sources.map(\.path) == right.sources.map(\.path)
                && left.sources.map(\.excludes) == right.sources.map(\.excludes)
                && left.targetDependencies == right.targetDependencies && left.packageProducts == right.packageProducts
                && left.moduleName == right.moduleName
        }

        /// `later`'s definition of the same target merged onto this one, as XcodeGen merges: lists joined
        /// (an entry already there not repeated), a word replaced.
        mutating func merge(_ later: Target) {
            if !later.platforms.isEmpty { platforms = later.platforms }
            if let module = later.moduleName { moduleName = module }
            for source in later.sources
            where !sources.contains(where: { $0.path == source.path && $0.excludes == source.excludes }) {
                sources.append(source)
            }
            for other in later.targetDependencies where !targetDependencies.contains(other) {
                targetDependencies.append(other)
            }
            for product in later.packageProducts where !packageProducts.contains(product) {
                packageProducts.append(product)
            }
        }
    }

    package var name: String?
    package var targets: [Target] = []
    /// The included specs read, relative to the root spec's folder, in the order read.
    package var includedSpecs: [String] = []

    /// A spec, or why it is not read, at which line of which spec (`nil`: the root spec; else the
    /// included spec's path relative to the root spec's folder).
    package enum Reading: Sendable, Equatable {
        case project(XcodeGenProject)
        case unreadable(String, line: Int, spec: String?)
    }

    /// What the caller found at an included spec's path: its bytes, or why it is not read.
    package enum IncludedSpec: Sendable {
        case bytes([UInt8])
        case unreadable(String)
    }

    /// The most bytes of a spec read.
    package static let maximumBytes = 1 << 20
    /// The longest chain of includes followed (the root spec includes one that includes one …).
    package static let maximumIncludeDepth = 8
    /// The most specs read for one root spec, itself included.
    package static let maximumSpecs = 64

    /// Reads a spec's bytes; a spec that includes others is unreadable.
    package static func read(_ bytes: [UInt8]) -> Reading {
        read(bytes) { _ in .unreadable("no included spec is read here") }
    }

    /// Reads a spec's bytes and, through `including`, the specs it includes: `including` is given each
    /// one's path relative to the root spec's folder (`..` resolved by name; it may lead out of the
    /// folder, and must not be read then unless it stays in the repository), and is asked once per path.
    /// - Parameter name: The root spec's file name, for a spec that includes it again (a cycle).
    package static func read(
        _ bytes: [UInt8], named name: String = "project.yml", including: @escaping (String) -> IncludedSpec
    ) -> Reading {
        var reader = SpecReader(including: including, rootName: name)
        do throws(YAMLProblem) {
            var project = XcodeGenProject()
            project.targets = try reader.spec(bytes, at: nil, prefix: "", chain: [])
            guard reader.hasTargets else { throw YAMLProblem("it has no 'targets'", line: 1) }
            project.name = reader.name
            project.includedSpecs = reader.read
            return .project(project)
        } catch {
            return .unreadable(error.message, line: error.line, spec: error.spec)
        }
    }

    /// Reads one spec: `parse` the bytes, follow `include:`, then read `targets:`.
    fileprivate static func parse(_ bytes: [UInt8]) throws(YAMLProblem) -> YAMLValue {
        guard bytes.count <= maximumBytes else { throw YAMLProblem("it is larger than 1 MiB", line: 1) }
        var parser = YAMLParser(String(decoding: bytes, as: UTF8.self))
        let root = try parser.document()
        guard case .map(let entries, _) = root else { throw YAMLProblem("it is not a mapping", line: 1) }
        if let replaced = entries.first(where: { $0.key.hasSuffix(":REPLACE") }) {
            throw YAMLProblem("it replaces '\(replaced.key)', which is not read", line: replaced.value.line)
        }
        return root
    }

    /// The targets a spec defines, their paths relative to the root spec's folder (`prefix` + path).
    fileprivate static func targets(_ root: YAMLValue, prefix: String) throws(YAMLProblem) -> [Target]? {
        guard let targets = root["targets"] else { return nil }
        guard case .map(let named, _) = targets else {
            throw YAMLProblem("its 'targets' is not a mapping", line: targets.line)
        }
        var result: [Target] = []
        for (name, value) in named {
            if name.hasSuffix(":REPLACE") {
                throw YAMLProblem("it replaces '\(name)', which is not read", line: value.line)
            }
            var read = try target(name, value)
            for index in read.sources.indices {
                read.sources[index].path = joined(prefix, read.sources[index].path)
            }
            result.append(read)
        }
        return result
    }

    /// `path` relative to `folder` (both relative to the root spec's folder), `..` resolved by name; an
    /// absolute path as it is; `.` for the folder itself. The front end resolves an Xcode project's and a
    /// package's paths by it too, so that a path that leaves a folder and comes back is the one a
    /// directory search prints.
    package static func joined(_ folder: String, _ path: String) -> String {
        let whole = path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
        var parts: [Substring] = []
        for part in whole.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let result = (whole.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
        return result.isEmpty ? "." : result
    }

    /// The folder of a spec's path relative to the root spec's folder: `""` for the root's own folder.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private static func target(_ name: String, _ value: YAMLValue) throws(YAMLProblem) -> Target {
        guard case .map(let entries, _) = value else {
            throw YAMLProblem("target '\(name)' is not a mapping", line: value.line)
        }
        if let replaced = entries.first(where: { $0.key.hasSuffix(":REPLACE") }) {
            throw YAMLProblem(
                "target '\(name)' replaces '\(replaced.key)', which is not read", line: replaced.value.line)
        }
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
        if let settings = value["settings"] {
            target.moduleName = moduleName(settings)
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

    /// `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`, when `settings:` (XcodeGen's `base:` group, or the
    /// settings themselves when they have no groups) gives it as a literal, without `$(…)`.
    private static func moduleName(_ settings: YAMLValue) -> String? {
        let isGrouped = ["base", "configs", "groups"].contains { settings[$0] != nil }
        guard let base = isGrouped ? settings["base"] : settings else { return nil }
        for key in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"] {
            guard let literal = base[key]?.scalar, !literal.isEmpty, !literal.contains("$") else { continue }
            return key == "PRODUCT_NAME" ? XcodeTarget.identifier(literal) : literal
        }
        return nil
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
                if let folder = ["/**", "/*"].first(where: pattern.hasSuffix).map({ String(pattern.dropLast($0.count)) }
                ),
                    !folder.isEmpty, !XcodeGenGlob.isPattern(folder)
                {
                    excludes.append(folder)
                } else if !XcodeGenGlob.isPattern(pattern) || XcodeGenGlob(pattern) != nil {
                    excludes.append(pattern)
                } else {
                    throw YAMLProblem(
                        "a source of target '\(target)' excludes '\(pattern)', a pattern this reader does not "
                            + "interpret", line: listed.line)
                }
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

/// Follows a root spec's `include:`s, each spec read once, and merges their targets.
private struct SpecReader {
    let including: (String) -> XcodeGenProject.IncludedSpec
    /// The included specs read so far, by path relative to the root spec's folder.
    var read: [String] = []
    var hasTargets = false
    var name: String?

    /// The root spec's file name, its path relative to its own folder.
    let rootName: String

    init(including: @escaping (String) -> XcodeGenProject.IncludedSpec, rootName: String) {
        self.including = including
        self.rootName = rootName
    }

    /// The targets of the spec at `path` (`nil`: the root spec) and of those it includes, merged; its
    /// paths resolved against `prefix`. `chain`: the specs that include it, for cycles.
    mutating func spec(
        _ bytes: [UInt8], at path: String?, prefix: String, chain: [String]
    ) throws(YAMLProblem) -> [XcodeGenProject.Target] {
        do throws(YAMLProblem) {
            let root = try XcodeGenProject.parse(bytes)
            var merged: [XcodeGenProject.Target] = []
            if let include = root["include"] {
                for (file, relativePaths, line) in try Self.includes(include) {
                    let included = XcodeGenProject.joined(XcodeGenProject.folder(of: path ?? rootName), file)
                    let childPrefix =
                        relativePaths
                        ? XcodeGenProject.joined(prefix, XcodeGenProject.folder(of: file)) : prefix
                    guard let bytes = try load(included, named: file, line: line, chain: chain + [path ?? rootName])
                    else { continue }
                    let targets = try spec(
                        bytes, at: included, prefix: childPrefix == "." ? "" : childPrefix,
                        chain: chain + [path ?? rootName])
                    Self.merge(targets, into: &merged)
                }
            }
            if let own = try XcodeGenProject.targets(root, prefix: prefix) {
                hasTargets = true
                Self.merge(own, into: &merged)
            }
            if let name = root["name"]?.scalar { self.name = name }
            return merged
        } catch {
            var problem = error
            if problem.spec == nil { problem.spec = path }
            throw problem
        }
    }

    /// An included spec's bytes; `nil` when it was read already (XcodeGen merges a spec once).
    private mutating func load(
        _ included: String, named file: String, line: Int, chain: [String]
    ) throws(YAMLProblem) -> [UInt8]? {
        if chain.contains(included) {
            throw YAMLProblem("it includes '\(file)', which includes it again (a cycle)", line: line)
        }
        guard chain.count <= XcodeGenProject.maximumIncludeDepth else {
            throw YAMLProblem(
                "its includes nest deeper than \(XcodeGenProject.maximumIncludeDepth) specs", line: line)
        }
        guard !read.contains(included) else { return nil }
        guard read.count + 1 < XcodeGenProject.maximumSpecs else {
            throw YAMLProblem("it includes more than \(XcodeGenProject.maximumSpecs) specs", line: line)
        }
        read.append(included)
        switch including(included) {
        case .bytes(let bytes): return bytes
        case .unreadable(let reason):
            throw YAMLProblem("it includes '\(file)', which is not read (\(reason))", line: line)
        }
    }

    /// `include:`'s entries: a path, or `path:` with `relativePaths:` (default true); one or a list.
    private static func includes(_ value: YAMLValue) throws(YAMLProblem) -> [(String, Bool, Int)] {
        let items: [YAMLValue] = if case .list(let items, _) = value { items } else { [value] }
        var result: [(String, Bool, Int)] = []
        for item in items {
            if let path = item.scalar, !path.isEmpty {
                result.append((path, true, item.line))
                continue
            }
            guard case .map = item, let path = item["path"]?.scalar, !path.isEmpty else {
                throw YAMLProblem("an entry of 'include' is not a path", line: item.line)
            }
            var relativePaths = true
            if let flag = item["relativePaths"] {
                switch flag.scalar?.lowercased() {
                case "true", "yes": relativePaths = true
                case "false", "no": relativePaths = false
                default: throw YAMLProblem("'relativePaths' is neither true nor false", line: flag.line)
                }
            }
            result.append((path, relativePaths, item.line))
        }
        return result
    }

    /// `later` merged onto `targets`: a new target appended, one already there merged (`Target.merge`).
    static func merge(_ later: [XcodeGenProject.Target], into targets: inout [XcodeGenProject.Target]) {
        var indices = Dictionary(targets.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for target in later {
            if let index = indices[target.name] {
                targets[index].merge(target)
            } else {
                indices[target.name] = targets.count
                targets.append(target)
            }
        }
    }
}

/// Why a spec is not read, and where.
struct YAMLProblem: Error {
    var message: String
    var line: Int
    /// The included spec it is in, relative to the root spec's folder; `nil` for the root spec.
    var spec: String?

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
