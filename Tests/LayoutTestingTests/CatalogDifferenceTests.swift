import Foundation
import LayoutKit
import PhotoApp
import Testing

@Suite("ClassCatalog.differences(from:)")
struct CatalogDifferenceTests {
    private func schemaCatalog(_ body: String) -> ClassCatalog {
        let xml = #"<classes xmlns="urn:layoutkit:classes:1">"# + body + "</classes>"
        let (catalog, diagnostics) = ClassCatalog.load(schemas: [("Drift.classes.xml", Array(xml.utf8))])
        #expect(diagnostics.map(\.description) == [])
        return catalog
    }

    @Test("the example app's Schemas/ and its registry agree")
    func photoAppAgrees() throws {
        let schemaFile = schemasURL.appendingPathComponent("PhotoApp.classes.xml")
        let bytes = try [UInt8](Data(contentsOf: schemaFile))
        let (catalog, diagnostics) = ClassCatalog.load(schemas: [(schemaFile.path, bytes)])
        #expect(diagnostics.isEmpty)
        #expect(try catalog.differences(from: ExampleApp.registry().catalog).isEmpty)
    }

    @Test("names drift in actions and properties: sender, optionality, type and enum values")
    func actionsAndProperties() throws {
        let drifted = schemaCatalog(
            """
            <class name="ProfileHeaderView" module="PhotoApp" base="view">
                <outlet name="avatarImageView" type="imageView"/>
                <outlet name="nameLabel" type="label"/>
                <outlet name="handleLabel" type="label"/>
                <outlet name="statsStack" type="stackView"/>
                <outlet name="followersLabel" type="label"/>
                <outlet name="followingLabel" type="label"/>
                <outlet name="followButton" type="button"/>
                <action name="followTapped" sender="switch" optional="true"/>
                <property name="cornerRadius" type="integer"/>
                <property name="style" type="enum" values="plain"/>
            </class>
            """)
        let differences = drifted.differences(
            from: try ExampleApp.registry().catalog, named: "Schemas/", otherNamed: "the registry"
        ).filter { $0.className == "PhotoApp.ProfileHeaderView" }
        #expect(
            differences.map(\.description) == [
                "action 'followTapped' of class 'PhotoApp.ProfileHeaderView' has type 'switch' in Schemas/ but 'button' in the registry",
                "action 'followTapped' of class 'PhotoApp.ProfileHeaderView' is optional in Schemas/ but required in the registry",
                "property 'cornerRadius' of class 'PhotoApp.ProfileHeaderView' has type 'integer' in Schemas/ but 'number' in the registry",
                "property 'style' of class 'PhotoApp.ProfileHeaderView' accepts 'plain' in Schemas/ but 'plain card' in the registry",
            ])
    }

    @Test("names every kind of drift in one sentence each, grouped by class")
    func everyKind() throws {
        let drifted = schemaCatalog(
            """
            <class name="PhotoCell" module="PhotoApp" base="view">
                <outlet name="photoTitleLabel" type="button"/>
                <outlet name="photoDateLabel" type="label" optional="true"/>
                <outlet name="subtitleLabel" type="label"/>
            </class>
            <class name="FeedArticleCell" module="PhotoApp" base="tableViewCell">
                <outlet name="headlineLabel" type="label"/>
                <outlet name="summaryLabel" type="label"/>
                <outlet name="bylineLabel" type="label"/>
                <outlet name="heroImageView" type="imageView"/>
                <outlet name="shareButton" type="button"/>
                <outlet name="dateFormatter" type="PhotoApp.DateFormat"/>
                <outlet name="delegate" type="FeedViewController" optional="true"/>
            </class>
            <class name="FeedViewController"/>
            <class name="DateFormat" module="PhotoApp"/>
            <class name="Sticker" module="PhotoApp" base="imageView"/>
            """)
        let differences = drifted.differences(
            from: try ExampleApp.registry().catalog, named: "Schemas/", otherNamed: "the registry")
        #expect(
            differences.map(\.description) == [
                "class 'PhotoApp.FeedViewController' has no module in Schemas/ but module 'PhotoApp' in the registry",
                "outlet 'articleCell' of class 'PhotoApp.FeedViewController' is in the registry but not in Schemas/",
                "action 'shareTapped' of class 'PhotoApp.FeedViewController' is in the registry but not in Schemas/",
                "class 'PhotoApp.PhotoCell' has base 'view' in Schemas/ but base 'tableViewCell' in the registry",
                "outlet 'photoTitleLabel' of class 'PhotoApp.PhotoCell' has type 'button' in Schemas/ but 'label' in the registry",
                "outlet 'photoDateLabel' of class 'PhotoApp.PhotoCell' is optional in Schemas/ but required in the registry",
                "outlet 'subtitleLabel' of class 'PhotoApp.PhotoCell' is in Schemas/ but not in the registry",
                "outlet 'thumbnailView' of class 'PhotoApp.PhotoCell' is in the registry but not in Schemas/",
                "class 'PhotoApp.ProfileCell' is in the registry but not in Schemas/",
                "class 'PhotoApp.ProfileHeaderView' is in the registry but not in Schemas/",
                "class 'PhotoApp.Sticker' is in Schemas/ but not in the registry",
            ])
        #expect(differences[1].className == "PhotoApp.FeedViewController")
        #expect(differences[1].outletName == "articleCell")
        #expect(differences[2].outletName == nil)
    }

    @Test("an outlet declared on the base instead of the subclass is a difference, though both inherit it")
    func outletMovedToBase() throws {
        var registry = LayoutRegistry.standard
        try registry.register(TitleCell.self)
        try registry.register(FancyTitleCell.self)
        let moved = schemaCatalog(
            """
            <class name="TitleCell" module="LayoutTestingTests" base="tableViewCell"/>
            <class name="FancyTitleCell" module="LayoutTestingTests" base="TitleCell">
                <outlet name="titleLabel" type="label"/>
            </class>
            """)
        #expect(
            moved.differences(from: registry.catalog).map(\.description) == [
                "outlet 'titleLabel' of class 'LayoutTestingTests.FancyTitleCell' is in this catalog but not in the other catalog",
                "outlet 'titleLabel' of class 'LayoutTestingTests.TitleCell' is in the other catalog but not in this catalog",
            ])
    }

    @Test("built-in classes are not compared, and a catalog does not differ from itself")
    func builtInsAndSelf() throws {
        #expect(ClassCatalog.builtIn.differences(from: ClassCatalog.builtIn).isEmpty)
        let catalog = try testRegistry().catalog
        #expect(catalog.differences(from: catalog).isEmpty)
        #expect(
            ClassCatalog.builtIn.differences(from: catalog).map(\.className) == [
                "LayoutTestingTests.BadgeCell", "LayoutTestingTests.CellsOwner", "LayoutTestingTests.FancyTitleCell",
                "LayoutTestingTests.ForgetfulCell", "LayoutTestingTests.TitleCell", "LayoutTestingTests.ToggleCell",
                "PhotoApp.DateFormat", "PhotoApp.FeedArticleCell", "PhotoApp.FeedViewController", "PhotoApp.PhotoCell",
                "PhotoApp.ProfileCell", "PhotoApp.ProfileHeaderView",
            ])
    }
}
