import Foundation
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
    static func run(_ arguments: [String]) async -> Int32 {
        let command: Command
        do {
            command = try Command.parse(arguments, defaultJobs: ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            return usageFailure(error)
        }
        switch command {
        case .help:
            StandardStream.output.write(helpText)
            return 0
        case .version:
            StandardStream.output.write(versionText)
            return 0
        case .check(let arguments):
            return await check(arguments)
        }
    }

    private static func check(_ arguments: Arguments) async -> Int32 {
        let start = ContinuousClock.now

        // Look at every PATH first: one that does not exist, or a --schemas DIR, stops the run before
        // anything is checked or printed. The search itself happens as the files are checked.
        var schemaFiles = FileDiscovery(suffix: ".classes.xml")
        var layoutFiles = FileDiscovery(suffix: ".layout.xml")
        var missing: [UsageError] = []
        let schemaDirectories =
            arguments.schemaDirectories.isEmpty && isDirectory("Schemas") ? ["Schemas"] : arguments.schemaDirectories
        for directory in schemaDirectories {
            do throws(UsageError) {
                try schemaFiles.add(directory)
            } catch {
                missing.append(UsageError(message: "--schemas: \(error.message)"))
            }
        }
        for path in arguments.paths where !InterfaceBuilderRun.isInterfaceBuilderFile(path) || isDirectory(path) {
            do throws(UsageError) { try layoutFiles.add(path) } catch { missing.append(error) }
        }
        var interfaceBuilder: InterfaceBuilderRun?
        if !arguments.swiftSources.isEmpty {
            do throws(UsageError) { interfaceBuilder = try InterfaceBuilderRun(arguments) } catch {
                missing.append(error)
            }
        }
        if !missing.isEmpty { return usageFailure(missing) }

        let (catalog, schemaDiagnostics) = loadCatalog(&schemaFiles)
        let checked = await checkInParallel(&layoutFiles, catalog: catalog, jobs: arguments.jobs)
        // Only what is printed is kept: for a valid corpus, nothing per file.
        var diagnostics = schemaFiles.diagnostics + schemaDiagnostics + layoutFiles.diagnostics + checked.diagnostics
        var files = checked.files
        if catalog == nil, checked.files > 0 || interfaceBuilder == nil { diagnostics.append(noClassSchemas) }
        if var run = interfaceBuilder {
            let found = await run.check(jobs: arguments.jobs)
            files += found.files
            diagnostics += found.diagnostics
        }
        diagnostics.sort(by: Diagnostic.ordered)

        let report = Report(files: files, diagnostics: diagnostics, duration: ContinuousClock.now - start)
        StandardStream.output.write(arguments.format.render(report, colour: StandardStream.output.wantsColour))
        StandardStream.error.write(report.summary)
        return report.errors > 0 ? 1 : 0
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

    /// The one warning of a run without class schemas; it has no place in a file.
    private static let noClassSchemas = Diagnostic(
        rule: .noClassSchemas, severity: .warning,
        message: "no class schema loaded; class rules ("
            + RuleDescriptor.ids(in: .classes).map(\.rawValue).joined(separator: ", ")
            + ") were skipped; pass --schemas DIR",
        location: nil)

    /// The most files one task checks before it hands its diagnostics back.
    private static let maximumBatch = 32

    /// Checks the files as `discovery` finds them, at most `jobs` at once. Each task reads, checks and
    /// closes a batch of files one after another, so no more than `jobs` files are open, and only the
    /// batches in flight and the diagnostics found are in memory, however many files there are.
    ///
    /// Batches start at one file and double up to `maximumBatch`: a handful of files still spreads over
    /// every job, and a long run wakes this loop once a batch rather than once a file.
    private static func checkInParallel(
        _ discovery: inout FileDiscovery, catalog: ClassCatalog?, jobs: Int
    ) async -> (files: Int, diagnostics: [Diagnostic]) {
        await withTaskGroup(of: [Diagnostic].self) { group in
            var files = 0
            var batchSize = 1
            func nextBatch() -> [InputFile]? {
                var batch: [InputFile] = []
                batch.reserveCapacity(batchSize)
                while batch.count < batchSize, let file = discovery.next() {
                    batch.append(file)
                }
                guard !batch.isEmpty else { return nil }
                files += batch.count
                batchSize = min(batchSize * 2, maximumBatch)
                return batch
            }
            for _ in 0..<jobs {
                guard let batch = nextBatch() else { break }
                group.addTask { batch.flatMap { $0.diagnostics(catalog: catalog) } }
            }
            var diagnostics: [Diagnostic] = []
            while let found = await group.next() {
                diagnostics += found
                if let batch = nextBatch() {
                    group.addTask { batch.flatMap { $0.diagnostics(catalog: catalog) } }
                }
            }
            return (files, diagnostics)
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return SystemPath(path).withCString({ stat($0, &status) }) == 0 && status.isDirectory
    }

    private static func usageFailure(_ errors: UsageError...) -> Int32 { usageFailure(errors) }

    private static func usageFailure(_ errors: [UsageError]) -> Int32 {
        var text = ""
        for error in errors {
            text += "layout-check: error: \(error.message)\n"
        }
        text +=
            "Usage: layout-check [--schemas DIR]... [--swift-sources DIR]... [--toolchain DIR] "
            + "[--format text|json|github] [--jobs N] PATH...\n"
        text += "See 'layout-check --help'.\n"
        StandardStream.error.write(text)
        return 2
    }
}
