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
            return usageFailure([error], destination: Command.destination(in: arguments))
        }
        switch command {
        case .help:
            return printed(helpText)
        case .version:
            return printed(versionText)
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
            return usageFailure(
                [UsageError(message: "cannot tell the working directory: \(error)")], destination: arguments.destination
            )
        }

        // The report's file is confined like every file the run writes (`/dev/stdout` stays allowed);
        // refused, the run says so on standard output and standard error, never in that file.
        if let path = arguments.output, path != "/dev/stdout",
            let problem = RepositoryBoundary(workingDirectory: workingDirectory).writeProblem(path)
        {
            return usageFailure(
                [UsageError(message: "--output: not writing '\(path)': \(problem)")],
                destination: ReportDestination(format: arguments.format, output: nil))
        }
        let destination = arguments.destination
        let settings: RunSettings
        switch RunSettings.load(arguments, workingDirectory: workingDirectory) {
        case .success(let loaded): settings = loaded
        case .failure(.usage(let error)): return usageFailure([error], destination: destination)
        case .failure(.invalid(let diagnostics)):
            return invalidSettings(diagnostics, destination: destination, workingDirectory: workingDirectory)
        }

        // Look at every PATH first: one that does not exist, or a --schemas DIR, stops the run before
        // anything is checked or printed. The search itself happens as the files are checked.
        let exclusion = settings.searchExclusion
        var schemaFiles = FileDiscovery(suffix: ".classes.xml")
        var layoutFiles = FileDiscovery(suffix: ".layout.xml")
        layoutFiles.isExcluded = exclusion
        var missing: [UsageError] = []
        for directory in settings.schemaDirectories(arguments, defaultExists: isDirectory(SystemPath("Schemas"))) {
            do throws(UsageError) {
                try schemaFiles.add(directory)
            } catch {
                missing.append(UsageError(message: "--schemas: \(error.message)"))
            }
        }
        for path in arguments.paths where !InterfaceBuilderRun.isInterfaceBuilderFile(path) || isDirectory(path) {
            do throws(UsageError) { try layoutFiles.add(path) } catch { missing.append(error) }
        }
        let namedRoots = settings.swiftSourceDirectories(arguments)
        for root in namedRoots where !FileManager.default.fileExists(atPath: root.path.description) {
            missing.append(UsageError(message: "--swift-sources: no such file or directory: '\(root.path)'"))
        }
        // Xcode projects named as PATHs, and those under the PATHs when no Swift sources were named:
        // their targets bring their own Swift files, modules and Interface Builder files.
        let projects = XcodeProjects(arguments.paths, searchingDirectories: namedRoots.isEmpty, isExcluded: exclusion)
        let swiftRoots = namedRoots + projects.swiftRoots(besides: namedRoots)
        var interfaceBuilder: InterfaceBuilderRun?
        var sourceKit: SwiftDeclarationsWorkerConnection?
        var sourceKitProblem: String?
        // Interface Builder files under the PATHs that nothing can check (no project, no Swift sources named):
        // counted and said, never passed over in silence.
        var uncheckedInterfaceBuilderFiles = 0
        if !swiftRoots.isEmpty {
            // sourcekitd is loaded in the worker process only (it would double this process's memory), which
            // starts now and says whether it could load it.
            do throws(UsageError) {
                interfaceBuilder = try InterfaceBuilderRun(arguments, isExcluded: projects.unclaimed(exclusion))
            } catch {
                missing.append(error)
            }
            do throws(UsageError) {
                let library: String
                do {
                    library = try SourceKit.locate(
                        toolchain: arguments.toolchain, environment: ProcessInfo.processInfo.environment)
                } catch {
                    throw UsageError(message: error.message)
                }
                // The identifier rules read calls, which only a run over Interface Builder files needs; a run
                // over layouts alone sends sourcekitd only the files that declare types.
                let readsCalls = interfaceBuilder?.findsAnyFile == true || projects.hasInterfaceBuilderFiles
                sourceKit = try SwiftDeclarationsWorkerConnection(
                    library: library, calls: readsCalls ? IdentifierUseReader.callees : [])
            } catch {
                sourceKitProblem = error.message
            }
            // Layouts can fall back on class schemas; Interface Builder files have nothing else to go by.
            if sourceKit == nil, let problem = sourceKitProblem, interfaceBuilder?.findsAnyFile == true {
                missing.append(UsageError(message: "cannot check Interface Builder files: \(problem)"))
            }
        } else if let path = arguments.paths.first(where: { InterfaceBuilderRun.isInterfaceBuilderFile($0) }) {
            missing.append(
                UsageError(
                    message: "'\(path)' is an Interface Builder file: pass --swift-sources DIR (or a <swift-sources> "
                        + "in the configuration) to check it against its Swift classes"))
        } else if projects.isEmpty, var search = try? InterfaceBuilderRun(arguments, isExcluded: exclusion) {
            uncheckedInterfaceBuilderFiles = search.countFiles()
        }
        if !missing.isEmpty { return usageFailure(missing, destination: destination) }

        var swift: SwiftSources?
        if var worker = sourceKit {
            do throws(UsageError) {
                swift = try SwiftSources.read(
                    swiftRoots, worker: &worker, jobs: arguments.jobs, isExcluded: exclusion ?? { _ in false })
            } catch {
                return usageFailure([error], destination: destination)
            }
        }
        // Swift sources left partly unread (sourcekitd's budget ran out) judge nothing: an unread file may
        // declare any class, or extend any with outlets; the budget's error says so.
        // Built for what reads it: layouts, class schemas to compare, `--write-schemas` and `open-class`.
        // (A run over an app's Interface Builder files alone needs none, and it costs a tenth of their
        // reading.)
        let catalogIsRead =
            interfaceBuilder == nil || arguments.writeSchemas != nil
            || settings.configuration.rules[.openClass].map { $0 != .ignore } == true
            || schemaFiles.findsAnyFile || layoutFiles.findsAnyFile
        let swiftCatalog = swift.flatMap {
            $0.isIncomplete || !catalogIsRead ? nil : ClassCatalog.load(swift: $0.files)
        }
        if let path = arguments.writeSchemas, let swiftCatalog {
            if let failure = writeSchemas(swiftCatalog, to: path) {
                return usageFailure([failure], destination: destination)
            }
        }

        let (schemaCatalog, schemaDiagnostics) = loadCatalog(&schemaFiles)
        var runDiagnostics = schemaFiles.diagnostics + schemaDiagnostics + projects.diagnostics
        if let swift { runDiagnostics += swift.diagnostics }
        if let swiftCatalog {
            runDiagnostics += openClasses(swiftCatalog)
            if let schemaCatalog {
                runDiagnostics += drift(schemaCatalog, from: swiftCatalog, modules: Set(swiftRoots.map(\.module)))
            }
        }
        // The Swift code, when it was read, is the truth the layouts are judged by.
        // Class schemas still describe the modules whose sources were not given.
        let catalog =
            swiftCatalog.map { swift in schemaCatalog.map { swift.adding(uncoveredClassesOf: $0) } ?? swift }
            ?? schemaCatalog
        let checked = await checkInParallel(
            &layoutFiles, catalog: catalog, jobs: arguments.jobs, listingFiles: arguments.format.listsEveryFile,
            options: LayoutValidator.Options(ruleSettings: settings.configuration.rules),
            isExcluded: settings.isExcluded)
        // Only what is printed is kept: for a valid corpus, nothing per file.
        // The search's own findings (directories it could not read) are known once it has run.
        // The files' findings were judged inside the engine (severities, suppressions, the cap); the run's own
        // findings and the search's are judged here.
        var diagnostics = checked.diagnostics
        var files = checked.files
        var skipped: [String: Int] = [:]
        var unclaimedFiles = 0
        var identifierNotes: [String] = []
        // Swift sources that could not be read are said on every run, even when schemas stood in.
        if (catalog == nil && swift?.isIncomplete != true && (checked.files > 0 || interfaceBuilder == nil))
            || sourceKitProblem != nil
        {
            runDiagnostics.append(noClassSchemas(sourceKitProblem: sourceKitProblem))
        }
        diagnostics += settings.configuration.apply(to: runDiagnostics + layoutFiles.diagnostics)
        // Swift sources left partly unread (sourcekitd's budget ran out) judge no Interface Builder file.
        if let run = interfaceBuilder, let swift, !swift.isIncomplete {
            let found = await projects.check(
                run, swift: swift, jobs: arguments.jobs, settings: settings.interfaceBuilderSettings,
                isExcluded: exclusion, swiftRoots: swiftRoots.map(\.path))
            files += found.files
            diagnostics += found.diagnostics
            skipped = found.skipped
            unclaimedFiles = found.unclaimed
            identifierNotes = found.notes
        }
        // Several searches may cross one folder (layouts and both kinds of Interface Builder file under a
        // PATH, Swift sources beside them) and meet the same unreadable directory or link out of the
        // repository: it is said once.
        var unreadable: Set<Diagnostic> = []
        diagnostics.removeAll { $0.rule == .unreadableFile && !unreadable.insert($0).inserted }
        diagnostics.sort(by: Diagnostic.ordered)

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

        let report = Report(
            files: files, diagnostics: diagnostics, duration: ContinuousClock.now - start,
            workingDirectory: workingDirectory, checkedFiles: checked.paths, skippedFiles: skipped,
            projects: projects.summaries
                + (unclaimedFiles == 0
                    ? []
                    : [
                        "\(unclaimedFiles) Interface Builder file\(unclaimedFiles == 1 ? "" : "s") in no target of the "
                            + "Xcode projects (built into no app, or into a Swift package) \(unclaimedFiles == 1 ? "was" : "were") "
                            + "not checked; name them with --swift-sources to check them"
                    ])
                + (projects.missingFiles == 0
                    ? []
                    : [
                        "\(projects.missingFiles) file\(projects.missingFiles == 1 ? "" : "s") the Xcode projects list "
                            + "\(projects.missingFiles == 1 ? "does" : "do") not exist and \(projects.missingFiles == 1 ? "was" : "were") not checked"
                    ]) + identifierNotes
                + (uncheckedInterfaceBuilderFiles == 0
                    ? []
                    : [
                        "\(uncheckedInterfaceBuilderFiles) Interface Builder file\(uncheckedInterfaceBuilderFiles == 1 ? "" : "s") "
                            + "under the PATHs \(uncheckedInterfaceBuilderFiles == 1 ? "was" : "were") not checked: no Xcode "
                            + "project was found and no Swift sources were named; name them with --swift-sources DIR "
                            + "(a Tuist or XcodeGen project has no .xcodeproj until it is generated)"
                    ])
                + (projects.outsideFiles == 0
                    ? []
                    : [
                        "\(projects.outsideFiles) path\(projects.outsideFiles == 1 ? "" : "s") the Xcode projects list "
                            + "\(projects.outsideFiles == 1 ? "leads" : "lead") out of the repository (or to a FIFO, socket or "
                            + "device) and \(projects.outsideFiles == 1 ? "was" : "were") not read"
                    ]))
        let colour = arguments.output == nil && StandardStream.output.wantsColour
        let status = delivered(arguments.format.render(report, colour: colour), to: destination)
        guard status == 0 else { return status }
        if !arguments.quiet { try? StandardStream.error.write(notes + report.summary) }
        let failed = report.errors > 0 || (arguments.strict && report.warnings > 0)
        // Without the Swift code the check was partial: no stamp, so the build plugin runs it (and
        // warns) again on the next build rather than passing silently from then on.
        if !failed, sourceKitProblem == nil, let stamp = arguments.touch, !touch(stamp) {
            return usageFailure([UsageError(message: "--touch: cannot write '\(stamp)'")], destination: nil)
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
                ], destination: nil)
        }
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try document.write(to: url, options: .atomic)
        } catch {
            return usageFailure(
                [UsageError(message: "--write-baseline: cannot write '\(path)': \(error.localizedDescription)")],
                destination: nil)
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
    /// exit status 2, as for a command line that cannot be run.
    private static func invalidSettings(
        _ diagnostics: [Diagnostic], destination: ReportDestination, workingDirectory: String
    ) -> Int32 {
        let sorted = diagnostics.sorted(by: Diagnostic.ordered)
        let report = Report(files: 0, diagnostics: sorted, duration: .zero)
        try? StandardStream.error.write(TextRenderer(colour: StandardStream.error.wantsColour).render(report))
        deliverFailure(RunFailure(diagnostics: sorted), to: destination, workingDirectory: workingDirectory)
        return 2
    }

    /// For a run that stops with exit status 2 under `--format sarif`: a log whose invocation says that
    /// the run failed and why, where the report would have gone, so that a workflow that uploads the
    /// file uploads a valid log rather than an empty file. Other formats write nothing.
    private static func deliverFailure(
        _ failure: RunFailure, to destination: ReportDestination?,
        workingDirectory: String = (try? RepositoryBoundary.workingDirectory().get()) ?? "/"
    ) {
        guard let destination, destination.format == .sarif else { return }
        let report = Report(
            files: 0, diagnostics: [], duration: .zero, workingDirectory: workingDirectory, failure: failure)
        _ = delivered(SARIFReporter.render(report, rules: RuleDescriptor.all), to: destination)
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

    /// Reads the class schema files and merges them; `nil` when there is none that could be read.
    private static func loadCatalog(_ files: inout FileDiscovery) -> (ClassCatalog?, [Diagnostic]) {
        var schemas: [(path: String, bytes: [UInt8])] = []
        var diagnostics: [Diagnostic] = []
        while let file = files.next() {
            switch file.contents() {
            case .bytes(let bytes): schemas.append((path: file.displayPath, bytes: bytes))
            case .unreadable(let reason): diagnostics.append(file.unreadable(reason))
            }
        }
        guard !schemas.isEmpty else { return (nil, diagnostics) }
        let loaded = ClassCatalog.load(schemas: schemas)
        return (loaded.catalog, diagnostics + loaded.diagnostics)
    }

    /// The one warning of a run without classes to check against; it has no place in a file.
    private static func noClassSchemas(sourceKitProblem: String?) -> Diagnostic {
        let rules = RuleDescriptor.ids(in: .classes).map(\.rawValue).joined(separator: ", ")
        let message =
            if let sourceKitProblem {
                "the Swift sources were not read, so class rules (\(rules)) went by class schemas only, if any: "
                    + sourceKitProblem
            } else {
                "no class schema loaded; class rules (\(rules)) were skipped; pass --swift-sources [MODULE=]DIR "
                    + "to check the layouts against the Swift code (or --schemas DIR)"
            }
        return Diagnostic(rule: .noClassSchemas, severity: .warning, message: message, location: nil)
    }

    /// One `open-class` finding per class whose members the Swift syntax does not show whole, at the
    /// class's Swift line (off unless the configuration enables the rule).
    private static func openClasses(_ catalog: ClassCatalog) -> [Diagnostic] {
        catalog.openClasses.map { open in
            Diagnostic(
                rule: .openClass, severity: .warning,
                message: "class '\(open.key)' is open: \(open.reason); no rule says one of its members is missing",
                location: open.location)
        }
    }

    /// Where the class schemas say of a class the Swift code declares something other than it does:
    /// one `schema-drift` finding at the schema's line. Classes of modules the Swift sources do not
    /// cover are not compared.
    private static func drift(_ schemas: ClassCatalog, from swift: ClassCatalog, modules: Set<String>) -> [Diagnostic] {
        schemas.differences(from: swift, named: "the class schema", otherNamed: "the Swift code")
            .filter { difference in
                difference.location != nil
                    && modules.contains { difference.className.hasPrefix("\($0).") }
            }
            .map { difference in
                Diagnostic(
                    rule: .schemaDrift,
                    message: "\(difference.description); the Swift code is the truth: fix the schema, or "
                        + "rewrite it with --write-schemas DIR",
                    location: difference.location)
            }
    }

    /// Writes one class schema per module of the Swift sources; a usage error when it cannot.
    private static func writeSchemas(_ catalog: ClassCatalog, to directory: String) -> UsageError? {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (module, document) in catalog.classSchemaDocumentsByModule() {
                let name = (module.isEmpty ? "Classes" : module) + ".classes.xml"
                try Data(document.utf8).write(
                    to: URL(fileURLWithPath: directory).appendingPathComponent(name), options: .atomic)
            }
        } catch {
            return UsageError(message: "--write-schemas: cannot write '\(directory)': \(error.localizedDescription)")
        }
        return nil
    }

    /// The most files one task checks before it hands its diagnostics back.
    private static let maximumBatch = 32

    /// Checks the run's layouts, at most `jobs` at once.
    ///
    /// The search runs as the checks ask for files, so a run holds the batches being checked and
    /// the directories still to search, never a list of its files: its memory does not grow with
    /// their number. Includes are resolved among the run's layouts (each named by its file name
    /// without `.layout.xml`) through `RunLayouts`, whose index of names is made by a second search
    /// over the same PATHs the first time a layout includes another. Each included layout is then
    /// read, checked and summarised once for the whole run, whichever file includes it first, and
    /// shared by every task (the validator's store).
    ///
    /// Each task reads, checks and closes a batch of files one after another, so no more than `jobs`
    /// files are being checked at once. Batches start at one file and double up to `maximumBatch`: a
    /// handful of files still spreads over every job, and a long run wakes this loop once a batch
    /// rather than once a file.
    ///
    /// With `listingFiles`, the path of every file is kept too, for a report that names clean files.
    /// Files `isExcluded` refuses are neither checked nor counted, nor included.
    private static func checkInParallel(
        _ discovery: inout FileDiscovery, catalog: ClassCatalog?, jobs: Int, listingFiles: Bool,
        options: LayoutValidator.Options, isExcluded: @escaping @Sendable (InputFile) -> Bool
    ) async -> (files: Int, diagnostics: [Diagnostic], paths: [String]?) {
        // Copied before the search starts: a value that searches the same PATHs again from the start.
        let fresh = discovery
        let layouts = RunLayouts {
            var search = fresh
            var files: [InputFile] = []
            while let file = search.next() {
                if !isExcluded(file) { files.append(file) }
            }
            return files
        }
        let validator = LayoutValidator(catalog: catalog, source: layouts, options: options)
        var count = 0
        var paths: [String]? = listingFiles ? [] : nil
        return await withTaskGroup(of: [Diagnostic].self) { group in
            var batchSize = 1
            func nextBatch() -> [InputFile]? {
                var batch: [InputFile] = []
                while batch.count < batchSize, let file = discovery.next() {
                    if isExcluded(file) { continue }
                    batch.append(file)
                    paths?.append(file.displayPath)
                }
                count += batch.count
                batchSize = min(batchSize * 2, maximumBatch)
                return batch.isEmpty ? nil : batch
            }
            @Sendable func check(_ batch: [InputFile]) -> [Diagnostic] {
                batch.flatMap { file in file.diagnostics(validator: validator, name: { layouts.name(of: file) }) }
            }
            for _ in 0..<jobs {
                guard let batch = nextBatch() else { break }
                group.addTask { check(batch) }
            }
            var diagnostics: [Diagnostic] = []
            while let found = await group.next() {
                diagnostics += found
                if let batch = nextBatch() {
                    group.addTask { check(batch) }
                }
            }
            return (count, diagnostics, paths)
        }
    }

    static func isDirectory(_ path: SystemPath) -> Bool {
        var status = stat()
        return path.withCString({ stat($0, &status) }) == 0 && status.isDirectory
    }

    /// A run that cannot proceed: each problem, the usage line and a hint on standard error, the SARIF
    /// log of a failed run where one was asked for (`destination`), and exit status 2.
    private static func usageFailure(_ errors: [UsageError], destination: ReportDestination?) -> Int32 {
        var text = ""
        for error in errors {
            text += "layout-check: error: \(error.message)\n"
        }
        text += Command.usage
        text += "See 'layout-check --help'.\n"
        try? StandardStream.error.write(text)
        deliverFailure(RunFailure(messages: errors.map(\.message)), to: destination)
        return 2
    }
}
