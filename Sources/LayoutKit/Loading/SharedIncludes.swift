import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a layout's file was when it was read — its device, inode, size and modification time — so
/// that a later load can tell, with one `stat`, whether the compiled layout kept for it still stands.
/// A source without files (memory) is `unchanging`: its key holds its contents, so a change of
/// contents is another key altogether.
enum LayoutStamp: Hashable, Sendable {
    /// The file and its state.
    case file(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int)
    /// No such file (or it could not be looked at), with the C library's reason: a file that appears
    /// later changes the stamp.
    case missing(Int32)
    /// Contents that cannot change under the same key.
    case unchanging
    /// A file modified in the last `recentSeconds`: another write within the file system's clock tick
    /// could leave its modification time and size as they are, so such a stamp is never current (as
    /// Git treats a "racily clean" file), and the file is read again until it has been left alone.
    case recent

    /// How long after its last change a file's stamp is trusted.
    static let recentSeconds = 2

    /// Whether a file stamped so may be taken as unchanged by an equal stamp later.
    var isTrusted: Bool { self != .recent }

    /// The stamp of the file at `path` as it is now.
    static func of(path: String) -> LayoutStamp {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing(errno) }
        #if canImport(Darwin)
            let modified = status.st_mtimespec
        #else
            let modified = status.st_mtim
        #endif
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if Int(now.tv_sec) - Int(modified.tv_sec) < recentSeconds { return .recent }
        return .file(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec))
    }
}

/// The included layouts that loads share (article "Performance"): each layout an include reaches is
/// read, checked and compiled once per source and catalog, and every later load of any layout of that
/// source reuses it, as `LayoutTemplateCache` shares whole layouts.
///
/// A store is kept while every file it read is unchanged: each load first compares the stamps (one
/// `stat` each, of the layouts read and of the folder listed for suggestions) and starts a new store
/// when one differs, so the include graph (cycles, depth, errors) is judged again once per change.
/// Sources are told apart by what they read from — a folder, a bundle's folder, or the very contents
/// held in memory (a content key) — and a source of another type is not shared: its loads each read
/// their includes afresh, as before.
enum SharedIncludes {
    /// The most sources (with their catalogs) kept at once; past it the oldest half is dropped.
    static let capacity = 32

    /// What a source reads from.
    enum SourceKey: Hashable, Sendable {
        case directory(String)
        case bundle(String, subdirectory: String?)
        /// The contents as bytes, not `Data`: a `Data` keeps its storage behind an enum whose tag bits
        /// hide the pointer from LeakSanitizer, which then calls every kept source a leak.
        case memory([String: HeldBytes])
    }

    private struct Key: Hashable {
        var source: SourceKey
        var catalog: ObjectIdentifier
    }

    private struct Entry {
        /// Kept so that the catalog's identifier cannot be reused while the entry lives.
        var catalog: ClassCatalog.Version
        var store: IncludeStore
        var used: Int
    }

    private static let entries = Locked<(stores: [Key: Entry], clock: Int)>(([:], 0))

    /// How a source's files are stamped: `nil` for a source that is not shared.
    static func key(of source: any LayoutSource) -> (SourceKey, LayoutStampReader)? {
        switch source {
        case let directory as DirectoryLayoutSource:
            let folder = directory.directory.path
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            return (
                .directory(folder),
                LayoutStampReader(
                    layout: { LayoutStamp.of(path: prefix + $0 + ".layout.xml") },
                    listing: { LayoutStamp.of(path: folder) })
            )
        case let memory as InMemoryLayoutSource:
            return (
                .memory(memory.layouts.mapValues { HeldBytes(Array($0)) }),
                LayoutStampReader(layout: { _ in .unchanging }, listing: { .unchanging })
            )
        case let bundle as BundleLayoutSource:
            let subdirectory = bundle.subdirectory
            let resources = bundle.bundle.resourceURL ?? bundle.bundle.bundleURL
            let folder = subdirectory.map { resources.appendingPathComponent($0) } ?? resources
            let found = bundle.bundle
            return (
                .bundle(found.bundleURL.path, subdirectory: subdirectory),
                LayoutStampReader(
                    layout: { name in
                        found.url(forResource: name, withExtension: "layout.xml", subdirectory: subdirectory)
                            .map { LayoutStamp.of(path: $0.path) } ?? .missing(ENOENT)
                    },
                    listing: { LayoutStamp.of(path: folder.path) })
            )
        default:
            return nil
        }
    }

