import LayoutKit

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
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("register") else { return [] }
        var found: [ReuseRegistration] = []
        var line = 1
        var counted = text.startIndex
        let pattern =
            /register(?:Nib|Class)\s*:[^;{}]*?\b(forCellReuseIdentifier|forCellWithReuseIdentifier|forHeaderFooterViewReuseIdentifier|withReuseIdentifier)\s*:\s*(?:@"([^"\\\n]*)"\s*\])?/
        for match in text.matches(of: pattern) {
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
}
