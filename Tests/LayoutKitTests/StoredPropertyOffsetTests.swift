import Testing

@testable import LayoutKit

/// Outlets of final classes are set through the property's offset; every other kind of property keeps
/// the key-path write. These pin down which is which, and that the store is the assignment it replaces.
@Suite struct StoredPropertyOffsetTests {
    final class Final {
        var label: Label?
        var count = 0
        var button: Button?
        var observed: View? { didSet { observations += 1 } }
        var observations = 0
        var computed: View? {
            get { button }
            set { button = newValue as? Button }
        }
    }

    /// Outlets declared as UIKit teams write them: their storage is not a strong reference, so a
    /// store of one would corrupt them; each must keep the key-path write.
    final class ReferenceKinds {
        weak var weakLabel: Label?
        unowned var unownedView: View
        unowned(unsafe) var unsafeView: View
        lazy var lazyLabel: Label? = nil
        var implicitlyUnwrapped: Label!

        init(_ view: View) {
            unownedView = view
            unsafeView = view
        }
    }

    class Open {
        var view: View?
    }

    final class Derived: Open {
        var label: Label?
    }

    private func assign(_ value: AnyObject, at offset: Int, of object: AnyObject) {
        withExtendedLifetime((value, object)) {
            StoredPropertyOffset.assign(
                Unmanaged.passUnretained(value), at: offset, of: Unmanaged.passUnretained(object))
        }
    }

    @Test func aStoredPropertyOfAFinalClassHasAnOffset() throws {
        let offset = try #require(StoredPropertyOffset.of(\Final.label))
        let object = Final()
        let label = Label()
        assign(label, at: offset, of: object)
        #expect(object.label === label)
        #expect(object.button == nil)
        #expect(object.count == 0)
        #expect(StoredPropertyOffset.of(\Final.button).map { $0 > offset } == true)
    }

    @Test func assigningReleasesTheOldValueAndRetainsTheNew() throws {
        let offset = try #require(StoredPropertyOffset.of(\Final.label))
        let object = Final()
        weak var old: Label?
        do {
            let first = Label()
            old = first
            assign(first, at: offset, of: object)
        }
        #expect(old != nil)
        assign(Label(), at: offset, of: object)
        #expect(old == nil)
        #expect(object.label != nil)
    }

    @Test func otherPropertiesKeepTheKeyPath() {
        #expect(StoredPropertyOffset.of(\Final.observed) == nil)
        #expect(StoredPropertyOffset.of(\Final.computed) == nil)
        #expect(StoredPropertyOffset.of(\Open.view) == nil)
    }

    @Test func weakUnownedAndLazyOutletsKeepTheKeyPath() throws {
        #expect(StoredPropertyOffset.of(\ReferenceKinds.weakLabel) == nil)
        #expect(StoredPropertyOffset.of(\ReferenceKinds.unownedView) == nil)
        #expect(StoredPropertyOffset.of(\ReferenceKinds.unsafeView) == nil)
        #expect(StoredPropertyOffset.of(\ReferenceKinds.lazyLabel) == nil)
        // An implicitly unwrapped optional is an ordinary strong optional underneath: a store is right.
        let offset = try #require(StoredPropertyOffset.of(\ReferenceKinds.implicitlyUnwrapped))
        let view = View()
        let object = ReferenceKinds(view)
        let label = Label()
        assign(label, at: offset, of: object)
        #expect(object.implicitlyUnwrapped === label)
        #expect(object.unownedView === view)
    }

    @Test func propertiesOfAFinalClassAreSetThroughTheirOffset() throws {
        final class Card: View {
            enum Style: String, CaseIterable, Sendable { case plain, raised }
            var cornerRadius = 0.0
            var style = Style.plain
            var title: String?
            var tint: Color?
        }
        let offset = try #require(StoredPropertyOffset.of(\Card.cornerRadius))
        #expect(offset >= 16)
        let card = Card()
        let assign = { (property: Property, value: PropertyValue) in property.declaration.accessor.assign(card, value) }
        #expect(assign(Property("cornerRadius", \Card.cornerRadius), .number(8)))
        #expect(assign(Property("style", \Card.style), .enumCase("raised")))
        #expect(assign(Property("title", \Card.title), .string("Hello, a title longer than fifteen bytes")))
        #expect(assign(Property("tint", \Card.tint), .color(Color(red: 1, green: 2, blue: 3))))
        #expect(assign(Property("style", \Card.style), .enumCase("unknown")) == false)
        #expect(card.cornerRadius == 8)
        #expect(card.style == .raised)
        #expect(card.title == "Hello, a title longer than fifteen bytes")
        #expect(card.tint == Color(red: 1, green: 2, blue: 3))
        #expect(assign(Property("title", \Card.title), .string("Again")))
        #expect(card.title == "Again")
        #expect(assign(Property("tag", \View.tag), .integer(4)))
        #expect(card.tag == 4)
    }

    @Test func anOutletOfAFinalSubclassIsSetThroughItsOffset() throws {
        let outlet = Outlet("label", \Derived.label)
        let offset = try #require(outlet.declaration.accessor.storedOffset).offset
        let object = Derived()
        let label = Label()
        assign(label, at: offset, of: object)
        #expect(object.label === label)
        #expect(outlet.value(in: object) === label)
        #expect(object.view == nil)
        #expect(Outlet("observed", \Final.observed).declaration.accessor.storedOffset == nil)
    }
}
