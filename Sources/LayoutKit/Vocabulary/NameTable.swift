/// The cases of a `String`-backed enum found by name: grouped by length, then compared. For the
/// format's short ASCII names that is a comparison of a word or two, where hashing reads every byte
/// and the raw-value initialiser compares the name with every case in turn.
struct NameTable<Value: RawRepresentable & CaseIterable>: Sendable
where Value.RawValue == String, Value: Sendable {
    private let byLength: [[(name: String, value: Value)]]
    /// The same entries as UTF-8, for names read in place.
    private let bytesByLength: [[(name: [UInt8], value: Value)]]

    init() {
        let count = (Value.allCases.map(\.rawValue.utf8.count).max() ?? 0) + 1
        var table = [[(name: String, value: Value)]](repeating: [], count: count)
        var bytes = [[(name: [UInt8], value: Value)]](repeating: [], count: count)
        for value in Value.allCases {
            table[value.rawValue.utf8.count].append((value.rawValue, value))
            bytes[value.rawValue.utf8.count].append((Array(value.rawValue.utf8), value))
        }
        byLength = table
        bytesByLength = bytes
    }

    subscript(name: String) -> Value? {
        let length = name.utf8.count
        guard length < byLength.count else { return nil }
        for entry in byLength[length] where entry.name == name { return entry.value }
        return nil
    }

    /// The case whose name is these UTF-8 bytes.
    subscript(utf8 name: UnsafeBufferPointer<UInt8>) -> Value? {
        guard name.count < bytesByLength.count else { return nil }
        for entry in bytesByLength[name.count] {
            // Same length: compare byte by byte, most names differing at their first.
            var index = 0
            while index < name.count, entry.name[index] == name[index] { index += 1 }
            if index == name.count { return entry.value }
        }
        return nil
    }
}
