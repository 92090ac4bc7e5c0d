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
        missing: inout [UsageError]
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
            let worker = try SwiftDeclarationsWorkerConnection(
                library: library, calls: readsCalls ? IdentifierUseReader.callees : [])
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
