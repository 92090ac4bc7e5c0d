import Foundation
import LayoutKit

/// The same families called on the main actor: with a nonisolated class they must mean what they mean
/// off it; with a main-actor owner they take the main-actor forms.
@MainActor public enum OnMainActor {
    /// `Outlet.init`, `Action.init`, `Property.init` of a nonisolated class, and `Outlet.mainActor` and
    /// `Action.mainActor` of a main-actor one.
    public static func members() -> (
        outlets: [Outlet], actions: [Action], properties: [Property], mainActor: (Outlet, Action)
    ) {
        (
            [Outlet("titleLabel", \FamilyCell.titleLabel), Outlet("cell", \FamilyOwner.cell, optional: true)],
            [Action("subscribeTapped", FamilyCell.subscribeTapped)],
            [Property("accent", \FamilyCell.accent)],
            (
                .mainActor("cell", \FamilyViewController.cell),
                .mainActor("refreshTapped", FamilyViewController.refreshTapped, optional: true)
            )
        )
    }

    /// `register` of nonisolated classes on the main actor, and of a main-actor owner.
    public static func registry(owner: Owner) throws -> LayoutRegistry {
        var registry = LayoutRegistry.standard
        try registry.register(FamilyCell.self)
        switch owner {
        case .nonisolated: try registry.register(FamilyOwner.self)
        case .mainActor: try registry.register(FamilyViewController.self, name: "FamilyOwner")
        }
        return registry
    }

    /// Which kind of owner a call uses.
    public enum Owner: Sendable { case nonisolated, mainActor }

    /// `instantiate` on the main actor with a nonisolated owner (the nonisolated overloads).
    public static func instantiate(owner: FamilyOwner) throws -> (objects: [AnyObject], cell: FamilyCell) {
        let loader = try LayoutLoader(
            data: Data(familyLayout.utf8), file: "Family.layout.xml", registry: registry(owner: .nonisolated))
        let objects = try loader.instantiate(owner: owner)
        let cell = try loader.instantiate(FamilyCell.self, owner: FamilyOwner())
        return (objects, cell)
    }

    /// `instantiate` with a main-actor owner (the `@MainActor` overloads).
    public static func instantiate(owner: FamilyViewController) throws -> (objects: [AnyObject], cell: FamilyCell) {
        let loader = try LayoutLoader(
            data: Data(familyLayout.utf8), file: "Family.layout.xml", registry: registry(owner: .mainActor))
        let objects = try loader.instantiate(owner: owner)
        let cell = try loader.instantiate(FamilyCell.self, owner: FamilyViewController())
        return (objects, cell)
    }
}
