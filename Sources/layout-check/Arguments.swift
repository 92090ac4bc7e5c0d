import LayoutKit

/// How diagnostics are printed on standard output.
enum OutputFormat: String, CaseIterable, Sendable {
    /// `PATH:LINE:COLUMN: error: MESSAGE [RULE]`, one line each, as compilers print.
    case text
    /// One JSON object with the counts and every diagnostic.
    case json
    /// GitHub Actions workflow commands, which GitHub shows as annotations on the lines.
    case github
    /// SARIF 2.1.0, for GitHub code scanning and other static-analysis viewers.
    case sarif
    /// JUnit XML: a test case per file, a failure per error.
    case junit
    /// Checkstyle XML: a `<file>` per file, an `<error>` per diagnostic.
    case checkstyle

    /// Whether the report must name every file checked, not only those with findings.
    var listsEveryFile: Bool { self == .junit }

    /// SwiftLint's reporter names for the same formats, so that a CI set up for SwiftLint needs no
    /// translation: `xcode` prints as compilers do, `github-actions-logging` as workflow commands.
    static let aliases: [String: OutputFormat] = ["xcode": .text, "github-actions-logging": .github]

    /// The format a `--format` or `--reporter` value names: its own name or SwiftLint's.
    static func named(_ name: String) -> OutputFormat? { OutputFormat(rawValue: name) ?? aliases[name] }
}

/// A checking run as the command line asks for it.
struct Arguments: Equatable, Sendable {
    /// The `--schemas` values in the order given; empty means "`./Schemas` when it exists".
    var schemaDirectories: [SystemPath] = []
    var format: OutputFormat = .text
    /// At most this many files are read and checked at once.
    var jobs: Int
    /// Files, directories and `-`, in the order given, as the bytes the shell passed.
    var paths: [SystemPath] = []
    /// `--config FILE`; without it, the nearest `layout-check.xml` from the working directory up to the
    /// package or repository root.
    var configuration: String?
    /// `--baseline FILE`: report only findings that it does not hold.
    var baseline: String?
    /// `--write-baseline FILE`: record the findings there instead of reporting them.
    var writeBaseline: String?
    /// `--write-schemas DIR`: write class schemas of the Swift sources' classes there, one file per module.
    var writeSchemas: String?
    /// `--strict`: warnings fail the run too.
    var strict = false
    /// `--touch FILE` (for the build-tool plugin): write FILE when the run passes, so that the build
    /// system sees the output it was promised and runs the check again only when an input changes.
    var touch: String?
    /// The `--swift-sources` values: where the Swift classes of Interface Builder files are. Empty: no
    /// Interface Builder file is searched for or checked.
    var swiftSources: [SystemPath] = []
    /// `--toolchain`: the Swift toolchain whose sourcekitd reads them.
    var toolchain: String?
    /// `--quiet`: no summary (and no baseline note) on standard error; errors are still printed there.
    var quiet = false
    /// `--fix`: apply the findings' fix-its, then check again and report what is left.
    var fix = false
    /// `--dry-run` (with `--fix`): print the fix-its as a unified diff and change nothing.
    var dryRun = false
    /// Which round of `--fix` this check is: a fix-it that lets the rules see further (a layout that now
    /// follows the format) may bring another, applied in the next round.
    var fixRound = 0
    /// `--output FILE`: the report goes to FILE instead of standard output.
    var output: String?

    /// Where the report goes and in which format.
    var destination: ReportDestination { ReportDestination(format: format, output: output) }
}

/// Where a run's report goes: the format and the file (standard output when `nil`).
struct ReportDestination: Equatable, Sendable {
    var format: OutputFormat = .text
    var output: String?
}

/// What the command line asks for.
enum Command: Equatable, Sendable {
    case check(Arguments)
    case help
    case version
    /// `layout-check lsp [--toolchain DIR]`: the language server, over standard input and output.
    case languageServer(toolchain: String?)
    /// `--completion-script SHELL`: print the shell's completion script.
    case completionScript(Shell)
}

/// A command line that cannot be run: the tool prints the message and a hint, and exits with 2.
struct UsageError: Error, Equatable, Sendable {
    var message: String
}

