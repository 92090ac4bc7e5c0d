import Foundation
import LayoutKit

/// The families called from a nonisolated context.
public enum Nonisolated {
    /// `Outlet.init`, `Action.init`, `Property.init`.
    public static func members() -> (outlets: [Outlet], actions: [Action], properties: [Property]) {
        (
            [Outlet("titleLabel", \FamilyCell.titleLabel), Outlet("cell", \FamilyOwner.cell, optional: true)],
            [Action("subscribeTapped", FamilyCell.subscribeTapped)],
            [Property("accent", \FamilyCell.accent)]
        )
    }

    /// `register` of a view class and of an owner.
    public static func registry(ownerName: String = "FamilyOwner") throws -> LayoutRegistry {
        var registry = LayoutRegistry.standard
        try registry.register(FamilyCell.self)
        try registry.register(FamilyOwner.self, name: ownerName)
        return registry
    }

    /// `Diagnostic.init` without and with fix-its (1.2), `FixIt.init` and `FixIt.Edit.init`.
    public static func diagnostics() -> (plain: Diagnostic, fixed: Diagnostic) {
        let location = SourceLocation(file: "Card.layout.xml", line: 4, column: 9)
        let plain = Diagnostic(rule: .unknownOutlet, message: "no outlet 'titel'", location: location)
        let fixIt = FixIt(
            description: "replace \"titel\" with \"title\"",
            edits: [FixIt.Edit(file: "Card.layout.xml", byteRange: 120..<125, replacement: "title")])
        let fixed = Diagnostic(
            rule: .unknownOutlet, message: "no outlet 'titel'", location: location, fixIts: [fixIt])
        return (plain, fixed)
    }

    /// `instantiate(owner:externalObjects:)` and `instantiate(_:owner:externalObjects:)`.
    public static func instantiate(owner: FamilyOwner) throws -> (objects: [AnyObject], cell: FamilyCell) {
        let loader = try LayoutLoader(data: Data(familyLayout.utf8), file: "Family.layout.xml", registry: registry())
        let objects = try loader.instantiate(owner: owner)
        let cell = try loader.instantiate(FamilyCell.self, owner: FamilyOwner())
        return (objects, cell)
    }
}
