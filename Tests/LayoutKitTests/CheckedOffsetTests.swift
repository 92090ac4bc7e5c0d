import Foundation
import Testing

@testable import LayoutKit

/// The net under `StoredPropertyOffset`: an offset read from a key path is written through only once a
/// write through the key path was seen to land at it, the fast path can be turned off, and either way a
/// layout instantiates to the same objects.
@Suite struct CheckedOffsetTests {
    final class Panel: View {
        var title: Label?
        var icon: ImageView?
        var cornerRadius = 0.0
        var caption: String?
        override class var outlets: [Outlet] {
            super.outlets + [Outlet("title", \Panel.title), Outlet("icon", \Panel.icon)]
        }
        override class var properties: [Property] {
            super.properties + [Property("cornerRadius", \Panel.cornerRadius), Property("caption", \Panel.caption)]
        }
    }

    /// A class others derive from: its `final` properties are stored, at one offset in every subclass.
    class Base: View {
        final var label: Label?
        override class var outlets: [Outlet] { super.outlets + [Outlet("label", \Base.label)] }
    }

    final class Derived: Base {
        var extra: View?
        override class var outlets: [Outlet] { super.outlets + [Outlet("extra", \Derived.extra)] }
    }

    final class Generic<Payload>: View {
        var payload: [Payload] = []
        var label: Label?
    }

    /// The owner, outside the layout: a final class that is not a view.
    final class Controller: OutletDeclaring {
        var header: Label?
        var panel: Panel?
        var base: Base?
        static var outlets: [Outlet] {
            [
                Outlet("header", \Controller.header), Outlet("panel", \Controller.panel),
                Outlet("base", \Controller.base),
            ]
        }
    }

    static let layout = """
        <layout xmlns="urn:layoutkit:layout:1">
            <owner class="Controller">
                <connections>
                    <outlet property="header" destination="header"/>
                    <outlet property="panel" destination="panel"/>
                    <outlet property="base" destination="derived"/>
                </connections>
            </owner>
            <view>
                <label id="header" text="Header"/>
                <view id="panel" class="Panel">
                    <label outlet="title" text="Title"/>
                    <imageView outlet="icon" image="star"/>
                    <properties>
                        <property name="cornerRadius" value="6"/>
                        <property name="caption" value="a caption longer than fifteen bytes"/>
                    </properties>
                </view>
                <view id="derived" class="Derived">
                    <label outlet="label" text="Inherited"/>
                    <view outlet="extra"/>
                </view>
            </view>
        </layout>
        """

    /// The registry of the layout's classes, with declarations of their own, and its loader.
    static func loader() throws -> (LayoutLoader, LayoutRegistry) {
        var registry = LayoutRegistry.standard
        try registry.register(Panel.self)
        try registry.register(Derived.self)
        try registry.register(Controller.self)
        return (try LayoutLoader(data: Data(layout.utf8), file: "checked.layout.xml", registry: registry), registry)
    }

    /// What an instantiation made, as text: each outlet by the position of its object in document order.
    static func describe(_ root: View, _ owner: Controller) -> String {
        var order: [View] = []
        func walk(_ view: View) {
            order.append(view)
            view.subviews.forEach(walk)
        }
        walk(root)
        func position(_ object: View?) -> String {
            object.map { object in order.firstIndex { $0 === object }.map(String.init) ?? "elsewhere" } ?? "nil"
        }
        let panel = owner.panel
        let derived = owner.base as? Derived
        return [
            "header \(position(owner.header)) panel \(position(panel)) base \(position(owner.base))",
            "title \(position(panel?.title)) icon \(position(panel?.icon))",
            "cornerRadius \(panel?.cornerRadius ?? -1) caption \(panel?.caption ?? "nil")",
            "label \(position(derived?.label)) extra \(position(derived?.extra))",
            "texts \(order.compactMap { ($0 as? Label)?.text })",
        ].joined(separator: "\n")
    }

    static func instantiate(_ loader: LayoutLoader) throws -> String {
        let owner = Controller()
        let root = try #require(try loader.instantiate(owner: owner).first as? View)
        return describe(root, owner)
    }

    /// The declarations of a registered class, by member name.
    static func accessors(of type: AnyObject.Type, in registry: LayoutRegistry) throws -> [String: MemberAccessor] {
        let registered = try #require(registry.registeredClass(for: type))
        return Dictionary(registered.members.map { ($0.key.name, $0.accessor) }) { first, _ in first }
    }

