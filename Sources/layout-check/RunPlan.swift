import Foundation
import LayoutChecking
import LayoutKit

/// What `layout-check` hands a `CheckRun`: the searches over the PATHs, the class schemas, the Swift
/// sources (read through sourcekitd in the worker processes), the Xcode projects and the units of
/// Interface Builder files they make. Finding and reading files is the front end's; judging is the run's.
struct RunPlan {
    var inputs = CheckRun.Inputs()
    var projects = XcodeProjects([], searchingDirectories: false, isExcluded: nil)
    /// Why the Swift sources were not read, when they were named and could not be.
    var sourceKitProblem: String?
    /// Interface Builder files under the PATHs that nothing can check: counted and said.
    var uncheckedInterfaceBuilderFiles = 0
    /// Interface Builder files no target of the projects lists: counted and said, the first of them named.
    var unclaimedFiles = 0
    var unclaimedPaths: [String] = []
    /// How many of the files in no target the summary names.
    static let unclaimedPathsNamed = 10
    /// `--strict`: files in no target fail the run, as warnings do (they are checked by nothing).
    var failsOnUnclaimedFiles = false
    /// What the run says when it fell back to folder mode (no Xcode project, no Swift sources named).
    var folderModeNote: String?

    /// Looks at every PATH first: one that does not exist, or a `--schemas DIR`, stops the run (the
    /// errors) before anything is checked. The searches themselves happen as the run takes files.
    static func make(_ arguments: Arguments, settings: RunSettings) -> Result<RunPlan, UsageErrors> {
        var plan = RunPlan()
        var missing: [UsageError] = []
        let exclusion = settings.searchExclusion
        var layouts = FileDiscovery(suffix: ".layout.xml")
        layouts.isExcluded = exclusion
        for path in arguments.paths
        where !InterfaceBuilderRun.isInterfaceBuilderFile(path) || LayoutCheck.isDirectory(path) {
            do throws(UsageError) { try layouts.add(path) } catch { missing.append(error) }
        }
        var schemaFiles = plan.schemaSearch(arguments, settings: settings, missing: &missing)
        let namedRoots = settings.swiftSourceDirectories(arguments)
        for root in namedRoots where !FileManager.default.fileExists(atPath: root.path.description) {
            missing.append(UsageError(message: "--swift-sources: no such file or directory: '\(root.path)'"))
        }
        var early = EarlyWorker(toolchain: arguments.toolchain)
        plan.readProjects(arguments, namedRoots: namedRoots, exclusion: exclusion, early: &early)
        var swiftRoots = namedRoots + plan.projects.swiftRoots(besides: namedRoots)
        if swiftRoots.isEmpty { swiftRoots = plan.folderMode(arguments, exclusion: exclusion) }
        let interfaceBuilder = plan.prepareSwift(
            arguments, roots: swiftRoots, exclusion: exclusion, early: &early, missing: &missing)
        early.finish()
        guard missing.isEmpty else { return .failure(UsageErrors(errors: missing)) }
        var worker = interfaceBuilder.worker
        if worker != nil {
            do throws(UsageError) {
                try plan.readSwift(swiftRoots, worker: &worker, jobs: arguments.jobs, exclusion: exclusion)
            } catch {
                return .failure(UsageErrors(errors: [error]))
            }
        }
        // Schemas written from the Swift code are the schemas this run compares with it.
        if let path = arguments.writeSchemas, let swift = plan.inputs.swift, !swift.isIncomplete {
            if let failure = LayoutCheck.writeSchemas(SwiftClassModel(swift.files).layoutCatalog(), to: path) {
                return .failure(UsageErrors(errors: [failure]))
            }
        }
        let schemas = plan.readSchemas(&schemaFiles)
        plan.inputs.needsLayoutCatalog =
            interfaceBuilder.run == nil || arguments.writeSchemas != nil
            || settings.configuration.rules[.openClass].map { $0 != .ignore } == true
            || !schemas.isEmpty || layouts.findsAnyFile
        plan.layouts(layouts, settings: settings, arguments: arguments)
        if let run = interfaceBuilder.run, plan.inputs.swift?.isIncomplete == false {
            plan.units(run, roots: swiftRoots.map(\.path), settings: settings, exclusion: exclusion)
        }
        plan.inputs.schemas = schemas
        plan.inputs.swiftModules = Set(swiftRoots.map(\.module))
        plan.inputs.configuration = settings.configuration
        plan.inputs.interfaceBuilderSettings = settings.interfaceBuilderSettings
        plan.inputs.jobs = arguments.jobs
        plan.failsOnUnclaimedFiles = arguments.strict
        plan.inputs.listsFiles = arguments.format.listsEveryFile
        plan.inputs.findings += plan.projects.diagnostics
        return .success(plan)
    }

    /// The search for the class schema files of the run (`--schemas`, the configuration's, or `./Schemas`).
    private func schemaSearch(
        _ arguments: Arguments, settings: RunSettings, missing: inout [UsageError]
    ) -> FileDiscovery {
        var files = FileDiscovery(suffix: ".classes.xml")
        for directory in settings.schemaDirectories(
            arguments, defaultExists: LayoutCheck.isDirectory(SystemPath("Schemas")))
        {
            do throws(UsageError) { try files.add(directory) } catch {
                missing.append(UsageError(message: "--schemas: \(error.message)"))
            }
        }
        return files
    }

    /// Reads the class schema files.
    private mutating func readSchemas(_ files: inout FileDiscovery) -> [(path: String, bytes: [UInt8])] {
        var schemas: [(path: String, bytes: [UInt8])] = []
        while let file = files.next() {
            switch file.contents() {
            case .bytes(let bytes): schemas.append((path: file.displayPath, bytes: bytes))
            case .unreadable(let reason): inputs.findings.append(file.unreadable(reason))
            }
        }
        inputs.findings += files.diagnostics
        return schemas
    }

