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
    /// The layouts it includes are read, checked and compiled once and shared by every later load from
    /// the same folder, bundle or in-memory contents, until one of their files changes (`SharedIncludes`).
    public init(named name: String, from source: some LayoutSource, registry: LayoutRegistry) throws(LayoutError) {
        try self.init(named: name, from: source, registry: registry, sharingIncludes: true)
    }

    /// `init(named:from:registry:)`, sharing includes with other loads or not: `layout-bench` times a
    /// first load, whose includes are read afresh, as well as a later one.
    ///
    /// Not API: `package`, for the benchmark.
    package init(
        named name: String, from source: some LayoutSource, registry: LayoutRegistry, sharingIncludes: Bool
    ) throws(LayoutError) {
        let catalog = registry.catalog
        guard sharingIncludes, let store = SharedIncludes.store(for: source, catalog: catalog),
            let stamps = store.stamps
        else {
            try self.init(named: name, validator: LayoutValidator(catalog: catalog, source: source), registry: registry)
            return
        }
        let stamp = stamps.layout(name)
        let layout = try source.loadLayout(named: name)
        let bytes = Array(layout.data.prefix(LayoutFile.readLimit))
        // A file changed between the stamps' check and this read: this load reads everything afresh.
        let validator =
            store.holds(name, otherThan: bytes)
            ? LayoutValidator(catalog: catalog, source: source)
            : LayoutValidator(catalog: catalog, source: source, includes: store)
        try self.init(
            bytes: bytes, file: layout.file, name: name, validator: validator, registry: registry, stamp: stamp)
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
