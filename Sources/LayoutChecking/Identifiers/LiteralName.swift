/// A name as UIKit compares it: `NSString`'s `isEqual:` compares UTF-16 code units, literally, where
/// Swift's `String` compares by canonical equivalence (`"é"` precomposed, U+00E9, equals `"e"` followed
/// by U+0301). A storyboard ID, segue, reuse identifier or file name that only looks the same as the
/// one the code names is not found at run time, so the identifier rules compare names by their code
/// units (UTF-8 here, which are equal exactly when the UTF-16 ones are).
struct LiteralName: Hashable, Sendable {
    let name: String

    init(_ name: String) {
        self.name = name
    }

    static func == (left: LiteralName, right: LiteralName) -> Bool {
        left.name.utf8.elementsEqual(right.name.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name.utf8.count)
        for byte in name.utf8 { hasher.combine(byte) }
    }
}
