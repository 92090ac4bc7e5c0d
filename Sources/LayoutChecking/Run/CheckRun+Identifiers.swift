import Dispatch
import LayoutKit

extension CheckRun {
    /// What the run's reuse identifiers written otherwise than by literals may evaluate to: the static
    /// strings of the Swift files that hold a word those expressions read (a member, an enum), each read
    /// once more, in parallel as `outletUses` reads them; `nil` when no such expression was found.
    static func identifierExpressions(_ swift: Swift, jobs: Int) -> IdentifierExpressions? {
        let expressions = swift.files.flatMap { $0.declarations.identifierUses.compactMap(\.expression) }
        guard !expressions.isEmpty else { return nil }
        let words = IdentifierExpressions.words(in: expressions).map { Array($0.utf8) }
        var seen: Set<String> = []
        let paths = swift.files.map(\.declarations.file).filter { !$0.isEmpty && seen.insert($0).inserted }
        var statics = SwiftStaticStrings()
        if !words.isEmpty, !paths.isEmpty {
            let shares = max(1, min(jobs, paths.count))
            let found = Locked([SwiftStaticStrings](repeating: SwiftStaticStrings(), count: shares))
            DispatchQueue.concurrentPerform(iterations: shares) { share in
                var part = SwiftStaticStrings()
                for index in stride(from: share, to: paths.count, by: shares) {
                    // Opened as every file of the run is: a regular file only, without blocking.
                    let read = paths[index].withCString { LayoutFile.read(path: $0, regularFileOnly: true) }
                    guard case .bytes(let bytes) = read, words.contains(where: { bytes.contains($0) }) else { continue }
                    part.merge(SwiftStaticStrings.scan(bytes))
                }
                found.withLock { $0[share] = part }
            }
            for part in found.withLock({ $0 }) { statics.merge(part) }
        }
        return IdentifierExpressions(files: swift.files, statics: statics)
    }
}
