/// Hands out configured cells for a list of items, recycling them by reuse identifier: the classic
/// `ArrayDataSource` (items, an identifier, a configure closure) and the reuse pool of the
/// `UITableView` it talks to, in one small type.
///
/// ```swift
/// let provider = CellProvider(items: photos, reuseIdentifier: "PhotoCell") { cell, photo in
///     (cell as? PhotoCell)?.photoTitleLabel?.text = photo.title
/// }
/// try provider.register(cache.loader(named: "PhotoCell"), forReuseIdentifier: "PhotoCell")
/// let cell = try provider.cell(at: 0)        // a fresh PhotoCell, configured with photos[0]
/// provider.enqueueReusableCell(cell)         // scrolled off screen: back into the pool
/// ```
/// A cell handed out is a recycled one of its identifier, after its `prepareForReuse()`, or else a
/// fresh one instantiated from the registered layout (with no owner and no external objects); either
/// way `configure` then runs with it and the item. Like the views it hands out, a provider belongs to
/// one thread (the one that renders) and is not `Sendable`.
public final class CellProvider<Item> {
    /// The items, one per row.
    public var items: [Item]
    /// The identifier whose layout and pool `cell(at:)` uses.
    public let reuseIdentifier: String
    /// Fills a cell in with an item; called for every cell `cell(at:)` hands out.
    public let configure: (TableViewCell, Item) -> Void
    /// How many returned cells each identifier's pool keeps; cells returned beyond that are dropped.
    public let maximumPooledCells: Int

    private var loaders: [String: LayoutLoader] = [:]
    private var pools: [String: [TableViewCell]] = [:]

    /// A provider of cells for `items`, dequeued by `reuseIdentifier` and filled in by `configure`.
    ///
    /// - Parameters:
    ///   - items: The items, one per row.
    ///   - reuseIdentifier: The identifier whose layout and pool `cell(at:)` uses.
    ///   - maximumPooledCells: The most cells kept for reuse per identifier (negative counts as 0).
    ///   - configure: Fills a cell in with an item; called for every cell `cell(at:)` hands out.
    public init(
        items: [Item], reuseIdentifier: String, maximumPooledCells: Int = 16,
        configure: @escaping (TableViewCell, Item) -> Void
    ) {
        self.items = items
        self.reuseIdentifier = reuseIdentifier
        self.maximumPooledCells = max(0, maximumPooledCells)
        self.configure = configure
    }

    /// Makes `loader`'s layout the one cells with `identifier` are instantiated from.
    ///
    /// The layout must have one top-level object, a `TableViewCell`; that is checked when a cell is
    /// first made. Registering again for an identifier replaces its layout and empties its pool.
    public func register(_ loader: LayoutLoader, forReuseIdentifier identifier: String) {
        loaders[identifier] = loader
        pools[identifier] = []
    }

    /// The cell for row `index`: recycled or fresh, then configured with `items[index]`.
    ///
    /// - Throws: `CellProviderError.indexOutOfRange` for an index outside `items`,
    ///   `.unknownReuseIdentifier` when no layout is registered for `reuseIdentifier`, and `.layout`
    ///   when the layout cannot be instantiated into one cell of that identifier.
    public func cell(at index: Int) throws(CellProviderError) -> TableViewCell {
        guard items.indices.contains(index) else {
            throw .indexOutOfRange(index: index, count: items.count)
        }
        let cell = try dequeueReusableCell(withIdentifier: reuseIdentifier)
        configure(cell, items[index])
        return cell
    }

    /// Returns `cell` to the pool of its `reuseIdentifier`, to be handed out again by a later `cell(at:)`.
    ///
    /// - Returns: Whether the cell was pooled: `false` when its pool is full, when it is already in it,
    ///   or when its identifier has no registered layout — the cell is then dropped.
    @discardableResult
    public func enqueueReusableCell(_ cell: TableViewCell) -> Bool {
        guard let identifier = cell.reuseIdentifier, var pool = pools[identifier],
            pool.count < maximumPooledCells, !pool.contains(where: { $0 === cell })
        else { return false }
        pool.append(cell)
        pools[identifier] = pool
        return true
    }

    /// How many cells the pool of `identifier` holds.
    public func pooledCellCount(forReuseIdentifier identifier: String) -> Int {
        pools[identifier]?.count ?? 0
    }

    /// The most recently returned cell of `identifier`, after its `prepareForReuse()`, or a fresh one.
    func dequeueReusableCell(withIdentifier identifier: String) throws(CellProviderError) -> TableViewCell {
        guard let loader = loaders[identifier] else {
            throw .unknownReuseIdentifier(identifier, registered: loaders.keys.sorted())
        }
        if let recycled = pools[identifier]?.popLast() {
            recycled.prepareForReuse()
            return recycled
        }
        return try makeCell(from: loader, identifier: identifier)
    }

    /// Instantiates `loader`'s one top-level `TableViewCell` and gives it `identifier`, as a nib
    /// registered with `UITableView` does — refusing a layout that names another identifier.
    private func makeCell(from loader: LayoutLoader, identifier: String) throws(CellProviderError) -> TableViewCell {
        let objects: [AnyObject]
        do {
            objects = try loader.instantiate()
        } catch {
            throw .layout(error)
        }
        guard objects.count == 1, let cell = objects.first as? TableViewCell else {
            let location = loader.location(ofTopLevel: objects.count == 1 ? 0 : objects.indices.dropFirst().first)
            throw .layout(
                .topLevelMismatch(expected: "TableViewCell", found: objects, at: location, exactClass: false))
        }
        if let own = cell.reuseIdentifier, own != identifier {
            throw .reuseIdentifierMismatch(registered: identifier, inLayout: own, file: loader.file)
        }
        cell.reuseIdentifier = identifier
        return cell
    }
}

/// Why a `CellProvider` could not hand out a cell.
///
/// The provider's own mistakes (an index, an identifier) are cases of their own; what is wrong with a
/// registered layout is a `LayoutError` with a file and a line, as everywhere else.
public enum CellProviderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No layout is registered for the identifier; `registered` lists those that are.
    case unknownReuseIdentifier(String, registered: [String])
    /// The row is not an index of the provider's items.
    case indexOutOfRange(index: Int, count: Int)
    /// The cell the layout makes names another reuse identifier than the one it is registered for.
    case reuseIdentifierMismatch(registered: String, inLayout: String, file: String)
    /// The registered layout could not be instantiated, or did not make exactly one `TableViewCell`
    /// (`top-level-mismatch`).
    case layout(LayoutError)

    /// What went wrong, in words a person can act on.
    public var description: String {
        switch self {
        case .unknownReuseIdentifier(let identifier, let registered):
            "no layout is registered for reuse identifier '\(identifier)'"
                + (registered.isEmpty
                    ? "; register one with register(_:forReuseIdentifier:)"
                    : " (registered: \(registered.map { "'\($0)'" }.joined(separator: ", ")))")
        case .indexOutOfRange(let index, let count):
            "row \(index) is out of range: there \(count == 1 ? "is 1 item" : "are \(count) items")"
        case .reuseIdentifierMismatch(let registered, let inLayout, let file):
            "\(file): the cell's reuseIdentifier is '\(inLayout)', but the layout is registered for '\(registered)'"
        case .layout(let error):
            error.description
        }
    }
}
