import Foundation
import LayoutKit
import Testing

/// Actions and properties at run time: what `instantiate` connects and sets, and what the loader refuses.
@Suite struct ActionsAndPropertiesTests {
    typealias Form = FixtureClasses.Form
    typealias Card = FixtureClasses.Card
    typealias Host = FixtureClasses.Host

    func loader(_ fixture: String) throws -> LayoutLoader {
        let url = Repository.fixtures.appendingPathComponent(fixture)
        return try LayoutLoader(contentsOf: url, registry: FixtureClasses.registry())
    }

    @Test func bothSpellingsConnectEveryControlToItsTarget() throws {
        let host = Host()
        let objects = try loader("valid/actions.layout.xml").instantiate(owner: host)
        let form = try #require(objects.first as? Form)
        let controls = form.subviews.compactMap { $0 as? Control }
        try #require(controls.count == 4)
        let (send, toggle, query, special) = (controls[0], controls[1], controls[2], controls[3])
        #expect((toggle as? Switch)?.isOn == true)
        #expect((query as? TextField)?.placeholder == "Search")

        send.sendActions(for: .primaryActionTriggered)
        toggle.sendActions(for: .valueChanged)
        query.sendActions(for: .editingChanged)
        query.sendActions(for: .editingDidEnd)
        query.sendActions(for: .primaryActionTriggered)
        query.sendActions(for: .valueChanged)  // not connected: nothing happens
        #expect(form.received.map(\.action) == ["submit", "toggled", "queryChanged", "queryChanged", "queryChanged"])
        #expect(form.received.first?.sender === send)

        special.sendActions(for: .primaryActionTriggered)
        #expect(form.received.suffix(2).map(\.action) == ["special", "submit"])
        #expect(host.refreshes.count == 1 && host.refreshes.first === special)
    }

    @Test func aControlDoesNotKeepItsTargetAlive() throws {
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <view class="Form"><button action="submit"/></view>
            </layout>
            """
        let loader = try LayoutLoader(
            data: Data(layout.utf8), file: "cycle.layout.xml", registry: FixtureClasses.registry())
        weak var weakForm: Form?
        weak var weakButton: Button?
        do {
            let form = try loader.instantiate(Form.self)
            weakForm = form
            weakButton = form.subviews.first as? Button
            weakButton?.sendActions(for: .primaryActionTriggered)
            #expect(form.received.count == 1)
        }
        // The form holds its button (a subview); the button holds the form only weakly: no cycle.
        #expect(weakForm == nil)
        #expect(weakButton == nil)
    }

    @Test func aTargetThatIsGoneIsSkipped() throws {
        let button = Button()
        do {
            let form = Form()
            #expect(button.addTarget(form, action: Form.actions[0], for: .primaryActionTriggered))
        }
        button.sendActions(for: .primaryActionTriggered)  // no target left, no crash
        // toggled takes a Switch, not a Button.
        #expect(button.addTarget(Form(), action: Form.actions[1], for: .valueChanged) == false)
    }

    @Test func whatASuppressionSilencedIsNotMade() throws {
        let objects = try loader("valid/suppression-actions-and-properties.layout.xml").instantiate()
        let form = try #require(objects.first as? Form)
        let card = try #require(objects.last as? Card)
        (form.subviews.first as? Control)?.sendActions(for: .primaryActionTriggered)
        #expect(form.received.map(\.action) == ["submit"])
        #expect(card.count == 0)
    }

    @Test func propertiesAreSetFromTheirWrittenValues() throws {
        let card = try loader("valid/properties.layout.xml").instantiate().first as? Card
        let set = try #require(card)
        #expect(set.cornerRadius == 12.5)
        #expect(set.style == .elevated)
        #expect(set.caption == "  as written  ")
        #expect(set.count == Int.min)
        #expect(set.isPinned)
        #expect(set.tint == Color(red: 0xFF, green: 0x88, blue: 0x00))
    }

    final class Badge: View {
        var subtitle: String?
        var border = Color(red: 0, green: 0, blue: 0)
        override class var properties: [Property] {
            super.properties + [Property("subtitle", \Badge.subtitle), Property("border", \Badge.border)]
        }
    }

    @Test func optionalTextAndPlainColourPropertiesAreSet() throws {
        #expect(Badge.properties.map(\.description) == ["subtitle: string", "border: color"])
        var registry = LayoutRegistry.standard
        try registry.register(Badge.self)
        let layout = """
            <layout xmlns="urn:layoutkit:layout:1">
                <view class="Badge">
                    <properties>
                        <property name="subtitle" value="New"/>
                        <property name="border" value="#FF8800"/>
                    </properties>
                </view>
            </layout>
            """
        let badge = try LayoutLoader(data: Data(layout.utf8), registry: registry).instantiate(Badge.self)
        #expect(badge.subtitle == "New")
        #expect(badge.border == Color(red: 0xFF, green: 0x88, blue: 0x00))
    }

    final class Ordered: View {
        var cornerRadius = 0.0
        var radiusWhenTitleConnected: Double?
        var titleLabel: Label? { didSet { radiusWhenTitleConnected = cornerRadius } }
        override class var outlets: [Outlet] { super.outlets + [Outlet("titleLabel", \Ordered.titleLabel)] }
        override class var properties: [Property] {
            super.properties + [Property("cornerRadius", \Ordered.cornerRadius)]
        }
    }

    @Test func propertiesAreSetBeforeOutletsConnect() throws {
        var registry = LayoutRegistry.standard
        try registry.register(Ordered.self)
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <view class="Ordered">
                    <label outlet="titleLabel"/>
                    <properties><property name="cornerRadius" value="8"/></properties>
                </view>
            </layout>
            """
        let loader = try LayoutLoader(data: Data(layout.utf8), file: "ordered.layout.xml", registry: registry)
        let view = try loader.instantiate(Ordered.self)
        #expect(view.radiusWhenTitleConnected == 8)
    }

