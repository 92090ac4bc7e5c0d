import Foundation
import LayoutKit
import PhotoApp
import Testing

/// `<include>` through the loader, the cache and the validator (article "Layout format"): the composed
/// objects, and each of the include rules and hostile inputs, at its line.
@Suite struct IncludeTests {
    let registry: LayoutRegistry

    init() throws {
        registry = try FixtureClasses.registry()
    }

    static func layout(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
        \(body)
        </layout>
        """
    }

    /// A panel including a badge (typed outlet) and a card (with an outlet of its own inside).
    static let layouts: [String: String] = [
        "Panel": layout(
            """
            <stackView class="Panel" module="Fixtures">
                <include layout="Badge" id="badge" outlet="badge"/>
                <include layout="Card" outlet="content"/>
            </stackView>
            """),
        "Badge": layout(#"<label class="Badge" module="Fixtures" text="New"/>"#),
        "Card": layout(
            """
            <view class="Card" module="Fixtures">
                <label outlet="titleLabel" text="Title"/>
            </view>
            """),
    ]

    @Test func theLoaderComposesIncludedLayoutsWithTheirOutlets() throws {
        let source = InMemoryLayoutSource(Self.layouts)
        let loader = try LayoutLoader(named: "Panel", from: source, registry: registry)
        let panel = try loader.instantiate(FixtureClasses.Panel.self)
        let badge = try #require(panel.badge)
        #expect(badge.text == "New")
        #expect(badge.superview === panel)
        let card = try #require(panel.content as? FixtureClasses.Card)
        #expect(card.superview === panel)
        #expect(card.titleLabel?.text == "Title")
        #expect(card.titleLabel?.superview === card)
        #expect(panel.subviews.count == 2)
    }

    /// The example app's `ProfileCell` includes `ProfileHeader` and keeps an outlet to it.
    @Test func theExampleCellIncludesTheProfileHeader() throws {
        let loader = try LayoutLoader(named: "ProfileCell", in: Repository.layouts, registry: ExampleApp.registry())
        let cell = try loader.instantiate(ProfileCell.self)
        let header = try #require(cell.header)
        #expect(header.superview === cell)
        for outlet in ProfileHeaderView.outlets {
            #expect(outlet.value(in: header) != nil, "\(outlet.name) is not connected")
        }
        #expect(try loader.instantiate(ProfileCell.self).header !== header)
    }

    @Test func includedObjectsAwakeWithTheRestOnceTheirOutletsAreConnected() throws {
        var registry = registry
        try registry.register(Waking.self, module: "Fixtures")
        let source = InMemoryLayoutSource([
            "Main": Self.layout(#"<view><include layout="Woken" id="woken"/></view>"#),
            "Woken": Self.layout(#"<view class="Waking" module="Fixtures"><label outlet="label"/></view>"#),
        ])
        let main = try LayoutLoader(named: "Main", from: source, registry: registry).instantiate(View.self)
        let woken = try #require(main.subviews.first as? Waking)
        #expect(woken.awokeWithLabel)
    }

    @Test func loaderFromDataTakesASourceForItsIncludes() throws {
        let data = Data(Self.layouts["Panel", default: ""].utf8)
        let source = InMemoryLayoutSource(Self.layouts)
        let loader = try LayoutLoader(data: data, file: "Panel.layout.xml", source: source, registry: registry)
        #expect(try loader.instantiate(FixtureClasses.Panel.self).badge != nil)
        // Without a source, an include has nowhere to be found.
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(data: data, file: "Panel.layout.xml", registry: registry)
        }
        #expect(error?.rules == [.unknownLayout, .unknownLayout])
    }

    @Test func theCacheReadsAnIncludedLayoutOnceForEveryLayoutThatIncludesIt() throws {
        var layouts = Self.layouts
        layouts["OtherPanel"] = Self.layout(
            #"<stackView class="Panel" module="Fixtures"><include layout="Card" outlet="content"/></stackView>"#)
        let source = CountingSource(InMemoryLayoutSource(layouts))
        let cache = LayoutTemplateCache(source: source, registry: registry, executor: .inline)
        let first = try cache.loader(named: "Panel").instantiate(FixtureClasses.Panel.self)
        let second = try cache.loader(named: "OtherPanel").instantiate(FixtureClasses.Panel.self)
        #expect(source.loads == ["Panel": 1, "Badge": 1, "Card": 1, "OtherPanel": 1])
        #expect(first.content !== second.content)
        #expect((second.content as? FixtureClasses.Card)?.titleLabel != nil)
    }

    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var layouts: [String: String]
        /// The layout checked, by name.
        var root = "Main"
        /// The rule and line of each diagnostic of the root.
        var expected: [Expectation]
        /// Text every message of the root's diagnostics holds, in order.
        var messages: [String] = []
    }

    struct Expectation: Equatable, CustomStringConvertible, Sendable {
        var rule: RuleID
        var line: Int
        var description: String { "\(rule) \(line)" }
    }

    /// `<include>` at line 3 of Main.
    static func main(including name: String) -> String {
        layout(#"<stackView class="Panel" module="Fixtures">"# + "\n" + #"<include layout="\#(name)"/></stackView>"#)
    }

    static let cases: [Case] = [
        Case(
            description: "unknown layout, with a suggestion",
            layouts: ["Main": main(including: "Crd"), "Card": layouts["Card"]!],
            expected: [Expectation(rule: .unknownLayout, line: 4)], messages: ["did you mean 'Card'?"]),
        Case(
            description: "self-include", layouts: ["Main": main(including: "Main")],
            expected: [Expectation(rule: .includeCycle, line: 4)], messages: ["Main → Main"]),
        Case(
            description: "two-file cycle",
            layouts: [
                "Main": main(including: "Other"),
                "Other": layout(#"<view><include layout="Main"/></view>"#),
            ],
            expected: [Expectation(rule: .includeCycle, line: 4)], messages: ["Main → Other → Main"]),
        Case(
            description: "a cycle below is the included layout's error, reported once",
            layouts: [
                "Main": main(including: "Other"),
                "Other": layout(#"<view><include layout="Other"/></view>"#),
            ],
            expected: [Expectation(rule: .invalidInclude, line: 4)], messages: ["has 1 error"]),
        Case(
            description: "placeholders",
            layouts: [
                "Main": main(including: "Owned"),
                "Owned": layout(#"<owner class="Host" module="Fixtures"/><view/>"#),
            ],
            expected: [Expectation(rule: .invalidInclude, line: 4)], messages: ["placeholders"]),
        Case(
            description: "two top-level objects",
            layouts: ["Main": main(including: "Two"), "Two": layout("<view/><view/>")],
            expected: [Expectation(rule: .invalidInclude, line: 4)], messages: ["2 top-level objects"]),
        Case(
            description: "a broken layout is reported once, however many errors it has",
            layouts: [
                "Main": main(including: "Broken"),
                "Broken": layout(
                    #"<view class="Card" module="Fixtures"><label outlet="nope"/><label outlet="nada"/></view>"#),
            ],
            expected: [Expectation(rule: .invalidInclude, line: 4)], messages: ["has 3 errors"]),
        Case(
            description: "an unknown class in the included layout is its error, not the includer's",
            layouts: ["Main": main(including: "Odd"), "Odd": layout(#"<view class="Crad"/>"#)],
            expected: [Expectation(rule: .invalidInclude, line: 4)], messages: ["has 1 error"]),
        Case(
            description: "not well-formed",
            layouts: ["Main": main(including: "Bad"), "Bad": "<layout"],
            expected: [Expectation(rule: .invalidInclude, line: 4)], messages: ["has 1 error"]),
        Case(
            description: "a path is no layout name",
            layouts: ["Main": main(including: "../Secrets"), "Card": layouts["Card"]!],
            expected: [Expectation(rule: .schema, line: 4)]),
        Case(
            description: "a slash is no layout name",
            layouts: ["Main": main(including: "Sub/Card"), "Card": layouts["Card"]!],
            expected: [Expectation(rule: .schema, line: 4)]),
        Case(
            description: "outlet type of the include is its object's class",
            layouts: [
                "Main": layout(
                    #"<stackView class="Panel" module="Fixtures">"# + "\n"
                        + #"<include layout="Card" outlet="badge"/></stackView>"#),
                "Card": layouts["Card"]!,
            ],
            expected: [Expectation(rule: .outletTypeMismatch, line: 4)]),
        Case(
            description: "a chain of a thousand layouts ends in a diagnostic",
            layouts: chain(1_000),
            root: "L0",
            expected: [Expectation(rule: .inputLimit, line: 3)], messages: ["deeper than 32"]),
    ]

    /// `L0` includes `L1`, … up to `L(count-1)`, a label.
    static func chain(_ count: Int) -> [String: String] {
        var layouts: [String: String] = [:]
        for index in 0..<count - 1 {
            layouts["L\(index)"] = layout(#"<include layout="L\#(index + 1)"/>"#)
        }
        layouts["L\(count - 1)"] = layout("<label/>")
        return layouts
    }

    @Test(arguments: cases)
    func eachIncludeProblemIsOneDiagnosticAtTheInclude(_ fixture: Case) throws {
        let source = InMemoryLayoutSource(fixture.layouts)
        let validator = LayoutValidator(catalog: registry.catalog, source: source)
        let bytes = Array(fixture.layouts[fixture.root, default: ""].utf8)
        let diagnostics = validator.validate(bytes, file: "\(fixture.root).layout.xml", name: fixture.root)
        #expect(diagnostics.map { Expectation(rule: $0.rule, line: $0.sourceLocation?.line ?? 0) } == fixture.expected)
        for (diagnostic, text) in zip(diagnostics, fixture.messages) {
            #expect(diagnostic.message.contains(text), "\(diagnostic)")
        }
        #expect(diagnostics.allSatisfy { $0.sourceLocation?.file == "\(fixture.root).layout.xml" })
    }

    /// `L0` includes `L1` twice, `L1` includes `L2` twice, … up to `L(count-1)`, a label: 32 of them
    /// are 6.5 KB that expand to four billion labels.
    static func doubling(_ count: Int) -> [String: String] {
        var layouts: [String: String] = [:]
        for index in 0..<count - 1 {
            layouts["L\(index)"] = layout(
                "<view>\n" + #"<include layout="L\#(index + 1)"/>"# + "\n"
                    + #"<include layout="L\#(index + 1)"/></view>"#)
        }
        layouts["L\(count - 1)"] = layout("<label/>")
        return layouts
    }

    /// The element limit holds for a layout with its includes expanded: where doubling includes pass
    /// 100,000 elements is one `input-limit` error, at the include that crosses it; every layout above
    /// it cannot include the one below; every layout below is clean.
    @Test func includesThatMultiplyStopAtTheElementLimitInTheChecker() throws {
        let layouts = Self.doubling(32)
        let validator = LayoutValidator(catalog: registry.catalog, source: InMemoryLayoutSource(layouts))
        var rules: [[RuleID]] = []
        for index in 0..<32 {
            let name = "L\(index)"
            let found = validator.validate(Array(layouts[name]!.utf8), file: "\(name).layout.xml", name: name)
            rules.append(found.map(\.rule))
        }
        let crossing = try #require(rules.firstIndex(of: [.inputLimit]), "\(rules)")
        #expect(rules.count { $0.contains(.inputLimit) } == 1, "\(rules)")
        #expect(rules[..<crossing].allSatisfy { $0 == [.invalidInclude, .invalidInclude] }, "\(rules)")
        #expect(rules[(crossing + 1)...].allSatisfy { $0.isEmpty }, "\(rules)")
        // 4 elements of its own and twice what the next one expands to: 98,300 then 196,604.
        #expect(crossing == 16)
    }

    /// The loader refuses what the checker refuses, before it copies a single included object.
    @Test func includesThatMultiplyAreRefusedByTheLoader() throws {
        let source = InMemoryLayoutSource(Self.doubling(32))
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(named: "L0", from: source, registry: registry)
        }
        #expect(error?.rules == [.invalidInclude, .invalidInclude])
        let crossing = #expect(throws: LayoutError.self) {
            try LayoutLoader(named: "L16", from: source, registry: registry)
        }
        #expect(crossing?.rules == [.inputLimit])
        #expect(crossing?.diagnostics.first?.sourceLocation?.line == 5)
        #expect(crossing?.diagnostics.first?.message.contains("more than 100000 elements") == true)
        // Below the limit the expanded layout loads, with every object it expands to.
        let below = try LayoutLoader(named: "L20", from: source, registry: registry).instantiate(owner: nil)
        func count(_ view: View) -> Int { 1 + view.subviews.reduce(0) { $0 + count($1) } }
        #expect(below.count == 1)
        #expect(count(try #require(below.first as? View)) == 4_095)
    }

    /// One file including one large layout many times is counted per include, too.
    @Test func manyIncludesOfOneLargeLayoutStopAtTheElementLimit() throws {
        let big = Self.layout("<view>" + String(repeating: "<label/>", count: 40_000) + "</view>")
        let main = Self.layout(
            "<view>\n" + Array(repeating: #"<include layout="Big"/>"#, count: 3).joined(separator: "\n") + "</view>")
        let source = InMemoryLayoutSource(["Main": main, "Big": big])
        let validator = LayoutValidator(catalog: registry.catalog, source: source)
        let found = validator.validate(Array(main.utf8), file: "Main.layout.xml", name: "Main")
        #expect(found.map(\.rule) == [.inputLimit])
        #expect(found.first?.sourceLocation?.line == 6)
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(named: "Main", from: source, registry: registry)
        }
        #expect(error?.rules == [.inputLimit])
    }

    /// `C0` includes `C1`, … and `C(count-1)` includes `C0`.
    static func cycle(_ count: Int) -> [String: String] {
        var layouts: [String: String] = [:]
        for index in 0..<count {
            layouts["C\(index)"] = layout(#"<view><include layout="C\#((index + 1) % count)"/></view>"#)
        }
        return layouts
    }

    /// Every layout of a cycle of 1,000 is reported, each naming a few of them and how many there are:
    /// naming all 1,000 in each made 1,000 layouts' output about 10 MB.
    @Test func eachLayoutOfALongCycleNamesAFewOfIt() throws {
        let layouts = Self.cycle(1_000)
        let validator = LayoutValidator(catalog: registry.catalog, source: InMemoryLayoutSource(layouts))
        var bytes = 0
        for index in 0..<1_000 {
            let name = "C\(index)"
            let found = validator.validate(Array(layouts[name]!.utf8), file: "\(name).layout.xml", name: name)
            #expect(found.map(\.rule) == [.includeCycle])
            bytes += found.reduce(0) { $0 + $1.message.utf8.count }
        }
        #expect(bytes < 1_000 * 200, "\(bytes) bytes of messages")
        let first = validator.validate(Array(layouts["C0"]!.utf8), file: "C0.layout.xml", name: "C0")
        #expect(
            first.first?.message
                == "include cycle of 1000 layouts: C0 → C1 → C2 → C3 → C4 → … → C999 → C0; a layout cannot contain itself"
        )
    }

    /// A cycle is an outcome like any other: the cache never resolves includes through its own
    /// per-name slots, so a layout in a cycle cannot wait for itself.
    @Test func theCacheReportsACycleWithoutWaitingForItself() throws {
        let source = InMemoryLayoutSource([
            "A": Self.layout(#"<view><include layout="B"/></view>"#),
            "B": Self.layout(#"<view><include layout="A"/></view>"#),
        ])
        let cache = LayoutTemplateCache(source: source, registry: registry, executor: .inline)
        let a = #expect(throws: LayoutError.self) { try cache.loader(named: "A") }
        #expect(a?.rules == [.includeCycle])
        #expect(a?.diagnostics.first?.message.contains("A → B → A") == true)
        let b = #expect(throws: LayoutError.self) { try cache.loader(named: "B") }
        #expect(b?.diagnostics.first?.message.contains("B → A → B") == true)
    }

    @Test func aBrokenIncludeHasANoteAtItsFirstError() throws {
        let source = InMemoryLayoutSource([
            "Main": Self.main(including: "Broken"),
            "Broken": Self.layout(#"<view class="Card" module="Fixtures">"# + "\n" + #"<label outlet="nope"/></view>"#),
        ])
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(named: "Main", from: source, registry: registry)
        }
        let note = try #require(error?.diagnostics.first?.notes.first)
        #expect(note.location == SourceLocation(file: "Broken.layout.xml", line: 3, column: 1))
        #expect(note.message.contains("[unconnected-outlet]"))
    }

    @Test func anIncludeOfADirectoryOrAnUnreadableFileIsInvalid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("includes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Folder.layout.xml"), withIntermediateDirectories: true)
        try Data(Self.main(including: "Folder").utf8).write(to: folder.appendingPathComponent("Main.layout.xml"))
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(named: "Main", in: folder, registry: registry)
        }
        #expect(error?.rules == [.invalidInclude])
        #expect(
            error?.diagnostics.first?.message.contains(#"cannot include "Folder": cannot read"#) == true,
            "\(String(describing: error))")
    }
}

final class Waking: View {
    var label: Label?
    private(set) var awokeWithLabel = false
    override class var outlets: [Outlet] { super.outlets + [Outlet("label", \Waking.label)] }
    override func awakeFromLayout() {
        super.awakeFromLayout()
        awokeWithLabel = label != nil
    }
}

/// A source that counts the loads of each name.
final class CountingSource: LayoutSource {
    let wrapped: InMemoryLayoutSource
    private let counts = Locked<[String: Int]>([:])

    init(_ wrapped: InMemoryLayoutSource) {
        self.wrapped = wrapped
    }

    var loads: [String: Int] { counts.withLock { $0 } }

    func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        counts.withLock { $0[name, default: 0] += 1 }
        return try wrapped.loadLayout(named: name)
    }

    func layoutNames() -> [String]? { wrapped.layoutNames() }
}
