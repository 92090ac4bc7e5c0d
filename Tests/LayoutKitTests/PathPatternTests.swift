import LayoutChecking
import LayoutKit
import Testing

/// The globs of `<exclude path>`: `*` and `?` within a name, `**` for any number of directories.
@Suite struct PathPatternTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var path: String
        var matches: Bool
        var testDescription: String { "\(pattern) \(matches ? "matches" : "does not match") \(path)" }
    }

    @Test(arguments: [
        Case(pattern: "Layouts/Legacy/**", path: "Layouts/Legacy/A.layout.xml", matches: true),
        Case(pattern: "Layouts/Legacy/**", path: "Layouts/Legacy/Deep/er/A.layout.xml", matches: true),
        Case(pattern: "Layouts/Legacy/**", path: "Layouts/LegacyNot/A.layout.xml", matches: false),
        Case(pattern: "Layouts/*.layout.xml", path: "Layouts/A.layout.xml", matches: true),
        Case(pattern: "Layouts/*.layout.xml", path: "Layouts/Sub/A.layout.xml", matches: false),
        Case(pattern: "**/Generated/*.layout.xml", path: "Generated/A.layout.xml", matches: true),
        Case(pattern: "**/Generated/*.layout.xml", path: "a/b/Generated/A.layout.xml", matches: true),
        Case(pattern: "Cell?.layout.xml", path: "Cell1.layout.xml", matches: true),
        Case(pattern: "Cell?.layout.xml", path: "Cell12.layout.xml", matches: false),
        Case(pattern: "./Layouts//A.layout.xml", path: "Layouts/A.layout.xml", matches: true),
        Case(pattern: "*a*a*a*a*a*a*a*a*b", path: String(repeating: "a", count: 200), matches: false),
    ])
    func matches(_ testCase: Case) throws {
        let pattern = try PathPattern.parse(testCase.pattern).get()
        #expect(pattern.matches(testCase.path) == testCase.matches)
    }

    @Test func aDirectoryPatternExcludesWhatLiesInIt() throws {
        let configuration = CheckConfiguration(excludes: [try PathPattern.parse("Layouts/Legacy").get()])
        #expect(configuration.isExcluded("Layouts/Legacy/A.layout.xml"))
        #expect(!configuration.isExcluded("Layouts/A.layout.xml"))
    }

    @Test(arguments: ["", "/abs/**", "a**b/c"])
    func unusablePatternsAreRefused(_ text: String) {
        #expect(throws: PathPattern.Problem.self) { try PathPattern.parse(text).get() }
    }

    /// A configuration looks patterns up rather than trying each (literal paths in a set, the others by a
    /// plain name they hold): it must exclude exactly what trying every pattern on the path and each of
    /// its folders excludes.
    @Test func lookingPatternsUpExcludesWhatTryingEachExcludes() throws {
        let texts = [
            "Layouts/Legacy", "Layouts/Old.layout.xml", "Feature/**", "**/Generated/*.layout.xml", "a/*/c",
            "**/x?", "*.layout.xml", "**/deep/**/er/**", "Caf\u{E9}/**", "b/**/b",
        ]
        let patterns = try texts.map { try PathPattern.parse($0).get() }
        let configuration = CheckConfiguration(excludes: patterns)
        let paths = [
            "Layouts/Legacy/A.layout.xml", "Layouts/Legacy", "Layouts/Old.layout.xml", "Layouts/New.layout.xml",
            "Feature/A/B.layout.xml", "Other/Feature/B.layout.xml", "x/Generated/A.layout.xml", "Generated/A.xml",
            "a/b/c/d.xml", "a/c", "q/x1/z", "A.layout.xml", "d/A.layout.xml", "deep/1/er/2/3", "deep/er",
            "Cafe\u{301}/A", "Caf\u{E9}/A", "b/b", "b/c/b/d", "b", "",
        ]
        for path in paths {
            let names = path.split(separator: "/").map(String.init)
            let prefixes = (1...max(names.count, 1)).map { names.prefix($0).joined(separator: "/") }
            let tried = patterns.contains { pattern in prefixes.contains { pattern.matches($0) } }
            #expect(configuration.isExcluded(path) == tried, "\(path)")
        }
        #expect(configuration.isExcluded("Feature/A/B.layout.xml"))
        #expect(!configuration.isExcluded("Cafe\u{301}/A"), "names are matched scalar by scalar")
    }
}
