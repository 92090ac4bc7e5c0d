import Foundation
import LayoutKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loading from files costs memory in proportion to the 4 MiB limit, never to the file: a 200 MB file
/// is read no further than the limit, and reading many small files keeps nothing behind.
@Suite(.serialized) struct LayoutFileMemoryTests {
    /// A 200 MB file that takes no disk space: `ftruncate` leaves it a hole of zero bytes.
    private static func sparseLayout(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("Huge.layout.xml")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(ftruncate(descriptor, 200_000_000) == 0)
        return url
    }

    @Test func aHugeFileIsAnInputLimitErrorReadNoFurtherThanTheLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.sparseLayout(in: folder)
        let bundle = try #require(Bundle(url: folder))
        let loads: [(String, () throws(LayoutError) -> LayoutLoader)] = [
            ("contentsOf", { () throws(LayoutError) in try LayoutLoader(contentsOf: url, registry: .standard) }),
            (
                "directory",
                { () throws(LayoutError) in
                    try LayoutLoader(named: "Huge", from: DirectoryLayoutSource(folder), registry: .standard)
                }
            ),
            (
                "bundle",
                { () throws(LayoutError) in
                    try LayoutLoader(named: "Huge", from: BundleLayoutSource(bundle), registry: .standard)
                }
            ),
        ]
        for (name, load) in loads {
            let peakBefore = peakResidentBytes()
            let start = ContinuousClock.now
            let error = #expect(throws: LayoutError.self, "\(name)") { try load() }
            let elapsed = ContinuousClock.now - start
            #expect(error?.rules == [.inputLimit], "\(name)")
            #expect(peakResidentBytes() - peakBefore < 100_000_000, "\(name)")
            #expect(elapsed < .seconds(5), "\(name)")
        }
    }

    /// `Data(count:)` is zero pages the system has not handed out yet; copying it all would touch them.
    @Test func hugeDataIsRefusedWithoutCopyingIt() throws {
        let data = Data(count: 200_000_000)
        let peakBefore = peakResidentBytes()
        let error = #expect(throws: LayoutError.self) { try LayoutLoader(data: data, registry: .standard) }
        #expect(error?.rules == [.inputLimit])
        #expect(peakResidentBytes() - peakBefore < 100_000_000)
    }

    /// Foundation's `Data(contentsOf:)` kept about 4 KiB per empty file it read: 40 MB for these.
    @Test func readingEmptyFilesKeepsNothingBehind() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Empty.layout.xml")
        try Data().write(to: url)
        let source = DirectoryLayoutSource(folder)
        func loadMany() {
            for _ in 0..<5_000 {
                #expect(throws: LayoutError.self) { try LayoutLoader(contentsOf: url, registry: .standard) }
                #expect(throws: LayoutError.self) {
                    try LayoutLoader(named: "Empty", from: source, registry: .standard)
                }
            }
        }
        loadMany()  // The allocator's own first growth is not a leak.
        let before = residentBytes()
        loadMany()
        #expect(residentBytes() - before < 16_000_000)
    }

    /// The most memory this process has held at once (`ru_maxrss` is in KiB on Linux, bytes on Darwin).
    private func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
            return usage.ru_maxrss
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return usage.ru_maxrss * 1024
        #endif
    }

    /// The memory this process holds now, from `/proc/self/statm` (its second field, in pages).
    private func residentBytes() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ")
        let pages = fields.flatMap { $0.count > 1 ? Int($0[1]) : nil } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
