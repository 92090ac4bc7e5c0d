import Testing

/// The LayoutKit rule fixtures, through the command line: each invalid fixture reports exactly the
/// rules and lines its `<!-- expect: -->` comments name, each valid one nothing.
@Suite struct FixtureTests {
    static let invalid = "\(Repository.fixtures)/invalid"
    static let valid = "\(Repository.fixtures)/valid"

    @Test func everyInvalidFixtureReportsExactlyItsExpectations() throws {
        let names = Repository.files(in: Self.invalid, suffix: ".layout.xml")
        try #require(names.count > 20)
        let result = try runLayoutCheck(["--format", "json", "--schemas", Repository.fixtureSchemas, Self.invalid])
        #expect(result.status == 1)
        let report = try result.report()
        #expect(report.files == names.count)
        var unclaimed = Set(report.diagnostics)
        for name in names {
            let path = "\(Self.invalid)/\(name)"
            let expected = Expectation.parse(try Repository.text(path))
            let diagnostics = report.diagnostics.filter { $0.file == path }
            unclaimed.subtract(diagnostics)
            #expect(diagnostics.map { Expectation(rule: $0.rule, line: $0.line) } == expected.sorted(), "\(name)")
        }
        #expect(unclaimed.isEmpty, "diagnostics for no fixture: \(unclaimed)")
    }

    @Test func everyValidFixtureIsSilent() throws {
        let result = try runLayoutCheck(["--schemas", Repository.fixtureSchemas, Self.valid])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty, "\(result)")
        let count = Repository.files(in: Self.valid, suffix: ".layout.xml").count
        #expect(result.standardError.hasPrefix("\(count) files, 0 errors, 0 warnings"))
    }
}
