import Foundation
import LayoutKit
import LayoutTesting
import PhotoApp
import Testing

@Suite("LayoutTemplateCache")
struct LayoutTemplateCacheTests {
    let spy = LayoutSourceSpy()
    let cache: LayoutTemplateCache

    init() throws {
        cache = try inlineCache(over: spy)
    }

    static let unreadable = unreadableError("PhotoCell.layout.xml")

    @Test("loads a name from the source once and hands out the same layout after")
    func loadsOnce() throws {
        spy.complete(with: try photoCellData(), at: 0)

        let first = try cache.loader(named: "PhotoCell")
        let second = try cache.loader(named: "PhotoCell")

        #expect(spy.receivedMessages == [.load("PhotoCell")])
        #expect(first.file == "PhotoCell.layout.xml")
        #expect(second.file == first.file)
        try assertInstantiates(PhotoCell.self, from: second)
    }

    @Test("loads each name once, in the order asked")
    func namesLoadSeparately() throws {
        spy.complete(with: try photoCellData(), at: 0)
        spy.complete(with: Data(countingCellXML.utf8), at: 1)

        _ = try cache.loader(named: "PhotoCell")
        _ = try cache.loader(named: "CountingCell")
        _ = try cache.loader(named: "PhotoCell")

        #expect(spy.receivedMessages == [.load("PhotoCell"), .load("CountingCell")])
    }

    /// A cache that checks and then loads without holding a lock fails this only when two threads
    /// interleave, so the race is run over many names: a correct cache passes every time.
    @Test("compiles a name once when 8 threads ask for it at the same moment")
    func concurrentRequests() throws {
        let names = (0..<20).map { "PhotoCell\($0)" }
        for index in names.indices { spy.complete(with: try photoCellData(), at: index) }
        let failures = Locked<[LayoutError]>([])
        let cache = self.cache

        for name in names {
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do throws(LayoutError) {
                    _ = try cache.loader(named: name)
                } catch {
                    failures.withLock { $0.append(error) }
                }
            }
        }

        #expect(spy.receivedMessages == names.map { .load($0) })
        #expect(failures.withLock { $0 } == [])
    }

    @Test("caches a source's failure: the second call gets the same error without a second load")
    func sourceFailureCached() {
        spy.complete(with: Self.unreadable, at: 0)

        #expect(throws: Self.unreadable) { try cache.loader(named: "PhotoCell") }
        #expect(throws: Self.unreadable) { try cache.loader(named: "PhotoCell") }
        #expect(spy.receivedMessages == [.load("PhotoCell")])
    }

    @Test("caches a layout's diagnostics as a failure too")
    func layoutFailureCached() {
        spy.complete(with: Data(layoutXML(#"<label outlet="titleLabel"/>"#).utf8), at: 0)

        let first = #expect(throws: LayoutError.self) { try cache.loader(named: "Orphan") }
        let second = #expect(throws: LayoutError.self) { try cache.loader(named: "Orphan") }

        #expect(first?.rules == [.orphanOutlet])
        #expect(second == first)
        #expect(spy.receivedMessages == [.load("Orphan")])
    }

    @Test("evicting a name loads it again on the next call")
    func evictRetries() throws {
        spy.complete(with: Self.unreadable, at: 0)
        spy.complete(with: try photoCellData(), at: 1)
        #expect(throws: Self.unreadable) { try cache.loader(named: "PhotoCell") }

        cache.evict("PhotoCell")
        let loader = try cache.loader(named: "PhotoCell")

        try assertInstantiates(PhotoCell.self, from: loader)
        #expect(spy.receivedMessages == [.load("PhotoCell"), .load("PhotoCell")])
    }

    @Test("evicting one name keeps the others; removeAll forgets every name")
    func evictAndRemoveAll() throws {
        for index in 0..<4 { spy.complete(with: try photoCellData(), at: index) }
        _ = try cache.loader(named: "A")
        _ = try cache.loader(named: "B")

        cache.evict("A")
        _ = try cache.loader(named: "A")
        _ = try cache.loader(named: "B")
        #expect(spy.receivedMessages == [.load("A"), .load("B"), .load("A")])

        cache.removeAll()
        _ = try cache.loader(named: "B")
        #expect(spy.receivedMessages == [.load("A"), .load("B"), .load("A"), .load("B")])
    }
}
