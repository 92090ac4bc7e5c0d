import Testing

/// Exit status 0 without errors, 1 with errors, 2 when the run cannot proceed, with a message and a
/// hint on standard error and nothing on standard output.
@Suite struct ExitStatusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        /// Part of what standard error must say, for status 2.
        var message: String?

        var testDescription: String { "\(arguments) → \(status)" }
    }

    static let invalidFixture = "\(Repository.fixtures)/invalid/unknown-class.layout.xml"

    static let cases: [Case] = [
        Case(arguments: ["--schemas", "Schemas", "Layouts"], status: 0),
        Case(arguments: ["Layouts/"], status: 0),
        Case(arguments: ["--schemas", Repository.fixtureSchemas, invalidFixture], status: 1),
        Case(arguments: ["--schemas", "Schemas", "Layouts", invalidFixture], status: 1),
        Case(arguments: ["--frobnicate", "Layouts"], status: 2, message: "unknown option '--frobnicate'"),
        Case(arguments: ["-x", "Layouts"], status: 2, message: "unknown option '-x'"),
        Case(
            arguments: ["--schema", "Schemas", "Layouts"], status: 2,
            message: "unknown option '--schema'; did you mean '--schemas'?"),
        Case(
            arguments: ["--basline=b.xml", "Layouts"], status: 2,
            message: "unknown option '--basline=b.xml'; did you mean '--baseline'?"),
        Case(arguments: ["Layouts", "--format"], status: 2, message: "option '--format' needs a value"),
        Case(arguments: ["--schemas", "--format", "json", "Layouts"], status: 2, message: "'--schemas' needs a value"),
        Case(arguments: ["--jobs"], status: 2, message: "option '--jobs' needs a value"),
        Case(arguments: [], status: 2, message: "no PATH given"),
        Case(arguments: ["--schemas", "Schemas", "--format", "json"], status: 2, message: "no PATH given"),
        Case(arguments: ["--jobs", "0", "Layouts"], status: 2, message: "'--jobs' needs a whole number"),
        Case(arguments: ["--jobs", "many", "Layouts"], status: 2, message: "not 'many'"),
        Case(arguments: ["--jobs=-3", "Layouts"], status: 2, message: "not '-3'"),
        Case(arguments: ["--format", "xml", "Layouts"], status: 2, message: "unknown format 'xml'"),
        Case(arguments: ["--help=please"], status: 2, message: "'--help' takes no value"),
        Case(
            arguments: ["Layouts", "No/Such/Folder"], status: 2, message: "no such file or directory: 'No/Such/Folder'"),
        Case(arguments: ["--schemas", "NoSchemas", "Layouts"], status: 2, message: "--schemas: no such file"),
        Case(arguments: ["-", "Layouts", "-"], status: 2, message: "'-' (standard input) can be given only once"),
        Case(arguments: ["--schemas", "-", "Layouts"], status: 2, message: "'--schemas' cannot read standard input"),
        Case(arguments: ["--schemas=-", "-"], status: 2, message: "'--schemas' cannot read standard input"),
        Case(arguments: ["--strict", "Layouts"], status: 0),
        Case(arguments: ["--strict=yes", "Layouts"], status: 2, message: "'--strict' takes no value"),
        Case(arguments: ["--dry-run", "Layouts"], status: 2, message: "'--dry-run' is an option of '--fix'"),
        Case(arguments: ["--fix", "-"], status: 2, message: "'--fix' cannot fix standard input"),
        Case(arguments: ["--fix=all", "Layouts"], status: 2, message: "'--fix' takes no value"),
        Case(
            arguments: ["--fix", "--write-baseline", "b.xml", "Layouts"], status: 2,
            message: "'--fix' and '--write-baseline' cannot be used together"),
        Case(
            arguments: ["--baseline", "a.xml", "--write-baseline", "b.xml", "Layouts"], status: 2,
            message: "'--baseline' and '--write-baseline' cannot be used together"),
        Case(
            arguments: ["--baseline", "No/Such/baseline.xml", "Layouts"], status: 2, message: "--baseline: cannot read"),
    ]

    @Test(arguments: cases)
    func exitStatus(_ testCase: Case) throws {
        let result = try runLayoutCheck(testCase.arguments)
        #expect(result.status == testCase.status, "\(result)")
        if let message = testCase.message {
            #expect(result.standardOutput.isEmpty, "\(result)")
            #expect(result.standardError.hasPrefix("layout-check: error: "), "\(result)")
            #expect(result.standardError.contains(message), "\(result)")
            #expect(result.standardError.contains("layout-check --help"), "a usage error points at --help")
        } else {
            #expect(result.standardError.contains(/^\d+ files?, \d+ errors?, \d+ warnings? \(/), "\(result)")
        }
    }

    @Test func everyMissingPathIsNamedBeforeTheRunStops() throws {
        let result = try runLayoutCheck(["Nowhere", "Layouts", "--schemas", "Elsewhere", "Neither.layout.xml"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        for path in ["'Nowhere'", "'Elsewhere'", "'Neither.layout.xml'"] {
            #expect(result.standardError.contains(path), "\(result)")
        }
    }

    @Test(arguments: [
        ["--format=json", "--jobs=2", "--schemas=Schemas", "--", "Layouts"],
        ["-j", "1", "--format", "json", "--schemas", "Schemas", "Layouts"],
    ])
    func optionValuesAfterEqualsOrAsTheNextArgument(_ arguments: [String]) throws {
        let result = try runLayoutCheck(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().files == 4)
    }

    @Test(arguments: ["--help", "-h"])
    func helpDescribesUsageOptionsExitCodesAndAnExample(_ option: String) throws {
        let result = try runLayoutCheck([option, "--no-such-option"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty)
        for part in [
            "USAGE: layout-check [--swift-sources [MODULE=]DIR]... [--toolchain DIR] [--write-schemas DIR]",
            "--schemas DIR", "--config FILE", "--write-schemas DIR", "schema-drift", "open-class",
            "--baseline FILE", "--write-baseline FILE", "--strict",
            "--format", "--jobs N", "--version", "EXIT STATUS", "0  no errors", "1  at least one error",
            "2  the run could not proceed", "EXAMPLES", "layout-check Layouts/",
            "--swift-sources [MODULE=]DIR",
            "--toolchain DIR", "*.xib, *.storyboard",
        ] {
            #expect(result.standardOutput.contains(part), "help lacks \(part)")
        }
    }

    @Test func versionNamesTheToolAndTheFormat() throws {
        let result = try runLayoutCheck(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.wholeMatch(of: /layout-check \d+\.\d+\.\d+ \(LayoutKit format v1\)\n/) != nil)
    }
}
