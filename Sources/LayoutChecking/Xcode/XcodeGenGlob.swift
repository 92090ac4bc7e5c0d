/// An XcodeGen `excludes:` pattern, matched as XcodeGen's globs are: `*` any characters within one path
/// component, `?` one character, `**` as a whole component any number of components (none too), each
/// against a path relative to the source folder. A folder a pattern matches is excluded with everything
/// in it, as XcodeGen excludes a matched folder's children.
///
/// `[…]` classes, `{a,b}` alternatives and `**` inside a component are not interpreted: `init` returns
/// `nil`, and the spec is not read rather than read with a guess.
package struct XcodeGenGlob: Sendable, Equatable {
    /// The pattern as written.
    package let pattern: String
    private let components: [Substring]

    package init?(_ pattern: String) {
        let components = pattern.split(separator: "/").filter { $0 != "." }
        guard !components.isEmpty, !pattern.hasPrefix("/"), !pattern.contains(where: { "[]{}\\".contains($0) }),
            components.allSatisfy({ $0 == "**" || !$0.contains("**") })
        else { return nil }
        self.pattern = pattern
        self.components = components
    }

    /// Whether `pattern` holds a wildcard (`*`, `?`, `[`, `{`): a plain exclude is a path, not a glob.
    package static func isPattern(_ pattern: String) -> Bool {
        pattern.contains { "*?[{".contains($0) }
    }

    /// Whether the pattern matches the path (relative to the source folder, split into its components).
    /// Component by component, `**` matching any run of them: at most components × path components
    /// steps, each a match within one name.
    package func matches(_ path: [Substring]) -> Bool {
        // The classic wildcard walk, on components: on a mismatch, `**` takes one more component.
        var patternIndex = 0
        var pathIndex = 0
        var starPattern: Int?
        var starPath = 0
        while pathIndex < path.count {
            if patternIndex < components.count, components[patternIndex] == "**" {
                starPattern = patternIndex
                starPath = pathIndex
                patternIndex += 1
            } else if patternIndex < components.count, Self.matches(components[patternIndex], path[pathIndex]) {
                patternIndex += 1
                pathIndex += 1
            } else if let star = starPattern {
                patternIndex = star + 1
                starPath += 1
                pathIndex = starPath
            } else {
                return false
            }
        }
        while patternIndex < components.count, components[patternIndex] == "**" { patternIndex += 1 }
        return patternIndex == components.count
    }

    /// Whether one name matches one component of a pattern: `*` any run of characters, `?` one.
    static func matches(_ pattern: Substring, _ name: Substring) -> Bool {
        let pattern = Array(pattern)
        let name = Array(name)
        var patternIndex = 0
        var nameIndex = 0
        var star: Int?
        var starName = 0
        while nameIndex < name.count {
            if patternIndex < pattern.count, pattern[patternIndex] == "*" {
                star = patternIndex
                starName = nameIndex
                patternIndex += 1
            } else if patternIndex < pattern.count,
                pattern[patternIndex] == "?" || pattern[patternIndex] == name[nameIndex]
            {
                patternIndex += 1
                nameIndex += 1
            } else if let star {
                patternIndex = star + 1
                starName += 1
                nameIndex = starName
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, pattern[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
