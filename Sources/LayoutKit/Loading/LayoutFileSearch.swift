/// Which entries a search of a folder for layouts and class schemas passes over: the one rule that
/// `layout-check`'s directory search and `LayoutTesting`'s share, so the two check the same files.
///
/// Not API: only those two search folders.
package enum LayoutFileSearch {
    /// Whether an entry found in a folder (a file or a folder, by the bytes of its name, a NUL after them
    /// or not) is passed over: hidden entries, whose names start with a dot — `.git`, `.build`, `.` and
    /// `..` — and Xcode's localization exports (`fr.xcloc`), whose `Source Contents/` holds copies of
    /// storyboards that no target builds. A folder named to the search itself is searched whatever its
    /// name.
    public static func skips(_ name: some BidirectionalCollection<UInt8>) -> Bool {
        guard name.first != UInt8(ascii: ".") else { return true }
        var end = name.endIndex
        if end != name.startIndex, name[name.index(before: end)] == 0 { end = name.index(before: end) }
        // Ends with ".xcloc", compared back from the end one byte at a time: `layout-check` asks once
        // per directory entry through the generic entry point, where a reversed slice cost a lookup of
        // its type's metadata on every call (a third of reading a folder of 1,000 layouts).
        for byte in "colcx.".utf8 {
            guard end != name.startIndex else { return false }
            end = name.index(before: end)
            guard name[end] == byte else { return false }
        }
        return true
    }
}
