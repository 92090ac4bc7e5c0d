import Foundation
import LayoutChecking
import LayoutKit

/// The Interface Builder side of a run: every `.xib` and `.storyboard` under the PATHs, checked against
/// the run's Swift classes (`SwiftSources`), then the outlets no file connects.
struct InterfaceBuilderRun {
    /// The name endings of the files a directory search yields.
    static let suffixes = [".xib", ".storyboard"]

    /// Whether a PATH named on the command line is an Interface Builder file rather than a layout.
    static func isInterfaceBuilderFile(_ path: SystemPath) -> Bool {
        suffixes.contains { path.hasSuffix($0) }
    }

    private var documents = suffixes.map { FileDiscovery(suffix: $0) }
    /// The PATHs, for the app's settings (`AppSettings`).
    private(set) var paths: [SystemPath] = []
    private var isExcluded: (@Sendable (SystemPath) -> Bool)?

    /// Looks at every PATH; nothing is read yet. Files and directories `isExcluded` names are skipped.
    /// - Throws: `UsageError` for a PATH that does not exist.
    init(_ arguments: Arguments, isExcluded: (@Sendable (SystemPath) -> Bool)?) throws(UsageError) {
        var missing: [String] = []
        self.isExcluded = isExcluded
        paths = arguments.paths
        for index in documents.indices { documents[index].isExcluded = isExcluded }
        for path in arguments.paths where path != .standardInput {
            // A directory is searched for both kinds of file; a file named here is checked once, as what
            // its name says.
            let isDirectory = LayoutCheck.isDirectory(path)
            if !isDirectory, !Self.isInterfaceBuilderFile(path) { continue }
            for index in documents.indices where isDirectory || path.hasSuffix(Self.suffixes[index]) {
                do throws(UsageError) { try documents[index].add(path) } catch {
                    missing.append(error.message)
                    break
                }
            }
        }
        if !missing.isEmpty { throw UsageError(message: missing.joined(separator: "\nlayout-check: error: ")) }
    }

    /// The Interface Builder files of an Xcode project's target: those its Resources build phase lists
    /// and those under its synchronized folders but the folder's exceptions (paths as printed).
    init(
        files: [SystemPath], folders: [SystemPath], exceptions: Set<String>,
        isExcluded: (@Sendable (SystemPath) -> Bool)?
    ) {
        for index in documents.indices {
            documents[index].isExcluded = { path in
                exceptions.contains(path.description) || isExcluded?(path) == true
            }
        }
        for file in files where isExcluded?(file) != true {
            for index in documents.indices where file.hasSuffix(Self.suffixes[index]) {
                try? documents[index].add(file, isExplicit: false)
            }
        }
        for folder in folders {
            for index in documents.indices { try? documents[index].add(folder) }
        }
    }

    /// How many files the search finds, none of them read.
    mutating func countFiles() -> Int {
        var count = 0
        for index in documents.indices {
            while documents[index].next() != nil { count += 1 }
        }
        return count
    }

    /// Whether the PATHs hold any Interface Builder file at all (a search that stops at the first).
    var findsAnyFile: Bool { documents.contains(where: \.findsAnyFile) }

