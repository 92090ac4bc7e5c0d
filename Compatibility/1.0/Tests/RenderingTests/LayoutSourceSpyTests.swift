import Foundation
import LayoutKit
import LayoutTesting
import Testing

@Suite("LayoutSourceSpy")
struct LayoutSourceSpyTests {
    let spy = LayoutSourceSpy()

    static let failure = unreadableError("B.layout.xml")

    @Test("records every load in order and answers each with the completion at its index")
    func answersByIndex() throws {
        spy.complete(with: Self.failure, at: 1)
        spy.complete(with: Data("a".utf8), at: 0)
        spy.complete(with: Data("c".utf8), file: "Custom/C.layout.xml", at: 2)

        #expect(try spy.loadLayout(named: "A") == LayoutData(data: Data("a".utf8), file: "A.layout.xml"))
        #expect(throws: Self.failure) { try spy.loadLayout(named: "B") }
        #expect(try spy.loadLayout(named: "C") == LayoutData(data: Data("c".utf8), file: "Custom/C.layout.xml"))
        #expect(spy.receivedMessages == [.load("A"), .load("B"), .load("C")])
    }

    @Test("a load the test did not complete fails, saying so, and is still recorded")
    func uncompletedLoad() {
        let error = #expect(throws: LayoutError.self) { try spy.loadLayout(named: "PhotoCell") }

        #expect(error?.rules == [.unreadableFile])
        #expect(
            error?.diagnostics.first?.message
                == "LayoutSourceSpy: load #0 ('PhotoCell') was not completed; "
                + "call complete(with:at: 0) before the code under test loads")
        #expect(spy.receivedMessages == [.load("PhotoCell")])
    }

    @Test("starts with no messages")
    func startsEmpty() {
        #expect(spy.receivedMessages == [])
    }
}
