import LayoutKit

/// The classes of `Fixtures/Schemas/Fixtures.classes.xml` written in Swift, so that every fixture can
/// run through a registry-built catalog too. `CatalogParityTests` checks that the two agree.
enum FixtureClasses {
    final class Card: View {
        var titleLabel: Label?
        var iconView: ImageView?
        override class var outlets: [Outlet] {
            super.outlets + [
                Outlet("titleLabel", \Card.titleLabel), Outlet("iconView", \Card.iconView, optional: true),
            ]
        }
    }

    class Row: TableViewCell {
        var nameLabel: Label?
        override class var outlets: [Outlet] { super.outlets + [Outlet("nameLabel", \Row.nameLabel)] }
    }

    final class DetailRow: Row {
        var detailLabel: Label?
        var badge: Badge?
        override class var outlets: [Outlet] {
            super.outlets + [
                Outlet("detailLabel", \DetailRow.detailLabel), Outlet("badge", \DetailRow.badge, optional: true),
            ]
        }
    }

    final class Badge: Label {}
    final class Thumbnail: ImageView {}
    final class ActionButton: Button {}

    final class Panel: StackView {
        var host: Host?
        var formatter: Formatter?
        var badge: Badge?
        var action: Button?
        var content: View?
        override class var outlets: [Outlet] {
            super.outlets + [
                Outlet("host", \Panel.host, optional: true),
                Outlet("formatter", \Panel.formatter, optional: true),
                Outlet("badge", \Panel.badge, optional: true),
                Outlet("action", \Panel.action, optional: true),
                Outlet("content", \Panel.content, optional: true),
            ]
        }
    }

    final class Host: OutletDeclaring {
        var root: View?
        static var outlets: [Outlet] { [Outlet("root", \Host.root, optional: true)] }
    }

    final class Controller: OutletDeclaring {
        var row: Row?
        var formatter: Formatter?
        static var outlets: [Outlet] {
            [Outlet("row", \Controller.row), Outlet("formatter", \Controller.formatter, optional: true)]
        }
    }

    final class Formatter {}

    /// A registry of every fixture class under module `Fixtures`, in the schema's order.
    static func registry() throws -> LayoutRegistry {
        var registry = LayoutRegistry.standard
        try registry.register(Card.self, module: "Fixtures")
        try registry.register(Row.self, module: "Fixtures")
        try registry.register(DetailRow.self, module: "Fixtures")
        try registry.register(Badge.self, module: "Fixtures")
        try registry.register(Thumbnail.self, module: "Fixtures")
        try registry.register(ActionButton.self, module: "Fixtures")
        try registry.register(Panel.self, module: "Fixtures")
        try registry.register(Host.self, module: "Fixtures")
        try registry.register(Controller.self, module: "Fixtures")
        try registry.register(Formatter.self, module: "Fixtures")
        return registry
    }
}
