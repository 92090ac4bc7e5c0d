import Foundation
import LayoutKit
import LayoutTesting
import ReleasedPhotoApp
import Testing

/// The classic `ArrayDataSource` tests, for a provider that is its own table view.
@Suite("CellProvider")
struct CellProviderTests {
    /// What the configure closure was called with.
    final class ConfigureLog {
        var calls: [(cell: TableViewCell, item: String)] = []
    }

    let log = ConfigureLog()
    let source = InMemoryLayoutSource([
        "CountingCell": countingCellXML,
        "Label": layoutXML("<label/>"),
        "TwoCells": layoutXML("<tableViewCell/><tableViewCell/>"),
        "Named": layoutXML(#"<tableViewCell reuseIdentifier="Named"/>"#),
    ])

    func loader(_ name: String) throws -> LayoutLoader {
        try LayoutLoader(named: name, from: source, registry: testRegistry())
    }

    /// A provider of `items` whose "Cell" identifier makes `CountingCell`s and whose configure closure
    /// logs its calls and sets the title.
    func provider(_ items: [String] = ["a", "b"], maximumPooledCells: Int = 16) throws -> CellProvider<String> {
        let log = self.log
        let provider = CellProvider(items: items, reuseIdentifier: "Cell", maximumPooledCells: maximumPooledCells) {
            cell, item in
            log.calls.append((cell, item))
            (cell as? CountingCell)?.titleLabel?.text = item
        }
        provider.register(try loader("CountingCell"), forReuseIdentifier: "Cell")
        return provider
    }

    @Test("is made from its items, reuse identifier and configure closure, and holds them")
    func holdsWhatItIsMadeFrom() throws {
        let provider = CellProvider(items: ["a", "b"], reuseIdentifier: "Cell") { [log] cell, item in
            log.calls.append((cell, item))
        }
        #expect(provider.items == ["a", "b"])
        #expect(provider.reuseIdentifier == "Cell")

        let cell = TableViewCell()
        provider.configure(cell, "z")
        #expect(log.calls.count == 1)
        #expect(log.calls.first?.cell === cell)
        #expect(log.calls.first?.item == "z")
    }

    @Test("the cell at row 0 is made from the registered layout and configured with item \"a\"")
    func cellAtRowZero() throws {
        let provider = try provider()

        let cell = try provider.cell(at: 0)

        let counting = try #require(cell as? CountingCell)
        #expect(counting.titleLabel?.text == "a")
        #expect(counting.reuseIdentifier == "Cell")
        #expect(counting.preparedForReuseCount == 0)
        #expect(log.calls.count == 1)
        #expect(log.calls.first?.cell === cell)
        #expect(log.calls.first?.item == "a")
    }

    @Test("a returned cell comes back on the next dequeue, after prepareForReuse()")
    func returnedCellIsReused() throws {
        let provider = try provider()
        let first = try #require(try provider.cell(at: 0) as? CountingCell)

        #expect(provider.enqueueReusableCell(first))
        let second = try provider.cell(at: 1)

        #expect(second === first)
        #expect(first.preparedForReuseCount == 1)
        #expect(first.titleLabel?.text == "b")
        #expect(log.calls.map(\.item) == ["a", "b"])
        #expect(provider.pooledCellCount(forReuseIdentifier: "Cell") == 0)
    }

    @Test("without a returned cell, every dequeue makes a fresh one")
    func freshCellsWithoutReuse() throws {
        let provider = try provider()

        let first = try provider.cell(at: 0)
        let second = try provider.cell(at: 0)

        #expect(first !== second)
        #expect((second as? CountingCell)?.preparedForReuseCount == 0)
    }

    @Test("the pool keeps at most maximumPooledCells cells per identifier, and a cell once")
    func poolIsBounded() throws {
        let provider = try provider(maximumPooledCells: 2)
        let cells = try (0..<3).map { _ in try provider.cell(at: 0) }

        #expect(cells.map { provider.enqueueReusableCell($0) } == [true, true, false])
        #expect(provider.pooledCellCount(forReuseIdentifier: "Cell") == 2)

        let reused = try provider.cell(at: 0)
        #expect(reused === cells[1])
        #expect(provider.enqueueReusableCell(reused))
        #expect(!provider.enqueueReusableCell(reused))
        #expect(provider.pooledCellCount(forReuseIdentifier: "Cell") == 2)
    }

    @Test("a cell whose identifier has no registered layout is not pooled")
    func unregisteredCellIsDropped() throws {
        let provider = try provider()
        let stranger = TableViewCell()
        stranger.reuseIdentifier = "Stranger"

        #expect(!provider.enqueueReusableCell(stranger))
        #expect(!provider.enqueueReusableCell(TableViewCell()))
        #expect(provider.pooledCellCount(forReuseIdentifier: "Stranger") == 0)
    }

    @Test("registering again replaces the layout and empties the pool")
    func reRegistering() throws {
        let provider = try provider()
        let old = try provider.cell(at: 0)
        provider.enqueueReusableCell(old)

        provider.register(try loader("CountingCell"), forReuseIdentifier: "Cell")

        #expect(provider.pooledCellCount(forReuseIdentifier: "Cell") == 0)
        #expect(try provider.cell(at: 0) !== old)
    }

    @Test("an unknown reuse identifier is an error naming the registered ones")
    func unknownIdentifier() throws {
        let provider = CellProvider(items: ["a"], reuseIdentifier: "Cell") { _, _ in }
        #expect(throws: CellProviderError.unknownReuseIdentifier("Cell", registered: [])) {
            try provider.cell(at: 0)
        }

        provider.register(try loader("CountingCell"), forReuseIdentifier: "Other")
        let error = #expect(throws: CellProviderError.unknownReuseIdentifier("Cell", registered: ["Other"])) {
            try provider.cell(at: 0)
        }
        #expect(error?.description == "no layout is registered for reuse identifier 'Cell' (registered: 'Other')")
    }

    @Test("a row outside the items is an error, not a trap", arguments: [-1, 2, 100])
    func indexOutOfRange(_ row: Int) throws {
        let provider = try provider()
        #expect(throws: CellProviderError.indexOutOfRange(index: row, count: 2)) { try provider.cell(at: row) }
        #expect(log.calls.isEmpty)
    }

    @Test(
        "a layout that does not make exactly one TableViewCell is a top-level-mismatch",
        arguments: ["Label", "TwoCells"])
    func notOneCell(_ name: String) throws {
        let provider = CellProvider(items: ["a"], reuseIdentifier: "Cell") { _, _ in }
        provider.register(try loader(name), forReuseIdentifier: "Cell")

        let error = #expect(throws: CellProviderError.self) { try provider.cell(at: 0) }

        guard case .layout(let layoutError) = error else {
            Issue.record("expected a layout error, got \(String(describing: error))")
            return
        }
        #expect(layoutError.rules == [.topLevelMismatch])
        #expect(layoutError.diagnostics.first?.location.file == "\(name).layout.xml")
    }

    @Test("a layout that cannot be instantiated without an owner reports its diagnostics")
    func instantiationFails() throws {
        let provider = CellProvider(items: ["a"], reuseIdentifier: "FeedArticleCell") { _, _ in }
        let feed = try LayoutLoader(
            named: "FeedArticleCell", from: DirectoryLayoutSource(layoutsURL), registry: testRegistry())
        provider.register(feed, forReuseIdentifier: "FeedArticleCell")

        let error = #expect(throws: CellProviderError.self) { try provider.cell(at: 0) }

        guard case .layout(let layoutError) = error else {
            Issue.record("expected a layout error, got \(String(describing: error))")
            return
        }
        #expect(layoutError.rules.contains(.missingOwner))
    }

    @Test("a cell whose layout names another reuse identifier is an error, as with UITableView")
    func reuseIdentifierMismatch() throws {
        let provider = CellProvider(items: ["a"], reuseIdentifier: "Cell") { _, _ in }
        provider.register(try loader("Named"), forReuseIdentifier: "Cell")

        #expect(
            throws: CellProviderError.reuseIdentifierMismatch(
                registered: "Cell", inLayout: "Named", file: "Named.layout.xml")
        ) {
            try provider.cell(at: 0)
        }
    }

    @Test("the example PhotoCell, registered under its own identifier, is handed out and reused")
    func photoCell() throws {
        let cache = LayoutTemplateCache(source: DirectoryLayoutSource(layoutsURL), registry: try testRegistry())
        let provider = CellProvider(items: ["Dunes", "Fjord"], reuseIdentifier: "PhotoCell") { cell, title in
            (cell as? PhotoCell)?.photoTitleLabel?.text = title
        }
        provider.register(try cache.loader(named: "PhotoCell"), forReuseIdentifier: "PhotoCell")

        let first = try #require(try provider.cell(at: 0) as? PhotoCell)
        #expect(first.photoTitleLabel?.text == "Dunes")
        provider.enqueueReusableCell(first)
        #expect(try provider.cell(at: 1) === first)
        #expect(first.photoTitleLabel?.text == "Fjord")
    }
}
