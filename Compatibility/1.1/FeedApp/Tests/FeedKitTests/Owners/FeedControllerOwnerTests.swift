import FeedKit
import LayoutKit
import Testing

/// `FeedScreen.layout.xml` owned by FeedKit's own `FeedController`.
///
/// Each kind of owner of the screen is tested in a file of its own in this folder. The layout names its
/// owner `FeedController`; `FeedLayouts.registry(owner:)` registers any class under that name, and
/// `assertFeedScreen(owner:registry:)` checks the screen and every outlet of the owner. An owner with
/// another isolation — a view controller isolated to the main actor — is one more file here: its class,
/// and a suite on the main actor that makes the same calls as this one.
@Suite("FeedScreen owned by a FeedController")
struct FeedControllerOwnerTests {
    @Test("creates the header and the prototype cell, and the owner keeps both")
    func ownerKeepsBoth() throws {
        let owner = FeedController()
        let (header, cell) = try assertFeedScreen(owner: owner, registry: FeedLayouts.registry())
        #expect(owner.headerView === header)
        #expect(owner.articleCell === cell)
    }

    @Test("the refresh button calls the owner")
    func refreshTapped() throws {
        let owner = FeedController()
        let (header, _) = try assertFeedScreen(owner: owner, registry: FeedLayouts.registry())
        header.subviews.compactMap { $0 as? Button }.first?.sendActions(for: .primaryActionTriggered)
        #expect(owner.refreshCount == 1)
    }

    @Test("an owner class of the app's own, registered under the name the layout uses")
    func anotherOwnerClass() throws {
        let owner = ScreenOwner()
        let (header, cell) = try assertFeedScreen(owner: owner, registry: FeedLayouts.registry(owner: ScreenOwner.self))
        #expect(owner.headerView === header)
        #expect(owner.articleCell === cell)
    }
}

/// An app's own owner of the feed screen, with the outlets and the action the layout connects.
final class ScreenOwner: OutletDeclaring, ActionDeclaring {
    var headerView: AuthorHeaderView?
    var articleCell: ArticleCell?

    static var outlets: [Outlet] {
        [Outlet("headerView", \ScreenOwner.headerView), Outlet("articleCell", \ScreenOwner.articleCell)]
    }

    static var actions: [Action] { [Action("refreshTapped", ScreenOwner.refreshTapped)] }

    func refreshTapped(_ sender: Button) {}
}
