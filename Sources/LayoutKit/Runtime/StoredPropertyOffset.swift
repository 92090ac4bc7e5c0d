import Foundation

/// Where a key path to a stored property of a final class keeps its value inside an object, so that
/// an outlet can be set through a pointer instead of the standard library's key-path projection.
///
/// A class key-path write allocates and frees a holder object on every call (it keeps the base alive
/// and records an exclusivity access) and walks the path generically: about 2,000 instructions per
/// outlet, most of what instantiating a layout costs. No public API reports a class property's offset
/// (`MemoryLayout.offset(of:)` answers only for structs), so this reads the instantiated key path
/// object: on 64-bit platforms, after the object header and the KVC string pointer, a 4-byte buffer
/// header (the components' size in its low 24 bits), 4 bytes of padding, then one 4-byte component
/// header — its kind in bits 24…30 (3: a class's stored property), a mutable flag at bit 23 and the
/// field offset in bits 0…22. Anything else — a computed or overridable property, an observed one, a
/// longer path, an offset stored out of line, another layout of the object — is `nil`, and the member
/// keeps the key-path write.
///
/// The layout is the standard library's, not a promise: an offset read here is not written through until
/// a write through the key path has been seen to land at it (`CheckedOffset`), and
/// `LAYOUTKIT_DISABLE_STORED_OFFSETS=1` turns the whole fast path off.
enum StoredPropertyOffset {
    /// The byte offset of the property `keyPath` writes in a `Root` object, or `nil` when `keyPath` is
    /// not exactly one mutable stored property of a class, inline.
    static func of<Root: AnyObject, Value>(_ keyPath: ReferenceWritableKeyPath<Root, Value>) -> Int? {
        guard MemoryLayout<Int>.size == 8 else { return nil }
        let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
        let bufferHeader = object.load(fromByteOffset: bufferOffset, as: UInt32.self)
        guard bufferHeader & sizeMask == componentHeaderSize else { return nil }
        let component = object.load(fromByteOffset: componentOffset, as: UInt32.self)
        let kind = (component >> 24) & 0x7F
        let offset = Int(component & offsetPayloadMask)
        guard kind == classStoredKind, component & mutableFlag != 0, offset < maximumOffset,
            offset >= objectHeaderSize, offset % MemoryLayout<Value>.alignment == 0
        else { return nil }
        return offset
    }

    /// The environment variable that turns the fast path off: with it set to `1`, every outlet and
    /// `<property>` is set through its key path. Read once, when first needed.
    static let disablingVariable = "LAYOUTKIT_DISABLE_STORED_OFFSETS"

    /// Whether `environment` turns the fast path off: `disablingVariable` is `1`.
    static func isDisabled(environment: [String: String]) -> Bool { environment[disablingVariable] == "1" }

    /// `isDisabled(environment:)` of this process, read once.
    private static let isDisabledByEnvironment = isDisabled(environment: ProcessInfo.processInfo.environment)

    /// Tests only: members declared while this is `true` (`$isDisabledForTesting.withValue(true) { … }`)
    /// are set through their key paths, as with `LAYOUTKIT_DISABLE_STORED_OFFSETS=1`. Task-local, so a test
    /// that sets it changes nothing for the tests that run beside it.
    @TaskLocal package static var isDisabledForTesting = false

    /// The offset a member declared now may be set through, once checked: `of(_:)`, unless the fast path
    /// is turned off (`LAYOUTKIT_DISABLE_STORED_OFFSETS=1`, or `isDisabledForTesting`).
    static func checked<Root: AnyObject, Value>(_ keyPath: ReferenceWritableKeyPath<Root, Value>) -> CheckedOffset? {
        guard !isDisabledByEnvironment, !isDisabledForTesting, let offset = of(keyPath) else { return nil }
        return CheckedOffset(offset)
    }

    /// Whether the bytes at `offset` of `object` are those of `value`. Only reads.
    ///
    /// - Precondition: `offset` came from `of(_:)` for a key path whose root is `object`'s class or a
    ///   superclass of it, and whose value type is `Value`.
    static func holds<Value>(_ value: Value, at offset: Int, of object: AnyObject) -> Bool {
        withUnsafeBytes(of: value) { expected in
            withExtendedLifetime(object) {
                let field = UnsafeRawBufferPointer(
                    start: Unmanaged.passUnretained(object).toOpaque().advanced(by: offset), count: expected.count)
                return field.elementsEqual(expected)
            }
        }
    }

    /// Whether `first` and `second` are the same bytes: what `holds(_:at:of:)` tells apart.
    static func sameBytes<Value>(_ first: Value, _ second: Value) -> Bool {
        withUnsafeBytes(of: first) { first in withUnsafeBytes(of: second) { first.elementsEqual($0) } }
    }

    /// Sets the property at `offset` of `object` to `value`, releasing the old value and retaining the
    /// new one as an assignment does.
    ///
    /// - Precondition: `offset` came from `of(_:)` for a key path whose root is `object`'s class or a
    ///   superclass of it, and `value` is of its value type or a subclass of it. The caller keeps both
    ///   alive: neither is retained for the call.
    static func assign(_ value: Unmanaged<AnyObject>, at offset: Int, of object: Unmanaged<AnyObject>) {
        let field = object.toOpaque().advanced(by: offset).assumingMemoryBound(to: AnyObject?.self)
        field.pointee = value.takeUnretainedValue()
    }

    /// Sets the property at `offset` of `object` to `value`, as an assignment does.
    ///
    /// - Precondition: `offset` came from `of(_:)` for a key path whose root is `object`'s class or a
    ///   superclass of it, and whose value type is `Value`.
    static func assign<Value>(_ value: Value, at offset: Int, of object: AnyObject) {
        withExtendedLifetime(object) {
            let field = Unmanaged.passUnretained(object).toOpaque().advanced(by: offset)
            field.assumingMemoryBound(to: Value.self).pointee = value
        }
    }

    /// `AnyKeyPath`'s object header, then its `_kvcKeyPathStringPtr`.
    private static let bufferOffset = 24
    /// The buffer header, then padding to pointer alignment.
    private static let componentOffset = 32
    private static let sizeMask: UInt32 = 0x00FF_FFFF
    /// A component with no payload after its header: a stored property whose offset fits inline.
    private static let componentHeaderSize: UInt32 = 4
    private static let classStoredKind: UInt32 = 3
    private static let mutableFlag: UInt32 = 0x0080_0000
    private static let offsetPayloadMask: UInt32 = 0x007F_FFFF
    /// Payloads from 0x7F_FFFC up mark an offset stored out of line or not yet resolved; an offset past
    /// 64 KiB is taken for a misread layout, not a class's field (a view or view controller has nowhere
    /// near that many bytes of stored properties), and never read or written through.
    private static let maximumOffset = 0x1_0000
    /// A Swift object's metadata pointer and reference count: no stored property is before them.
    private static let objectHeaderSize = 16
}
