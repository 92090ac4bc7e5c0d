import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A reuse identifier registered by code other than the Swift the checker reads through sourcekitd: an
/// Objective-C `registerNib:forCellReuseIdentifier:` and its kin.
package struct ReuseRegistration: Sendable, Hashable {
    /// The registry it adds to.
    var registry: IdentifierUse.Registry
    /// The literal registered; `nil` when it is written otherwise (a variable, a call), so it may be any.
    var name: String?
    var location: SourceLocation
}

/// The registrations of reusable views in an Objective-C file: `registerNib:` or `registerClass:` with
/// `forCellReuseIdentifier:`, `forCellWithReuseIdentifier:`, `forHeaderFooterViewReuseIdentifier:` or
/// `forSupplementaryViewOfKind:withReuseIdentifier:`. An `@"…"` literal that ends the message is a
/// definition; anything else (a variable, `NSStringFromClass(…)`, a method declaring those parameters)
/// is a registration that may register any name in its registry. Comments are read as code: a
/// registration in one only defines a name more, or makes a registry unknown. Linear in the bytes.
package enum ObjectiveCRegistrations {
    /// Every registration in the file's text, in order.
    package static func scan(_ bytes: [UInt8], file: String) -> [ReuseRegistration] {
        // Every match begins `registerNib` or `registerClass`.
        let starts = offsets(of: Array("register".utf8), in: bytes).filter {
            follows(Array("Nib".utf8), at: $0 + 8, in: bytes) || follows(Array("Class".utf8), at: $0 + 8, in: bytes)
        }
        guard !starts.isEmpty else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [ReuseRegistration] = []
        var line = 1
        var counted = text.startIndex
        for match in matches(in: text, bytes: bytes, startingAt: starts) {
            line += text[counted..<match.range.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            counted = match.range.lowerBound
            let registry: IdentifierUse.Registry =
                switch match.output.1 {
                case "forCellReuseIdentifier": .tableCell
                case "forCellWithReuseIdentifier": .collectionCell
                case "forHeaderFooterViewReuseIdentifier": .tableHeaderFooter
                default: .collectionSupplementary
                }
            let lineStart = text[..<match.range.lowerBound].lastIndex(of: "\n").map(text.index(after:))
            let column = text.utf8.distance(from: lineStart ?? text.startIndex, to: match.range.lowerBound) + 1
            found.append(
                ReuseRegistration(
                    registry: registry, name: match.output.2.map(String.init),
                    location: SourceLocation(file: file, line: line, column: column)))
        }
        return found
    }

    /// A registration (a value each time: `Regex` is not `Sendable`).
    private static var pattern: Regex<(Substring, Substring, Substring?)> {
        /register(?:Nib|Class)\s*:[^;{}]*?\b(forCellReuseIdentifier|forCellWithReuseIdentifier|forHeaderFooterViewReuseIdentifier|withReuseIdentifier)\s*:\s*(?:@"([^"\\\n]*)"\s*\])?/
    }

    /// The pattern's matches, left to right and not overlapping, as `text.matches(of:)` finds them. A match
    /// begins with `registerNib` or `registerClass`, so in ASCII text (one byte, one character) the pattern
    /// is tried only where those words are (`starts`, byte offsets), not at every character: the regular expression engine's try
    /// at each position was most of a run's time on an app of a thousand Objective-C files. Other text is
    /// searched whole, as before.
    private static func matches(
        in text: String, bytes: [UInt8], startingAt starts: [Int]
    ) -> [Regex<(Substring, Substring, Substring?)>.Match] {
        let pattern = Self.pattern
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return text.matches(of: pattern) }
        var found: [Regex<(Substring, Substring, Substring?)>.Match] = []
        var resume = 0
        for start in starts where start >= resume {
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: start)
            guard let match = text[index...].prefixMatch(of: pattern) else { continue }
            found.append(match)
            resume = text.utf8.distance(from: text.utf8.startIndex, to: match.range.upperBound)
        }
        return found
    }

    /// Whether `bytes` hold `word` at `offset`.
    private static func follows(_ word: [UInt8], at offset: Int, in bytes: [UInt8]) -> Bool {
        offset + word.count <= bytes.count && bytes[offset..<offset + word.count].elementsEqual(word)
    }

    /// The byte offsets at which `word` begins in `bytes`, left to right: `memchr` for its first byte,
    /// `memcmp` for the rest.
    static func offsets(of word: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard let first = word.first, bytes.count >= word.count else { return [] }
        var result: [Int] = []
        bytes.withUnsafeBytes { text in
            word.withUnsafeBytes { needle in
                guard let base = text.baseAddress, let rest = needle.baseAddress else { return }
                let last = text.count - needle.count
                var index = 0
                while index <= last, let found = memchr(base + index, Int32(first), last - index + 1) {
                    index = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + index, rest, needle.count) == 0 { result.append(index) }
                    index += 1
                }
            }
        }
        return result
    }
}
