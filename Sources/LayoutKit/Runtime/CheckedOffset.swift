/// A stored property's offset as `StoredPropertyOffset.of(_:)` read it from a key path, and whether a
/// write has shown it to be the property's: the net under that read of the standard library's layout.
///
/// Until checked, the member is set through its key path, and the first such write checks the offset:
/// the bytes at it held the old value (read through the key path) before the write and hold the new
/// value after it. The write is the one the member was set with anyway, and the offset is only read, so
/// the check changes nothing a key-path write would not: a misread layout costs speed, never memory.
/// A write that cannot tell (the new value's bytes are the old value's) leaves the offset unchecked for
/// the next one. Once seen to disagree, an offset is never written through.
///
/// One per member declaration: a declaration is made once per key path a class declares, when the
/// class is registered, so each key path is checked once and the verdict kept with it.
final class CheckedOffset: Sendable {
    /// What the writes through the key path have shown of the offset.
    enum Verdict: Sendable {
        /// No write has told yet: set through the key path, checking.
        case unchecked
        /// The property is at the offset: set with one store.
        case agrees
        /// It is not, or not always: set through the key path.
        case disagrees
    }

    let offset: Int
    private let state = Locked(Verdict.unchecked)

    init(_ offset: Int) {
        self.offset = offset
    }

    /// What the writes have shown so far.
    var verdict: Verdict { state.withLock { $0 } }

    /// Whether the property is known to be at the offset.
    var agrees: Bool { verdict == .agrees }

    /// Records what one write through the key path showed: the field held `old`'s bytes before it
    /// (`heldOld`) and holds `new`'s after it (`holdsNew`). A write that cannot tell changes nothing;
    /// a disagreement is final.
    func record<Value>(old: Value, new: Value, heldOld: Bool, holdsNew: Bool) {
        guard !StoredPropertyOffset.sameBytes(old, new) else { return }
        let agrees = heldOld && holdsNew
        state.withLock { verdict in
            if verdict != .disagrees { verdict = agrees ? .agrees : .disagrees }
        }
    }

    /// Sets `keyPath` of `object` to `value`: with one store once the offset agrees, else through the
    /// key path, checking the offset on the way while it is unchecked.
    ///
    /// - Precondition: `offset` came from `StoredPropertyOffset.of(keyPath)`.
    func set<Root: AnyObject, Value>(_ keyPath: ReferenceWritableKeyPath<Root, Value>, of object: Root, to value: Value)
    {
        switch verdict {
        case .agrees:
            StoredPropertyOffset.assign(value, at: offset, of: object)
        case .disagrees:
            object[keyPath: keyPath] = value
        case .unchecked:
            let old = object[keyPath: keyPath]
            let heldOld = StoredPropertyOffset.holds(old, at: offset, of: object)
            object[keyPath: keyPath] = value
            record(
                old: old, new: value, heldOld: heldOld,
                holdsNew: StoredPropertyOffset.holds(value, at: offset, of: object))
        }
    }
}