    /// The store of included layouts for loads from `source` checked against `catalog`: the one kept
    /// when nothing it read has changed since, else a new one (kept for the next load); `nil` when the
    /// source is not shared.
    static func store(for source: any LayoutSource, catalog: ClassCatalog) -> IncludeStore? {
        guard let (sourceKey, stamps) = key(of: source) else { return nil }
        let key = Key(source: sourceKey, catalog: ObjectIdentifier(catalog.version))
        let kept = entries.withLock { state -> IncludeStore? in
            guard let entry = state.stores[key], entry.catalog === catalog.version else { return nil }
            state.clock += 1
            state.stores[key]?.used = state.clock
            return entry.store
        }
        // The stamps are taken outside the lock: loads of other sources do not wait for this one's `stat`s.
        if let kept, kept.isCurrent() { return kept }
        // A kept store holds what it reads from; contents in memory it holds as bytes (see `HeldLayouts`).
        let held: any LayoutSource = if case .memory(let layouts) = sourceKey { HeldLayouts(layouts) } else { source }
        let fresh = IncludeStore(source: held, catalog: catalog, stamps: stamps)
        entries.withLock { state in
            if state.stores[key] == nil, state.stores.count >= capacity {
                let oldest = state.stores.sorted { $0.value.used < $1.value.used }.prefix(capacity / 2)
                for (old, _) in oldest { state.stores.removeValue(forKey: old) }
            }
            state.clock += 1
            state.stores[key] = Entry(catalog: catalog.version, store: fresh, used: state.clock)
        }
        return fresh
    }

    /// Forgets every store: the next load of every source reads its includes afresh.
    static func removeAll() {
        entries.withLock { $0.stores.removeAll() }
    }
}

/// An `InMemoryLayoutSource`'s contents as a kept store holds them: bytes, each handed out as a `Data` when
/// read. A `Data` keeps its storage behind an enum whose tag bits hide the pointer from LeakSanitizer, so
/// a store kept for the next load would otherwise show every source it holds as a leak.
struct HeldLayouts: LayoutSource {
    let layouts: [String: HeldBytes]

    init(_ layouts: [String: HeldBytes]) {
        self.layouts = layouts
    }

    func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        guard let held = layouts[name] else {
            // The same error, with the names held, as the source would have thrown.
            return try InMemoryLayoutSource(layouts.mapValues { Data($0.bytes) }).loadLayout(named: name)
        }
        return LayoutData(data: Data(held.bytes), file: "\(name).layout.xml")
    }

    func layoutNames() -> [String]? { Array(layouts.keys) }
}

/// One in-memory layout's bytes as a store's key holds them, hashed and compared as a block of memory:
/// `[UInt8]`'s own `Hashable` feeds the hasher a byte at a time, which made hashing the key of a
/// 2 KB source most of a load whose includes were shared.
struct HeldBytes: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func == (left: HeldBytes, right: HeldBytes) -> Bool {
        guard left.bytes.count == right.bytes.count else { return false }
        return left.bytes.withUnsafeBytes { left in
            right.bytes.withUnsafeBytes { right in
                // Both counts are equal: without an address, both are empty.
                guard let first = left.baseAddress, let second = right.baseAddress else { return true }
                return memcmp(first, second, left.count) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// How one source's layouts and listing are stamped (see `LayoutStamp`).
struct LayoutStampReader: Sendable {
    /// The stamp of the layout called NAME as the source would read it now.
    var layout: @Sendable (String) -> LayoutStamp
    /// The stamp of what `layoutNames()` lists (the folder), for the suggestions of `unknown-layout`.
    var listing: @Sendable () -> LayoutStamp
}
