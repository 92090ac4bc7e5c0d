import Foundation
import LayoutKit
import PhotoApp

/// The cell of the 1.1 rows: it includes the example app's `ProfileHeader` layout (which sets two
/// `<property>` values and connects `followTapped`), and connects its own `shareTapped` action, so
/// one load reads two files and one instantiation sets properties and adds two targets.
final class FeatureCell: TableViewCell {
    var header: ProfileHeaderView?
    var shareButton: Button?
    /// How many times the share button was tapped.
    private(set) var shareTaps = 0
    /// Set by `awakeFromLayout()`; true when it found its outlets connected.
    private(set) var awokeConnected = false

    override class var outlets: [Outlet] {
        super.outlets + [Outlet("header", \FeatureCell.header), Outlet("shareButton", \FeatureCell.shareButton)]
    }

    override class var actions: [Action] {
        super.actions + [shareTappedAction]
    }

    /// The share button was tapped.
    func shareTapped(_ sender: Button) {
        shareTaps += 1
    }

    override func awakeFromLayout() {
        super.awakeFromLayout()
        awokeConnected = header != nil && shareButton != nil
    }

    /// The declarations the hand-written code adds targets with, made once as an app would.
    static let shareTappedAction = Action("shareTapped", FeatureCell.shareTapped)
    static let followTappedAction = Action("followTapped", ProfileHeaderView.followTapped)

    /// The layout file; the header is `Layouts/ProfileHeader.layout.xml`, read through the source.
    static let layout = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- A profile cell: the included header (two properties, one action) and a share button (one action). -->
        <layout xmlns="urn:layoutkit:layout:1">
            <tableViewCell class="FeatureCell" reuseIdentifier="FeatureCell" selectionStyle="none">
                <stackView axis="vertical" spacing="8" alignment="fill">
                    <include layout="ProfileHeader" outlet="header"/>
                    <button outlet="shareButton" title="Share" image="square.and.arrow.up" action="shareTapped"/>
                </stackView>
            </tableViewCell>
        </layout>

        """

    /// The header's layout file, from the repository's `Layouts/` folder (found from this source file).
    static func headerLayout() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Layouts/ProfileHeader.layout.xml")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The registry of the 1.1 rows: the example app's classes and this one.
    static func registry() throws -> LayoutRegistry {
        var registry = try ExampleApp.registry()
        try registry.register(FeatureCell.self)
        return registry
    }

    /// Builds the same object graph as `layout` by hand: the same views with the same properties, the
    /// same tree, the same outlets and targets, then `awakeFromLayout()` on every view in document order.
    static func buildByHand() -> FeatureCell {
        let cell = FeatureCell()
        cell.reuseIdentifier = "FeatureCell"
        cell.selectionStyle = .none

        let stack = StackView()
        stack.axis = .vertical
        stack.spacing = 8
        stack.alignment = .fill
        cell.addSubview(stack)

        let header = ProfileHeaderView()
        header.backgroundColor = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
        stack.addSubview(header)

        let column = StackView()
        column.axis = .vertical
        column.spacing = 12
        column.alignment = .fill
        header.addSubview(column)

        let row = StackView()
        row.axis = .horizontal
        row.spacing = 12
        row.alignment = .center
        column.addSubview(row)

        let avatar = ImageView()
        avatar.image = "avatar-placeholder"
        avatar.contentMode = .aspectFill
        avatar.accessibilityIdentifier = "profile.avatar"
        row.addSubview(avatar)

        let names = StackView()
        names.axis = .vertical
        names.spacing = 2
        names.alignment = .leading
        row.addSubview(names)

        let name = Label()
        name.font = .title2
        name.accessibilityIdentifier = "profile.name"
        names.addSubview(name)

        let handle = Label()
        handle.font = .subheadline
        handle.textColor = Color(red: 0x8E, green: 0x8E, blue: 0x93)
        names.addSubview(handle)

        let stats = StackView()
        stats.axis = .horizontal
        stats.spacing = 16
        stats.distribution = .fillEqually
        column.addSubview(stats)

        let followers = Label()
        followers.font = .footnote
        followers.textAlignment = .center
        stats.addSubview(followers)

        let following = Label()
        following.font = .footnote
        following.textAlignment = .center
        stats.addSubview(following)

        let follow = Button()
        follow.title = "Follow"
        follow.backgroundColor = Color(red: 0x0A, green: 0x84, blue: 0xFF)
        follow.accessibilityIdentifier = "profile.follow"
        column.addSubview(follow)

        header.cornerRadius = 16
        header.style = .card

        let share = Button()
        share.title = "Share"
        share.image = "square.and.arrow.up"
        stack.addSubview(share)

        header.avatarImageView = avatar
        header.nameLabel = name
        header.followersLabel = followers
        header.handleLabel = handle
        header.statsStack = stats
        header.followingLabel = following
        header.followButton = follow
        follow.addTarget(header, action: followTappedAction, for: .primaryActionTriggered)
        cell.header = header
        cell.shareButton = share
        share.addTarget(cell, action: shareTappedAction, for: .primaryActionTriggered)

        // awakeFromLayout() on each view in document order, as instantiate does.
        cell.awakeFromLayout()
        stack.awakeFromLayout()
        header.awakeFromLayout()
        column.awakeFromLayout()
        row.awakeFromLayout()
        avatar.awakeFromLayout()
        names.awakeFromLayout()
        name.awakeFromLayout()
        handle.awakeFromLayout()
        stats.awakeFromLayout()
        followers.awakeFromLayout()
        following.awakeFromLayout()
        follow.awakeFromLayout()
        share.awakeFromLayout()
        return cell
    }
}
