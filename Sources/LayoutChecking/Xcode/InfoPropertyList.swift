import LayoutKit

/// The Interface Builder files an `Info.plist` names, read by a reader of its own in each of the three
/// forms a property list takes — binary (`bplist00`), XML and the old text form — in work linear in the
/// file (article "Security").
///
/// Foundation's `PropertyListSerialization` is not used: a binary property list is a graph whose objects
/// may be shared, and Foundation makes it a tree, so 612 bytes of arrays that each hold the next one twice
/// became billions of objects (30 s, 3.7 GB, then a crash). Here each object of a binary list is visited
/// at most twice (under a key that names a file, and under one that does not), whatever shares it; the
/// XML form is scanned once, its nesting kept in an array rather than on the call stack.
package enum InfoPropertyList {
    /// What reading a property list gave: the names, and the work it took (objects visited, references
    /// followed, tags scanned), for the tests that hold it linear in the file.
    package struct Reading: Sendable, Equatable {
        package var names: Set<String> = []
        package var work = 0
    }

    /// Every string under a key that names an Interface Builder file to load — `UIMainStoryboardFile`
    /// (and its `~ipad` form), `UILaunchStoryboardName`, `UISceneStoryboardFile` inside
    /// `UIApplicationSceneManifest`, `NSMainNibFile`, `NSExtensionMainStoryboard` — at any depth (a key
    /// with `Storyboard` or `NibFile` in it; an array's strings belong to its key); `nil` for a file that is
    /// not a property list.
    package static func storyboardNames(_ bytes: [UInt8]) -> Set<String>? {
        read(bytes)?.names
    }

    /// `storyboardNames(_:)` with the work it took.
    package static func read(_ bytes: [UInt8]) -> Reading? {
        guard bytes.count <= InputLimits.maximumFileBytes else { return nil }
        if bytes.starts(with: Array("bplist00".utf8)) { return BinaryList(bytes)?.read() }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "<") { return XMLList.read(bytes, from: start) }
        guard let root = try? OldStylePropertyList.parse(bytes) else { return nil }
        return textList(root)
    }

    /// The most work a file of `count` bytes may take: past it, it is not read (`nil`).
    package static func workLimit(_ count: Int) -> Int { 4 * count + 1024 }

    /// Whether strings under `key` name an Interface Builder file.
    static func namesFile(_ key: some StringProtocol) -> Bool {
        key.contains("Storyboard") || key.contains("NibFile")
    }

    /// The old text form (`{ UIMainStoryboardFile = Main; }`): a tree its parser has already bounded.
    private static func textList(_ root: PropertyListValue) -> Reading {
        var reading = Reading()
        var pending: [(value: PropertyListValue, named: Bool)] = [(root, false)]
        while let (value, named) = pending.popLast() {
            reading.work += 1
            switch value.kind {
            case .string(let text): if named { reading.names.insert(text) }
            case .array(let elements): pending += elements.map { ($0, named) }
            case .dictionary(let entries): pending += entries.map { ($0.value, namesFile($0.key)) }
            }
        }
        return reading
    }
}

/// A binary property list (`bplist00`): a table of objects that refer to each other by index.
private struct BinaryList {
    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let count: Int
    let top: Int
    let table: Int

    init?(_ bytes: [UInt8]) {
        // The trailer: 6 unused bytes, the sizes of an offset and of a reference, then three 8-byte
        // numbers: how many objects, the top one, and where the offset table starts.
        guard bytes.count >= 8 + 32 else { return nil }
        let trailer = bytes.count - 32
        self.bytes = bytes
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = Self.number(bytes, at: trailer + 8, size: 8),
            let top = Self.number(bytes, at: trailer + 16, size: 8),
            let table = Self.number(bytes, at: trailer + 24, size: 8),
            count > 0, count <= trailer, top < count, table >= 8, table <= trailer,
            count <= (trailer - table) / offsetSize
        else { return nil }
        self.count = count
        self.top = top
        self.table = table
    }

