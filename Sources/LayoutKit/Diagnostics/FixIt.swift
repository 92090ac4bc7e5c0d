/// A repair of a diagnostic that the rule which found it can prove: a one-line description and the
/// byte-range replacements that make it, in one or more files.
///
/// A rule offers a fix-it only where exactly one repair is possible (a did-you-mean with one candidate,
/// an `lk:ignore` name that silences nothing), never for a guess between two. Each edit replaces the
/// bytes of one attribute value, or one whole attribute, as the file holds them, so the rest of the file
/// stays byte for byte as it was. `layout-check --fix` applies them.
public struct FixIt: Hashable, Sendable, CustomStringConvertible {
    /// One replacement in one file: the bytes in `byteRange` become `replacement`, encoded as UTF-8.
    public struct Edit: Hashable, Sendable {
        /// The path of the file, as the diagnostic's location names it.
        public var file: String
        /// The bytes replaced, as offsets from the start of the file (a byte order mark counts).
        public var byteRange: Range<Int>
        /// What they become, written as the file would have it (quotes and `&` escaped as entities).
        public var replacement: String
        /// A digest of the whole file as the rule read it (`FixIt.digest(of:)`): what applies the edit
        /// refuses a file whose bytes no longer have it. `nil` when the rule had no bytes to digest.
        package var checkedDigest: UInt64?

        /// Creates an edit.
        public init(file: String, byteRange: Range<Int>, replacement: String) {
            self.file = file
            self.byteRange = byteRange
            self.replacement = replacement
        }

        /// An edit of a file whose checked bytes had `digest`.
        package init(file: String, byteRange: Range<Int>, replacement: String, checkedDigest: UInt64) {
            self.init(file: file, byteRange: byteRange, replacement: replacement)
            self.checkedDigest = checkedDigest
        }
    }

    /// What the fix-it does, in one line: `replace 'titel' with 'title'`.
    public var description: String
    /// The replacements, in the order they were made; none of them overlap.
    public var edits: [Edit]

    /// Creates a fix-it.
    public init(description: String, edits: [Edit]) {
        self.description = description
        self.edits = edits
    }

    /// The digest of a file's bytes that edits carry: 64-bit FNV-1a, with the length mixed in. A check
    /// that the file is the one that was read, not a defence against a forged file.
    package static func digest(of bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        return hash ^ UInt64(bytes.count)
    }
}