    @Test func offsetsAreUncheckedUntilTheFirstInstantiationShowsThemRight() throws {
        let (loader, registry) = try Self.loader()
        let controller = try Self.accessors(of: Controller.self, in: registry)
        let derived = try Self.accessors(of: Derived.self, in: registry)
        let offsets = try [
            controller["header"], controller["panel"], controller["base"], derived["label"], derived["extra"],
        ]
        .map { try #require($0?.storedOffset) }
        #expect(offsets.allSatisfy { $0.verdict == .unchecked })
        let first = try Self.instantiate(loader)
        // Final, final in a class others derive from, set on a subclass object, declared by a subclass.
        #expect(offsets.allSatisfy { $0.verdict == .agrees })
        // The second instantiation stores through them, and makes the same objects.
        #expect(try Self.instantiate(loader) == first)
        #expect(
            first == """
                header 1 panel 2 base 5
                title 3 icon 4
                cornerRadius 6.0 caption a caption longer than fifteen bytes
                label 6 extra 7
                texts ["Header", "Title", "Inherited"]
                """)
    }

    /// Eight threads start on a loader whose offsets no write has checked yet: each instantiation makes
    /// the same objects, whichever thread checks an offset first (and under ThreadSanitizer, no race).
    @Test func threadsThatCheckTheSameOffsetsAtOnceMakeTheSameObjects() throws {
        let (loader, registry) = try Self.loader()
        let expected = try Self.instantiate(try Self.loader().0)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<25 { results.record((try? Self.instantiate(loader)) == expected) }
        }
        #expect(results.counts == (200, 0))
        let controller = try Self.accessors(of: Controller.self, in: registry)
        #expect(controller.values.allSatisfy { $0.storedOffset?.verdict == .agrees })
    }

    @Test func aPropertysOffsetIsCheckedByItsFirstSet() throws {
        let (loader, registry) = try Self.loader()
        let panel = try Self.accessors(of: Panel.self, in: registry)
        let radius = try #require(panel["cornerRadius"]?.storedOffset)
        let caption = try #require(panel["caption"]?.storedOffset)
        #expect(radius.verdict == .unchecked && caption.verdict == .unchecked)
        _ = try Self.instantiate(loader)
        #expect(radius.verdict == .agrees && caption.verdict == .agrees)
    }

    @Test func turnedOffEveryMemberIsSetThroughItsKeyPathAndTheObjectsAreTheSame() throws {
        let fast = try Self.instantiate(try Self.loader().0)
        let (loader, registry) = try StoredPropertyOffset.$isDisabledForTesting.withValue(true) { try Self.loader() }
        for type in [Panel.self, Derived.self, Controller.self] as [AnyObject.Type] {
            let accessors = try Self.accessors(of: type, in: registry)
            #expect(!accessors.isEmpty)
            #expect(accessors.values.allSatisfy { $0.storedOffset == nil }, "\(type)")
        }
        #expect(try Self.instantiate(loader) == fast)
        #expect(try Self.instantiate(loader) == fast)
    }

    @Test func theEnvironmentVariableTurnsItOffOnlyWhenOne() {
        #expect(StoredPropertyOffset.isDisabled(environment: ["LAYOUTKIT_DISABLE_STORED_OFFSETS": "1"]))
        #expect(!StoredPropertyOffset.isDisabled(environment: ["LAYOUTKIT_DISABLE_STORED_OFFSETS": "0"]))
        #expect(!StoredPropertyOffset.isDisabled(environment: [:]))
        // This process runs without it: members get offsets to check.
        #expect(StoredPropertyOffset.checked(\Panel.title) != nil)
    }

    @Test func anOffsetThatDisagreesIsNeverWrittenThrough() throws {
        let (loader, registry) = try Self.loader()
        let controller = try Self.accessors(of: Controller.self, in: registry)
        let header = try #require(controller["header"]?.storedOffset)
        // As if a write through the key path had not landed at the offset.
        header.record(old: nil as AnyObject?, new: Label() as AnyObject?, heldOld: true, holdsNew: false)
        #expect(header.verdict == .disagrees)
        let first = try Self.instantiate(loader)
        #expect(try Self.instantiate(loader) == first)
        #expect(first.hasPrefix("header 1 panel 2 base 5"))
        // Final: a later write that agrees does not bring the store back.
        header.record(old: nil as AnyObject?, new: Label() as AnyObject?, heldOld: true, holdsNew: true)
        #expect(header.verdict == .disagrees)
    }

    @Test func aWrongOffsetIsCaughtByTheFirstWriteWhichStillSetsTheProperty() throws {
        // The offset of `icon` given for `title`: what a misread key path would look like.
        let iconOffset = try #require(StoredPropertyOffset.of(\Panel.icon))
        let wrong = CheckedOffset(iconOffset)
        let panel = Panel()
        let icon = ImageView()
        panel.icon = icon
        let title = Label()
        wrong.set(\Panel.title, of: panel, to: title)
        #expect(wrong.verdict == .disagrees)
        #expect(panel.title === title && panel.icon === icon)
        // And from now on through the key path only.
        let next = Label()
        wrong.set(\Panel.title, of: panel, to: next)
        #expect(panel.title === next && panel.icon === icon)

        // The same for a property that is not a reference.
        let countOffset = try #require(StoredPropertyOffset.of(\Panel.cornerRadius))
        let misread = CheckedOffset(countOffset)
        misread.set(\Panel.caption, of: panel, to: "a caption")
        #expect(misread.verdict == .disagrees)
        #expect(panel.caption == "a caption" && panel.cornerRadius == 0)
    }

    @Test func aWriteThatCannotTellLeavesTheOffsetUnchecked() throws {
        let offset = try #require(StoredPropertyOffset.checked(\Panel.cornerRadius))
        let panel = Panel()
        // 0 over 0: the bytes were the same before and after, wherever the property is.
        offset.set(\Panel.cornerRadius, of: panel, to: 0)
        #expect(offset.verdict == .unchecked)
        offset.set(\Panel.cornerRadius, of: panel, to: 4)
        #expect(offset.verdict == .agrees)
        offset.set(\Panel.cornerRadius, of: panel, to: 9)
        #expect(panel.cornerRadius == 9)
    }

    @Test func aGenericClassesStoredPropertyIsCheckedLikeAnyOther() throws {
        let label = Label()
        let object = Generic<String>()
        object.payload = ["a", "b"]
        let offset = try #require(StoredPropertyOffset.checked(\Generic<String>.label))
        offset.set(\Generic<String>.label, of: object, to: label)
        #expect(offset.verdict == .agrees)
        #expect(object.label === label && object.payload == ["a", "b"])
    }

    /// A main-actor owner's outlets are checked and set by `instantiateOnMainActor`, turned off or not.
    @Test @MainActor func aMainActorOwnersOutletsAreCheckedOnTheMainActor() throws {
        func instantiate(_ registry: LayoutRegistry) throws -> [Bool] {
            let loader = try LayoutLoader(
                data: Data(MainActorOwnerTests.layout.utf8), file: "headline.layout.xml", registry: registry)
            let owner = HeadlineViewController()
            let share = ShareCoordinator()
            let root = try #require(
                try loader.instantiateOnMainActor(owner: owner, externalObjects: ["share": share]).first as? View)
            return [
                owner.headerView === root.subviews.first, owner.footerView === root.subviews.last,
                owner.headerView !== owner.footerView, owner.share === share, owner.badge == nil,
            ]
        }
        func registry() throws -> LayoutRegistry {
            var registry = LayoutRegistry.standard
            try registry.register(HeadlineViewController.self)
            try registry.register(ShareCoordinator.self)
            return registry
        }
        let checked = try registry()
        let offsets = try ["headerView", "footerView", "share"].map { name in
            try #require(Self.accessors(of: HeadlineViewController.self, in: checked)[name]?.storedOffset)
        }
        #expect(offsets.allSatisfy { $0.verdict == .unchecked })
        #expect(try instantiate(checked) == [true, true, true, true, true])
        #expect(offsets.allSatisfy { $0.verdict == .agrees })
        #expect(try instantiate(checked) == [true, true, true, true, true])
        let off = try StoredPropertyOffset.$isDisabledForTesting.withValue(true) { try registry() }
        #expect(
            try Self.accessors(of: HeadlineViewController.self, in: off).values.allSatisfy { $0.storedOffset == nil })
        #expect(try instantiate(off) == [true, true, true, true, true])
    }
}
