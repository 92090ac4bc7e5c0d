import LayoutKit

/// A plain owner: `static var outlets` and `static var actions` of `OutletDeclaring`/`ActionDeclaring`.
final class Host: OutletDeclaring, ActionDeclaring {
    var root: View?

    static var outlets: [Outlet] { [Outlet("root", \Host.root, optional: true)] }
    static var actions: [Action] { [Action("refresh", Host.refresh, optional: true)] }

    func refresh(_ sender: Button) {}
}

/// A main-actor owner, its outlets in both main-actor spellings.
@MainActor final class Controller: MainActorOutletDeclaring {
    var row: Row?
    var formatter: Formatter?

    static var outlets: [Outlet] {
        [.mainActor("row", \Controller.row), Outlet.mainActor("formatter", \Controller.formatter, optional: true)]
    }
}

final class Formatter {}

/// Not in the schema and named by no fixture: its outlets come from a helper, so it is open, and the
/// parity test checks that it is listed as such and changes no fixture's diagnostics.
final class Legacy: View {
    var titleLabel: Label?

    override class var outlets: [Outlet] { super.outlets + Legacy.makeOutlets() }

    static func makeOutlets() -> [Outlet] { [Outlet("titleLabel", \Legacy.titleLabel)] }
}
