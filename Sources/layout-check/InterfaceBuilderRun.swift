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
    /// The search `next()` takes files from.
    private var current = 0

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

    /// The same search over `roots` instead of the PATHs (the files beside an app's Swift code, which
    /// define names for the identifier rules).
    mutating func searchBeside(_ roots: [SystemPath]) {
        let isExcluded = isExcluded
        documents = Self.suffixes.map { suffix in
            var discovery = FileDiscovery(suffix: suffix)
            discovery.isExcluded = isExcluded
            for root in roots { try? discovery.add(root) }
            return discovery
        }
        current = 0
    }
}

extension InterfaceBuilderRun: RunFileSearch {
    /// The next `.xib`, then the next `.storyboard`, as the searches find them.
    mutating func next() -> (any RunFile)? {
        while current < documents.count {
            if let file = documents[current].next() { return file }
            current += 1
        }
        return nil
    }

    var diagnostics: [Diagnostic] { documents.flatMap(\.diagnostics) }
}
