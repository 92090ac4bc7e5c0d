import Foundation

/// Where the bytes of layouts come from: a directory, a bundle's resources, memory, or a test double.
///
/// ```swift
/// let source = DirectoryLayoutSource(layoutsURL)
/// let loader = try LayoutLoader(named: "PhotoCell", from: source, registry: registry)
/// ```
/// A source only reads; parsing, checking and compiling are `LayoutLoader`'s, and caching is
/// `LayoutTemplateCache`'s. Sources are `Sendable` because a cache calls them from any thread.
public protocol LayoutSource: Sendable {
    /// Reads the layout called `name` (the file name without `.layout.xml`).
    ///
    /// - Throws: `LayoutError` with `unreadable-file` naming where the layout was looked for, when
    ///   the source has no such layout or cannot read it.
    func loadLayout(named name: String) throws(LayoutError) -> LayoutData

    /// The names of every layout the source has, for `unknown-layout`'s "did you mean"; `nil` when
    /// it cannot list them (then any load that fails is an `unknown-layout`).
    func layoutNames() -> [String]?
}

extension LayoutSource {
    /// `nil`: a source cannot list its layouts unless it says how.
    public func layoutNames() -> [String]? { nil }
}

/// The bytes of one layout and the path its diagnostics name.
public struct LayoutData: Hashable, Sendable {
    /// The layout file's contents.
    public var data: Data
    /// The path (or name) diagnostics give the layout, e.g. `Layouts/PhotoCell.layout.xml`.
    public var file: String

    /// Wraps a layout's bytes and the path its diagnostics name.
    public init(data: Data, file: String) {
        self.data = data
        self.file = file
    }
}

extension LayoutLoader {
    /// Loads the layout called `name` from `source`: parsed, checked and compiled once; its includes are
    /// found in `source` too.
    ///
    /// - Throws: `LayoutError` with the source's `unreadable-file` when it has no such layout, or with
    ///   every diagnostic the layout has.
    public init(named name: String, from source: some LayoutSource, registry: LayoutRegistry) throws(LayoutError) {
        try self.init(
            named: name, validator: LayoutValidator(catalog: registry.catalog, source: source), registry: registry)
    }

    /// Loads the layout called `name` from the validator's source, with the validator's store of
    /// included layouts: one `LayoutTemplateCache` shares one among all its layouts.
    init(named name: String, validator: LayoutValidator, registry: LayoutRegistry) throws(LayoutError) {
        guard let source = validator.source else { throw .unreadable("\(name).layout.xml", because: "no source") }
        let layout = try source.loadLayout(named: name)
        try self.init(
            bytes: Array(layout.data.prefix(LayoutFile.readLimit)), file: layout.file, name: name,
            validator: validator, registry: registry)
    }
}
