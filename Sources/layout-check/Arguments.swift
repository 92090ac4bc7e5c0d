import LayoutKit

/// How diagnostics are printed on standard output.
enum OutputFormat: String, CaseIterable, Sendable {
    /// `PATH:LINE:COLUMN: error: MESSAGE [RULE]`, one line each, as compilers print.
    case text
    /// One JSON object with the counts and every diagnostic.
    case json
    /// GitHub Actions workflow commands, which GitHub shows as annotations on the lines.
    case github
}

/// A checking run as the command line asks for it.
struct Arguments: Equatable, Sendable {
    /// The `--schemas` values in the order given; empty means "`./Schemas` when it exists".
    var schemaDirectories: [String] = []
    var format: OutputFormat = .text
    /// At most this many files are read and checked at once.
    var jobs: Int
    /// Files, directories and `-`, in the order given.
    var paths: [String] = []
    /// The `--swift-sources` values: where the Swift classes of Interface Builder files are. Empty: no
    /// Interface Builder file is searched for or checked.
    var swiftSources: [String] = []
    /// `--toolchain`: the Swift toolchain whose sourcekitd reads them.
    var toolchain: String?
}

/// What the command line asks for.
enum Command: Equatable, Sendable {
    case check(Arguments)
    case help
    case version
}

/// A command line that cannot be run: the tool prints the message and a hint, and exits with 2.
struct UsageError: Error, Equatable, Sendable {
    var message: String
}

extension Command {
    /// Parses the arguments after the program name.
    ///
    /// Options take their value as the next argument or after `=` (`--jobs 4`, `--jobs=4`); `--`
    /// ends the options, so a path that begins with `-` can follow it; `-` alone is standard input.
    /// `--help` and `--version` win over anything that follows them.
    /// - Throws: `UsageError` for an unknown option, a missing or bad value, no path, or `-` twice.
    static func parse(_ arguments: [String], defaultJobs: Int) throws(UsageError) -> Command {
        var result = Arguments(jobs: max(1, defaultJobs))
        var remaining = arguments[...]
        var optionsEnded = false

        while let argument = remaining.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.paths.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let name: Substring
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument[...]
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                // `--format --jobs 2` lacks a value; it does not mean the format "--jobs".
                guard let next = remaining.first, !next.hasPrefix("--") else {
                    throw UsageError(message: "option '\(name)' needs a value")
                }
                remaining.removeFirst()
                return next
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
            }

