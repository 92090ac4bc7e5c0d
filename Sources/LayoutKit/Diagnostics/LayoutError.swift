import Foundation

/// The error `LayoutLoader` throws: the diagnostics that stopped it, each with rule and location.
public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in source order; never empty.
    public let diagnostics: [Diagnostic]

    /// Wraps diagnostics; at least one should be an error.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    /// The rules that fired, for assertions such as `error.rules == [.unknownOutlet]`.
    public var rules: [RuleID] { diagnostics.map(\.rule) }

    /// One `file:line:column: error: message [rule]` line per diagnostic.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

extension LayoutError {
    /// The `unreadable-file` error of a layout that could not be read, located at line 1 of `file`.
    static func unreadable(_ file: String, because reason: String) -> LayoutError {
        LayoutError(
            Diagnostic(
                rule: .unreadableFile, message: "cannot read the layout: \(reason)",
                location: SourceLocation(file: file, line: 1, column: 1)))
    }
}

extension LayoutError {
    /// The `top-level-mismatch` error of a layout whose top-level `objects` are not exactly one
    /// `expected`, located at the first object that is not one (or the `<layout>`): the one wording for
    /// the loader and the cell provider.
    static func topLevelMismatch(
        expected: String, found objects: [AnyObject], at location: SourceLocation, exactClass: Bool = true
    ) -> LayoutError {
        let rule =
            exactClass ? "; the class must be exactly \(expected), as a subclass may differ in what it connects" : ""
        return LayoutError(
            Diagnostic(
                rule: .topLevelMismatch,
                message:
                    "expected exactly one top-level \(expected), found \(objects.count) top-level object\(objects.count == 1 ? "" : "s")"
                    + topLevelClassList(objects) + rule,
                location: location))
    }
}

/// How messages list top-level objects: `: Module.A, Module.B`, or nothing for none.
///
/// Not API: `assertInstantiates` lists them the same way.
package func topLevelClassList(_ objects: [AnyObject]) -> String {
    objects.isEmpty ? "" : ": " + objects.map { String(reflecting: type(of: $0)) }.joined(separator: ", ")
}
