import Dispatch
import Foundation
import LayoutKit
import LayoutTesting
import PhotoApp
import Testing

/// The async API, run with the inline executor: every load happens on the test's own thread before
/// the `await` returns, so nothing here waits on time.
@Suite("Async loading and preloading")
struct PreloadingTests {
    let spy = LayoutSourceSpy()
    let cache: LayoutTemplateCache

    init() throws {
        cache = try inlineCache(over: spy)
    }

    static let unreadable = unreadableError("Gone.layout.xml")

    @Test("load(named:) loads through the executor and caches what it loaded")
    func loadNamed() async throws {
        spy.complete(with: try photoCellData(), at: 0)

        let loader = try await cache.load(named: "PhotoCell")
        _ = try cache.loader(named: "PhotoCell")
        _ = try await cache.load(named: "PhotoCell")

        try assertInstantiates(PhotoCell.self, from: loader)
        #expect(spy.receivedMessages == [.load("PhotoCell")])
    }

    @Test("load(named:) throws the source's LayoutError, typed")
    func loadNamedFails() async {
        spy.complete(with: Self.unreadable, at: 0)

        do {
            _ = try await cache.load(named: "Gone")
            Issue.record("expected the load to fail")
        } catch {
            // `error` is statically a LayoutError: the continuation kept the thrown type.
            #expect(error == Self.unreadable)
        }
        await #expect(throws: Self.unreadable) { try await cache.load(named: "Gone") }
        #expect(spy.receivedMessages == [.load("Gone")])
    }

    @Test("preload loads every distinct name in order and returns each outcome")
    func preload() async throws {
        spy.complete(with: try photoCellData(), at: 0)
        spy.complete(with: Self.unreadable, at: 1)
        spy.complete(with: Data(countingCellXML.utf8), at: 2)

        let outcomes = await cache.preload(["PhotoCell", "Gone", "PhotoCell", "CountingCell"])

        #expect(spy.receivedMessages == [.load("PhotoCell"), .load("Gone"), .load("CountingCell")])
        #expect(outcomes.keys.sorted() == ["CountingCell", "Gone", "PhotoCell"])
        #expect(try outcomes["PhotoCell"]?.get().file == "PhotoCell.layout.xml")
        #expect(try outcomes["CountingCell"]?.get().file == "CountingCell.layout.xml")
        #expect(throws: Self.unreadable) { try outcomes["Gone"]?.get() }
    }

    @Test("preloaded layouts are served from the cache afterwards, failures included")
    func preloadFillsCache() async throws {
        spy.complete(with: try photoCellData(), at: 0)
        spy.complete(with: Self.unreadable, at: 1)

        _ = await cache.preload(["PhotoCell", "Gone"])
        _ = try cache.loader(named: "PhotoCell")
        #expect(throws: Self.unreadable) { try cache.loader(named: "Gone") }
        _ = await cache.preload(["PhotoCell", "Gone"])

        #expect(spy.receivedMessages == [.load("PhotoCell"), .load("Gone")])
    }

    @Test("preloading nothing returns nothing and asks the source nothing")
    func preloadNothing() async {
        let outcomes = await cache.preload([])
        #expect(outcomes.isEmpty)
        #expect(spy.receivedMessages == [])
    }

    @Test("the inline executor runs work before run returns")
    func inlineExecutor() {
        let ran = Locked(false)
        InlineLayoutWorkExecutor().run { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
    }

    /// The one test with a real queue: it awaits the result (no sleep, no timeout) and checks where the
    /// load ran.
    @Test("the dispatch executor loads on its queue, not the caller's thread")
    func dispatchExecutor() async throws {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "RenderingTests.loading")
        queue.setSpecific(key: key, value: "loading")
        let source = QueueRecordingSource(key: key, layouts: InMemoryLayoutSource(["CountingCell": countingCellXML]))
        let cache = LayoutTemplateCache(source: source, registry: try testRegistry(), executor: .dispatch(queue))

        _ = try await cache.load(named: "CountingCell")
        _ = await cache.preload(["Missing"])

        #expect(source.queues == ["loading", "loading"])
    }
}

/// A source that records the dispatch-specific value of the queue each load ran on.
private final class QueueRecordingSource: LayoutSource {
    let key: DispatchSpecificKey<String>
    let layouts: InMemoryLayoutSource
    private let recorded = Locked<[String]>([])

    init(key: DispatchSpecificKey<String>, layouts: InMemoryLayoutSource) {
        self.key = key
        self.layouts = layouts
    }

    var queues: [String] { recorded.withLock { $0 } }

    func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        let queue = DispatchQueue.getSpecific(key: key) ?? "elsewhere"
        recorded.withLock { $0.append(queue) }
        return try layouts.loadLayout(named: name)
    }
}
