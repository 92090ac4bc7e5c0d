import Dispatch
import LayoutKit

extension CheckRun {
    /// What the run's reuse identifiers written otherwise than by literals may evaluate to: the static
    /// strings of the Swift files that hold a word those expressions read (a member, an enum), each read
    /// once more, in parallel as `outletUses` reads them; `nil` when no such expression was found.
    static func identifierExpressions(_ swift: Swift, jobs: Int) -> IdentifierExpressions? {
        let expressions = swift.files.flatMap { $0.declarations.identifierUses.compactMap(\.expression) }
        guard !expressions.isEmpty else { return nil }
        let words = Set(IdentifierExpressions.words(in: expressions).map { Array($0.utf8) })
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
                    guard case .bytes(let bytes) = read, Self.holdsAnyWord(bytes, of: words) else { continue }
                    part.merge(SwiftStaticStrings.scan(bytes))
                }
                found.withLock { $0[share] = part }
            }
            for part in found.withLock({ $0 }) { statics.merge(part) }
        }
        return IdentifierExpressions(files: swift.files, statics: statics)
    }

    /// Whether the text holds one of `words` as a whole word: one pass over its bytes, a word compared only
    /// when its length is one of theirs.
    static func holdsAnyWord(_ bytes: [UInt8], of words: Set<[UInt8]>) -> Bool {
        let lengths = Set(words.map(\.count))
        var index = 0
        while index < bytes.count {
            guard isWordByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            if lengths.contains(index - start), words.contains(Array(bytes[start..<index])) { return true }
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte >= 0x80
    }
}