    /// Checks the Interface Builder files against the run's Swift declarations (each file's with its
    /// module), the configuration's `settings` applied inside the check, and returns how many were
    /// checked, every diagnostic (at most `DiagnosticCollector`'s cap per file), and how many files of other
    /// platforms (macOS, watchOS) were skipped, by platform; with the paths of both kinds, for a run that
    /// checks a file more than once (one per Xcode target).
    ///
    /// With `swiftRoots`, the identifier rules (`IdentifierCheck`) run too, and also read the Interface
    /// Builder files under them that the PATHs do not reach, for what they define: an app's files beside
    /// its Swift code. Without, what the files define is returned (`identifiers`), for a caller that runs
    /// the identifier rules once over several runs (one per Xcode target).
    mutating func check(
        jobs: Int, swift: [(module: String, declarations: SwiftDeclarations)], settings: InterfaceBuilderSettings,
        swiftRoots: [SystemPath]? = nil
    ) async -> (
        files: Int, diagnostics: [Diagnostic], skipped: [String: Int], checkedPaths: [String],
        skippedPaths: [String: String], notJudged: [String],
        identifiers: (checked: [InterfaceBuilderIdentifiers], others: [InterfaceBuilderIdentifiers])
    ) {
        let check = InterfaceBuilderCheck(swift: swift, settings: settings)
        var diagnostics: [Diagnostic] = []
        var usage = InterfaceBuilderUsage()
        var files = 0
        var skipped: [String: Int] = [:]
        var checkedIdentifiers: [InterfaceBuilderIdentifiers] = []
        var otherIdentifiers: [InterfaceBuilderIdentifiers] = []
        var checkedPaths: [String] = []
        var skippedPaths: [String: String] = [:]
        for index in documents.indices {
            let reports = await Self.inParallel(&documents[index], jobs: jobs) {
                file -> (String, InterfaceBuilderFileReport) in
                switch file.contents() {
                case .bytes(let bytes):
                    var report = check.check(bytes, file: file.displayPath)
                    // Another platform's file is not checked, but what it defines is the app's all the same.
                    if report.skippedPlatform != nil {
                        report.identifiers = InterfaceBuilderIdentifiers.read(bytes, file: file.displayPath)
                    }
                    return (file.displayPath, report)
                case .unreadable(let reason):
                    return (
                        file.displayPath,
                        InterfaceBuilderFileReport(
                            diagnostics: [file.unreadable(reason)], usage: InterfaceBuilderUsage())
                    )
                }
            }
            diagnostics += documents[index].diagnostics
            for (path, report) in reports {
                if let platform = report.skippedPlatform {
                    skipped[platform, default: 0] += 1
                    otherIdentifiers += report.identifiers.map { [$0] } ?? []
                    skippedPaths[path] = platform
                    continue
                }
                checkedIdentifiers += report.identifiers.map { [$0] } ?? []
                files += 1
                checkedPaths.append(path)
                diagnostics += report.diagnostics
                usage.merge(report.usage)
            }
        }
        // Each localized copy's repeat of its base file's finding is a note of that finding; the cap, applied
        // to each file as it left the rules, holds with the run's findings added.
        // Whether an unconnected implicitly unwrapped outlet can crash: how the Swift code uses its name.
        let names = check.implicitlyUnwrappedOutletNames(usage)
        let sourceFiles = names.isEmpty ? [] : swift.map(\.declarations.file).filter { !$0.isEmpty }
        diagnostics += check.runFindings(usage, uses: Self.outletUses(of: names, in: sourceFiles, jobs: jobs))
        var notJudged: [String] = []
        if let swiftRoots {
            otherIdentifiers += await besideSources(swiftRoots, jobs: jobs)
            notJudged = Self.judgeIdentifiers(
                IdentifierCheck(
                    swift: swift.map(\.declarations), checked: checkedIdentifiers, others: otherIdentifiers,
                    context: AppSettings.context(paths: paths, roots: swiftRoots, isExcluded: isExcluded)),
                settings: settings, adding: &diagnostics)
        }
        let folded = LocalizedCopies.fold(diagnostics)
        return (
            files, Diagnostic.capped(perFile: folded), skipped, checkedPaths, skippedPaths, notJudged,
            (checkedIdentifiers, otherIdentifiers)
        )
    }

    /// How the Swift files at `paths` use the outlet `names`: the files read and scanned `jobs` at a time,
    /// each worker's share merged. (A thousand files read one after the other were a tenth of an app's run.)
    static func outletUses(of names: Set<String>, in paths: [String], jobs: Int) -> OutletUses {
        guard !paths.isEmpty else { return OutletUses() }
        let shares = max(1, min(jobs, paths.count))
        let found = Locked([OutletUses](repeating: OutletUses(), count: shares))
        DispatchQueue.concurrentPerform(iterations: shares) { share in
            var uses = OutletUses()
            for index in stride(from: share, to: paths.count, by: shares) {
                if let bytes = FileManager.default.contents(atPath: paths[index]) {
                    uses.merge(OutletUses.scan(Array(bytes), names: names))
                }
            }
            found.withLock { $0[share] = uses }
        }
        return found.withLock { shares in
            shares.reduce(into: OutletUses()) { $0.merge($1) }
        }
    }

    /// Runs the identifier rules: their findings, with the configured severities, join `diagnostics`, whose
    /// findings inside files nothing loads become warnings. Returns what the rules could not judge and why.
    static func judgeIdentifiers(
        _ check: IdentifierCheck, settings: InterfaceBuilderSettings, adding diagnostics: inout [Diagnostic]
    ) -> [String] {
        let identifiers = check.run()
        var configuration = CheckConfiguration()
        configuration.rules = settings.rules
        diagnostics =
            IdentifierCheck.lowering(diagnostics, in: identifiers.unloadedFiles)
            + configuration.apply(to: identifiers.diagnostics)
        return identifiers.notJudged
    }

    /// What the Interface Builder files under the Swift source roots that the PATHs did not reach define
    /// (the searches go on from where the PATHs left them, so a file is read once).
    mutating func besideSources(_ roots: [SystemPath], jobs: Int) async -> [InterfaceBuilderIdentifiers] {
        var found: [InterfaceBuilderIdentifiers] = []
        for index in documents.indices {
            for root in roots { try? documents[index].add(root) }
            found += await Self.inParallel(&documents[index], jobs: jobs) { file -> InterfaceBuilderIdentifiers? in
                guard case .bytes(let bytes) = file.contents() else { return nil }
                return InterfaceBuilderIdentifiers.read(bytes, file: file.displayPath)
            }.compactMap(\.self)
        }
        return found
    }

    /// `work` on each file `discovery` finds, at most `jobs` at once; the results in the order found.
    private static func inParallel<Result: Sendable>(
        _ discovery: inout FileDiscovery, jobs: Int, _ work: @escaping @Sendable (InputFile) -> Result
    ) async -> [Result] {
        await withTaskGroup(of: (Int, Result).self) { group in
            var results: [(Int, Result)] = []
            var started = 0
            func startNext() -> Bool {
                guard let file = discovery.next() else { return false }
                let index = started
                started += 1
                group.addTask { (index, work(file)) }
                return true
            }
            for _ in 0..<jobs {
                if !startNext() { break }
            }
            while let result = await group.next() {
                results.append(result)
                _ = startNext()
            }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
