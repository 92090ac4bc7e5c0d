import Foundation
import LayoutKit

/// A `LayoutSource` for tests of code that loads layouts: it records every message it receives and
/// answers each load with the outcome the test gave for it.
///
/// ```swift
/// let photoCellData = try Data(contentsOf: layoutsURL.appendingPathComponent("PhotoCell.layout.xml"))
/// let spy = LayoutSourceSpy()
/// spy.complete(with: photoCellData, at: 0)            // the first load succeeds
/// spy.complete(with: unreadable, at: 1)               // the second fails
/// let cache = LayoutTemplateCache(source: spy, registry: registry, executor: .inline)
/// _ = try cache.loader(named: "PhotoCell")
/// #expect(spy.receivedMessages == [.load("PhotoCell")])
/// ```
/// **Completions come first.** `loadLayout(named:)` is synchronous, so a load cannot stay open until
/// the test answers it without blocking a thread on the test — which is timing. Instead the test
/// completes the load at each index (the position of the load in `receivedMessages`) *before* the code
/// under test makes it, and the spy answers the n-th load with the n-th completion whenever it comes,
/// on whatever thread. That keeps every test deterministic: how many loads happened, in what order,
/// and what each returned are facts the test reads and sets, never races it waits out. A completion
/// given for an index that was already loaded changes nothing.
///
/// A load that the test did not complete throws a `LayoutError` (`unreadable-file`) whose message says
/// so, and is still recorded, so an unexpected extra load shows in `receivedMessages` and in the error.
/// The spy is `Sendable`: its state is behind a lock, so loads may come from several threads at once.
public final class LayoutSourceSpy: LayoutSource, Sendable {
    /// A message a source receives.
    public enum Message: Equatable, Sendable {
        /// `loadLayout(named:)` with this name.
        case load(String)
    }

    private enum Completion {
        case success(data: Data, file: String?)
        case failure(LayoutError)
    }

    private struct State {
        var messages: [Message] = []
        var completions: [Int: Completion] = [:]
    }

    private let state = Locked(State())

    /// A spy that has received nothing and has no completions.
    public init() {}

    /// Every message received so far, in the order received.
    public var receivedMessages: [Message] {
        state.withLock { $0.messages }
    }

    /// Answers the load at `index` with `data`.
    ///
    /// - Parameters:
    ///   - data: The layout's bytes.
    ///   - file: The path diagnostics name; `NAME.layout.xml` of the loaded name by default.
    ///   - index: Which load to answer, counted from 0 in the order the loads were asked for.
    public func complete(with data: Data, file: String? = nil, at index: Int) {
        state.withLock { $0.completions[index] = .success(data: data, file: file) }
    }

    /// Answers the load at `index` by throwing `error`.
    public func complete(with error: LayoutError, at index: Int) {
        state.withLock { $0.completions[index] = .failure(error) }
    }

    /// Records `.load(name)` and answers with the completion for its index.
    ///
    /// - Throws: The `LayoutError` completed for this load, or an `unreadable-file` error saying that the
    ///   test gave no completion for it.
    public func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        let (index, completion) = state.withLock { state in
            state.messages.append(.load(name))
            let index = state.messages.count - 1
            return (index, state.completions[index])
        }
        let file = "\(name).layout.xml"
        switch completion {
        case .success(let data, let path):
            return LayoutData(data: data, file: path ?? file)
        case .failure(let error):
            throw error
        case nil:
            throw LayoutError(diagnostics: [
                Diagnostic(
                    rule: .unreadableFile,
                    message:
                        "LayoutSourceSpy: load #\(index) ('\(name)') was not completed; "
                        + "call complete(with:at: \(index)) before the code under test loads",
                    location: SourceLocation(file: file, line: 1, column: 1))
            ])
        }
    }
}
