import Foundation
import LayoutKit
import Testing

/// An owner with two required outlets and an optional one.
final class ArticleScreen: OutletDeclaring {
    var titleLabel: Label?
    var bodyLabel: Label?
    var note: Label?
    static var outlets: [Outlet] {
        [
            Outlet("titleLabel", \ArticleScreen.titleLabel), Outlet("bodyLabel", \ArticleScreen.bodyLabel),
            Outlet("note", \ArticleScreen.note, optional: true),
        ]
    }
}

final class PlainScreen {}

/// An owner that counts how often its outlets are read.
final class CountingScreen: OutletDeclaring {
    var titleLabel: Label?
    nonisolated(unsafe) static var reads = 0
    static var outlets: [Outlet] {
        reads += 1
        return [Outlet("titleLabel", \CountingScreen.titleLabel, optional: true)]
    }
}

@Suite struct ForgottenOwnerTests {
    static func loader(_ body: String) throws -> LayoutLoader {
        var registry = LayoutRegistry.standard
        try registry.register(ArticleScreen.self)
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>

            <layout xmlns="urn:layoutkit:layout:1">
            \(body)
            </layout>
            """
        return try LayoutLoader(data: Data(xml.utf8), file: "article.layout.xml", registry: registry)
    }

    @Test func anOwnerTheLayoutNeverConnectsIsUnconnectedOwnerAtTheLayoutElement() throws {
        let loader = try Self.loader(#"<view><label text="Title"/></view>"#)
        let owner = ArticleScreen()
        let error = #expect(throws: LayoutError.self) { try loader.instantiate(owner: owner) }
        #expect(error?.rules == [.unconnectedOwner])
        #expect(error?.diagnostics.first?.sourceLocation?.line == 3)
        #expect(
            error?.description.contains("required outlets \"titleLabel\", \"bodyLabel\" that this layout never") == true
        )
        #expect(error?.description.contains("note") == false)
        // No owner, or an owner without outlets, is no error.
        #expect(try loader.instantiate().count == 1)
        #expect(try loader.instantiate(owner: PlainScreen()).count == 1)
    }

    /// An owner's members are read once per class, not on every instantiation: a class's declarations
    /// are fixed, and reading them builds them anew.
    @Test func anOwnerClassesMembersAreReadOncePerClass() throws {
        let loader = try Self.loader(#"<view><label text="Title"/></view>"#)
        for _ in 0..<3 { #expect(try loader.instantiate(owner: CountingScreen()).count == 1) }
        #expect(CountingScreen.reads == 1)
    }

    @Test func anOwnerWhoseRequiredOutletsAreAllConnectedPasses() throws {
        let loader = try Self.loader(
            """
            <owner class="ArticleScreen">
                <connections>
                    <outlet property="titleLabel" destination="title"/>
                    <outlet property="bodyLabel" destination="body"/>
                </connections>
            </owner>
            <view><label id="title"/><label id="body"/></view>
            """)
        let owner = ArticleScreen()
        _ = try loader.instantiate(owner: owner)
        #expect(owner.titleLabel != nil && owner.bodyLabel != nil)
    }

    /// `top-level-mismatch` points at the object that is not of the class, and says why a subclass is not it.
    @Test func topLevelMismatchIsAtTheObjectAndExplainsTheExactClassRule() throws {
        let loader = try Self.loader(
            """
            <label text="one"/>
                <view/>
            """)
        let error = #expect(throws: LayoutError.self) { try loader.instantiate(Label.self) }
        #expect(error?.rules == [.topLevelMismatch])
        #expect(error?.diagnostics.first?.sourceLocation?.line == 5)
        #expect(error?.diagnostics.first?.sourceLocation?.column == 5)
        let subclass = #expect(throws: LayoutError.self) {
            try Self.loader(#"<tableViewCell/>"#).instantiate(View.self)
        }
        #expect(subclass?.diagnostics.first?.sourceLocation?.line == 4)
        #expect(subclass?.description.contains("the class must be exactly LayoutKit.View") == true)
    }
}
