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
}