extension Command {
    /// The long options, for suggesting one in place of a mistyped one (`--schema` → `--schemas`).
    static let options = optionTable.map(\.name)

    /// Every long option, what its value is and a few words on it: the one table that the suggestions above
    /// and the shell completions (`--completion-script`) are made from. `--help` describes each at length.
    static let optionTable: [OptionSpec] = [
        OptionSpec("--help", .none, "Show the help"),
        OptionSpec("--version", .none, "Show the version"),
        OptionSpec("--schemas", .directory, "Class schemas to load", repeatable: true),
        OptionSpec("--swift-sources", .directory, "Swift classes to check against ([MODULE=]DIR)", repeatable: true),
        OptionSpec("--toolchain", .directory, "Swift toolchain whose sourcekitd reads Swift files"),
        OptionSpec("--format", .format, "Report format"),
        OptionSpec("--reporter", .format, "Report format (SwiftLint's name)"),
        OptionSpec("--output", .file, "Write the report to FILE"),
        OptionSpec("--config", .file, "Configuration file"),
        OptionSpec("--baseline", .file, "Report only findings the baseline does not hold"),
        OptionSpec("--write-baseline", .file, "Record the findings as a baseline"),
        OptionSpec("--write-schemas", .directory, "Write class schemas of the Swift sources"),
        OptionSpec("--touch", .file, "Write FILE when the run passes"),
        OptionSpec("--strict", .none, "Warnings fail the run too"),
        OptionSpec("--quiet", .none, "No summary on standard error"),
        OptionSpec("--jobs", .number, "Check at most N files at once"),
        OptionSpec("--fix", .none, "Apply the fix-its"),
        OptionSpec("--dry-run", .none, "With --fix: print the diff, change nothing"),
        OptionSpec("--completion-script", .shell, "Print a completion script for a shell"),
    ]

    /// The usage line printed after a command line that cannot be run: every option, so that one that
    /// was mistyped can be found in it.
    static let usage =
        "Usage: layout-check [--schemas DIR]... [--swift-sources [MODULE=]DIR]... [--toolchain DIR]\n"
        + "                    [--write-schemas DIR] [--format|--reporter FORMAT] [--output FILE] [--config FILE]\n"
        + "                    [--baseline FILE | --write-baseline FILE] [--strict] [--quiet] [--touch FILE]\n"
        + "                    [--fix [--dry-run]] [--jobs N] PATH...\n"
        + "       layout-check lsp [--toolchain DIR]\n"
        + "       layout-check --completion-script bash|zsh|fish\n"
        + "       layout-check --help | --version\n"

    /// Parses the arguments after the program name.
    ///
    /// Options take their value as the next argument or after `=` (`--jobs 4`, `--jobs=4`); `--`
    /// ends the options, so a path that begins with `-` can follow it; `-` alone is standard input.
    /// `--help` and `--version` win over anything that follows them.
    /// - Throws: `UsageError` for an unknown option, a missing or bad value, no path, or `-` twice.
    static func parse(_ arguments: [[UInt8]], defaultJobs: Int) throws(UsageError) -> Command {
        if arguments.first == Array("lsp".utf8) { return try parseLanguageServer(arguments.dropFirst()) }
        var result = Arguments(jobs: max(1, defaultJobs))
        var remaining = arguments[...]
        var optionsEnded = false
        while let bytes = remaining.popFirst() {
            // Options are ASCII; a PATH keeps the bytes the shell passed, UTF-8 or not.
            let argument = String(decoding: bytes, as: UTF8.self)
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.paths.append(SystemPath(bytes: bytes))
            } else if argument == "--" {
                optionsEnded = true
            } else {
                var option = OptionReader(bytes, remaining: remaining)
                if let command = try option.apply(to: &result) { return command }
                remaining = option.remaining
            }
        }
        try validate(result)
        return .check(result)
    }

    /// The combinations of options a check cannot run with.
    private static func validate(_ result: Arguments) throws(UsageError) {
        guard !result.paths.isEmpty else {
            throw UsageError(message: "no PATH given: name the layout files or directories to check")
        }
        if result.dryRun, !result.fix {
            throw UsageError(message: "'--dry-run' is an option of '--fix': give both")
        }
        if result.fix, result.writeBaseline != nil {
            throw UsageError(message: "'--fix' and '--write-baseline' cannot be used together")
        }
        if result.fix, result.paths.contains(.standardInput) {
            throw UsageError(message: "'--fix' cannot fix standard input: name the files")
        }
        if result.baseline != nil, result.writeBaseline != nil {
            throw UsageError(message: "'--baseline' and '--write-baseline' cannot be used together")
        }
        if result.paths.count(where: { $0 == .standardInput }) > 1 {
            throw UsageError(message: "'-' (standard input) can be given only once")
        }
    }
}

