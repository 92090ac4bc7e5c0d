import Foundation
import Testing

@testable import layout_check

/// `layout-check --completion-script bash|zsh|fish` (issue 40, item 8): made from `Command.optionTable`, the
/// table the parser's suggestions use, so a script offers every option the parser takes; each script is
/// valid for its shell (checked with `bash -n`, `zsh -n`, `fish -n` where the shell is installed), and bash's
/// completes options, formats and directories when run.
@Suite struct CompletionTests {
    static func shellPath(_ name: String) -> String? {
        ["/bin/", "/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs `script` with `shell`, returning its status and what it printed.
    static func run(_ shell: String, _ arguments: [String], input: String? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: Shell.allCases)
    func everyOptionAndValueIsInTheScript(_ shell: Shell) throws {
        let result = try runLayoutCheck(["--completion-script", shell.rawValue])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == Completions.script(for: shell))
        for option in Command.optionTable {
            let spelled = shell == .fish ? "-l \(option.name.dropFirst(2)) " : option.name
            #expect(result.standardOutput.contains(spelled), "\(shell) script lacks \(option.name)")
        }
        for format in OutputFormat.allCases.map(\.rawValue) + ["xcode", "github-actions-logging"] {
            #expect(result.standardOutput.contains(format), "\(shell) script lacks the format \(format)")
        }
    }

    /// The table and the parser agree: every option of the table is parsed (none is unknown), with a value
    /// where it takes one, and every option `--help` describes is in the table.
    @Test func theTableIsWhatTheParserTakes() throws {
        let values: [OptionSpec.Value: String] = [
            .file: "f", .directory: "d", .format: "json", .number: "2", .shell: "zsh",
        ]
        for option in Command.optionTable {
            var words = [option.name]
            if let value = values[option.value] { words.append(value) }
            if option.name == "--dry-run" { words.append("--fix") }
            do {
                _ = try Command.parse((words + ["Layouts"]).map { Array($0.utf8) }, defaultJobs: 1)
            } catch {
                Issue.record("\(words): \(error.message)")
            }
        }
        let described =
            helpText.matches(of: #/\n {2,6}(?:-[a-z], )?(--[a-z-]+)/#).map { String($0.output.1) }
            + helpText.matches(of: #/\(or (--[a-z-]+) /#).map { String($0.output.1) }
        #expect(Set(described) == Set(Command.options), "\(Set(described).symmetricDifference(Command.options))")
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try runLayoutCheck(["--completion-script", "tcsh"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("no completion script for 'tcsh' (expected bash, zsh or fish)"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: Shell.allCases)
    func theScriptIsValidForItsShell(_ shell: Shell) throws {
        guard let path = Self.shellPath(shell.rawValue) else {
            // zsh and fish are not in CI's image: only bash is checked there (see .ci/run).
            try #require(shell != .bash, "bash is not installed")
            return
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write(Completions.script(for: shell), to: "layout-check.\(shell.rawValue)")
        let (status, output) = try Self.run(path, ["-n", file.path])
        #expect(status == 0, "\(shell) -n: \(output)")
    }

    /// bash's function, called as bash calls it on Tab: options after `--f`, formats after `--format`,
    /// directories (not files) after `--schemas`.
    @Test func bashCompletesOptionsFormatsAndDirectories() throws {
        let bash = try #require(Self.shellPath("bash"))
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let script = try folder.write(Completions.bash(Command.optionTable), to: "layout-check.bash")
        try folder.write("", to: "Schemas2/a.classes.xml")
        try folder.write("", to: "Schemafile.txt")
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let (status, output) = try Self.run(
                bash,
                [
                    "-c",
                    "cd '\(folder.path)' && source '\(script.path)' && COMP_WORDS=(\(quoted)) "
                        + "&& COMP_CWORD=\(words.count - 1) && { _layout_check || true; } && printf '%s\\n' \"${COMPREPLY[@]}\"",
                ])
            #expect(status == 0, "\(output)")
            return output.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try complete(["layout-check", "--f"]) == ["--fix", "--format"])
        #expect(try complete(["layout-check", "--format", "g"]) == ["github", "github-actions-logging"])
        #expect(try complete(["layout-check", "--schemas", "Schema"]) == ["Schemas2"])
        #expect(try complete(["layout-check", "ls"]) == ["lsp"])
    }
}
