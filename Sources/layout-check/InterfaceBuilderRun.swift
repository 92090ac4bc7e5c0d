import Foundation
@_spi(LayoutCheck) @_spi(FileReading) import LayoutKit

/// The Interface Builder side of a run: the Swift classes under each `--swift-sources DIR` (read with
/// the toolchain's sourcekitd), then every `.xib` and `.storyboard` under the PATHs, checked against
/// them, then the outlets no file connects.
struct InterfaceBuilderRun {
    /// The name endings of the files a directory search yields.
    static let suffixes = [".xib", ".storyboard"]

    /// Whether a PATH named on the command line is an Interface Builder file rather than a layout.
    static func isInterfaceBuilderFile(_ path: SystemPath) -> Bool {
        suffixes.contains { path.hasSuffix($0) }
    }

    private var swiftFiles = FileDiscovery(suffix: ".swift")
    private var documents = suffixes.map { FileDiscovery(suffix: $0) }
    private let sourceKit: SourceKit

    /// Looks at every Swift source directory (`--swift-sources DIR`, else the configuration's) and PATH;
    /// nothing is read yet.
    /// - Throws: `UsageError` for a directory that does not exist or a sourcekitd that cannot be loaded.
    init(_ arguments: Arguments, swiftSources: [SystemPath]) throws(UsageError) {
        var missing: [String] = []
        for directory in swiftSources {
            do throws(UsageError) { try swiftFiles.add(directory) } catch {
                missing.append("--swift-sources: \(error.message)")
            }
        }
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
        do {
            sourceKit = try SourceKit(toolchain: arguments.toolchain, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw UsageError(message: "cannot check Interface Builder files: \(error.message)")
        }
    }

    /// Reads the Swift files, checks the Interface Builder files, and returns how many of those were
    /// checked, every diagnostic (the Swift files' own included), and how many files of other platforms
    /// (macOS, watchOS) were skipped, by platform.
    mutating func check(jobs: Int) async -> (files: Int, diagnostics: [Diagnostic], skipped: [String: Int]) {
        // One file at a time, as sourcekitd serves one request at a time, in a worker process that a
        // crash inside sourcekitd ends instead of the run.
        var worker = SwiftDeclarationsWorkerConnection(library: sourceKit.libraryPath)
        var swift: [SwiftDeclarations] = []
        while let file = swiftFiles.next() {
            switch file.contents() {
            case .bytes(let bytes):
                swift.append(
                    SwiftDeclarations.read(bytes, file: file.displayPath) {
                        worker.reply(to: $0, name: file.displayPath)
                    })
            case .unreadable(let reason): swift.append(SwiftDeclarations(unreadable: file.unreadable(reason)))
            }
        }
        worker.finish()
        let check = InterfaceBuilderCheck(swift: swift)
        var diagnostics = swiftFiles.diagnostics + swift.flatMap(\.diagnostics)
        var usage = InterfaceBuilderUsage()
        var files = 0
        var skipped: [String: Int] = [:]
        for index in documents.indices {
            let reports = await Self.inParallel(&documents[index], jobs: jobs) { file -> InterfaceBuilderFileReport in
                switch file.contents() {
                case .bytes(let bytes): return check.check(bytes, file: file.displayPath)
                case .unreadable(let reason):
                    return InterfaceBuilderFileReport(
                        diagnostics: [file.unreadable(reason)], usage: InterfaceBuilderUsage())
                }
            }
            diagnostics += documents[index].diagnostics
            for report in reports {
                if let platform = report.skippedPlatform {
                    skipped[platform, default: 0] += 1
                    continue
                }
                files += 1
                diagnostics += report.diagnostics
                usage.merge(report.usage)
            }
        }
        return (files, diagnostics + check.unconnectedOutlets(usage), skipped)
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