/// One option of the command line and its value: after `=` (`--jobs=4`), or the next argument.
private struct OptionReader {
    let bytes: [UInt8]
    let name: String
    let inlineValue: [UInt8]?
    /// The arguments after the option; its value, when it takes the next one, is removed.
    private(set) var remaining: ArraySlice<[UInt8]>

    init(_ bytes: [UInt8], remaining: ArraySlice<[UInt8]>) {
        self.bytes = bytes
        self.remaining = remaining
        if bytes.starts(with: "--".utf8), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
            name = String(decoding: bytes[..<equals], as: UTF8.self)
            inlineValue = Array(bytes[(equals + 1)...])
        } else {
            name = String(decoding: bytes, as: UTF8.self)
            inlineValue = nil
        }
    }

    mutating func rawValue() throws(UsageError) -> [UInt8] {
        if let inlineValue { return inlineValue }
        // `--format --jobs 2` lacks a value; it does not mean the format "--jobs".
        guard let next = remaining.first, !next.starts(with: "--".utf8) else {
            throw UsageError(message: "option '\(name)' needs a value")
        }
        remaining.removeFirst()
        return next
    }

    mutating func value() throws(UsageError) -> String { String(decoding: try rawValue(), as: UTF8.self) }

    mutating func pathValue() throws(UsageError) -> String {
        let path = try value()
        guard !path.isEmpty else { throw UsageError(message: "option '\(name)' needs a file") }
        return path
    }

    /// A directory option's value: never empty, and never `-` for an option that reads files only.
    mutating func directoryValue(allowingStandardInput: Bool = true) throws(UsageError) -> SystemPath {
        let directory = SystemPath(bytes: try rawValue())
        guard directory != SystemPath("") else { throw UsageError(message: "option '\(name)' needs a directory") }
        guard allowingStandardInput || directory != .standardInput else {
            throw UsageError(message: "'\(name)' cannot read standard input ('-'): name a directory or file")
        }
        return directory
    }

    func noValue() throws(UsageError) {
        if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
    }

    /// Sets the option in `result`; `--help` and `--version` are the command instead.
    mutating func apply(to result: inout Arguments) throws(UsageError) -> Command? {
        switch name {
        case "-h", "--help":
            try noValue()
            return .help
        case "--version":
            try noValue()
            return .version
        case "--completion-script":
            let text = try value()
            guard let shell = Shell(rawValue: text) else {
                throw UsageError(message: "no completion script for '\(text)' (expected bash, zsh or fish)")
            }
            return .completionScript(shell)
        // Standard input is the one layout `-` names; class schemas come from files only.
        case "--schemas": result.schemaDirectories.append(try directoryValue(allowingStandardInput: false))
        case "--swift-sources": result.swiftSources.append(try directoryValue())
        case "--toolchain":
            let directory = try value()
            guard !directory.isEmpty else { throw UsageError(message: "option '--toolchain' needs a directory") }
            result.toolchain = directory
        case "--format", "--reporter":
            let text = try value()
            guard let format = OutputFormat.named(text) else {
                let known = (OutputFormat.allCases.map(\.rawValue) + OutputFormat.aliases.keys.sorted())
                    .joined(separator: ", ")
                throw UsageError(message: "unknown format '\(text)' for '\(name)' (expected one of: \(known))")
            }
            result.format = format
        case "--output": result.output = try pathValue()
        case "--config": result.configuration = try pathValue()
        case "--baseline": result.baseline = try pathValue()
        case "--write-baseline": result.writeBaseline = try pathValue()
        case "--write-schemas": result.writeSchemas = try pathValue()
        case "--touch": result.touch = try pathValue()
        case "--quiet", "--strict", "--fix", "--dry-run":
            try noValue()
            Self.setFlag(name, in: &result)
        case "--jobs", "-j":
            let text = try value()
            guard let jobs = Int(text), jobs >= 1 else {
                throw UsageError(message: "'--jobs' needs a whole number of at least 1, not '\(text)'")
            }
            result.jobs = jobs
        default:
            throw UsageError(
                message: "unknown option '\(SystemPath(bytes: bytes))'" + suggestion(for: name, in: Command.options))
        }
        return nil
    }

    private static func setFlag(_ name: String, in result: inout Arguments) {
        switch name {
        case "--quiet": result.quiet = true
        case "--strict": result.strict = true
        case "--fix": result.fix = true
        default: result.dryRun = true
        }
    }
}