    /// The layouts' search, the run's layouts by name for includes (indexed by a second search over the
    /// same PATHs the first time a layout includes another), files the configuration excludes left out.
    private mutating func layouts(_ discovery: FileDiscovery, settings: RunSettings, arguments: Arguments) {
        let isExcluded: @Sendable (InputFile) -> Bool = { [settings] in settings.isExcluded($0) }
        let fresh = discovery
        let index = RunLayouts {
            var search = fresh
            var files: [InputFile] = []
            while let file = search.next() {
                if !isExcluded(file) { files.append(file) }
            }
            return files
        }
        var checked = discovery
        checked.opensFiles = true
        inputs.layouts = SearchedFiles(checked, isExcluded: isExcluded)
        inputs.layoutSource = index
        inputs.layoutName = { file in (file as? InputFile).flatMap { index.name(of: $0) } }
    }
}

/// The problems that stop a run before anything is checked.
struct UsageErrors: Error {
    var errors: [UsageError]
}

/// A directory search as the run takes it: files the configuration excludes are neither checked nor
/// counted.
struct SearchedFiles: RunFileSearch {
    private var discovery: FileDiscovery
    private let isExcluded: @Sendable (InputFile) -> Bool

    init(_ discovery: FileDiscovery, isExcluded: @escaping @Sendable (InputFile) -> Bool = { _ in false }) {
        self.discovery = discovery
        self.isExcluded = isExcluded
    }

    mutating func next() -> (any RunFile)? {
        while let file = discovery.next() {
            if !isExcluded(file) { return file }
        }
        return nil
    }

    var diagnostics: [Diagnostic] { discovery.diagnostics }
}

extension InputFile: RunFile {}

extension RunPlan {
    /// A run over Interface Builder files with no Xcode project and no Swift sources named (a SwiftPM app,
    /// a Tuist or XcodeGen project before it is generated) falls back to folder mode: each PATH that is a
    /// directory is a Swift root of the module its name gives, its Interface Builder files checked against
    /// every Swift file under it, and the summary says so once. Layouts alone start no sourcekitd, and
    /// folders with no Swift file under them (the code is elsewhere) are counted as before, not judged.
    mutating func folderMode(
        _ arguments: Arguments, exclusion: (@Sendable (SystemPath) -> Bool)?
    ) -> [SwiftSourceRoot] {
        guard projects.isEmpty, var search = try? InterfaceBuilderRun(arguments, isExcluded: exclusion) else {
            return []
        }
        let count = search.countFiles()
        let folders = arguments.paths.filter { $0 != .standardInput && LayoutCheck.isDirectory($0) }
        // With no Swift file under them, the app's code is elsewhere: nothing can be judged.
        var swift = FileDiscovery(suffix: ".swift")
        swift.isExcluded = exclusion
        for folder in folders { try? swift.add(folder) }
        guard count > 0, swift.findsAnyFile else { return [] }
        let roots = folders.map { SwiftSourceRoot($0) }
        let modules = roots.map { "\($0.path) (module \($0.module))" }.joined(separator: ", ")
        folderModeNote =
            "no Xcode project under the PATHs and no Swift sources named: \(count) Interface Builder "
            + "file\(count == 1 ? " is" : "s are") checked in folder mode, against every Swift file under "
            + "\(modules); name the targets' folders with --swift-sources MODULE=DIR to check them by module"
        return roots
    }

    /// The files in no target, named (the first `unclaimedPathsNamed`), and what `--strict` makes of them.
    var unclaimedSummary: String {
        let count = unclaimedFiles
        let more = count - unclaimedPaths.count
        let names = unclaimedPaths.joined(separator: ", ") + (more > 0 ? ", and \(more) more" : "")
        return "\(count) Interface Builder file\(count == 1 ? "" : "s") in no target of the Xcode projects or Swift "
            + "packages (built into no app, or by a project the run did not read) \(count == 1 ? "was" : "were") not "
            + "checked: \(names); name \(count == 1 ? "it" : "them") with --swift-sources to check "
            + "\(count == 1 ? "it" : "them")" + (failsOnUnclaimedFiles ? " (--strict: this fails the run)" : "")
    }

    /// What the run says about itself before its counts: each project read, the files it could not
    /// check and why, the rules it could not judge.
    func summary(notes: [String]) -> [String] {
        func counted(_ count: Int, _ one: String, _ many: String) -> String { count == 1 ? one : many }
        var lines = projects.summaries + (folderModeNote.map { [$0] } ?? [])
        if unclaimedFiles > 0 { lines.append(unclaimedSummary) }
        let missing = projects.missingFiles
        if missing > 0 {
            lines.append(
                "\(missing) file\(counted(missing, "", "s")) the Xcode projects list \(counted(missing, "does", "do")) "
                    + "not exist and \(counted(missing, "was", "were")) not checked")
        }
        lines += notes
        let unchecked = uncheckedInterfaceBuilderFiles
        if unchecked > 0 {
            lines.append(
                "\(unchecked) Interface Builder file\(counted(unchecked, "", "s")) under the PATHs "
                    + "\(counted(unchecked, "was", "were")) not checked: no Xcode project was found and no Swift "
                    + "sources were named; name them with --swift-sources DIR (a Tuist or XcodeGen project has no "
                    + ".xcodeproj until it is generated)")
        }
        let outside = projects.outsideFiles
        if outside > 0 {
            lines.append(
                "\(outside) path\(counted(outside, "", "s")) the Xcode projects list \(counted(outside, "leads", "lead")) "
                    + "out of the repository (or to a FIFO, socket or device) and \(counted(outside, "was", "were")) "
                    + "not read")
        }
        return lines
    }
}
