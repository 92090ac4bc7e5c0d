import Foundation
import LayoutKit
import LayoutTesting
import Testing

// The code of the landing page's "Declaring actions and properties" and "Main-actor owners" groups, run as
// tests: each `// snippet:` region is shown word for word by an article (`SnippetTests` checks it).

// snippet: card-view
final class CardView: View {
    enum Style: String, CaseIterable, Sendable { case flat, elevated }

    var cornerRadius = 0.0
    var style = Style.flat
    private(set) var shares = 0

    func shareTapped(_ sender: Button) { shares += 1 }

    override class var actions: [Action] {
        super.actions + [Action("shareTapped", CardView.shareTapped)]
    }

    override class var properties: [Property] {
        super.properties + [Property("cornerRadius", \CardView.cornerRadius), Property("style", \CardView.style)]
    }
}
// snippet-end

// snippet: main-actor-owner
@MainActor final class CardsViewController: MainActorOutletDeclaring {
    var card: CardView?

    static var outlets: [Outlet] { [.mainActor("card", \CardsViewController.card)] }
}
// snippet-end

@Suite struct DeclaringMembersTests {
    static let layout = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <owner class="CardsViewController">
                <connections>
                    <outlet property="card" destination="card"/>
                </connections>
            </owner>
            <view id="card" class="CardView">
                <button title="Share" action="shareTapped"/>
                <properties>
                    <property name="cornerRadius" value="12"/>
                    <property name="style" value="elevated"/>
                </properties>
            </view>
        </layout>
        """

    @MainActor static func loader() throws -> LayoutLoader {
        var registry = LayoutRegistry.standard
        try registry.register(CardView.self)
        try registry.register(CardsViewController.self)
        return try LayoutLoader(data: Data(layout.utf8), file: "Card.layout.xml", registry: registry)
    }

    @Test @MainActor func propertiesAreSetAndActionsConnected() throws {
        let loader = try Self.loader()
        // snippet: instantiate-main-actor-owner
        let controller = CardsViewController()
        _ = try loader.instantiate(owner: controller)  // on the main actor: connects controller.card
        // snippet-end
        let card = try #require(controller.card)
        #expect(card.cornerRadius == 12)
        #expect(card.style == .elevated)
        assertActionsConnected(card)
        let button = try #require(card.subviews.first as? Button)
        button.sendActions(for: .primaryActionTriggered)
        #expect(card.shares == 1)
    }
}
