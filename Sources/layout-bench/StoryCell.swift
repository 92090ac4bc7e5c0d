import LayoutKit
import PhotoApp

/// The typical cell the read, load and instantiate rows work on: a story in a social feed, 20 views
/// deep in stack views, with 14 outlets (half as `outlet=`, half in `<connections>`) and an external
/// date formatter.
final class StoryCell: TableViewCell {
    var avatarView: ImageView?
    var authorLabel: Label?
    var handleLabel: Label?
    var moreButton: Button?
    var titleLabel: Label?
    var bodyLabel: Label?
    var heroImageView: ImageView?
    var likeButton: Button?
    var commentButton: Button?
    var shareButton: Button?
    var likesLabel: Label?
    var commentsLabel: Label?
    var dateLabel: Label?
    var dateFormatter: DateFormat?
    /// Set by `awakeFromLayout()`; true when it found every outlet connected.
    private(set) var awokeConnected = false

    override class var outlets: [Outlet] {
        super.outlets + [
            Outlet("avatarView", \StoryCell.avatarView),
            Outlet("authorLabel", \StoryCell.authorLabel),
            Outlet("handleLabel", \StoryCell.handleLabel),
            Outlet("moreButton", \StoryCell.moreButton),
            Outlet("titleLabel", \StoryCell.titleLabel),
            Outlet("bodyLabel", \StoryCell.bodyLabel),
            Outlet("heroImageView", \StoryCell.heroImageView),
            Outlet("likeButton", \StoryCell.likeButton),
            Outlet("commentButton", \StoryCell.commentButton),
            Outlet("shareButton", \StoryCell.shareButton),
            Outlet("likesLabel", \StoryCell.likesLabel),
            Outlet("commentsLabel", \StoryCell.commentsLabel),
            Outlet("dateLabel", \StoryCell.dateLabel),
            Outlet("dateFormatter", \StoryCell.dateFormatter),
        ]
    }

    override func awakeFromLayout() {
        super.awakeFromLayout()
        awokeConnected = dateLabel != nil && dateFormatter != nil && avatarView != nil
    }

    /// The layout file: 20 object elements, about 2.7 KB.
    static let layout = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- A story in a social feed: author row, title, body, hero image, actions and counts. -->
        <layout xmlns="urn:layoutkit:layout:1">
            <external id="formatter" name="dateFormatter" class="DateFormat" module="PhotoApp"/>

            <tableViewCell id="cell" class="StoryCell" reuseIdentifier="StoryCell" selectionStyle="none"
                           accessoryType="disclosureIndicator" backgroundColor="#FFFFFF">
                <stackView id="content" axis="vertical" spacing="12" alignment="fill" distribution="fill">
                    <stackView id="authorRow" axis="horizontal" spacing="8" alignment="center">
                        <imageView outlet="avatarView" image="avatar-placeholder" contentMode="aspectFill"
                                   backgroundColor="#E5E5EA" accessibilityIdentifier="story.avatar"/>
                        <stackView axis="vertical" spacing="2" alignment="leading">
                            <label outlet="authorLabel" text="Author" font="headline" numberOfLines="1"/>
                            <label outlet="handleLabel" text="@handle" font="subheadline" textColor="#8E8E93"/>
                        </stackView>
                        <view id="spacer" alpha="0" tag="1"/>
                        <button outlet="moreButton" image="ellipsis" accessibilityIdentifier="story.more"/>
                    </stackView>
                    <label id="title" text="Title" font="title3" numberOfLines="2"
                           accessibilityIdentifier="story.title"/>
                    <label id="body" font="body" numberOfLines="0" textColor="#3C3C43" textAlignment="natural"/>
                    <imageView id="hero" image="hero-placeholder" contentMode="aspectFill" hidden="false"/>
                    <stackView id="actions" axis="horizontal" spacing="0" distribution="fillEqually">
                        <button outlet="likeButton" title="Like" image="heart" tag="10"/>
                        <button outlet="commentButton" title="Comment" image="bubble.left" tag="11"/>
                        <button outlet="shareButton" title="Share" image="square.and.arrow.up" tag="12"/>
                    </stackView>
                    <stackView id="counts" axis="horizontal" spacing="4" alignment="center">
                        <label id="likes" text="0 likes" font="footnote" textColor="#8E8E93"/>
                        <label id="comments" text="0 comments" font="footnote" textColor="#8E8E93"/>
                        <label id="date" font="caption" textColor="#8E8E93" textAlignment="right"/>
                    </stackView>
                </stackView>
                <connections>
                    <outlet property="titleLabel" destination="title"/>
                    <outlet property="bodyLabel" destination="body"/>
                    <outlet property="heroImageView" destination="hero"/>
                    <outlet property="likesLabel" destination="likes"/>
                    <outlet property="commentsLabel" destination="comments"/>
                    <outlet property="dateLabel" destination="date"/>
                    <outlet property="dateFormatter" destination="formatter"/>
                </connections>
            </tableViewCell>
        </layout>