            switch name {
            case "-h", "--help":
                try noValue()
                return .help
            case "--version":
                try noValue()
                return .version
            case "--schemas":
                let directory = try value()
                guard !directory.isEmpty else { throw UsageError(message: "option '--schemas' needs a directory") }
                result.schemaDirectories.append(directory)
            case "--swift-sources":
                let directory = try value()
                guard !directory.isEmpty else {
                    throw UsageError(message: "option '--swift-sources' needs a directory")
                }
                result.swiftSources.append(directory)
            case "--toolchain":
                let directory = try value()
                guard !directory.isEmpty else { throw UsageError(message: "option '--toolchain' needs a directory") }
                result.toolchain = directory
            case "--format":
                let text = try value()
                guard let format = OutputFormat(rawValue: text) else {
                    let known = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "unknown format '\(text)' for '--format' (expected one of: \(known))")
                }
                result.format = format
            case "--jobs", "-j":
                let text = try value()
                guard let jobs = Int(text), jobs >= 1 else {
                    throw UsageError(message: "'--jobs' needs a whole number of at least 1, not '\(text)'")
                }
                result.jobs = jobs
            default:
                throw UsageError(message: "unknown option '\(argument)'")
            }
        }

        guard !result.paths.isEmpty else {
            throw UsageError(message: "no PATH given: name the layout files or directories to check")
        }
        if result.swiftSources.isEmpty,
            let path = result.paths.first(where: InterfaceBuilderRun.isInterfaceBuilderFile)
        {
            throw UsageError(
                message: "'\(path)' is an Interface Builder file: pass --swift-sources DIR to check it against "
                    + "its Swift classes")
        }
        if result.paths.count(where: { $0 == "-" }) > 1 {
            throw UsageError(message: "'-' (standard input) can be given only once")
        }
        return .check(result)
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
    OVERVIEW: Checks LayoutKit layout files (*.layout.xml) against format v1 and their class schemas.

    USAGE: layout-check [--schemas DIR]... [--format text|json|github] [--jobs N] PATH...
           layout-check --swift-sources DIR... [--toolchain DIR] [OPTIONS] PATH...

    ARGUMENTS:
      PATH                  A layout file, a directory, or '-' for one layout read from standard input
                            (reported as <stdin>). A file named here is checked whatever its name.
                            A directory is searched recursively for *.layout.xml files: symbolic links
                            are followed, each directory is visited once (so link loops end), and
                            entries whose names begin with '.' (.build, .git, editor lock files) are
                            skipped. A directory is never read as a file, even if named *.layout.xml.
                            What cannot be read (a dangling link, a FIFO found by the search) is an
                            unreadable-file error; a file is read no further than 4 MiB (input-limit).
                            A file reached by several paths (a link, a second hard link, a PATH inside
                            another) is checked once, under the first path that reaches it.

    OPTIONS:
      --schemas DIR         Load every *.classes.xml under DIR, searched like a PATH directory
                            (recursively). DIR may also be one class schema file. Repeatable.
                            Default: ./Schemas when it exists. With no class schema at all, the class
                            rules (\(classRules)) are skipped and one no-class-schemas warning says so.
      --swift-sources DIR   Also check Interface Builder files (*.xib, *.storyboard, searched for under
                            each PATH directory like layouts, or named as a PATH) against the Swift
                            classes of every *.swift under DIR: outlets, outlet collections and
                            actions (unknown-outlet, unknown-action, outlet-type-mismatch,
                            unknown-class, unknown-destination; unconnected-outlet for an implicitly
                            unwrapped outlet that no Interface Builder file using its class connects).
                            Each diagnostic has a note at the Swift declaration. Repeatable. Without
                            it, Interface Builder files are not searched for, and naming one is an
                            error. The Swift files are read with the toolchain's sourcekitd
                            (syntax only: no UIKit, no build needed). With it, a run that finds no
                            layout does not warn about class schemas.
      --toolchain DIR       The Swift toolchain whose usr/lib/libsourcekitdInProc.so reads the Swift
                            files. Default: $LAYOUTKIT_TOOLCHAIN, else the toolchain of the swift on
                            PATH. Not found: exit status 2.
      --format FORMAT       text (default): PATH:LINE:COLUMN: error: MESSAGE [RULE] on standard output,
                              then a summary on standard error. Coloured only when standard output is
                              a terminal, NO_COLOR is unset or empty and TERM is not 'dumb'.
                            json: one object {"files", "errors", "warnings", "diagnostics": [{"file",
                              "line", "column", "severity", "rule", "message"}]}, keys sorted.
                            github: GitHub Actions annotations,
                              ::error file=PATH,line=LINE,col=COLUMN,title=RULE::MESSAGE
                            A warning about the whole run (no-class-schemas) has no file: it prints as
                            'layout-check: warning: ...', in JSON with file "" and line and column 0,
                            and on GitHub without file, line and col.
      -j, --jobs N          Check at most N files at once (default: the number of cores). Files are
                            opened one at a time per job, so any number of files can be checked. The
                            output is the same whatever N is: sorted by path, line, column and rule.
      -h, --help            Show this help.
      --version             Show the version.

    RULES:
    \(ruleList)
    EXIT STATUS:
      0  no errors (warnings allowed)
      1  at least one error, in a layout or a class schema
      2  the run could not proceed: unknown option, missing or bad value, no PATH, a PATH, --schemas
         DIR or --swift-sources DIR that does not exist, no sourcekitd for --swift-sources

    EXAMPLES:
      layout-check Layouts/
      layout-check --schemas Schemas --format github Layouts/
      layout-check --swift-sources MyApp MyApp
      cat PhotoCell.layout.xml | layout-check -

    """

/// The text of `--version`.
let versionText = "layout-check 1.0.0 (LayoutKit format v1)\n"
