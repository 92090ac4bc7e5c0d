import Dispatch
import Testing

@testable import LayoutKit

/// `Locked`, the package's one lock: what it guards is changed by one thread at a time.
@Suite struct LockedTests {
    @Test func incrementsFromEightThreadsAreAllCounted() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 160_000)
    }

    @Test func whatTheBodyReturnsAndThrowsComesOut() throws {
        struct Refused: Error {}
        let names = Locked<[String]>([])
        #expect(
            names.withLock {
                $0.append("PhotoCell")
                return $0.count
            } == 1)
        #expect(throws: Refused.self) { try names.withLock { _ in throw Refused() } }
        #expect(names.withLock { $0 } == ["PhotoCell"])
    }
}
