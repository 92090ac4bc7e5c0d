import Foundation
import Testing

@testable import layout_check

/// The directory search driven step by step, to change the tree between two steps as a concurrent
/// `git checkout` or build would.
@Suite struct DirectorySearchSeamTests {
    /// `tree/a` is queued while `tree` is read and removed before the search comes to it.
    @Test func aDirectoryRemovedAfterItWasFoundIsUnreadable() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(SampleLayout.malformed, to: "tree/a/Bad.layout.xml")
        try folder.write(SampleLayout.valid, to: "tree/b.layout.xml")
        var search = FileDiscovery(suffix: ".layout.xml")
        try search.add(SystemPath("\(folder.path)/tree"))

        #expect(search.next()?.displayPath == "\(folder.path)/tree/b.layout.xml")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("tree/a"))
        #expect(search.next() == nil)
        #expect(search.diagnostics.map(\.sourceLocation?.file) == ["\(folder.path)/tree/a"])
        #expect(search.diagnostics.map(\.rule.rawValue) == ["unreadable-file"])
        #expect(
            search.diagnostics.map(\.message) == ["cannot read directory: \(String(cString: strerror(ENOENT)))"])
    }
}
