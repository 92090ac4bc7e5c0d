import Foundation
import LayoutChecking
import LayoutKit

extension RunPlan {
    /// The Interface Builder side of a run and the sourcekitd worker that reads its Swift sources: the
    /// worker starts now and says whether it could load sourcekitd (loaded in the worker process only,
    /// as it would double this process's memory). Without Swift roots, Interface Builder files under the
    /// PATHs are counted, or a named one refused.
    mutating func prepareSwift(
        _ arguments: Arguments, roots: [SwiftSourceRoot], exclusion: (@Sendable (SystemPath) -> Bool)?,
        early: inout EarlyWorker, missing: inout [UsageError]
    ) -> (run: InterfaceBuilderRun?, worker: SwiftDeclarationsWorkerConnection?) {
        guard !roots.isEmpty else {
            if let path = arguments.paths.first(where: { InterfaceBuilderRun.isInterfaceBuilderFile($0) }) {
                missing.append(
                    UsageError(
                        message: "'\(path)' is an Interface Builder file: pass --swift-sources DIR (or a "
                            + "<swift-sources> in the configuration) to check it against its Swift classes"))
            } else if projects.isEmpty, var search = try? InterfaceBuilderRun(arguments, isExcluded: exclusion) {
                uncheckedInterfaceBuilderFiles = search.countFiles()
            }
            return (nil, nil)
        }
        var run: InterfaceBuilderRun?
        do throws(UsageError) {
            run = try InterfaceBuilderRun(arguments, isExcluded: projects.unclaimed(exclusion))
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
            let readsCalls = run?.findsAnyFile == true || projects.hasInterfaceBuilderFiles
            let calls = readsCalls ? IdentifierUseReader.callees : []
            var worker =
                early.take(library: library) ?? SwiftDeclarationsWorkerConnection(starting: library, calls: calls)
            worker.calls = calls
            // A run of enough files reads them in two workers: the second loads sourcekitd beside the first.
            if SwiftSources.usesTwoWorkers(roots, jobs: arguments.jobs, isExcluded: exclusion ?? { _ in false }) {
                worker.startSecond()
            }
            do throws(UsageError) { try worker.ready() } catch {
                worker.finish()
                throw error
            }
            return (run, worker)
        } catch {
            sourceKitProblem = error.message
            inputs.sourceKitProblem = error.message
        }
        // Layouts can fall back on class schemas; Interface Builder files have nothing else to go by.
        if let problem = sourceKitProblem, run?.findsAnyFile == true {
            missing.append(UsageError(message: "cannot check Interface Builder files: \(problem)"))
        }
        return (run, nil)
    }

    /// Reads every Swift file under the roots once, for both kinds of file.
    mutating func readSwift(
        _ roots: [SwiftSourceRoot], worker: inout SwiftDeclarationsWorkerConnection?, jobs: Int,
        exclusion: (@Sendable (SystemPath) -> Bool)?
    ) throws(UsageError) {
        guard var connection = worker else { return }
        let swift = try SwiftSources.read(
            roots, worker: &connection, jobs: jobs, isExcluded: exclusion ?? { _ in false })
        worker = connection
        inputs.swift = CheckRun.Swift(files: swift.files, targets: swift.targets, isIncomplete: swift.isIncomplete)
        inputs.findings += swift.diagnostics
    }

    /// The units of Interface Builder files: with projects, one per target that has any (its files, seeing
    /// the Swift files of the targets it may see); without, the files under the PATHs, seeing every Swift
    /// file. The files in no target and those beside the Swift sources define names, never judged.
    mutating func units(
        _ run: InterfaceBuilderRun, roots: [SystemPath], settings: RunSettings,
        exclusion: (@Sendable (SystemPath) -> Bool)?
    ) {
        let context = { @Sendable [paths = run.paths] in
            AppSettings.context(paths: paths, roots: roots, isExcluded: exclusion)
        }
        inputs.identifierContext = context
        inputs.checksInterfaceBuilder = true
        guard !projects.targets.isEmpty else {
            inputs.interfaceBuilder = [CheckRun.InterfaceBuilderUnit(search: run, sees: { _ in true })]
            inputs.judgesIdentifiers = true
            var beside = run
            beside.searchBeside(roots)
            inputs.definingOnly = beside
            return
        }
        inputs.interfaceBuilder = projects.units(isExcluded: exclusion)
        inputs.swiftOutsideTargets = projects.swiftOutsideTargets(run.paths, isExcluded: exclusion)
        inputs.judgesIdentifiers = !inputs.interfaceBuilder.isEmpty
        var unclaimed = run
        while let file = unclaimed.next() {
            if unclaimedPaths.count < Self.unclaimedPathsNamed { unclaimedPaths.append(file.displayPath) }
            unclaimedFiles += 1
        }
        // The search of the files no target lists goes on, from the start, to those under the Swift folders.
        var beside = run
        beside.searchBeside(roots)
        inputs.definingOnly = beside
    }
}

/// The sourcekitd worker of a run, started as soon as the run knows it reads Swift (a project, an XcodeGen
/// spec or a package manifest found, or `--swift-sources` named): loading sourcekitd in it then overlaps
/// reading the projects, and the one worker reads the manifests and then the Swift files.
struct EarlyWorker {
    let toolchain: String?
    private var connection: SwiftDeclarationsWorkerConnection?
    private var library: String?
    private var isStarted = false

    init(toolchain: String?) {
        self.toolchain = toolchain
    }

    /// Starts the worker, the first time only; not when sourcekitd cannot be found (the run says so where
    /// it needs it).
    mutating func start() {
        guard !isStarted else { return }
        isStarted = true
        guard
            let found = try? SourceKit.locate(
                toolchain: toolchain, environment: ProcessInfo.processInfo.environment)
        else { return }
        library = found
        connection = SwiftDeclarationsWorkerConnection(starting: found, calls: IdentifierUseReader.callees)
    }

    /// The worker, for a run that reads the Swift files of `library`; it is no longer this one's to end.
    mutating func take(library wanted: String) -> SwiftDeclarationsWorkerConnection? {
        guard library == wanted, let taken = connection else { return nil }
        connection = nil
        return taken
    }

    /// Lends the worker to `body` (the manifests' reading), started first if it was not.
    mutating func lend(_ body: (inout SwiftDeclarationsWorkerConnection) -> Void) -> Bool {
        start()
        guard var lent = connection else { return false }
        body(&lent)
        connection = lent
        return true
    }

    /// Ends a worker no reading took.
    mutating func finish() {
        connection?.finish()
        connection = nil
    }
}

extension RunPlan {
    /// Xcode projects named as PATHs, and those under the PATHs when no Swift sources were named (with the
    /// XcodeGen specs and local packages there): their targets bring their own Swift files, modules and
    /// Interface Builder files. The sourcekitd worker starts as soon as the run knows it reads Swift, and
    /// loads while the projects are read.
    mutating func readProjects(
        _ arguments: Arguments, namedRoots: [SwiftSourceRoot], exclusion: (@Sendable (SystemPath) -> Bool)?,
        early: inout EarlyWorker
    ) {
        if !namedRoots.isEmpty { early.start() }
        projects = XcodeProjects(
            arguments.paths, searchingDirectories: namedRoots.isEmpty, isExcluded: exclusion,
            beforeReading: { early.start() })
        guard namedRoots.isEmpty else { return }
        readGeneratorSpecs(arguments, beforeReading: { early.start() })
        readLocalPackages(arguments, exclusion: exclusion, early: &early)
    }
}