    /// A big-endian unsigned number of `size` bytes at `offset`; `nil` past the end or above `Int.max`.
    static func number(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    /// Where object `index` starts, inside the part of the file before the offset table.
    private func offset(of index: Int) -> Int? {
        guard let offset = Self.number(bytes, at: table + index * offsetSize, size: offsetSize),
            offset >= 8, offset < table
        else { return nil }
        return offset
    }

    /// An object's marker and the start and length of what follows it (the count of elements, bytes or
    /// UTF-16 units); `nil` for a malformed length.
    private func header(_ index: Int) -> (marker: UInt8, start: Int, length: Int)? {
        guard let offset = offset(of: index) else { return nil }
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        guard low == 0x0F, [0x40, 0x50, 0x60, 0xA0, 0xC0, 0xD0].contains(marker & 0xF0) else {
            return (marker, offset + 1, low)
        }
        // A length of 15 or more follows as an integer object: 0x1n, then 2^n bytes.
        guard offset + 1 < table, bytes[offset + 1] & 0xF0 == 0x10 else { return nil }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8, let length = Self.number(bytes, at: offset + 2, size: size), length <= table else {
            return nil
        }
        return (marker, offset + 2 + size, length)
    }

    /// Object `index` as a string (ASCII or UTF-16), `nil` when it is not one.
    private func string(_ index: Int) -> String? {
        guard let (marker, start, length) = header(index) else { return nil }
        switch marker & 0xF0 {
        case 0x50:
            guard start + length <= table else { return nil }
            return String(decoding: bytes[start..<start + length], as: UTF8.self)
        case 0x60:
            guard length <= (table - start) / 2 else { return nil }
            let units = (0..<length).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        default:
            return nil
        }
    }

    /// The references of a container (an array's or set's elements, a dictionary's keys then values).
    private func references(_ start: Int, _ count: Int) -> [Int]? {
        guard count <= (table - start) / referenceSize else { return nil }
        var result: [Int] = []
        result.reserveCapacity(count)
        for position in 0..<count {
            guard let reference = Self.number(bytes, at: start + position * referenceSize, size: referenceSize),
                reference < self.count
            else { return nil }
            result.append(reference)
        }
        return result
    }

    /// Walks the objects from the top one, each at most once under a key that names a file and once
    /// under one that does not: shared objects (a DAG) cost their size once, not once per path to them.
    /// `nil` when the file is malformed.
    func read() -> InfoPropertyList.Reading? {
        var reading = InfoPropertyList.Reading()
        // By offset, not index: two entries of the offset table that point at the same bytes are one object.
        var visited = [UInt8](repeating: 0, count: table)
        // Objects may overlap (one's references read as another's header): past this, the file is no
        // property list of any app, and reading stops.
        let limit = InfoPropertyList.workLimit(bytes.count)
        // Whether each key string names a file, worked out once however many dictionaries use it.
        var keyNamesFile: [Int: Bool] = [:]
        var pending: [(index: Int, named: Bool)] = [(top, false)]
        while let (index, named) = pending.popLast() {
            let bit: UInt8 = named ? 2 : 1
            guard let offset = offset(of: index) else { return nil }
            guard visited[offset] & bit == 0 else { continue }
            visited[offset] |= bit
            reading.work += 1
            guard reading.work <= limit, let (marker, start, length) = header(index) else { return nil }
            switch marker & 0xF0 {
            case 0x50, 0x60:
                if named {
                    guard let text = string(index) else { return nil }
                    reading.names.insert(text)
                }
            case 0xA0, 0xC0:
                guard let elements = references(start, length) else { return nil }
                reading.work += elements.count
                pending += elements.map { ($0, named) }
            case 0xD0:
                guard let all = references(start, length * 2) else { return nil }
                reading.work += all.count
                for entry in 0..<length {
                    let key = all[entry]
                    if keyNamesFile[key] == nil {
                        // A key that is not a string names nothing.
                        keyNamesFile[key] = string(key).map(InfoPropertyList.namesFile) ?? false
                        reading.work += 1
                    }
                    pending.append((all[length + entry], keyNamesFile[key] ?? false))
                }
            default:
                break
            }
        }
        return reading.work <= limit ? reading : nil
    }
}

/// The XML form, scanned once: tags, and the text of `<key>` and `<string>`; the nesting of `<dict>` and
/// `<array>` in an array of its own. What is not a property list's shape (no `<plist>`, a tag left open) is
/// no property list.
private enum XMLList {
    /// An open `<dict>` (its last key's verdict) or `<array>` (its key's).
    private struct Container {
        var isDictionary: Bool
        var named: Bool
    }

