import Foundation
import Testing

/// The exact shape of each format, on the fixture folder of invalid layouts.
@Suite struct OutputFormatTests {
    static let invalid = "\(Repository.fixtures)/invalid"
    static let invalidCount = Repository.files(in: invalid, suffix: ".layout.xml").count

    func run(_ format: String, environment: [String: String?] = ["NO_COLOR": nil]) throws -> CommandResult {
        try runLayoutCheck(
            ["--schemas", Repository.fixtureSchemas, "--format", format, Self.invalid], environment: environment)
    }

    @Test func textIsOneCompilerStyleLinePerDiagnosticThenASummaryOnStandardError() throws {
        let text = try run("text")
        let json = try run("json").report()
        #expect(text.status == 1)
        let line =
            /(?<path>[^:]+):(?<line>[1-9]\d*):(?<column>[1-9]\d*): (?<severity>error|warning): (?<message>.+) \[(?<rule>[a-z]+(-[a-z]+)*)\]/
        // A note follows its diagnostic on a line of its own: where a broken included layout has its first
        // error, or where a class schema declared the class or outlet, so that a stale
        // schema is recognisable as one.
        let note = /[^:]+:[1-9]\d*:[1-9]\d*: note: .+/
        // A fix-it follows, indented, on a line of its own too.
        let fix = /\ {4}fix: .+/
        let diagnostics = text.outputLines.filter { $0.wholeMatch(of: note) == nil && $0.wholeMatch(of: fix) == nil }
        for printed in diagnostics {
            #expect(printed.wholeMatch(of: line) != nil, "not PATH:LINE:COLUMN: error: MESSAGE [RULE]: \(printed)")
        }
        let unconnected = try #require(
            text.outputLines.firstIndex { $0.hasPrefix("\(Self.invalid)/unconnected-outlet.layout.xml:") })
        #expect(
            text.outputLines[unconnected + 1]
                == "\(Repository.fixtureSchemas)/Fixtures.classes.xml:7:9: note: outlet 'titleLabel' is declared here")
        // Line for line what the JSON report holds, in the same order; a line break in a message
        // would be shown as \n so that the line stays one line.
        #expect(
            diagnostics
                == json.diagnostics.map {
                    let message = $0.message.replacingOccurrences(of: "\n", with: #"\n"#)
                    return "\($0.file):\($0.line):\($0.column): \($0.severity): \(message) [\($0.rule)]"
                })
        let unknownClass = try #require(text.outputLines.first { $0.contains("/unknown-class.layout.xml:") })
        #expect(unknownClass.hasPrefix("\(Self.invalid)/unknown-class.layout.xml:5:9: error: "))
        #expect(unknownClass.hasSuffix(" [unknown-class]"))
        let summary = try #require(
            text.standardError.wholeMatch(of: /(\d+) files, (\d+) errors, (\d+) warnings \(\d+\.\d\ds\)\n/))
        #expect(Int(summary.output.1) == Self.invalidCount)
        #expect(Int(summary.output.2) == json.errors)
        #expect(Int(summary.output.3) == json.warnings)
    }

    @Test func jsonIsOneObjectWithTheCountsAndEveryDiagnostic() throws {
        let result = try run("json")
        #expect(result.status == 1)
        let report = try result.report()
        #expect(report.files == Self.invalidCount)
        #expect(report.errors == report.diagnostics.count(where: { $0.severity == "error" }))
        #expect(report.warnings == report.diagnostics.count(where: { $0.severity == "warning" }))
        #expect(report.warnings > 0, "the unused-suppression fixtures")
        #expect(
            Set(report.diagnostics.map(\.file)).count == Self.invalidCount, "every invalid fixture has a diagnostic")
        for entry in report.diagnostics {
            #expect(entry.file.hasPrefix("\(Self.invalid)/") && entry.line >= 1 && entry.column >= 1, "\(entry)")
            #expect(["error", "warning"].contains(entry.severity))
        }
        // Keys sorted, so the bytes are stable too.
        let keys = ["\"diagnostics\"", "\"errors\"", "\"files\"", "\"warnings\""]
            .compactMap { result.standardOutput.range(of: $0)?.lowerBound }
        #expect(keys.count == 4 && keys == keys.sorted())
        let order = report.diagnostics.map { [$0.file, String(format: "%09d%09d", $0.line, $0.column)] }
        #expect(order == order.sorted { $0.lexicographicallyPrecedes($1) }, "sorted by path, line, column")
    }

    @Test func githubPrintsOneWorkflowCommandPerDiagnostic() throws {
        let result = try run("github")
        let report = try run("json").report()
        #expect(result.status == 1)
        let command =
            /::(?<severity>error|warning) file=(?<file>[^,]+),line=(?<line>\d+),col=(?<column>\d+),title=(?<rule>[a-z-]+)::(?<message>.*)/
        let printed = result.outputLines
        #expect(printed.count == report.diagnostics.count)
        for (line, entry) in zip(printed, report.diagnostics) {
            let match = try #require(line.wholeMatch(of: command), "not a workflow command: \(line)")
            #expect(String(match.output.file) == entry.file)
            #expect(Int(match.output.line) == entry.line && Int(match.output.column) == entry.column)
            #expect(String(match.output.rule) == entry.rule && String(match.output.severity) == entry.severity)
        }
    }

    @Test func githubEscapesPercentLineBreaksAndPropertySeparators() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <view backgroundColor="50%&#10;red&#13;"/>
            </layout>

            """, to: "a,b:c 100%.layout.xml")
        let result = try runLayoutCheck(["--format", "github", "."], in: folder.url)
        #expect(result.status == 1)
        let line = try #require(result.outputLines.first { $0.hasPrefix("::error ") }, "\(result)")
        #expect(line.hasPrefix("::error file=a%2Cb%3Ac 100%25.layout.xml,line=3,col=5,title=schema::"), "\(line)")
        // LayoutKit already quotes the value with its line breaks escaped; the % is GitHub's to escape.
        #expect(line.contains(#"50%25\nred\r"#), "\(line)")
        #expect(result.outputLines.count == 2, "a line break in a message must not start a new line: \(result)")
    }

    @Test func textShowsControlCharactersOfAMessageAsEscapes() throws {
        let result = try runLayoutCheck(
            ["-"],
            standardInput: """
                <?xml version="1.0" encoding="UTF-8"?>
                <layout xmlns="urn:layoutkit:layout:1">
                    <view backgroundColor="red&#10;&#9;blue"/>
                </layout>

                """)
        let line = try #require(result.outputLines.first { $0.hasPrefix("<stdin>:3:5: error: ") }, "\(result)")
        #expect(line.contains(#"red\n\tblue"#), "\(line)")
        #expect(line.hasSuffix(" [schema]"))
    }

    @Test func noEscapeCodesWhenStandardOutputIsNotATerminal() throws {
        for format in ["text", "json", "github"] {
            let result = try run(format)
            #expect(!result.standardOutput.contains("\u{1B}") && !result.standardError.contains("\u{1B}"))
        }
    }

    /// util-linux's `script` (Linux only: BSD `script` takes other options).
    static var canRunOnATerminal: Bool {
        #if os(Linux)
            FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
        #else
            false
        #endif
    }

    /// `script` gives the checker a terminal, so colour must appear there unless `NO_COLOR` is set.
    @Test(.enabled(if: canRunOnATerminal, "needs util-linux script"))
    func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let executable = try #require(LayoutCheckExecutable.url)
        let command = [executable.path, "--schemas", Repository.fixtureSchemas, Self.invalid]
            .map { "'\($0)'" }.joined(separator: " ")
        let arguments = ["-q", "-e", "-c", command, "/dev/null"]
        func runOnTerminal(_ noColor: String?) throws -> CommandResult {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = arguments
            process.currentDirectoryURL = Repository.root
            var environment = ProcessInfo.processInfo.environment
            environment["TERM"] = "xterm"
            environment["NO_COLOR"] = noColor
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return CommandResult(
                status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self),
                standardError: "")
        }
        let coloured = try runOnTerminal(nil)
        #expect(coloured.status == 1, "\(coloured)")
        #expect(coloured.standardOutput.contains("\u{1B}[1;31merror:\u{1B}[0m"), "\(coloured)")
        #expect(coloured.standardOutput.contains("[\u{1B}[1;31munknown-class\u{1B}[0m]"))
        let plain = try runOnTerminal("1")
        #expect(plain.status == 1)
        #expect(plain.standardOutput.contains("error: "), "\(plain)")
        #expect(!plain.standardOutput.contains("\u{1B}["), "\(plain)")
    }
}
