import Foundation
import LayoutKit

@testable import LayoutTesting

/// What an assertion did while its failures were captured instead of reported.
struct Captured<Value> {
    var value: Value?
    var error: (any Error)?
    var failures: [AssertionFailure]

    var messages: [String] { failures.map(\.message) }
}

/// Runs `body` with the failure sink bound, so that the failures it reports are returned rather than
/// failing the running test.
func capture<Value>(_ body: () throws -> Value) -> Captured<Value> {
    let log = LockedList<AssertionFailure>()
    let value: Value?
    let error: (any Error)?
    do {
        value = try AssertionFailure.$sink.withValue({ log.append($0) }, operation: body)
        error = nil
    } catch let thrown {
        value = nil
        error = thrown
    }
    return Captured(value: value, error: error, failures: log.elements)
}

/// A list that closures called from any thread may append to, such as a failure sink or an issue matcher.
final class LockedList<Element: Sendable>: Sendable {
    private let stored = Locked<[Element]>([])

    var elements: [Element] { stored.withLock { $0 } }

    func append(_ element: Element) { stored.withLock { $0.append(element) } }
}
