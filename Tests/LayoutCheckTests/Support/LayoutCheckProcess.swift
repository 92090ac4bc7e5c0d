import Foundation
import Testing

/// The repository's folders, found from this source file so tests use the real layouts and fixtures.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Relative to `root`, the working directory of every run unless a test says otherwise.
    static let fixtures = "Tests/LayoutKitTests/Fixtures"
    static let fixtureSchemas = "Tests/LayoutKitTests/Fixtures/Schemas"

    /// The names in a folder under `root` that end with `suffix`, sorted.
    static func files(in folder: String, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path))
        return (names ?? []).filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// A file's text; bytes that are not UTF-8 (one fixture is about them) become U+FFFD.
    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }
}

/// What one run of the built `layout-check` printed and how it exited.
struct CommandResult: CustomStringConvertible {
    var status: Int32
    var standardOutput: String
    var standardError: String

    var outputLines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    var description: String {
        "exit status \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
    }

    /// `--format json`, decoded.
    func report(sourceLocation: SourceLocation = #_sourceLocation) throws -> Report {
        do {
            return try JSONDecoder().decode(Report.self, from: Data(standardOutput.utf8))
        } catch {
            Issue.record("stdout is not the JSON report: \(error)\n\(self)", sourceLocation: sourceLocation)
            throw error
        }
    }
}

/// The shape `--format json` promises.
struct Report: Decodable, Equatable {
    var files: Int
    var errors: Int
    var warnings: Int
    var diagnostics: [Entry]

    struct Entry: Decodable, Equatable, Hashable {
        var file: String
        var line: Int
        var column: Int
        var severity: String
        var rule: String
        var message: String
        /// Present only when the diagnostic has notes.
        var notes: [Note]?
        /// Present only when the diagnostic has fix-its (their descriptions; the edits are not compared).
        var fixes: [Fix]?
    }

    struct Fix: Decodable, Equatable, Hashable {
        var description: String
    }

    struct Note: Decodable, Equatable, Hashable {
        var file: String
        var line: Int
        var column: Int
        var message: String
    }
}

/// Finds the built executable in the products directory, next to the test bundle.
enum LayoutCheckExecutable {
    static let url: URL? = {
        var directories = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        directories += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() }
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        return directories.map { $0.appendingPathComponent("layout-check") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

/// Runs the built `layout-check` with `arguments`, as swift-argument-parser's `AssertExecuteCommand`
/// does, and returns what it printed; a run that outlasts `timeout` is killed and recorded as a hang.
///
/// Output goes to files rather than pipes, so a large report cannot fill a pipe and stall the run.
/// - Parameters:
///   - standardInput: the bytes for `-`; without them standard input is empty.
///   - directory: the working directory; the repository's root by default.
///   - environment: added to (or, with `nil` values, removed from) this process's environment.
///   - outputTo: where standard output goes instead (`/dev/full`, a pipe nobody reads); the result's
///     `standardOutput` is then empty.
///   - shellScript: run `/bin/sh -c shellScript` instead, with the executable as `$0` and `arguments` as
///     `$@`, for what `Process` cannot pass: arguments whose bytes are not UTF-8 (`"$(printf 'caf\351')"`).
func runLayoutCheck(
    _ arguments: [String],
    standardInput: String? = nil,
    in directory: URL = Repository.root,
    environment: [String: String?] = [:],
    outputTo redirectedOutput: FileHandle? = nil,
    shellScript: String? = nil,
    timeout: Duration = .seconds(60),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> CommandResult {
    let executable = try #require(
        LayoutCheckExecutable.url,
        "layout-check is not built next to the test bundle (\(Bundle.main.bundleURL.path)); run `swift build` first",
        sourceLocation: sourceLocation)
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let outputURL = scratch.url.appendingPathComponent("stdout")
    let errorURL = scratch.url.appendingPathComponent("stderr")
    let inputURL = scratch.url.appendingPathComponent("stdin")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    try Data((standardInput ?? "").utf8).write(to: inputURL)

    let process = Process()
    if let shellScript {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", shellScript, executable.path] + arguments
    } else {
        process.executableURL = executable
        process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment {
        variables[name] = value
    }
    process.environment = variables
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    let input = try FileHandle(forReadingFrom: inputURL)
    defer {
        try? output.close()
        try? error.close()
        try? input.close()
    }
    process.standardOutput = redirectedOutput ?? output
    process.standardError = error
    process.standardInput = input

    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let seconds = Double(timeout.components.seconds)
    if exited.wait(timeout: .now() + seconds) == .timedOut {
        process.terminate()
        exited.wait()
        Issue.record("layout-check \(arguments) did not finish within \(timeout)", sourceLocation: sourceLocation)
    }
    return CommandResult(
        status: process.terminationStatus,
        standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
        standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// A fresh folder under the system's temporary directory; `remove()` deletes it and all it holds.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("LayoutCheckTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    /// Writes `text` to `relativePath`, creating the folders on the way.
    @discardableResult
    func write(_ text: String, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Makes `relativePath` a symbolic link to `destination`, which need not exist.
    func link(_ relativePath: String, to destination: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: destination)
    }

    func remove() {
        // Undo any `chmod 000` a test left, or removal would fail on a folder it cannot enter.
        if let enumerator = FileManager.default.enumerator(atPath: url.path) {
            for case let relative as String in enumerator {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: url.appendingPathComponent(relative).path)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }
}

/// Layouts for generated folders.
enum SampleLayout {
    /// Valid without any class schema.
    static let valid = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <view>
                <label id="title" text="Title"/>
            </view>
        </layout>

        """

    /// One `unknown-destination` error, on line 5.
    static let unknownDestination = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <view class="Card">
                <connections>
                    <outlet property="titleLabel" destination="missing"/>
                </connections>
            </view>
        </layout>

        """

    /// Not well-formed: one `xml-syntax` error.
    static let malformed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <view>
        </layout>

        """
}

/// What a fixture says it must produce: its `<!-- expect: RULE LINE -->` comments.
struct Expectation: Hashable, Comparable, CustomStringConvertible {
    var rule: String
    var line: Int

    var description: String { "\(rule)@\(line)" }

    static func < (lhs: Expectation, rhs: Expectation) -> Bool { (lhs.line, lhs.rule) < (rhs.line, rhs.rule) }

    static func parse(_ text: String) -> [Expectation] {
        text.matches(of: /<!-- expect: ([a-z-]+) ([0-9]+) -->/).compactMap { match in
            Int(match.output.2).map { Expectation(rule: String(match.output.1), line: $0) }
        }
    }
}