        """

    /// The registry the load and instantiate rows use: the example app's classes and this one.
    static func registry() throws -> LayoutRegistry {
        var registry = try ExampleApp.registry()
        try registry.register(StoryCell.self)
        return registry
    }

    /// Builds the same object graph as `layout` by hand, the way code without LayoutKit would: the same
    /// views with the same properties, the same tree, the same outlets, then `awakeFromLayout()` on every
    /// view in document order.
    static func buildByHand(dateFormatter: DateFormat) -> StoryCell {
        let grey = Color(red: 0x8E, green: 0x8E, blue: 0x93)

        let cell = StoryCell()
        cell.reuseIdentifier = "StoryCell"
        cell.selectionStyle = .none
        cell.accessoryType = .disclosureIndicator
        cell.backgroundColor = Color(red: 0xFF, green: 0xFF, blue: 0xFF)

        let content = StackView()
        content.axis = .vertical
        content.spacing = 12
        content.alignment = .fill
        content.distribution = .fill
        cell.addSubview(content)

        let authorRow = StackView()
        authorRow.axis = .horizontal
        authorRow.spacing = 8
        authorRow.alignment = .center
        content.addSubview(authorRow)

        let avatar = ImageView()
        avatar.image = "avatar-placeholder"
        avatar.contentMode = .aspectFill
        avatar.backgroundColor = Color(red: 0xE5, green: 0xE5, blue: 0xEA)
        avatar.accessibilityIdentifier = "story.avatar"
        authorRow.addSubview(avatar)

        let names = StackView()
        names.axis = .vertical
        names.spacing = 2
        names.alignment = .leading
        authorRow.addSubview(names)

        let author = Label()
        author.text = "Author"
        author.font = .headline
        author.numberOfLines = 1
        names.addSubview(author)

        let handle = Label()
        handle.text = "@handle"
        handle.font = .subheadline
        handle.textColor = grey
        names.addSubview(handle)

        let spacer = View()
        spacer.alpha = 0
        spacer.tag = 1
        authorRow.addSubview(spacer)

        let more = Button()
        more.image = "ellipsis"
        more.accessibilityIdentifier = "story.more"
        authorRow.addSubview(more)

        let title = Label()
        title.text = "Title"
        title.font = .title3
        title.numberOfLines = 2
        title.accessibilityIdentifier = "story.title"
        content.addSubview(title)

        let body = Label()
        body.font = .body
        body.numberOfLines = 0
        body.textColor = Color(red: 0x3C, green: 0x3C, blue: 0x43)
        body.textAlignment = .natural
        content.addSubview(body)

        let hero = ImageView()
        hero.image = "hero-placeholder"
        hero.contentMode = .aspectFill
        hero.isHidden = false
        content.addSubview(hero)

        let actions = StackView()
        actions.axis = .horizontal
        actions.spacing = 0
        actions.distribution = .fillEqually
        content.addSubview(actions)

        let like = Button()
        like.title = "Like"
        like.image = "heart"
        like.tag = 10
        actions.addSubview(like)

        let comment = Button()
        comment.title = "Comment"
        comment.image = "bubble.left"
        comment.tag = 11
        actions.addSubview(comment)

        let share = Button()
        share.title = "Share"
        share.image = "square.and.arrow.up"
        share.tag = 12
        actions.addSubview(share)

        let counts = StackView()
        counts.axis = .horizontal
        counts.spacing = 4
        counts.alignment = .center
        content.addSubview(counts)

        let likes = Label()
        likes.text = "0 likes"
        likes.font = .footnote
        likes.textColor = grey
        counts.addSubview(likes)

        let comments = Label()
        comments.text = "0 comments"
        comments.font = .footnote
        comments.textColor = grey
        counts.addSubview(comments)

        let date = Label()
        date.font = .caption
        date.textColor = grey
        date.textAlignment = .right
        counts.addSubview(date)

        cell.avatarView = avatar
        cell.authorLabel = author
        cell.handleLabel = handle
        cell.moreButton = more
        cell.likeButton = like
        cell.commentButton = comment
        cell.shareButton = share
        cell.titleLabel = title
        cell.bodyLabel = body
        cell.heroImageView = hero
        cell.likesLabel = likes
        cell.commentsLabel = comments
        cell.dateLabel = date
        cell.dateFormatter = dateFormatter

        // awakeFromLayout() on each view in document order, as instantiate does.
        cell.awakeFromLayout()
        content.awakeFromLayout()
        authorRow.awakeFromLayout()
        avatar.awakeFromLayout()
        names.awakeFromLayout()
        author.awakeFromLayout()
        handle.awakeFromLayout()
        spacer.awakeFromLayout()
        more.awakeFromLayout()
        title.awakeFromLayout()
        body.awakeFromLayout()
        hero.awakeFromLayout()
        actions.awakeFromLayout()
        like.awakeFromLayout()
        comment.awakeFromLayout()
        share.awakeFromLayout()
        counts.awakeFromLayout()
        likes.awakeFromLayout()
        comments.awakeFromLayout()
        date.awakeFromLayout()
        return cell
    }
}