extension Command {
    /// `lsp [--toolchain DIR]`. (A layout file named `lsp` is checked as `./lsp`.)
    static func parseLanguageServer(_ arguments: ArraySlice<[UInt8]>) throws(UsageError) -> Command {
        let words = arguments.map { String(decoding: $0, as: UTF8.self) }
        switch words.count {
        case 0: return .languageServer(toolchain: nil)
        case 2 where words[0] == "--toolchain" && !words[1].isEmpty: return .languageServer(toolchain: words[1])
        default:
            throw UsageError(
                message: "'lsp' takes no argument but '--toolchain DIR'; it talks LSP on standard input and output")
        }
    }
}

/// The class rules, for `--help`, wrapped to the option column.
private let classRules = wrapped(
    RuleDescriptor.ids(in: .classes).map(\.rawValue).joined(separator: ", "), width: 76, indent: 28
).dropFirst(28)

/// Every rule the checker reports, one per line with its summary, from the rules table.
private let ruleList =
    RuleDescriptor.all.filter { $0.phase != .instantiation }.map { rule in
        let severity = rule.defaultSeverity == .warning ? " (warning)" : ""
        return "  \(rule.id.rawValue)\(severity)\n" + wrapped(rule.summary, width: 96, indent: 6)
    }.joined(separator: "\n") + "\n"

/// `text` broken at spaces into lines of at most `width` characters after `indent` spaces.
private func wrapped(_ text: String, width: Int, indent: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty, line.count + 1 + word.count > width - indent {
            lines.append(line)
            line = ""
        }
        line += line.isEmpty ? String(word) : " \(word)"
    }
    if !line.isEmpty { lines.append(line) }
    let margin = String(repeating: " ", count: indent)
    return lines.map { margin + $0 }.joined(separator: "\n")
}

