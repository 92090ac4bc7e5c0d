import Foundation
import LayoutKit
import Testing

@testable import LayoutTesting

/// An owner isolated to the main actor, with the outlets of `CellsOwner`.
@MainActor final class CellsViewController: MainActorOutletDeclaring {
    var titleCell: TitleCell?
    var badgeCell: BadgeCell?
    static var outlets: [Outlet] {
        [
            .mainActor("titleCell", \CellsViewController.titleCell),
            .mainActor("badgeCell", \CellsViewController.badgeCell),
        ]
    }
}

@Suite("assertInstantiates with a main-actor owner")
@MainActor struct AssertInstantiatesMainActorTests {
    static let layout = #"""
        <owner class="CellsViewController">
            <connections>
                <outlet property="titleCell" destination="title"/>
                <outlet property="badgeCell" destination="badge"/>
            </connections>
        </owner>
        <view>
            <tableViewCell id="title" class="TitleCell"><label outlet="titleLabel"/></tableViewCell>
            <tableViewCell id="badge" class="BadgeCell"><label outlet="badgeLabel"/></tableViewCell>
        </view>
        """#

    func registry() throws -> LayoutRegistry {
        var registry = try testRegistry()
        try registry.register(CellsViewController.self)
        return registry
    }

    @Test("connects the owner on the main actor and checks its outlets, reporting nothing")
    func passes() throws {
        let loader = try LayoutLoader(
            data: Data(fileText(Self.layout).utf8), file: "Test.layout.xml", registry: registry())
        let controller = CellsViewController()
        let captured = capture { try assertInstantiates(View.self, from: loader, owner: controller) }
        #expect(captured.messages == [])
        #expect(controller.titleCell != nil && controller.badgeCell != nil)
    }

    @Test("an owner the layout forgot is unconnected-owner")
    func forgottenOwner() throws {
        let loader = try LayoutLoader(
            data: Data(
                fileText(#"<tableViewCell class="TitleCell"><label outlet="titleLabel"/></tableViewCell>"#).utf8),
            file: "Test.layout.xml", registry: registry())
        let captured = capture { try assertInstantiates(TitleCell.self, from: loader, owner: CellsViewController()) }
        #expect(captured.messages.count == 1)
        #expect(captured.messages.first?.hasSuffix("[unconnected-owner]") == true, "\(captured.messages)")
    }

    func fileText(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
        \(body)
        </layout>
        """
    }
}
