import Foundation
import LayoutChecking
import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checker: parse the command line, find the files, check them in parallel, print, and return
/// the exit status (0 no errors, 1 errors, 2 the run could not proceed).
enum LayoutCheck {
    /// - Parameter arguments: The arguments after the program name, as the bytes the shell passed.
    static func run(_ arguments: [[UInt8]]) async -> Int32 {
        if arguments.count >= 2, arguments[0] == Array(SwiftDeclarationsWorker.option.utf8) {
            let words = arguments.dropFirst().map { String(decoding: $0, as: UTF8.self) }
            return SwiftDeclarationsWorker.serve(library: words[0], calls: Set(words.dropFirst()))
        }
        let command: Command
        do {
            command = try Command.parse(arguments, defaultJobs: ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            return usageFailure([error])
        }
        switch command {
        case .help:
            return printed(helpText)
        case .version:
            return printed(versionText)
        case .completionScript(let shell):
            return printed(Completions.script(for: shell))
        case .languageServer(let toolchain):
            return LanguageServer(input: STDIN_FILENO, output: STDOUT_FILENO, toolchain: toolchain).run()
        case .check(let arguments):
            return await DirectoryListings.$current.withValue(DirectoryListings()) { await check(arguments) }
        }
    }

    private static func check(_ arguments: Arguments) async -> Int32 {
        let start = ContinuousClock.now
        let workingDirectory: String
        switch RepositoryBoundary.workingDirectory() {
        case .success(let path): workingDirectory = path
        case .failure(let error):
            return usageFailure([UsageError(message: "cannot tell the working directory: \(error)")])
        }
        // The report's file replaces no link, FIFO, device or folder (`/dev/stdout` stays allowed); it may be
        // anywhere the user says. Refused, the run says so on standard error, never in that file.
        if let path = arguments.output, path != "/dev/stdout",
            let problem = RepositoryBoundary(workingDirectory: workingDirectory).writeProblem(path, confined: false)
        {
            return usageFailure([UsageError(message: "--output: not writing '\(path)': \(problem)")])
        }
        let settings: RunSettings
        switch RunSettings.load(arguments, workingDirectory: workingDirectory) {
        case .success(let loaded): settings = loaded
        case .failure(.usage(let error)): return usageFailure([error])
        case .failure(.invalid(let diagnostics)): return invalidSettings(diagnostics)
        }
        let plan: RunPlan
        switch RunPlan.make(arguments, settings: settings) {
        case .success(let made): plan = made
        case .failure(let failure): return usageFailure(failure.errors)
        }
        var run = CheckRun(plan.inputs)
        let outcome = await run.run()
        return await report(
            outcome, plan: plan, settings: settings, arguments: arguments, workingDirectory: workingDirectory,
            duration: ContinuousClock.now - start)
    }

    /// The outcome against the baseline (or written as one), rendered where the arguments say, and the
    /// exit status: 1 for errors (or warnings with `--strict`), else 0.
    private static func report(
        _ outcome: CheckRun.Outcome, plan: RunPlan, settings: RunSettings, arguments: Arguments,
        workingDirectory: String, duration: Duration
    ) async -> Int32 {
        var diagnostics = outcome.diagnostics
        if let path = arguments.writeBaseline {
            return writeBaseline(
                Baseline(entries: settings.baselineEntries(diagnostics)), to: path, quiet: arguments.quiet)
        }
        var notes = ""
        if let baseline = settings.baseline {
            let (new, fixed) = baseline.match(settings.baselineEntries(diagnostics))
            let accepted = diagnostics.count - new.count
            diagnostics = new.map { diagnostics[$0] }
            notes = baselineSummary(accepted: accepted, fixed: fixed)
        }

        // --fix: the fix-its are applied and the check runs again for what is left (or, with --dry-run,
        // their diff is printed and nothing changes).
        if arguments.fix, let status = await FixRun.finish(diagnostics, arguments, workingDirectory, again: check) {
            return status
        }
        let report = Report(
            files: outcome.files, diagnostics: diagnostics, duration: duration, workingDirectory: workingDirectory,
            sourceRoot: RepositoryBoundary(workingDirectory: workingDirectory).root, checkedFiles: outcome.checkedPaths,
            skippedFiles: outcome.skipped,
            projects: plan.summary(notes: outcome.notes))
        let colour = arguments.output == nil && StandardStream.output.wantsColour
        let status = delivered(arguments.format.render(report, colour: colour), to: arguments.destination)
        guard status == 0 else { return status }
        if !arguments.quiet { try? StandardStream.error.write(notes + report.summary) }
        // With --strict, Interface Builder files nothing checks (in no target) fail the run as warnings do.
        let failed = report.errors > 0 || (arguments.strict && (report.warnings > 0 || plan.unclaimedFiles > 0))
        if failed, arguments.touch != nil, let line = BuildFailureLine.line(report.failing(strict: arguments.strict)) {
            try? StandardStream.error.write(line)
        }
        // Without the Swift code the check was partial: no stamp, so the build plugin runs it (and
        // warns) again on the next build rather than passing silently from then on.
        if !failed, plan.sourceKitProblem == nil, let stamp = arguments.touch, !touch(stamp) {
            return usageFailure([UsageError(message: "--touch: cannot write '\(stamp)'")])
        }
        return failed ? 1 : 0
    }

    /// Records the findings as a baseline file and says so; exit status 0 unless it cannot be written.
    private static func writeBaseline(_ baseline: Baseline, to path: String, quiet: Bool) -> Int32 {
        let document = Data(BaselineWriter.document(baseline).utf8)
        if let problem = Baseline.sizeProblem(entries: baseline.entries.count, bytes: document.count) {
            return usageFailure(
                [
                    UsageError(
                        message: "--write-baseline: not writing '\(path)': \(problem), so --baseline could not read "
                            + "it; fix findings, or set their rules to ignore in the configuration")
                ])
        }
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try document.write(to: url, options: .atomic)
        } catch {
            return usageFailure(
                [UsageError(message: "--write-baseline: cannot write '\(path)': \(error.localizedDescription)")])
        }
        let count = baseline.entries.count
        if !quiet {
            try? StandardStream.error.write("layout-check: wrote \(count) finding\(count == 1 ? "" : "s") to \(path)\n")
        }
        return 0
    }