/// The text of `--help`.
let helpText = """
    OVERVIEW: Checks LayoutKit layout files (*.layout.xml) against format v1 and their classes, as the
    Swift code (or class schemas) declares them.

    USAGE: layout-check [--swift-sources [MODULE=]DIR]... [--toolchain DIR] [--write-schemas DIR]
                        [--schemas DIR]... [--format FORMAT] [--output FILE] [--config FILE]
                        [--baseline FILE | --write-baseline FILE] [--strict] [--quiet] [--jobs N]
                        [--fix [--dry-run]] PATH...
           layout-check --completion-script bash|zsh|fish
           layout-check lsp [--toolchain DIR]
                            A language server for layouts on standard input and output (LSP 3.17):
                            the same diagnostics while the file is edited, completion, hover, go to
                            definition, fix-its as code actions and outlet rename; diagnostics for
                            .xib and .storyboard.

    ARGUMENTS:
      PATH                  A layout file, a directory, or '-' for one layout read from standard input
                            (reported as <stdin>). A file named here is checked whatever its name; its
                            bytes are used as given, UTF-8 or not.
                            A directory is searched recursively for *.layout.xml files: symbolic links
                            are followed, each directory is visited once (so link loops end), and
                            entries whose names begin with '.' (.build, .git, editor lock files) are
                            skipped. A directory is never read as a file, even if named *.layout.xml.
                            What cannot be read (a dangling link, a FIFO found by the search, a
                            directory that cannot be looked into: a path over PATH_MAX, one removed
                            during the run) is an unreadable-file error naming it, never skipped; a
                            file is read no further than 4 MiB (input-limit).
                            A file reached by several paths (a link, a second hard link, a PATH inside
                            another) is checked once, under the first path that reaches it.
                            An Xcode project (MyApp.xcodeproj), or a directory holding one when no
                            --swift-sources are named, is read: each target's Swift files make up
                            its module, and its *.xib and *.storyboard files are checked against the
                            classes of that target and of the UIKit targets it depends on.

    OPTIONS:
      --schemas DIR         Load every *.classes.xml under DIR, searched like a PATH directory
                            (recursively). DIR may also be one class schema file, but not '-':
                            standard input is only ever the one layout PATH '-'. Repeatable.
                            Default: the configuration's <schemas>, else ./Schemas when it exists.
                            With no class schema at all, the class
                            rules (\(classRules)) are skipped and one no-class-schemas warning says so.
      --swift-sources [MODULE=]DIR
                            Read the classes of every *.swift under DIR (the module MODULE; default:
                            the folder under Sources/ in SwiftPM's layout, else DIR's own name) and
                            check the layouts against them: the elements of each class's outlets,
                            actions and properties lists (Outlet("name", \\T.prop), Action("name",
                            T.method), Property("name", \\T.prop)), typed by the declarations they
                            name, superclasses, extensions and nested types. No class schema is
                            needed; given both, the Swift code judges the layouts and a schema that
                            says otherwise is a schema-drift finding. A class whose lists the syntax
                            does not show whole (a helper builds one) is open: no rule says one of
                            its members is missing (open-class, off by default, lists them).
                            Also check Interface Builder files (*.xib, *.storyboard, searched for under
                            each PATH directory like layouts, or named as a PATH) against the Swift
                            classes' @IBOutlets and @IBActions. Each diagnostic has a note at the
                            Swift declaration. Repeatable; read in addition to the configuration's
                            <swift-sources>. The Swift files are read with the toolchain's
                            sourcekitd in a worker process (syntax only: no UIKit, no build
                            needed); a file it crashes on, or does not answer about within a minute,
                            is an unreadable-file error.
      --write-schemas DIR   Write the Swift sources' classes as class schemas, DIR/MODULE.classes.xml,
                            for repositories that keep Schemas/; then check as usual.
      --toolchain DIR       The Swift toolchain whose usr/lib/libsourcekitdInProc.so reads the Swift
                            files. Default: $LAYOUTKIT_TOOLCHAIN, else the toolchain of the swift on
                            PATH. Not found: layouts are checked against the class schemas, if any,
                            and one no-class-schemas warning names these two ways to point at it;
                            Interface Builder files cannot be checked (exit status 2).
      --format FORMAT       (or --reporter FORMAT)
                            text (default): PATH:LINE:COLUMN: error: MESSAGE [RULE] on standard output,
                              then a summary on standard error. Coloured only when standard output is
                              a terminal, NO_COLOR is unset or empty and TERM is not 'dumb'.
                            json: one object {"files", "errors", "warnings", "diagnostics": [{"file",
                              "line", "column", "severity", "rule", "message"}]}, keys sorted.
                            github: GitHub Actions annotations,
                              ::error file=PATH,line=LINE,col=COLUMN,title=RULE::MESSAGE
                            Paths print as the bytes the system gave them, losslessly, in every format:
                            '\\' as '\\\\' and each byte that is not UTF-8 as '\\xNN' (caf\\xE9), so a JSON
                            "file" decodes to that text, not to the raw bytes.
                            sarif: SARIF 2.1.0 for code scanning: every rule in tool.driver.rules,
                              paths relative to the repository's root (%SRCROOT%: the nearest folder
                              with .git at or above the working directory, else the working
                              directory), fingerprints that do not change when lines above a finding
                              move.
                            junit: JUnit XML, a test case per file, a failure per error.
                            checkstyle: checkstyle XML, a <file> per file, an <error> per diagnostic.
                            SwiftLint's reporter names work too: xcode (text), github-actions-logging
                            (github), json, sarif, junit, checkstyle.
                            A warning about the whole run (no-class-schemas) has no file: it prints as
                            'layout-check: warning: ...', in JSON with file "" and line and column 0,
                            on GitHub without file, line and col, and in SARIF as a notification of
                            the run's invocation (code scanning refuses a result without a location).
                            A run that cannot proceed (exit status 2) writes no report in any format
                            (--output FILE keeps what it held): uploaded, a SARIF log with no results
                            would close every open code scanning alert.
      --output FILE         Write the report to FILE instead of standard output (replacing it). The
                            summary still goes to standard error.
      --config FILE         Read the configuration from FILE. Default: the nearest layout-check.xml
                            in the working directory or a folder above it, looking no higher than
                            the package root (a folder with Package.swift) or the repository root
                            (a folder with .git), whichever comes first. One file, never merged:
                            <schemas path>, used when there is no --schemas; <exclude path>,
                            globs (*, ?, ** for any directories) that leave files out of a directory
                            search; <baseline path>, used when there is no --baseline or
                            --write-baseline; and <rule id severity="error|warning|ignore">. Paths
                            are relative to the configuration's folder. Format rules cannot be
                            lowered. Schemas/config.xsd describes the file.
      --baseline FILE       Report only findings that FILE does not hold (matched on rule, file and
                            message, not line; one entry per finding); entries that match nothing are
                            listed on standard error as fixed.
      --write-baseline FILE Record every finding in FILE (after the configuration's severities)
                            instead of reporting them, and exit 0.
      --strict              Warnings fail the run too (exit status 1), and so do Interface Builder
                            files in no target of the projects read, which nothing checks.
      --quiet               Print no summary (and no baseline note) on standard error; problems that
                            stop the run are still printed there.
      --fix                 Apply every fix-it of the run (the repairs a rule can prove: a did-you-mean
                            with one candidate, an lk:ignore name that silences nothing), then check
                            again and report what is left; the exit status is that of what is left.
                            Each edit replaces only the bytes of one attribute; a file is replaced
                            atomically, only if it is a regular file inside the repository and still
                            has the bytes that were checked. Two fix-its that overlap are both
                            skipped, with a note on standard error. A second --fix changes nothing.
      --dry-run             With --fix: print the fix-its as a unified diff on standard output and
                            change nothing; the exit status is that of the check.
      --touch FILE          Write FILE (empty) when the run passes: the build-tool plugin's promised
                            output, so that the build runs the check again only when an input changes.
      -j, --jobs N          Check at most N files at once (default: the number of cores). Files are
                            opened one at a time per job, so any number of files can be checked. The
                            output is the same whatever N is: sorted by path, line, column and rule.
      --completion-script SHELL
                            Print a completion script for bash, zsh or fish, made from this help's
                            options: eval "$(layout-check --completion-script bash)" in ~/.bashrc;
                            for zsh, save it as _layout-check in a folder of $fpath; for fish, as
                            ~/.config/fish/completions/layout-check.fish.
      -h, --help            Show this help.
      --version             Show the version.

    RULES:
    \(ruleList)
    EXIT STATUS:
      0  no errors (warnings allowed, unless --strict)
      1  at least one error, in a layout or a class schema; or a warning, or an Interface Builder
         file in no target, with --strict
      2  the run could not proceed: unknown option, missing or bad value, no PATH, a PATH, --schemas
         DIR or --swift-sources DIR that does not exist, no sourcekitd for --swift-sources; a
         configuration or baseline that cannot be read or used (each problem is printed as
         FILE:LINE:COLUMN: error: MESSAGE [configuration]); or the report could not be written (a full
         disk, a closed pipe as in '| head -1'), which one line on standard error says

    EXAMPLES:
      layout-check --swift-sources Sources/ShopKit Sources/ShopKit/Layouts/
      layout-check --swift-sources ShopKit=App/ShopKit --write-schemas Schemas Layouts/
      layout-check Layouts/
      layout-check --schemas Schemas --format github Layouts/
      layout-check --format sarif --baseline layout-check-baseline.xml Layouts/ > layout-check.sarif
      layout-check --swift-sources MyApp MyApp
      cat PhotoCell.layout.xml | layout-check -

    """

/// The version of `layout-check`, as `--version` and the SARIF report give it.
let toolVersion = "1.1.0"

/// The text of `--version`.
let versionText = "layout-check \(toolVersion) (LayoutKit format v1)\n"