    static func read(_ bytes: [UInt8], from start: Int) -> InfoPropertyList.Reading? {
        var reading = InfoPropertyList.Reading()
        var stack: [Container] = []
        var sawPlist = false
        var position = start
        let count = bytes.count
        /// The first index of `pattern` at or after `from`; `count` when there is none.
        func find(_ pattern: [UInt8], from: Int) -> Int {
            var index = from
            while index + pattern.count <= count {
                if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
                    return index
                }
                index += 1
            }
            return count
        }
        while position < count {
            guard bytes[position] == UInt8(ascii: "<") else {
                position += 1
                continue
            }
            reading.work += 1
            // Comments, declarations and processing instructions: skipped whole.
            if bytes[position...].starts(with: Array("<!--".utf8)) {
                position = find(Array("-->".utf8), from: position + 4) + 3
                continue
            }
            if position + 1 < count,
                bytes[position + 1] == UInt8(ascii: "?") || bytes[position + 1] == UInt8(ascii: "!")
            {
                position = find([UInt8(ascii: ">")], from: position + 2) + 1
                continue
            }
            let close = find([UInt8(ascii: ">")], from: position + 1)
            guard close < count else { return nil }
            var tag = bytes[(position + 1)..<close]
            position = close + 1
            let isEnd = tag.first == UInt8(ascii: "/")
            if isEnd { tag = tag.dropFirst() }
            let isEmpty = tag.last == UInt8(ascii: "/")
            if isEmpty { tag = tag.dropLast() }
            let name = String(
                decoding: tag.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
            let named = stack.last.map { $0.named } ?? false
            switch (name, isEnd) {
            case ("plist", false): sawPlist = true
            case ("dict", false), ("array", false):
                if !isEmpty { stack.append(Container(isDictionary: name == "dict", named: named)) }
            case ("dict", true), ("array", true):
                guard stack.popLast() != nil else { return nil }
            case ("key", false), ("string", false):
                guard !isEmpty else {
                    if name == "key", !stack.isEmpty, stack[stack.count - 1].isDictionary {
                        stack[stack.count - 1].named = false
                    } else if name == "string", named {
                        reading.names.insert("")
                    }
                    continue
                }
                let end = find(Array("</\(name)>".utf8), from: position)
                guard end < count else { return nil }
                let text = decoded(bytes[position..<end])
                position = end + name.utf8.count + 3
                if name == "key" {
                    if !stack.isEmpty, stack[stack.count - 1].isDictionary {
                        stack[stack.count - 1].named = InfoPropertyList.namesFile(text)
                    }
                } else if named {
                    reading.names.insert(text)
                }
            default:
                break
            }
        }
        return sawPlist && stack.isEmpty ? reading : nil
    }

    /// Text with its character references and the five named entities replaced, and `<![CDATA[…]]>`
    /// taken as it is.
    private static func decoded(_ text: ArraySlice<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = text.startIndex
        let cdata = Array("<![CDATA[".utf8)
        while index < text.endIndex {
            if text[index] == UInt8(ascii: "<"), text[index...].starts(with: cdata) {
                var end = index + cdata.count
                while end + 3 <= text.endIndex, !text[end..<end + 3].elementsEqual(Array("]]>".utf8)) { end += 1 }
                result += text[(index + cdata.count)..<min(end, text.endIndex)]
                index = min(end + 3, text.endIndex)
                continue
            }
            guard text[index] == UInt8(ascii: "&"),
                let semicolon = text[index...].prefix(12).firstIndex(of: UInt8(ascii: ";"))
            else {
                result.append(text[index])
                index += 1
                continue
            }
            let entity = String(decoding: text[(index + 1)..<semicolon], as: UTF8.self)
            let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"][entity]
            var scalar: Unicode.Scalar?
            if entity.hasPrefix("#x") {
                scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if entity.hasPrefix("#") {
                scalar = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            }
            if let replacement = named ?? scalar.map({ String(Character($0)) }) {
                result += Array(replacement.utf8)
                index = semicolon + 1
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
