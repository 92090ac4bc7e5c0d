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

    /// A run's searches share what they read of a directory: the second search of a tree reads nothing,
    /// and finds what the first found; a directory that changed since (its modification time moved) is
    /// read again, and what was added to it is found.
    @Test func aRunReadsEachDirectoryOnceUntilItChanges() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(SampleLayout.valid, to: "tree/a/One.layout.xml")
        try folder.write(SampleLayout.valid, to: "tree/b/Two.layout.xml")
        func found() throws -> [String] {
            var search = FileDiscovery(suffix: ".layout.xml")
            try search.add(SystemPath("\(folder.path)/tree"))
            var paths: [String] = []
            while let file = search.next() { paths.append(file.displayPath) }
            return paths
        }
        let listings = DirectoryListings()
        try DirectoryListings.$current.withValue(listings) {
            let first = try found()
            #expect(first.count == 2, "\(first)")
            #expect(listings.directoriesRead == 3)
            #expect(try found() == first)
            #expect(listings.directoriesRead == 3, "the second search read the tree again")

            try folder.write(SampleLayout.valid, to: "tree/b/Three.layout.xml")
            // The file system's clock may not have moved since the listing was read: move it by hand.
            var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, "\(folder.path)/tree/b", &times, 0) == 0)
            let again = try found()
            #expect(
                again == [first[0], "\(folder.path)/tree/b/Three.layout.xml", first[1]], "names in byte order: \(again)"
            )
            #expect(listings.directoriesRead == 4, "only the changed directory is read again")
        }
        // Outside a run nothing is kept.
        #expect(try found().count == 3)
        #expect(listings.directoriesRead == 4)
    }
}