    final class BadlyNamed: View {
        func go(_ sender: Button) {}
        override class var actions: [Action] { super.actions + [Action("go-now", BadlyNamed.go)] }
    }

    @Test func anActionNameLayoutsCannotWriteIsRefusedWhenRegistered() {
        var registry = LayoutRegistry.standard
        let error = #expect(throws: LayoutRegistry.RegistrationError.self) { try registry.register(BadlyNamed.self) }
        #expect(error?.description.contains("action 'go-now'") == true)
    }

    @Test(arguments: [
        ("unknown-action.layout.xml", RuleID.unknownAction, "did you mean 'submit'?"),
        ("action-sender-mismatch.layout.xml", .actionSenderMismatch, "accepts a sender of type ActionButton"),
        ("unconnected-action.layout.xml", .unconnectedAction, "action 'submit' of Fixtures.Form"),
        ("orphan-action.layout.xml", .orphanAction, "action=\"refresh\""),
        ("duplicate-action.layout.xml", .duplicateAction, "already sent by <button>"),
        ("unknown-property.layout.xml", .unknownProperty, "did you mean 'cornerRadius'?"),
        ("property-type-mismatch.layout.xml", .propertyTypeMismatch, "one of flat, elevated; did you mean 'elevated'?"),
        ("property-type-mismatch-overflow.layout.xml", .propertyTypeMismatch, "has type integer"),
        ("duplicate-property.layout.xml", .duplicateProperty, "already set at line 7"),
    ])
    func theLoaderRefusesWhatTheCheckerReports(fixture: String, rule: RuleID, message: String) throws {
        let error = #expect(throws: LayoutError.self) { try loader("invalid/\(fixture)") }
        #expect(error?.rules == [rule])
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }

    /// `duplicate-action` compares a layout's first eight sends in order and hashes the rest: a repeat
    /// is found among either, and reported at the repeat with the first send's line.
    @Test func aRepeatedSendIsFoundAmongTheFirstSendsAndPastThem() throws {
        let action = #"<action name="submit" destination="form" event="primaryActionTriggered"/>"#
        var lines = [#"<layout xmlns="urn:layoutkit:layout:1">"#, #"<view class="Form" id="form">"#]
        for index in 1...10 {
            // Buttons 1 and 10 send the same action twice: the one a repeat of the first send, the other
            // of the tenth, past the eight compared in order.
            let repeats = index == 1 || index == 10
            lines += [#"<button id="b\#(index)">"#, "<connections>", action] + (repeats ? [action] : [])
            lines += ["</connections>", "</button>"]
        }
        lines += ["</view>", "</layout>"]
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(
                data: Data(lines.joined(separator: "\n").utf8), file: "sends.layout.xml",
                registry: FixtureClasses.registry())
        }
        #expect(error?.rules == [.duplicateAction, .duplicateAction])
        #expect(error?.diagnostics.map(\.location.line) == [6, 52])
        let firstSends = error?.diagnostics.map { $0.message.components(separatedBy: " at line ").last }
        #expect(firstSends == ["5", "51"])
    }

    /// `duplicate-property` compares an object's properties in order when it has eight or fewer, and
    /// hashes them when it has more: a repeat is found either way, reported at the repeat with the
    /// first one's line.
    @Test func aRepeatedPropertyIsFoundAmongFewPropertiesAndMany() throws {
        func property(_ name: String) -> String { #"<property name="\#(name)" value="4"/>"# }
        // Three properties on the inner card (compared in order), eleven on the outer one (hashed):
        // p5 repeats the fifth, the last cornerRadius the first.
        let many = ["cornerRadius"] + (2...9).map { "p\($0)" } + ["p5", "cornerRadius"]
        var lines = [#"<layout xmlns="urn:layoutkit:layout:1">"#, #"<view class="Card">"#, #"<view class="Card">"#]
        lines += ["<properties>"] + ["cornerRadius", "p2", "cornerRadius"].map(property)
        lines += ["</properties>", "</view>"]
        lines += ["<properties>"] + many.map(property) + ["</properties>", "</view>", "</layout>"]
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(
                data: Data(lines.joined(separator: "\n").utf8), file: "properties.layout.xml",
                registry: FixtureClasses.registry())
        }
        let repeats = error?.diagnostics.filter { $0.rule == .duplicateProperty }
        #expect(repeats?.map(\.location.line) == [7, 20, 21])
        let firsts = repeats?.map { $0.message.components(separatedBy: " at line ").last }
        #expect(firsts == ["5", "15", "11"])
    }
}
