/// Which Swift files sourcekitd must read: a cheap lexical pass over a file's bytes that looks for the
/// words a file needs to give the run anything, so that the rest (generated resource accessors, views
/// built in code, tests, models) costs a read of its bytes and no sourcekitd request.
///
/// The words are looked for as whole words anywhere, comments and string literals included: a word in
/// a comment only costs a request that finds nothing, while no file that declares what the catalog
/// reads can lack its keyword, so nothing the run needs is ever skipped.
///
/// What the catalog reads, and the words that announce it:
/// - a class or an extension (`class`, `extension`): classes, their outlets, actions and lists;
/// - `typealias`: a class known by another name;
/// - `protocol`: a name that, first in a class's inheritance list, is not its superclass;
/// - `enum` with `case`: the values of an enum property (an enum without cases, a namespace of
///   constants as generators write them, gives nothing).
///
/// `calls` is the seam for readers of calls (`dequeueReusableCell(withIdentifier:)` and the like): a
/// file that names one of those callees is read too, and `SwiftStructureFilter(calls:)` keeps the
/// calls in sourcekitd's reply. A run that needs no calls leaves it empty.
struct SwiftFileScan: Sendable {
    /// Callee names (`dequeueReusableCell`) whose calls the run reads, and first-argument labels as
    /// `nibName:` (looked for as the word `nibName`).
    var calls: Set<String> = [] {
        didSet { words = Set(calls.map { $0.hasSuffix(":") ? String($0.dropLast()) : $0 }) }
    }
    private var words: Set<String> = []

    init(calls: Set<String> = []) {
        self.calls = calls
        words = Set(calls.map { $0.hasSuffix(":") ? String($0.dropLast()) : $0 })
    }

    private static let declarationWords: Set<String> = ["class", "extension", "typealias", "protocol"]

    /// Whether sourcekitd must read a file of these bytes.
    func needsSourceKit(_ bytes: [UInt8]) -> Bool {
        var sawEnum = false
        var sawCase = false
        var found = false
        Self.forEachWord(in: bytes) { word in
            if Self.declarationWords.contains(word) || words.contains(word) {
                found = true
            } else if word == "enum" {
                sawEnum = true
            } else if word == "case" {
                sawCase = true
            }
            if sawEnum && sawCase { found = true }
            return !found
        }
        return found
    }

    /// Calls `body` with each identifier-like word of `bytes` (ASCII letters, digits and `_`, starting
    /// with a letter or `_`) until it returns false. One pass; words longer than any looked for are skipped
    /// without being built.
    private static func forEachWord(in bytes: [UInt8], _ body: (String) -> Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                guard isWordStart(byte) else {
                    index += 1
                    // The rest of a number (`0x1class`) or of a non-ASCII identifier is not a word of its own.
                    if isWordByte(byte) || byte >= 0x80 {
                        while index < count, isWordByte(buffer[index]) || buffer[index] >= 0x80 { index += 1 }
                    }
                    continue
                }
                let start = index
                while index < count, isWordByte(buffer[index]) { index += 1 }
                // A word that runs on into non-ASCII bytes is one identifier, not a keyword.
                if index < count, buffer[index] >= 0x80 {
                    while index < count, isWordByte(buffer[index]) || buffer[index] >= 0x80 { index += 1 }
                    continue
                }
                guard index - start <= maximumWordLength else { continue }
                let word = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
                if !body(word) { return }
            }
        }
    }

    /// Longer than any keyword or callee name the run looks for.
    private static let maximumWordLength = 64

    private static func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isWordStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