    /// What the baseline took away, for standard error: how many findings it held, and each entry that
    /// matched nothing any more, so that it can be dropped from the file.
    private static func baselineSummary(accepted: Int, fixed: [Baseline.Entry]) -> String {
        var text = "layout-check: \(accepted) finding\(accepted == 1 ? "" : "s") in the baseline not reported\n"
        if !fixed.isEmpty {
            text += "layout-check: \(fixed.count) baseline entr\(fixed.count == 1 ? "y matches" : "ies match")"
            text += " no finding any more (fixed); --write-baseline drops them:\n"
            for entry in fixed {
                let file = entry.file.isEmpty ? "layout-check" : entry.file
                text +=
                    "  \(TextRenderer.visible(file)): \(TextRenderer.visible(entry.message)) [\(entry.rule.rawValue)]\n"
            }
        }
        return text
    }

    /// Writes the build-tool plugin's stamp file; whether it could be written.
    private static func touch(_ path: String) -> Bool {
        (try? Data().write(to: URL(fileURLWithPath: path))) != nil
    }

    /// A configuration or baseline that cannot be used: each problem where it is, on standard error, and
    /// exit status 2, as for a command line that cannot be run. No report is written (see `usageFailure`).
    private static func invalidSettings(_ diagnostics: [Diagnostic]) -> Int32 {
        let report = Report(files: 0, diagnostics: diagnostics.sorted(by: Diagnostic.ordered), duration: .zero)
        try? StandardStream.error.write(TextRenderer(colour: StandardStream.error.wantsColour).render(report))
        return 2
    }

    /// Writes the report to `--output FILE` or standard output: 0 when all of it was written; else 2,
    /// after one line on standard error, because a report that was not delivered (`| head -1`, a full
    /// disk) must not pass for a clean run.
    private static func delivered(_ text: String, to destination: ReportDestination) -> Int32 {
        // `/dev/stdout` is standard output: written to as a stream, never replaced by an atomic rename
        // (which, run as root, would turn the device's link into a regular file).
        guard let path = destination.output, path != "/dev/stdout" else { return printed(text) }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return 0
        } catch {
            try? StandardStream.error.write(
                "layout-check: error: cannot write the report to '\(path)': \(error.localizedDescription)\n")
            return 2
        }
    }

    /// Writes `text` on standard output: 0 when all of it was written; else 2, after one line on
    /// standard error.
    private static func printed(_ text: String) -> Int32 {
        do throws(SystemError) {
            try StandardStream.output.write(text)
            return 0
        } catch {
            try? StandardStream.error.write("layout-check: error: cannot write to standard output: \(error)\n")
            return 2
        }
    }

    /// Writes one class schema per module of the Swift sources; a usage error when it cannot.
    static func writeSchemas(_ catalog: ClassCatalog, to directory: String) -> UsageError? {
        let documents = catalog.classSchemaDocumentsByModule()
        if let problem = SchemaFileNames.problem(documents.map(\.module)) { return problem }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (module, document) in documents {
                guard let name = SchemaFileNames.fileName(forModule: module) else { continue }
                try Data(document.utf8).write(
                    to: URL(fileURLWithPath: directory).appendingPathComponent(name), options: .atomic)
            }
        } catch {
            return UsageError(message: "--write-schemas: cannot write '\(directory)': \(error.localizedDescription)")
        }
        return nil
    }

    static func isDirectory(_ path: SystemPath) -> Bool {
        var status = stat()
        return path.withCString({ stat($0, &status) }) == 0 && status.isDirectory
    }

    /// A run that cannot proceed: each problem, the usage line and a hint on standard error, and exit
    /// status 2. No report is written, in any format: standard output stays empty and `--output FILE` keeps
    /// what it held, so that a workflow never uploads a SARIF log with no results, which would close every
    /// open code scanning alert; it uploads only after a run that completed (exit status 0 or 1).
    private static func usageFailure(_ errors: [UsageError]) -> Int32 {
        var text = ""
        for error in errors {
            text += "layout-check: error: \(error.message)\n"
        }
        text += Command.usage
        text += "See 'layout-check --help'.\n"
        try? StandardStream.error.write(text)
        return 2
    }
}
