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

    /// Whether the pattern matches the path (relative to the source folder, split into its components):
    /// component by component, `**` matching any run of them, each other component matching one name.
    package func matches(_ path: [Substring]) -> Bool {
        Self.wildcard(components, path, isStar: { $0 == "**" }, matches: Self.matches)
    }

    /// Whether one name matches one component of a pattern: `*` any run of characters, `?` one.
    static func matches(_ pattern: Substring, _ name: Substring) -> Bool {
        wildcard(Array(pattern), Array(name), isStar: { $0 == "*" }, matches: { $0 == "?" || $0 == $1 })
    }

    /// The classic wildcard walk: on a mismatch, the last star takes one more element. At most
    /// pattern × subject steps, with no recursion.
    private static func wildcard<Element>(
        _ pattern: [Element], _ subject: [Element], isStar: (Element) -> Bool, matches: (Element, Element) -> Bool
    ) -> Bool {
        var patternIndex = 0
        var subjectIndex = 0
        var star: Int?
        var starSubject = 0
        while subjectIndex < subject.count {
            if patternIndex < pattern.count, isStar(pattern[patternIndex]) {
                star = patternIndex
                starSubject = subjectIndex
                patternIndex += 1
            } else if patternIndex < pattern.count, matches(pattern[patternIndex], subject[subjectIndex]) {
                patternIndex += 1
                subjectIndex += 1
            } else if let star {
                patternIndex = star + 1
                starSubject += 1
                subjectIndex = starSubject
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, isStar(pattern[patternIndex]) { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
