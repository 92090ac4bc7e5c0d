import Foundation

/// Serves layouts held in memory, by name: for tests, previews and layouts built at run time.
///
/// ```swift
/// let source = InMemoryLayoutSource(["TitleCell": #"<layout xmlns="urn:layoutkit:layout:1">…</layout>"#])
/// ```
/// Diagnostics name a layout `NAME.layout.xml`, as if it had been read from a file of that name.
public struct InMemoryLayoutSource: LayoutSource {
    /// The layouts' bytes, by name.
    public let layouts: [String: Data]

    /// A source serving `layouts`' bytes by name.
    public init(_ layouts: [String: Data]) {
        self.layouts = layouts
    }

    /// A source serving `layouts`' text, UTF-8 encoded, by name.
    public init(_ layouts: [String: String]) {
        self.layouts = layouts.mapValues { Data($0.utf8) }
    }

    /// Returns the layout called `name`, named `NAME.layout.xml` in diagnostics.
    ///
    /// - Throws: `LayoutError` with `unreadable-file` when the source holds no layout of that name.
    public func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        let file = "\(name).layout.xml"
        guard let data = layouts[name] else {
            let known = layouts.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw .unreadable(
                file, because: "no layout named '\(name)' in memory" + (known.isEmpty ? "" : " (it has \(known))"))
        }
        return LayoutData(data: data, file: file)
    }
}
