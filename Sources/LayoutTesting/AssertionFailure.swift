internal import Testing
internal import XCTest

/// The place in a test that called an assertion, where its failures are reported.
struct Caller: Sendable {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

/// A failed assertion: what went wrong and the caller it is reported at.
struct AssertionFailure: Sendable {
    var message: String
    var caller: Caller

    /// Receives failures instead of the test framework while set: the tests of the assertions
    /// themselves bind it to read what an assertion reported.
    @TaskLocal static var sink: (@Sendable (AssertionFailure) -> Void)?

    /// Reports `message` at `caller`: to `sink` when one is bound, as an `Issue` inside a Swift Testing
    /// test, and as an `XCTFail` otherwise.
    static func report(_ message: String, at caller: Caller) {
        if let sink {
            sink(AssertionFailure(message: message, caller: caller))
        } else if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: Testing.SourceLocation(
                    fileID: caller.fileID, filePath: "\(caller.filePath)", line: Int(caller.line),
                    column: Int(caller.column)))
        } else {
            XCTFail(message, file: caller.filePath, line: caller.line)
        }
    }
}

/// Thrown by an assertion that reported a failure and has no value to return; the reported failure
/// says why, this only stops the test.
struct AssertionStopped: Error, CustomStringConvertible {
    let description: String
}
