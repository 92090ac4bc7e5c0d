import LayoutKit
import Testing

/// Which directory entries a search passes over (`LayoutFileSearch.skips`), by the bytes of the name,
/// with and without the NUL that a `dirent` name ends with, through each kind of collection its callers
/// pass: the rule compares the `.xcloc` ending byte by byte from the end.
@Suite struct LayoutFileSearchTests {
    static let cases: [(name: String, skipped: Bool)] = [
        (".git", true), (".", true), ("..", true), (".build", true), (".hidden.layout.xml", true),
        ("fr.xcloc", true), (".xcloc", true), ("Cell.layout.xml", false), ("xcloc", false), ("fr.xclocx", false),
        ("fr.xclo", false), ("frxcloc", false), ("fr.XCLOC", false), ("", false), ("c", false),
    ]

    @Test(arguments: cases)
    func entriesAreSkippedByName(_ entry: (name: String, skipped: Bool)) {
        let bytes = Array(entry.name.utf8)
        #expect(LayoutFileSearch.skips(bytes) == entry.skipped, "\(entry.name)")
        #expect(LayoutFileSearch.skips(bytes + [0]) == entry.skipped, "\(entry.name) with its NUL")
        #expect(LayoutFileSearch.skips(entry.name.utf8) == entry.skipped, "\(entry.name) as UTF-8 view")
        (bytes + [0]).withUnsafeBytes { buffer in
            #expect(LayoutFileSearch.skips(buffer) == entry.skipped, "\(entry.name) in a raw buffer")
            #expect(LayoutFileSearch.skips(buffer[...]) == entry.skipped, "\(entry.name) in a raw slice")
        }
    }
}
