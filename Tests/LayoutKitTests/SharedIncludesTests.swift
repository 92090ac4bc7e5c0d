import Foundation
import Testing

@testable import LayoutKit

/// Included layouts shared across loads (`SharedIncludes`, article "Performance"): a later load reuses
/// what an earlier one read, checked and compiled until an included file changes, on real files.
@Suite struct SharedIncludesTests {
    let registry: LayoutRegistry
    let folder: URL
    /// Where the files' modification times are set: long enough ago that their stamps are trusted.
    let past = Date(timeIntervalSinceNow: -3600)

    init() throws {
        registry = try FixtureClasses.registry()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "SharedIncludes-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in IncludeTests.layouts { try write(name, text) }
    }

    /// Writes `NAME.layout.xml` and sets its modification time (and its folder's) to `past` plus `offset`
    /// seconds: the same offset after an edit of the same size leaves the file's stamp as it was.
    func write(_ name: String, _ text: String, offset: TimeInterval = 0) throws {
        let file = folder.appendingPathComponent("\(name).layout.xml")
        // Written in place (not atomically): the file keeps its inode, as an editor saving in place does.
        try Data(text.utf8).write(to: file)
        let date = past.addingTimeInterval(offset)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder.path)
    }

    func badgeText() throws -> String? {
        let loader = try LayoutLoader(named: "Panel", in: folder, registry: registry)
        return try loader.instantiate(FixtureClasses.Panel.self).badge?.text
    }

    /// The rules the load fails with, or none.
    func failure(_ name: String = "Panel") -> [RuleID] {
        do throws(LayoutError) {
            _ = try LayoutLoader(named: name, in: folder, registry: registry)
            return []
        } catch {
            return error.diagnostics.map(\.rule)
        }
    }

    @Test func aLaterLoadReusesTheIncludesUntilTheirFileChanges() throws {
        #expect(try badgeText() == "New")
        // The same size and the same time: the stamp cannot tell, so the shared include is reused —
        // what shows that it is shared at all.
        let badge = IncludeTests.layouts["Badge"]!
        try write("Badge", badge.replacingOccurrences(of: "New", with: "Old"))
        #expect(try badgeText() == "New")
        // Another modification time: read again.
        try write("Badge", badge.replacingOccurrences(of: "New", with: "Old"), offset: 1)
        #expect(try badgeText() == "Old")
        // Another size at the same time: read again.
        try write("Badge", badge.replacingOccurrences(of: "New", with: "Newer"), offset: 1)
        #expect(try badgeText() == "Newer")
    }

    @Test func aFileJustWrittenIsNotTrusted() throws {
        #expect(try badgeText() == "New")
        // Written now, its stamp is recent: a second write in the same clock tick could keep it.
        let file = folder.appendingPathComponent("Badge.layout.xml")
        let badge = IncludeTests.layouts["Badge"]!
        try Data(badge.replacingOccurrences(of: "New", with: "Old").utf8).write(to: file)
        #expect(try badgeText() == "Old")
        try Data(badge.utf8).write(to: file)
        #expect(try badgeText() == "New")
    }

    @Test func aCycleIntroducedByAnEditIsReported() throws {
        #expect(failure().isEmpty)
        let cycle = IncludeTests.layout(#"<view class="Card" module="Fixtures"><include layout="Panel"/></view>"#)
        try write("Card", cycle, offset: 1)
        #expect(failure().contains(.includeCycle))
        #expect(failure("Card").contains(.includeCycle))
        try write("Card", IncludeTests.layouts["Card"]!, offset: 2)
        #expect(failure().isEmpty)
    }

    @Test func aLayoutAddedLaterIsFound() throws {
        try write(
            "Panel",
            IncludeTests.layout(#"<stackView class="Panel" module="Fixtures"><include layout="Extra"/></stackView>"#))
        #expect(failure() == [.unknownLayout])
        try write("Extra", IncludeTests.layout("<view/>"), offset: 1)
        try FileManager.default.setAttributes(
            [.modificationDate: past.addingTimeInterval(1)], ofItemAtPath: folder.path)
        #expect(failure().isEmpty)
    }

    @Test func aClassRegisteredSinceIsSeen() throws {
        try write("Outer", IncludeTests.layout(#"<view><include layout="Inner"/></view>"#))
        try write("Inner", IncludeTests.layout(#"<view class="Tag" module="Fixtures"/>"#))
        #expect(!failure("Outer").isEmpty)
        var registry = registry
        try registry.register(Tag.self, module: "Fixtures")
        let loader = try LayoutLoader(named: "Outer", in: folder, registry: registry)
        #expect(try loader.instantiate(View.self).subviews.first is Tag)
    }

    final class Tag: View {}

    @Test func sourcesInMemoryAreToldApartByTheirContents() throws {
        var layouts = IncludeTests.layouts
        let first = InMemoryLayoutSource(layouts)
        layouts["Badge"] = layouts["Badge"]!.replacingOccurrences(of: "New", with: "Old")
        let second = InMemoryLayoutSource(layouts)
        for _ in 0..<2 {
            for (source, text) in [(first, "New"), (second, "Old")] {
                let loader = try LayoutLoader(named: "Panel", from: source, registry: registry)
                #expect(try loader.instantiate(FixtureClasses.Panel.self).badge?.text == text)
            }
        }
    }

    /// An in-memory source's key compares and hashes its bytes as one block: the same bytes are one key,
    /// a byte changed or one fewer another.
    @Test func inMemoryContentsAreOneKeyExactlyWhenTheirBytesAre() {
        let bytes = Array(IncludeTests.layouts["Badge"]!.utf8)
        var changed = bytes
        changed[changed.count - 1] ^= 1
        let same = HeldBytes(Array(bytes))
        #expect(HeldBytes(bytes) == same)
        #expect(HeldBytes(bytes).hashValue == same.hashValue)
        #expect(HeldBytes(bytes) != HeldBytes(changed))
        #expect(HeldBytes(bytes) != HeldBytes(Array(bytes.dropLast())))
        #expect(HeldBytes([]) == HeldBytes([]))
        #expect(HeldBytes([]) != HeldBytes([0]))
    }

    @Test func concurrentLoadsShareOneStoreSafely() throws {
        let texts = Locked<[String?]>([])
        let folder = folder
        let registry = registry
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<20 {
                let loader = try? LayoutLoader(named: "Panel", in: folder, registry: registry)
                let text = try? loader?.instantiate(FixtureClasses.Panel.self).badge?.text
                texts.withLock { $0.append(text) }
                if thread == 0, round == 10 { SharedIncludes.removeAll() }
            }
        }
        #expect(texts.withLock { $0 }.count == 160)
        #expect(texts.withLock { $0 }.allSatisfy { $0 == "New" })
    }
}
