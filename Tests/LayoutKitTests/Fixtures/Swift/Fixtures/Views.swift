import LayoutKit

// The classes of Fixtures.classes.xml written by hand as an app would write them, for the Swift
// catalog's side of CatalogParityTests: not generated from the schema, and never compiled (the test
// target excludes Fixtures/). Each class is written in a different style the checker must read.

/// Nested in a namespace enum: known by its own name, `Card`. Its property types are inferred.
enum FixtureViews {
    final class Card: View {
        enum Style: String, CaseIterable, Sendable { case flat, elevated }

        var titleLabel: Label?
        var iconView: ImageView?
        var cornerRadius = 0.0
        var style = Style.flat
        var caption = ""
        var count = 0
        var isPinned = false
        var tint: Color?

        override class var outlets: [Outlet] {
            super.outlets + [
                Outlet("titleLabel", \Card.titleLabel),
                Outlet("iconView", \Card.iconView, optional: true),
            ]
        }

        override class var properties: [Property] {
            super.properties + [
                Property("cornerRadius", \Card.cornerRadius), Property("style", \Card.style),
                Property("caption", \Card.caption), Property("count", \Card.count),
                Property("isPinned", \Card.isPinned), Property("tint", \Card.tint),
            ]
        }
    }
}

/// Its action methods live in an extension, one of them inside `#if`.
final class Form: View {
    override class var actions: [Action] {
        super.actions + [
            Action("submit", Form.submit),
            Action("toggled", Form.toggled, optional: true),
            Action("queryChanged", Form.queryChanged, optional: true),
            Action("special", Form.special, optional: true),
        ]
    }
}

typealias Entry = Form

extension Entry {
    func submit(_ sender: Button) {}
    func toggled(_ sender: Switch) {}
    #if DEBUG
        func queryChanged(_ sender: TextField) {}
    #else
        func queryChanged(_ sender: TextField) { print(sender) }
    #endif
    func special(_ sender: ActionButton) {}
}

class Row: TableViewCell {
    var nameLabel: Label?

    override class var outlets: [Outlet] { super.outlets + [Outlet("nameLabel", \Row.nameLabel)] }
}

/// Inherits `nameLabel`; `\.detailLabel` names its own property.
final class DetailRow: Row {
    var detailLabel: Label!
    var badge: Badge?

    override class var outlets: [Outlet] {
        super.outlets + [Outlet("detailLabel", \.detailLabel), Outlet("badge", \DetailRow.badge, optional: true)]
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
