import Foundation
import LayoutKit
import PhotoApp
import Testing

@Suite("LayoutRegistry.classSchemaDocument()")
struct ClassSchemaWriterTests {
    @Test("writes the example app's classes in registration order, own members only")
    func photoAppDocument() throws {
        let document = try ExampleApp.registry().classSchemaDocument()
        #expect(
            document == """
                <?xml version="1.0" encoding="UTF-8"?>
                <classes xmlns="urn:layoutkit:classes:1">
                    <class name="PhotoCell" module="PhotoApp" base="tableViewCell">
                        <outlet name="photoTitleLabel" type="label"/>
                        <outlet name="photoDateLabel" type="label"/>
                        <outlet name="thumbnailView" type="imageView"/>
                    </class>
                    <class name="FeedArticleCell" module="PhotoApp" base="tableViewCell">
                        <outlet name="headlineLabel" type="label"/>
                        <outlet name="summaryLabel" type="label"/>
                        <outlet name="bylineLabel" type="label"/>
                        <outlet name="heroImageView" type="imageView"/>
                        <outlet name="shareButton" type="button"/>
                        <outlet name="dateFormatter" type="DateFormat"/>
                        <outlet name="delegate" type="FeedViewController" optional="true"/>
                    </class>
                    <class name="FeedViewController" module="PhotoApp">
                        <outlet name="articleCell" type="FeedArticleCell"/>
                        <action name="shareTapped" sender="button"/>
                    </class>
                    <class name="DateFormat" module="PhotoApp"/>
                    <class name="ProfileHeaderView" module="PhotoApp" base="view">
                        <outlet name="avatarImageView" type="imageView"/>
                        <outlet name="nameLabel" type="label"/>
                        <outlet name="handleLabel" type="label"/>
                        <outlet name="statsStack" type="stackView"/>
                        <outlet name="followersLabel" type="label"/>
                        <outlet name="followingLabel" type="label"/>
                        <outlet name="followButton" type="button"/>
                        <action name="followTapped" sender="button"/>
                        <property name="cornerRadius" type="number"/>
                        <property name="style" type="enum" values="plain card"/>
                    </class>
                    <class name="ProfileCell" module="PhotoApp" base="tableViewCell">
                        <outlet name="header" type="ProfileHeaderView"/>
                    </class>
                </classes>

                """)
    }

    @Test("reads back through ClassCatalog.load with no diagnostic and no difference")
    func roundTrip() throws {
        let registry = try testRegistry()
        let document = registry.classSchemaDocument()
        let (catalog, diagnostics) = ClassCatalog.load(schemas: [("Generated.classes.xml", Array(document.utf8))])
        #expect(diagnostics.map(\.description) == [])
        #expect(catalog.declaredClassCount == registry.classes.count)
        #expect(catalog.differences(from: registry.catalog).map(\.description) == [])
    }

    @Test("a registered base class is the base, and inherited outlets stay on the class that declares them")
    func registeredBase() throws {
        var registry = LayoutRegistry.standard
        try registry.register(TitleCell.self)
        try registry.register(FancyTitleCell.self)
        #expect(
            registry.classSchemaDocument() == """
                <?xml version="1.0" encoding="UTF-8"?>
                <classes xmlns="urn:layoutkit:classes:1">
                    <class name="TitleCell" module="LayoutTestingTests" base="tableViewCell">
                        <outlet name="titleLabel" type="label"/>
                    </class>
                    <class name="FancyTitleCell" module="LayoutTestingTests" base="TitleCell"/>
                </classes>

                """)
    }

    @Test("an outlet whose type is not registered keeps its Swift name; a renamed class is written by its new name")
    func outletTypes() throws {
        var unregistered = LayoutRegistry.standard
        try unregistered.register(FeedViewController.self)
        #expect(unregistered.classSchemaDocument().contains(#"<outlet name="articleCell" type="FeedArticleCell"/>"#))
        let (_, diagnostics) = ClassCatalog.load(schemas: [
            ("A.classes.xml", Array(unregistered.classSchemaDocument().utf8))
        ])
        #expect(diagnostics.map(\.rule) == [.classSchema])

        var renamed = LayoutRegistry.standard
        try renamed.register(FeedArticleCell.self, name: "ArticleCell")
        try renamed.register(FeedViewController.self)
        #expect(renamed.classSchemaDocument().contains(#"<outlet name="articleCell" type="ArticleCell"/>"#))
    }

    @Test("names a document could not carry are refused when registered, so every document loads back")
    func unwritableNames() throws {
        var registry = LayoutRegistry.standard
        #expect(throws: LayoutRegistry.RegistrationError.self) {
            try registry.register(DateFormat.self, module: #"R&D <"x">"#)
        }
        #expect(registry.classSchemaDocument().contains("DateFormat") == false)
    }

    @Test("an empty registry writes an empty document")
    func empty() {
        #expect(
            LayoutRegistry.standard.classSchemaDocument() == """
                <?xml version="1.0" encoding="UTF-8"?>
                <classes xmlns="urn:layoutkit:classes:1">
                </classes>

                """)
    }
}
