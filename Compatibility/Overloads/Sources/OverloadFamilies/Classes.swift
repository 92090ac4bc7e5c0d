// Every overload family added to LayoutKit since 1.0.0 — Outlet, Action, Property, instantiate, register
// (and, in OverloadFamilyTests, the assertions) — called from a nonisolated context and from a main-actor
// context. Each function returns what its calls made, so the tests can check at run time which overload
// the compiler chose in the language mode this corpus was built in: a call that compiles but takes the
// main-actor path where 1.0 took the nonisolated one is a break too.
import LayoutKit

/// A nonisolated cell with an outlet, an action and a property, as 1.1 code declares them.
public final class FamilyCell: TableViewCell {
    public var titleLabel: Label?
    public var subscribeButton: Button?
    public var accent = "plain"
    public private(set) var subscribeTaps = 0

    override public class var outlets: [Outlet] {
        super.outlets + [
            Outlet("titleLabel", \FamilyCell.titleLabel),
            Outlet("subscribeButton", \FamilyCell.subscribeButton, optional: true),
        ]
    }

    override public class var actions: [Action] {
        super.actions + [Action("subscribeTapped", FamilyCell.subscribeTapped)]
    }

    override public class var properties: [Property] {
        super.properties + [Property("accent", \FamilyCell.accent)]
    }

    public func subscribeTapped(_ sender: Button) {
        subscribeTaps += 1
    }
}

/// A nonisolated owner: an `OutletDeclaring` class that is not a view.
public final class FamilyOwner: OutletDeclaring {
    public var cell: FamilyCell?
    public init() {}
    public static var outlets: [Outlet] { [Outlet("cell", \FamilyOwner.cell)] }
}

/// A main-actor owner, as a view controller is.
@MainActor public final class FamilyViewController: MainActorOutletDeclaring {
    public var cell: FamilyCell?
    public private(set) var refreshes = 0
    public init() {}
    public static var outlets: [Outlet] { [.mainActor("cell", \FamilyViewController.cell)] }
    public static var actions: [Action] {
        [.mainActor("refreshTapped", FamilyViewController.refreshTapped, optional: true)]
    }
    public func refreshTapped(_ sender: Button) { refreshes += 1 }
}

/// The layout every family is tried with: one `FamilyCell`, its owner connected to it.
public let familyLayout = """
    <?xml version="1.0" encoding="UTF-8"?>
    <layout xmlns="urn:layoutkit:layout:1">
        <owner class="FamilyOwner">
            <connections>
                <outlet property="cell" destination="cell"/>
            </connections>
        </owner>
        <tableViewCell id="cell" class="FamilyCell">
            <label outlet="titleLabel" text="Title"/>
            <button outlet="subscribeButton" title="Subscribe" action="subscribeTapped"/>
            <properties>
                <property name="accent" value="bold"/>
            </properties>
        </tableViewCell>
    </layout>
    """
