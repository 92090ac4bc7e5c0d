/// A glob over `/`-separated relative paths, as `<exclude path>` writes it: `*` is any run of
/// characters within one name, `?` one character within a name, and a `**` name any number of
/// directories, none included (`Layouts/Legacy/**`, `**/Generated/*.layout.xml`).
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// Why a pattern cannot be used.
    public struct Problem: Error, Sendable, Equatable {
        /// What is wrong, in words.
        public var reason: String
    }

    private enum Part: Hashable {
        case anyDirectories
        case name([Unicode.Scalar])
    }

    private let parts: [Part]
    /// The pattern as written.
    public let description: String

    /// Parses a pattern.
    /// - Returns: the pattern, or a `Problem` for an empty or absolute one, or `**` inside a name.
    public static func parse(_ text: String) -> Result<PathPattern, Problem> {
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
    public func matches(_ path: String) -> Bool {
        let names = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
            .map { Array($0.unicodeScalars) }
        return Self.match(parts[...], names[...])
    }

    /// Whether the pattern matches the path or one of the directories it lies in.
    func matchesPathOrAncestor(_ path: String) -> Bool {
        let names = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
            .map { Array($0.unicodeScalars) }
        return (1...max(names.count, 1)).contains { Self.match(parts[...], names.prefix($0)) }
    }

    private static func match(_ parts: ArraySlice<Part>, _ names: ArraySlice<[Unicode.Scalar]>) -> Bool {
        guard let part = parts.first else { return names.isEmpty }
        switch part {
        case .anyDirectories:
            // Zero names, or one more, and try again.
            return (0...names.count).contains { match(parts.dropFirst(), names.dropFirst($0)) }
        case .name(let glob):
            guard let name = names.first, matchName(glob, name) else { return false }
            return match(parts.dropFirst(), names.dropFirst())
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
