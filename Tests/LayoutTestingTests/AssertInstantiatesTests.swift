import Foundation
import LayoutKit
import PhotoApp
import Testing

@testable import LayoutTesting

@Suite("assertInstantiates")
struct AssertInstantiatesTests {
    @Test("returns the one top-level object of exactly the class, reporting nothing")
    func passes() throws {
        let captured = capture {
            try assertInstantiates(
                TitleCell.self,
                from: loader(#"<tableViewCell class="TitleCell"><label outlet="titleLabel"/></tableViewCell>"#))
        }
        #expect(captured.messages == [])
        #expect(captured.error == nil)
        #expect(captured.value?.titleLabel != nil)
    }

    /// A layout that fails `assertInstantiates`, and the one message that says why.
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var layout: String
        var assertion: @Sendable (LayoutLoader) throws -> AnyObject
        var problems: [String]
        /// Whether the assertion still returns the object (only its outlets failed).
        var returnsObject = false
    }

    static let cases: [Case] = [
        Case(
            testDescription: "two top-level objects",
            layout: #"<tableViewCell class="TitleCell"><label outlet="titleLabel"/></tableViewCell><label/>"#,
            assertion: { try assertInstantiates(TitleCell.self, from: $0) },
            problems: ["expected 1 top-level object, found 2: LayoutTestingTests.TitleCell, LayoutKit.Label"]),
        Case(
            testDescription: "a subclass of the expected class",
            layout: #"<tableViewCell class="FancyTitleCell"><label outlet="titleLabel"/></tableViewCell>"#,
            assertion: { try assertInstantiates(TitleCell.self, from: $0) },
            problems: [
                "expected exactly LayoutTestingTests.TitleCell, found LayoutTestingTests.FancyTitleCell "
                    + "(a subclass; the class must match exactly)"
            ]),
        Case(
            testDescription: "an unrelated class",
            layout: "<label/>",
            assertion: { try assertInstantiates(TitleCell.self, from: $0) },
            problems: ["expected exactly LayoutTestingTests.TitleCell, found LayoutKit.Label"]),
        Case(
            testDescription: "an outlet nil after awakeFromLayout",
            layout: #"<tableViewCell class="ForgetfulCell"><label outlet="titleLabel"/></tableViewCell>"#,
            assertion: { try assertInstantiates(ForgetfulCell.self, from: $0) },
            problems: ["nil outlet of LayoutTestingTests.ForgetfulCell: titleLabel"],
            returnsObject: true),
        Case(
            testDescription: "an outlet nil in a view inside the object",
            layout: #"<view><tableViewCell class="ForgetfulCell"><label outlet="titleLabel"/></tableViewCell></view>"#,
            assertion: { try assertInstantiates(View.self, from: $0) },
            problems: ["nil outlet of LayoutTestingTests.ForgetfulCell (inside the top-level object): titleLabel"],
            returnsObject: true),
        Case(
            testDescription: "everything wrong at once",
            layout: #"<tableViewCell class="ForgetfulCell"><label outlet="titleLabel"/></tableViewCell><view/>"#,
            assertion: { try assertInstantiates(TitleCell.self, from: $0) },
            problems: [
                "expected 1 top-level object, found 2: LayoutTestingTests.ForgetfulCell, LayoutKit.View",
                "expected exactly LayoutTestingTests.TitleCell, found none of that class",
                "nil outlet of LayoutTestingTests.ForgetfulCell (top-level object 1): titleLabel",
            ]),
    ]

    @Test("reports one message naming every problem", arguments: cases)
    func fails(_ example: Case) throws {
        let layout = try loader(example.layout)
        let captured = capture { try example.assertion(layout) }
        let expected =
            #/Test\.layout\.xml does not instantiate as one [\w.]+ with every outlet and action connected:\n/#
        try #require(captured.messages.count == 1)
        let message = captured.messages[0]
        #expect(message.prefixMatch(of: expected) != nil, "\(message)")
        #expect(message.split(separator: "\n").dropFirst().map { String($0.dropFirst(2)) } == example.problems)
        #expect((captured.value != nil) == example.returnsObject)
        #expect((captured.error != nil) == !example.returnsObject)
    }

    @Test("reports each diagnostic of a failed instantiate on its own, then stops the test")
    func instantiateThrows() throws {
        let feed = try LayoutLoader(named: "FeedArticleCell", in: layoutsURL, registry: ExampleApp.registry())
        let captured = capture { try assertInstantiates(FeedArticleCell.self, from: feed) }
        #expect(captured.error != nil)
        #expect(captured.value == nil)
        try #require(captured.messages.count >= 2)
        #expect(captured.messages.allSatisfy { $0.hasPrefix(feed.file + ":") })
        #expect(captured.messages.contains { $0.hasSuffix("[missing-owner]") })
        #expect(captured.messages.contains { $0.hasSuffix("[missing-external]") })
    }

    /// The loader refuses an owner whose required outlets the layout never connects (`unconnected-owner`),
    /// so the assertion reports that, naming the outlets, instead of finding them nil afterwards.
    @Test("an owner the layout forgot is the loader's unconnected-owner, naming the outlets")
    func forgottenOwner() throws {
        let layout = try loader(#"<tableViewCell class="TitleCell"><label outlet="titleLabel"/></tableViewCell>"#)
        let captured = capture { try assertInstantiates(TitleCell.self, from: layout, owner: CellsOwner()) }
        #expect(captured.value == nil)
        try #require(captured.messages.count == 1)
        let message = captured.messages[0]
        #expect(message.hasSuffix("[unconnected-owner]"), "\(message)")
        #expect(
            message.contains(#"required outlets "titleCell", "badgeCell" that this layout never connects"#),
            "\(message)")
        #expect(message.contains("(it connects nothing of its owner)"), "\(message)")
    }

    @Test("optional outlets may be nil")
    func optionalOutlets() throws {
        let layout = try loader(#"<tableViewCell class="BadgeCell"><label outlet="badgeLabel"/></tableViewCell>"#)
        let captured = capture { try assertInstantiates(BadgeCell.self, from: layout) }
        #expect(captured.messages == [])
        #expect(captured.value?.accessory == nil)
    }
}
