import LayoutKit

/// The README's view controller, word for word: its outlets and actions are spelt `.mainActor(…)`.
@MainActor final class FeedViewController: MainActorOutletDeclaring {
    var headerView: AuthorHeaderView?
    func refreshTapped(_ sender: Button) {}
    static var outlets: [Outlet] { [.mainActor("headerView", \FeedViewController.headerView)] }
    static var actions: [Action] { [.mainActor("refreshTapped", FeedViewController.refreshTapped)] }
}

/// The other spellings LayoutKit's API offers, each read as the entry it is.
@MainActor final class SettingsViewController: MainActorOutletDeclaring {
    var titleLabel: Label?
    var footerLabel: Label?
    func saveTapped(_ sender: Button) {}
    func cancelTapped(_ sender: Button) {}
    static var outlets: [Outlet] {
        [
            Outlet.mainActor("titleLabel", \SettingsViewController.titleLabel),
            LayoutKit.Outlet.mainActor("footerLabel", \SettingsViewController.footerLabel, optional: true),
        ]
    }
    static var actions: [Action] {
        [
            Action.mainActor("saveTapped", SettingsViewController.saveTapped),
            .mainActor("cancelTapped", SettingsViewController.cancelTapped, optional: true),
        ]
    }
}

final class AuthorHeaderView: View {}

/// `.init(…)`, the implicit member spelling of a plain entry, in a nonisolated view's lists.
final class TagView: View {
    var textLabel: Label?
    var title = ""
    override class var outlets: [Outlet] { super.outlets + [.init("textLabel", \TagView.textLabel, optional: true)] }
    override class var properties: [Property] { super.properties + [.init("title", \TagView.title)] }
}
