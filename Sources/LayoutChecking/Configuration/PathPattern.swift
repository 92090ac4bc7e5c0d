import LayoutKit

/// A glob over `/`-separated relative paths, as `<exclude path>` writes it: `*` is any run of
/// characters within one name, `?` one character within a name, and a `**` name any number of
/// directories, none included (`Layouts/Legacy/**`, `**/Generated/*.layout.xml`).
package struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// Why a pattern cannot be used.
    package struct Problem: Error, Sendable, Equatable {
        /// What is wrong, in words.
        package var reason: String
    }

    private enum Part: Hashable {
        case anyDirectories
        case name([Unicode.Scalar])
    }

    private let parts: [Part]
    /// The pattern as written.
    package let description: String

    /// Parses a pattern.
    /// - Returns: the pattern, or a `Problem` for an empty or absolute one, or `**` inside a name.
    package static func parse(_ text: String) -> Result<PathPattern, Problem> {
        guard !text.isEmpty else { return .failure(Problem(reason: "the pattern is empty")) }
        guard !text.hasPrefix("/") else {
            return .failure(Problem(reason: "the pattern must be relative to the configuration file's directory"))
        }
        var parts: [Part] = []
        for name in text.split(separator: "/", omittingEmptySubsequences: true) where name != "." {
            if name == "**" {
                if parts.last != .anyDirectories { parts.append(.anyDirectories) }
            } else if name.contains("**") {
                return .failure(Problem(reason: "'**' must be a whole name between slashes"))
            } else {
                parts.append(.name(Array(name.unicodeScalars)))
            }
        }
        return .success(PathPattern(parts: parts, description: text))
    }

    /// Whether the pattern matches the whole of a relative path.
    package func matches(_ path: String) -> Bool {
        match(Self.names(of: path), orAncestor: false)
    }

    /// Whether the pattern matches the path or one of the directories it lies in.
    func matchesPathOrAncestor(_ path: String) -> Bool {
        match(Self.names(of: path), orAncestor: true)
    }

    /// The names of a relative path, as patterns match them: empty names and `.` left out.
    static func names(of path: String) -> [[Unicode.Scalar]] {
        path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
            .map { Array($0.unicodeScalars) }
    }

    /// A part that is one name without `*` or `?` (the longest, as the rarest), which every path the
    /// pattern matches holds among its names: a set of patterns looks patterns up by it.
    var requiredName: [Unicode.Scalar]? {
        var longest: [Unicode.Scalar]?
        for part in parts {
            guard case .name(let glob) = part, !glob.contains("*"), !glob.contains("?") else { continue }
            if glob.count > longest?.count ?? -1 { longest = glob }
        }
        return longest
    }

    /// The whole pattern as names, when no part has `*`, `?` or `**`.
    var literalNames: [[Unicode.Scalar]]? {
        var names: [[Unicode.Scalar]] = []
        for part in parts {
            guard case .name(let glob) = part, !glob.contains("*"), !glob.contains("?") else { return nil }
            names.append(glob)
        }
        return names
    }

    /// Whether the pattern matches `names` (or, with `orAncestor`, the names up to one of them).
    ///
    /// One pass over the names with the set of parts reached so far, as an NFA runs: a `**` stays
    /// reached as it takes a name and reaches the part after it at once, as it may take none. The
    /// work is names × parts, where a backtracking search tried every split of the names among the
    /// `**`s (`**/a/**/a/…/b` took 25 seconds for one path 28 folders deep).
    func match(_ names: [[Unicode.Scalar]], orAncestor: Bool) -> Bool {
        let accepting = parts.count
        var reached = [Bool](repeating: false, count: parts.count + 1)
        reached[0] = true
        closeOverDirectories(&reached)
        var next = reached
        for name in names {
            for index in next.indices { next[index] = false }
            var any = false
            for index in 0..<parts.count where reached[index] {
                switch parts[index] {
                case .anyDirectories:
                    next[index] = true
                    any = true
                case .name(let glob):
                    if Self.matchName(glob, name) {
                        next[index + 1] = true
                        any = true
                    }
                }
            }
            guard any else { return false }
            closeOverDirectories(&next)
            swap(&reached, &next)
            if orAncestor, reached[accepting] { return true }
        }
        return reached[accepting]
    }

    /// Adds the part after each reached `**`, which may take no name; in order, so that runs chain.
    private func closeOverDirectories(_ reached: inout [Bool]) {
        for index in 0..<parts.count where reached[index] && parts[index] == .anyDirectories {
            reached[index + 1] = true
        }
    }

    /// `*` and `?` within one name, in time proportional to the product of the lengths: on a mismatch
    /// only the last `*` is retried one character further, as the earlier ones need not move.
    private static func matchName(_ glob: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        var (g, n) = (0, 0)
        var lastStar: (glob: Int, name: Int)?
        while n < name.count {
            if g < glob.count, glob[g] == "*" {
                lastStar = (g, n)
                g += 1
            } else if g < glob.count, glob[g] == "?" || glob[g] == name[n] {
                g += 1
                n += 1
            } else if let star = lastStar {
                lastStar = (star.glob, star.name + 1)
                g = star.glob + 1
                n = star.name + 1
            } else {
                return false
            }
        }
        while g < glob.count, glob[g] == "*" { g += 1 }
        return g == glob.count
    }
}

/// The `<exclude>` patterns of a configuration, arranged so that a path is matched against only those
/// that can match it: patterns without wildcards are one set lookup per directory of the path, and a
/// pattern with a plain name among its parts (`**/Generated/*.layout.xml`) is tried only on paths that
/// hold that name. Only patterns made of wildcards alone are tried on every path, each in one pass over
/// its names (99,000 patterns × 1,000 files took minutes when each pattern was tried on each file).
struct PathPatternSet: Sendable, Equatable {
    private var literal: Set<[[Unicode.Scalar]]> = []
    private var byName: [[Unicode.Scalar]: [PathPattern]] = [:]
    private var others: [PathPattern] = []

    init(_ patterns: [PathPattern]) {
        for pattern in patterns {
            if let names = pattern.literalNames {
                literal.insert(names)
            } else if let name = pattern.requiredName {
                byName[name, default: []].append(pattern)
            } else {
                others.append(pattern)
            }
        }
    }

    /// Whether a pattern matches the path or one of the directories it lies in.
    func matchesPathOrAncestor(_ path: String) -> Bool {
        let names = PathPattern.names(of: path)
        if !literal.isEmpty {
            for count in 1...max(names.count, 1) where literal.contains(Array(names.prefix(count))) { return true }
        }
        if !byName.isEmpty {
            var looked: Set<[Unicode.Scalar]> = []
            for name in names where looked.insert(name).inserted {
                if let candidates = byName[name], candidates.contains(where: { $0.match(names, orAncestor: true) }) {
                    return true
                }
            }
        }
        return others.contains { $0.match(names, orAncestor: true) }
    }
}
