/// Which entries a search of a folder for layouts and class schemas passes over: the one rule that
/// `layout-check`'s directory search and `LayoutTesting`'s share, so the two check the same files.
///
/// Not API: only those two search folders.
package enum LayoutFileSearch {
    /// Whether an entry found in a folder (a file or a folder, by the bytes of its name) is passed over:
    /// hidden entries, whose names start with a dot — `.git`, `.build`, `.` and `..`. A folder named
    /// to the search itself is searched whatever its name.
    public static func skips(_ name: some Collection<UInt8>) -> Bool {
        name.first == UInt8(ascii: ".")
    }
}
