import LayoutKit
import Testing

@testable import LayoutTesting

@Suite("assertInstantiates with several top-level objects and an owner")
struct AssertInstantiatesSeveralTests {
    /// Two cells the owner keeps, each with its outlet connected.
    static let ownedCells = #"""
        <owner class="CellsOwner" id="owner">
            <connections>
                <outlet property="titleCell" destination="title"/>
                <outlet property="badgeCell" destination="badge"/>
            </connections>
        </owner>
        <tableViewCell id="title" class="TitleCell"><label outlet="titleLabel"/></tableViewCell>
        <tableViewCell id="badge" class="BadgeCell"><label outlet="badgeLabel"/></tableViewCell>
        """#

    @Test("returns the top-level objects in order, typed, reporting nothing")
    func passes() throws {
        let owner = CellsOwner()
        let captured = capture {
            try assertInstantiates(TitleCell.self, BadgeCell.self, from: loader(Self.ownedCells), owner: owner)
        }
        #expect(captured.messages == [])
        let (title, badge) = try #require(captured.value)
        #expect(title.titleLabel != nil)
        #expect(badge.badgeLabel != nil)
        #expect(owner.titleCell === title)
        #expect(owner.badgeCell === badge)
    }

    @Test("takes any number of classes after the first two")
    func three() throws {
        let layout = try loader(Self.ownedCells + #"<label text="footer"/>"#)
        let (_, _, footer) = try assertInstantiates(
            TitleCell.self, BadgeCell.self, Label.self, from: layout, owner: CellsOwner())
        #expect(footer.text == "footer")
    }

    /// A layout that fails, the classes it is expected to create, and the one message that says why.
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var layout: String
        var assertion: @Sendable (LayoutLoader) throws -> Void
        var problems: [String]
        /// Whether the assertion still returns the objects (only outlets failed).
        var returnsObjects = false
    }

    static let cases: [Case] = [
        Case(
            testDescription: "one object too many",
            layout: ownedCells + "<view/>",
            assertion: { _ = try assertInstantiates(TitleCell.self, BadgeCell.self, from: $0, owner: CellsOwner()) },
            problems: [
                "expected 2 top-level objects, found 3: "
                    + "LayoutTestingTests.TitleCell, LayoutTestingTests.BadgeCell, LayoutKit.View"
            ]),
        Case(
            testDescription: "the right classes in the wrong order",
            layout: ownedCells,
            assertion: { _ = try assertInstantiates(BadgeCell.self, TitleCell.self, from: $0, owner: CellsOwner()) },
            problems: [
                "top-level object 1: expected exactly LayoutTestingTests.BadgeCell, found LayoutTestingTests.TitleCell",
                "top-level object 2: expected exactly LayoutTestingTests.TitleCell, found LayoutTestingTests.BadgeCell",
            ]),
        Case(
            testDescription: "a subclass in one position",
            layout: #"""
                <tableViewCell class="FancyTitleCell"><label outlet="titleLabel"/></tableViewCell>
                <tableViewCell class="BadgeCell"><label outlet="badgeLabel"/></tableViewCell>
                """#,
            assertion: { _ = try assertInstantiates(TitleCell.self, BadgeCell.self, from: $0) },
            problems: [
                "top-level object 1: expected exactly LayoutTestingTests.TitleCell, "
                    + "found LayoutTestingTests.FancyTitleCell (a subclass; the class must match exactly)"
            ]),
        Case(
            testDescription: "an outlet nil after awakeFromLayout, in a view inside a top-level object",
            layout: #"""
                <view><tableViewCell class="ForgetfulCell"><label outlet="titleLabel"/></tableViewCell></view>
                <tableViewCell class="BadgeCell"><label outlet="badgeLabel"/></tableViewCell>
                """#,
            assertion: { _ = try assertInstantiates(View.self, BadgeCell.self, from: $0) },
            problems: ["nil outlet of LayoutTestingTests.ForgetfulCell (inside top-level object 1): titleLabel"],
            returnsObjects: true),
        Case(
            testDescription: "everything wrong at once",
            layout: #"""
                <tableViewCell class="ForgetfulCell"><label outlet="titleLabel"/></tableViewCell>
                <tableViewCell class="BadgeCell"><label outlet="badgeLabel"/></tableViewCell>
                <label/>
                """#,
            assertion: { _ = try assertInstantiates(TitleCell.self, BadgeCell.self, from: $0) },
            problems: [
                "expected 2 top-level objects, found 3: "
                    + "LayoutTestingTests.ForgetfulCell, LayoutTestingTests.BadgeCell, LayoutKit.Label",
                "top-level object 1: expected exactly LayoutTestingTests.TitleCell, "
                    + "found LayoutTestingTests.ForgetfulCell (a subclass; the class must match exactly)",
                "nil outlet of LayoutTestingTests.ForgetfulCell (top-level object 1): titleLabel",
            ]),
    ]

    @Test("reports one message naming every problem", arguments: cases)
    func fails(_ example: Case) throws {
        let layout = try loader(example.layout)
        let captured = capture { try example.assertion(layout) }
        try #require(captured.messages.count == 1, "\(captured.messages)")
        let lines = captured.messages[0].split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Test.layout.xml does not instantiate as ") == true)
        #expect(lines.first?.hasSuffix(" with every outlet and action connected:") == true)
        #expect(lines.dropFirst().map { String($0.dropFirst(2)) } == example.problems)
        #expect((captured.error == nil) == example.returnsObjects)
    }

    @Test("reports each diagnostic of a failed instantiate on its own, then stops the test")
    func instantiateThrows() throws {
        let layout = try loader(Self.ownedCells)
        let captured = capture { try assertInstantiates(TitleCell.self, BadgeCell.self, from: layout) }
        #expect(captured.messages.count == 1)
        #expect(captured.messages.first?.hasSuffix("[missing-owner]") == true)
        #expect(
            captured.error.map { "\($0)" }?.hasSuffix(
                "could not be instantiated as "
                    + "LayoutTestingTests.TitleCell, LayoutTestingTests.BadgeCell") == true)
    }

    @Test("under Swift Testing, the failure is one Issue at the caller, then an error stops the test")
    func swiftTestingIssue() throws {
        let layout = try loader(Self.ownedCells)
        let issues = LockedList<Issue>()
        let line = #line + 2
        try withKnownIssue {
            try assertInstantiates(BadgeCell.self, TitleCell.self, from: layout, owner: CellsOwner())
        } matching: { issue in
            issues.append(issue)
            return true
        }
        let recorded = issues.elements
        try #require(recorded.count == 2)
        #expect(recorded[0].comments.first?.rawValue.contains("- top-level object 2: ") == true)
        #expect(recorded[0].sourceLocation?.line == line)
        #expect(
            recorded[1].error.map { "\($0)" }
                == "Test.layout.xml does not instantiate as LayoutTestingTests.BadgeCell, LayoutTestingTests.TitleCell")
    }
}
