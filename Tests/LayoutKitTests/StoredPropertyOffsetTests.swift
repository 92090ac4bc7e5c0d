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

    @Test func anOutletOfAFinalSubclassIsSetThroughItsOffset() throws {
        let outlet = Outlet("label", \Derived.label)
        let offset = try #require(outlet.declaration.accessor.storedOffset)
        let object = Derived()
        let label = Label()
        assign(label, at: offset, of: object)
        #expect(object.label === label)
        #expect(outlet.value(in: object) === label)
        #expect(object.view == nil)
        #expect(Outlet("observed", \Final.observed).declaration.accessor.storedOffset == nil)
    }
}
