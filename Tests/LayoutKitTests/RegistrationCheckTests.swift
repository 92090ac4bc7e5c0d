import Foundation
import LayoutKit
import Testing

/// A header whose outlet was copy-pasted from another class: the key path's root is not the class.
final class CopiedOutletHeader: View {
    var nameLabel: Label?
    override class var outlets: [Outlet] { [Outlet("nameLabel", \AuthorRow.titleLabel)] }
}

final class AuthorRow: View {
    var titleLabel: Label?
    override class var outlets: [Outlet] { [Outlet("titleLabel", \AuthorRow.titleLabel)] }
}

/// Two outlets under one name.
final class TwiceNamedCell: View {
    var titleLabel: Label?
    var subtitleLabel: Label?
    override class var outlets: [Outlet] {
        [Outlet("titleLabel", \TwiceNamedCell.titleLabel), Outlet("titleLabel", \TwiceNamedCell.subtitleLabel)]
    }
}

/// The copy-paste slip of issue 24: a second outlet pasted from the first, its key path left unchanged,
/// so `titleLabel` would be wired twice and `categoryLabel` never.
final class ProductHeaderView: View {
    var titleLabel: Label?
    var categoryLabel: Label?
    override class var outlets: [Outlet] {
        [
            Outlet("categoryLabel", \ProductHeaderView.categoryLabel),
            Outlet("titleLabel", \ProductHeaderView.categoryLabel),
        ]
    }
}

/// The same slip in a view controller: main-actor key paths are told apart by their stored property.
@MainActor final class ProductViewController: MainActorOutletDeclaring {
    var titleLabel: Label?
    var priceLabel: Label?
    static var outlets: [Outlet] {
        [
            .mainActor("titleLabel", \ProductViewController.titleLabel),
            .mainActor("priceLabel", \ProductViewController.titleLabel),
        ]
    }
}

/// A subclass that declares its outlets with its base's key paths: allowed.
final class DerivedRow: View {
    override class var outlets: [Outlet] { [Outlet("titleLabel", \AuthorRow.titleLabel)] }
}

@Suite struct RegistrationCheckTests {
    @Test func anOutletWhoseKeyPathIsOfAnotherClassIsRefusedNamingBoth() throws {
        var registry = LayoutRegistry.standard
        let error = #expect(throws: LayoutRegistry.RegistrationError.self) {
            try registry.register(CopiedOutletHeader.self)
        }
        #expect(
            error?.message
                == "cannot register LayoutKitTests.CopiedOutletHeader: its outlet 'nameLabel' is declared with a key "
                + "path of LayoutKitTests.AuthorRow, which is neither LayoutKitTests.CopiedOutletHeader nor one of its "
                + "superclasses")
        #expect(registry.registeredClass(for: CopiedOutletHeader.self) == nil)
        try registry.register(AuthorRow.self)
    }

    @Test func twoOutletsWithOneNameAreRefused() throws {
        var registry = LayoutRegistry.standard
        let error = #expect(throws: LayoutRegistry.RegistrationError.self) {
            try registry.register(TwiceNamedCell.self)
        }
        #expect(error?.description.contains("declares outlet 'titleLabel' twice") == true)
    }

    @Test func twoOutletNamesOnOneKeyPathAreRefusedNamingBoth() throws {
        var registry = LayoutRegistry.standard
        let error = #expect(throws: LayoutRegistry.RegistrationError.self) {
            try registry.register(ProductHeaderView.self)
        }
        #expect(
            error?.message
                == "cannot register LayoutKitTests.ProductHeaderView: outlets 'categoryLabel' and 'titleLabel' set "
                + "the same property of ProductHeaderView (one key path, declared twice); each outlet needs the key "
                + "path of its own property")
        #expect(registry.registeredClass(for: ProductHeaderView.self) == nil)
        // The same key path reached through an inherited declaration is one outlet, not two.
        try registry.register(SubAuthorRow.self)
    }

    @MainActor @Test func twoOutletNamesOnOneKeyPathOfAMainActorClassAreRefusedToo() throws {
        var registry = LayoutRegistry.standard
        let error = #expect(throws: LayoutRegistry.RegistrationError.self) {
            try registry.register(ProductViewController.self)
        }
        #expect(error?.description.contains("outlets 'titleLabel' and 'priceLabel' set the same property") == true)
        // Outlets on two properties register.
        try registry.register(HeadlineViewController.self)
    }

    @Test func aKeyPathOfAnAncestorIsAllowed() throws {
        var registry = LayoutRegistry.standard
        let error = #expect(throws: LayoutRegistry.RegistrationError.self) { try registry.register(DerivedRow.self) }
        // DerivedRow is not an AuthorRow: refused. A subclass of AuthorRow would be accepted, as below.
        #expect(error != nil)
        try registry.register(SubAuthorRow.self)
        #expect(registry.registeredClass(for: SubAuthorRow.self)?.outlets.map(\.name) == ["titleLabel"])
    }

    @Test func aNameClashSuggestsAnotherNameWhichWorks() throws {
        var registry = LayoutRegistry.standard
        try registry.register(AuthorRow.self)
        let error = #expect(throws: LayoutRegistry.RegistrationError.self) {
            try registry.register(Elsewhere.AuthorRow.self)
        }
        let message = try #require(error?.description)
        #expect(
            message.contains(
                #"register one of them under the module layouts name it by: register(AuthorRow.self, module: "…")"#))
        // What the message suggests works, and a layout names the class by that module.
        try registry.register(Elsewhere.AuthorRow.self, module: "Elsewhere")
        #expect(registry.registeredClass(for: Elsewhere.AuthorRow.self)?.description == "Elsewhere.AuthorRow")
        #expect(registry.catalog.classes["Elsewhere.AuthorRow"] != nil)
    }

    @Test func anUnknownClassAtRunTimeSaysHowToRegisterIt() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1"><view class="AuthorHeaderView"/></layout>
            """
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(data: Data(xml.utf8), registry: .standard)
        }
        #expect(error?.rules == [.unknownClass])
        #expect(error?.description.contains("register it: try registry.register(AuthorHeaderView.self)") == true)
    }
}

final class SubAuthorRow: AuthorRowBase {}

class AuthorRowBase: View {
    var titleLabel: Label?
    override class var outlets: [Outlet] { [Outlet("titleLabel", \AuthorRowBase.titleLabel)] }
}

enum Elsewhere {
    final class AuthorRow: View {}
}

extension LayoutRegistry.RegistrationError {
    /// The description without the `file:line: ` of the `register` call.
    var message: String {
        guard let fileID, let line else { return description }
        return String(description.dropFirst("\(fileID):\(line): ".count))
    }
}
