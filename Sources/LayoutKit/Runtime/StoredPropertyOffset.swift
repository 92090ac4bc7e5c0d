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
        guard kind == classStoredKind, component & mutableFlag != 0, offset < firstSpecialPayload,
            offset >= objectHeaderSize, offset % MemoryLayout<Value>.alignment == 0
        else { return nil }
        return offset
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
    /// Payloads from here up mark an offset stored out of line or not yet resolved.
    private static let firstSpecialPayload = 0x007F_FFFC
    /// A Swift object's metadata pointer and reference count: no stored property is before them.
    private static let objectHeaderSize = 16
}
