import Dispatch
import Foundation
import LayoutKit
import PhotoApp
import Testing

@Suite struct LoaderTests {
    let registry: LayoutRegistry

    init() throws {
        registry = try ExampleApp.registry()
    }

    /// The classic UIKit nib test, line by line.
    @Test func photoCellLoadsAsTheClassicNibTestExpects() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: Repository.layouts, registry: registry)
        let objects = try loader.instantiate(owner: nil)
        #expect(objects.count == 1)
        let cell = try #require(objects.first as? PhotoCell)
        #expect(type(of: cell) == PhotoCell.self)
        #expect(cell.photoTitleLabel != nil)
        #expect(cell.photoDateLabel != nil)
        #expect(cell.thumbnailView != nil)
    }

    @Test func instantiateTypedReturnsTheOneTopLevelObject() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: Repository.layouts, registry: registry)
        let cell = try loader.instantiate(PhotoCell.self)
        #expect(cell.photoTitleLabel?.text == "Title")
        #expect(cell.photoTitleLabel?.superview === cell)
        #expect(cell.photoDateLabel?.textColor == Color(red: 0x8E, green: 0x8E, blue: 0x93))
    }

    @Test func instantiateTypedRefusesASuperclassOrAnotherClass() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: Repository.layouts, registry: registry)
        let superclass = #expect(throws: LayoutError.self) { try loader.instantiate(TableViewCell.self) }
        #expect(superclass?.rules == [.topLevelMismatch])
        #expect(superclass?.description.contains("PhotoApp.PhotoCell") == true)
        let other = #expect(throws: LayoutError.self) { try loader.instantiate(FeedArticleCell.self) }
        #expect(other?.rules == [.topLevelMismatch])
    }

    @Test func instantiateTypedRefusesSeveralTopLevelObjects() throws {
        let loader = try LayoutLoader(data: Data(Self.twoLabels.utf8), file: "two.layout.xml", registry: registry)
        #expect(try loader.instantiate().count == 2)
        let error = #expect(throws: LayoutError.self) { try loader.instantiate(Label.self) }
        #expect(error?.description.contains("found 2 top-level objects") == true)
    }

    static let twoLabels = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <label text="one"/>
            <label text="two"/>
        </layout>
        """

    @Test func eachInstantiateReturnsFreshObjects() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: Repository.layouts, registry: registry)
        let first = try loader.instantiate(PhotoCell.self)
        let second = try loader.instantiate(PhotoCell.self)
        #expect(first !== second)
        #expect(first.photoTitleLabel !== second.photoTitleLabel)
        first.photoTitleLabel?.text = "changed"
        #expect(second.photoTitleLabel?.text == "Title")
    }

    // MARK: Owner and externals

    @Test func ownerAndExternalAreConnectedBothWays() throws {
        let loader = try LayoutLoader(named: "FeedArticleCell", in: Repository.layouts, registry: registry)
        let owner = FeedViewController()
        let formatter = DateFormat()
        let cell = try loader.instantiate(
            FeedArticleCell.self, owner: owner, externalObjects: ["dateFormatter": formatter])
        #expect(owner.articleCell === cell)
        #expect(cell.delegate === owner)
        #expect(cell.dateFormatter === formatter)
        #expect(cell.summaryLabel?.numberOfLines == 3)
        #expect(cell.heroImageView?.contentMode == .aspectFill)
    }

    @Test func awakeFromLayoutSeesConnectedOutlets() throws {
        let loader = try LayoutLoader(named: "FeedArticleCell", in: Repository.layouts, registry: registry)
        let cell = try loader.instantiate(
            FeedArticleCell.self, owner: FeedViewController(), externalObjects: ["dateFormatter": DateFormat()])
        #expect(cell.awokeWithOutletsConnected)
    }

    /// One way of instantiating FeedArticleCell.layout.xml with the wrong owner or external objects.
    struct PlaceholderCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var owner: @Sendable () -> AnyObject?
        var externals: @Sendable () -> [String: AnyObject]
        var rule: RuleID
        /// The line of the placeholder element, where the case pins it.
        var line: Int?
        /// Text the message must contain, where the case pins it.
        var message: String?
    }

    static let placeholderCases: [PlaceholderCase] = [
        PlaceholderCase(
            testDescription: "a missing owner", owner: { nil }, externals: { ["dateFormatter": DateFormat()] },
            rule: .missingOwner, line: 4),
        PlaceholderCase(
            testDescription: "an owner of the wrong class", owner: { DateFormat() },
            externals: { ["dateFormatter": DateFormat()] }, rule: .ownerClassMismatch),
        PlaceholderCase(
            testDescription: "a missing external", owner: { FeedViewController() },
            externals: { ["dateFormater": DateFormat()] }, rule: .missingExternal, line: 9,
            message: "did you mean 'dateFormater'"),
        PlaceholderCase(
            testDescription: "an external of the wrong class", owner: { FeedViewController() },
            externals: { ["dateFormatter": Label()] }, rule: .externalClassMismatch),
    ]

    @Test(arguments: placeholderCases)
    func aPlaceholderGivenWrongIsAnError(_ placeholder: PlaceholderCase) throws {
        let loader = try LayoutLoader(named: "FeedArticleCell", in: Repository.layouts, registry: registry)
        let error = #expect(throws: LayoutError.self) {
            try loader.instantiate(owner: placeholder.owner(), externalObjects: placeholder.externals())
        }
        #expect(error?.rules == [placeholder.rule])
        if let line = placeholder.line { #expect(error?.diagnostics.first?.sourceLocation?.line == line) }
        if let message = placeholder.message { #expect(error?.description.contains(message) == true) }
    }

    @Test func anExternalWithoutClassIsTypeCheckedWhenBound() throws {
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <external id="formatter" name="formatter"/>
                <tableViewCell class="FeedArticleCell" module="PhotoApp">
                    <label outlet="headlineLabel"/>
                    <label outlet="summaryLabel"/>
                    <label outlet="bylineLabel"/>
                    <imageView outlet="heroImageView"/>
                    <button outlet="shareButton"/>
                    <connections>
                        <outlet property="dateFormatter" destination="formatter"/>
                    </connections>
                </tableViewCell>
            </layout>
            """
        let loader = try LayoutLoader(data: Data(layout.utf8), file: "untyped.layout.xml", registry: registry)
        let formatter = DateFormat()
        let cell = try loader.instantiate(FeedArticleCell.self, externalObjects: ["formatter": formatter])
        #expect(cell.dateFormatter === formatter)
        let error = #expect(throws: LayoutError.self) {
            try loader.instantiate(FeedArticleCell.self, externalObjects: ["formatter": Label()])
        }
        #expect(error?.rules == [.outletTypeMismatch])
        #expect(error?.diagnostics.first?.sourceLocation?.line == 11)
    }

    @Test func aFailedLateBindingLeavesTheOwnerUntouched() throws {
        // The owner's outlet comes first in the file, the untyped external's binding last: the owner
        // must not be left pointing at a cell from the graph the failure throws away.
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <owner class="FeedViewController" id="owner">
                    <connections><outlet property="articleCell" destination="cell"/></connections>
                </owner>
                <external id="formatter" name="formatter"/>
                <tableViewCell id="cell" class="FeedArticleCell" module="PhotoApp">
                    <label outlet="headlineLabel"/>
                    <label outlet="summaryLabel"/>
                    <label outlet="bylineLabel"/>
                    <imageView outlet="heroImageView"/>
                    <button outlet="shareButton"><connections><action name="shareTapped" destination="owner"/></connections></button>
                    <connections>
                        <outlet property="delegate" destination="owner"/>
                        <outlet property="dateFormatter" destination="formatter"/>
                    </connections>
                </tableViewCell>
            </layout>
            """
        let loader = try LayoutLoader(data: Data(layout.utf8), file: "atomic.layout.xml", registry: registry)
        let owner = FeedViewController()
        let error = #expect(throws: LayoutError.self) {
            try loader.instantiate(owner: owner, externalObjects: ["formatter": Label()])
        }
        #expect(error?.rules == [.outletTypeMismatch])
        #expect(error?.diagnostics.first?.sourceLocation?.line == 15)
        #expect(owner.articleCell == nil)
        let cell = try loader.instantiate(
            FeedArticleCell.self, owner: owner, externalObjects: ["formatter": DateFormat()])
        #expect(owner.articleCell === cell)
    }

    // MARK: Load-time checks

    @Test func unregisteredClassesAreFoundWhenTheLoaderIsMade() throws {
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(named: "PhotoCell", in: Repository.layouts, registry: .standard)
        }
        #expect(error?.rules == [.unknownClass])
        #expect(error?.diagnostics.first?.sourceLocation?.line == 4)
    }

    @Test func aMissingLayoutIsUnreadable() throws {
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(named: "NoSuchCell", in: Repository.layouts, registry: registry)
        }
        #expect(error?.rules == [.unreadableFile])
        #expect(error?.diagnostics.first?.sourceLocation?.file.hasSuffix("NoSuchCell.layout.xml") == true)
    }

    @Test func errorsDescribeThemselvesLikeACompiler() throws {
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(data: Data("<layout/>".utf8), file: "bad.layout.xml", registry: registry)
        }
        let description = try #require(error?.description)
        #expect(description.hasPrefix("bad.layout.xml:1:1: error: the root element must be <layout> in namespace"))
        #expect(description.hasSuffix("[schema]"))
    }

    @Test func everyExampleLayoutLoads() throws {
        for name in ["PhotoCell", "FeedArticleCell", "ProfileHeader"] {
            _ = try LayoutLoader(named: name, in: Repository.layouts, registry: registry)
        }
        let header = try LayoutLoader(named: "ProfileHeader", in: Repository.layouts, registry: registry)
            .instantiate(ProfileHeaderView.self)
        for outlet in ProfileHeaderView.outlets {
            #expect(outlet.value(in: header) != nil, "\(outlet.name) is nil")
        }
    }

    // MARK: Threads

    @Test func eightThreadsInstantiateFromOneLoaderAtOnce() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: Repository.layouts, registry: registry)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<200 {
                do {
                    let cell = try loader.instantiate(PhotoCell.self)
                    results.record(cell.photoTitleLabel != nil && cell.photoDateLabel != nil)
                } catch {
                    results.record(false)
                }
            }
        }
        #expect(results.counts == (1600, 0))
    }

    @Test func loadersAreMadeOnManyThreadsAtOnce() throws {
        let data = try Data(contentsOf: Repository.layouts.appendingPathComponent("FeedArticleCell.layout.xml"))
        let registry = registry
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                results.record((try? LayoutLoader(data: data, file: "feed", registry: registry)) != nil)
            }
        }
        #expect(results.counts == (400, 0))
    }
}

/// Counts outcomes from many threads.
final class Results: Sendable {
    private let state = Locked((passed: 0, failed: 0))

    func record(_ success: Bool) {
        state.withLock { if success { $0.passed += 1 } else { $0.failed += 1 } }
    }

    var counts: (Int, Int) { state.withLock { ($0.passed, $0.failed) } }
}

/// A layout source looks its files up by name in a folder, so what it finds there is opened as a search
/// opens files: without blocking, and only if it is a regular file.
@Suite struct LayoutSourceFileTypeTests {
    @Test func aFIFOWhereALayoutShouldBeFailsTheLoadInsteadOfBlockingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fifo-source-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("Pipe.layout.xml").path
        try #require(mkfifo(pipe, 0o644) == 0)

        let finished = DispatchSemaphore(value: 0)
        let outcome = Locked<LayoutError?>(nil)
        DispatchQueue.global().async {
            do throws(LayoutError) {
                _ = try DirectoryLayoutSource(folder).loadLayout(named: "Pipe")
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.signal()
        }
        if finished.wait(timeout: .now() + 10) == .timedOut {
            // The load is blocked in open(2), waiting for a writer: be that writer, so the test ends.
            let writer = open(pipe, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            finished.wait()
            Issue.record("loading a FIFO named like a layout blocked until a writer opened it")
            return
        }
        let error = try #require(outcome.withLock { $0 })
        #expect(error.rules == [.unreadableFile])
        #expect(error.description.contains("not a regular file"))
    }
}
