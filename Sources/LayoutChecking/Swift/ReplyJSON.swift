import Foundation
import LayoutKit

/// Reads one line of the worker's filtered reply (`SwiftStructureFilter`) in one pass over its bytes: into
/// the typed nodes the declaration readers walk (`node(_:)`, below), or into dictionaries (`object(_:)`).
/// The dictionary reader is the JSON grammar the node reader is built on; it is kept whole, and only the
/// tests call it, to hold that grammar to Foundation's and the node reader to it.
///
/// Foundation's `JSONSerialization` reads the same text, but through an intermediate tree, `NSNumber`s
/// and arrays of `Any` that each reader's `as? [[String: Any]]` then converts element by element; on a
/// run's Swift files that was a third of `layout-check`'s own CPU time. Here numbers are `Int` (`Double`
/// past its range or with a fraction), and an array whose elements are all objects is made a
/// `[[String: Any]]` at once, so that the readers' casts find the type they ask for.
///
/// It reads any JSON (the worker may be broken or hostile): a syntax error, trailing bytes or nesting past
/// `maximumDepth` make it return `nil`, never trap. `null` is `NSNull`, as Foundation gives it.
enum ReplyJSON {
    /// Deeper than this is refused: `SourceKit.answer` refuses deeper text before it gets here.
    static let maximumDepth = SwiftStructureFilter.maximumDepth + 12

    /// The object `bytes` holds, or `nil` when they hold anything else or are not JSON.
    static func object(_ bytes: ArraySlice<UInt8>) -> [String: Any]? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            guard let value = reader.value(depth: 0) as? [String: Any] else { return nil }
            reader.skipWhitespace()
            return reader.index == buffer.count && !reader.failed ? value : nil
        }
    }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var failed = false

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
                default: return
                }
            }
        }

        /// The value at `index`; `nil` (and `failed`) when there is none.
        mutating func value(depth: Int) -> Any? {
            guard depth <= ReplyJSON.maximumDepth else { return fail() }
            skipWhitespace()
            guard index < bytes.count else { return fail() }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true", true)
            case UInt8(ascii: "f"): return literal("false", false)
            case UInt8(ascii: "n"): return literal("null", NSNull())
            default: return number()
            }
        }

        private mutating func fail() -> Any? {
            failed = true
            return nil
        }

        private mutating func object(depth: Int) -> Any? {
            index += 1
            var result: [String: Any] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return result
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return fail() }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return fail() }
                index += 1
                guard let value = value(depth: depth + 1) else { return fail() }
                result[key] = value
                skipWhitespace()
                guard index < bytes.count else { return fail() }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    // A trailing comma, which Foundation's reader accepts too.
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return result
                    }
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return result
                } else {
                    return fail()
                }
            }
        }

        private mutating func array(depth: Int) -> Any? {
            index += 1
            var elements: [Any] = []
            var objects: [[String: Any]] = []
            var allObjects = true
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return objects
            }
            while true {
                skipWhitespace()
                // A trailing comma, which Foundation's reader accepts too.
                if index < bytes.count, bytes[index] == UInt8(ascii: "]"), !(objects.isEmpty && elements.isEmpty) {
                    index += 1
                    return allObjects ? objects : elements
                }
                guard let element = value(depth: depth + 1) else { return fail() }
                if allObjects, let object = element as? [String: Any] {
                    objects.append(object)
                } else {
                    if allObjects {
                        elements = objects.map { $0 as Any }
                        objects = []
                        allObjects = false
                    }
                    elements.append(element)
                }
                skipWhitespace()
                guard index < bytes.count else { return fail() }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return allObjects ? objects : elements
                } else {
                    return fail()
                }
            }
        }

        private mutating func literal(_ word: StaticString, _ value: Any) -> Any? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return fail() }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return fail() }
            index += count
            return value
        }

        /// A number by JSON's grammar, `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`: an `Int` when it is
        /// a whole number in range, else a `Double`.
        private mutating func number() -> Any? {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    index += 1
                }
                return index - first
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let leading = index
            guard digits() > 0 else { return fail() }
            // No leading zero before another digit.
            if bytes[leading] == UInt8(ascii: "0"), index - leading > 1 { return fail() }
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return fail() }
                isInteger = false
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { return fail() }
                isInteger = false
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if isInteger, let integer = Int(text) { return integer }
            guard let double = Double(text) else { return fail() }
            return double
        }

        /// The string at `index` (its opening quote), escapes decoded; `nil` when it is not one.
        mutating func string() -> String? {
            index += 1
            let start = index
            // Most strings have no escape: one copy of their bytes.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else {
                    failed = true
                    return nil
                }
                index += 1
            }
            guard index < bytes.count else {
                failed = true
                return nil
            }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            var decoded = Array(bytes[start..<index])
            while index < bytes.count, bytes[index] == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count, escape(into: &decoded) else {
                    failed = true
                    return nil
                }
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                    guard bytes[index] >= 0x20 else {
                        failed = true
                        return nil
                    }
                    decoded.append(bytes[index])
                    index += 1
                }
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                failed = true
                return nil
            }
            index += 1
            return String(decoding: decoded, as: UTF8.self)
        }

        /// Decodes the escape after a backslash into `decoded`.
        private mutating func escape(into decoded: inout [UInt8]) -> Bool {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4() else { return false }
                // A surrogate pair is one scalar; a lone surrogate is an error, as Foundation reads it.
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { return false }
                    index += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return false }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let decodedScalar = Unicode.Scalar(scalar) else { return false }
                decoded.append(contentsOf: String(Character(decodedScalar)).utf8)
            default: return false
            }
            return true
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}

/// One dictionary of the worker's filtered reply, with the keys the filter keeps (`SwiftStructureKey`) as
/// typed fields: read straight from the line's bytes (`ReplyJSON.node(_:)`), with no dictionary, no hashing
/// of keys and no boxing, which was the larger part of decoding a reply into `[String: Any]`.
final class StructureNode {
    var kind: String?
    var name: String?
    var typeName: String?
    var selectorName: String?
    var attribute: String?
    var severity: String?
    var description: String?
    var offset: Int?
    var length: Int?
    var nameOffset: Int?
    var bodyOffset: Int?
    var bodyLength: Int?
    var line: Int?
    var column: Int?
    /// `key.substructure`.
    var children: [StructureNode] = []
    /// `key.attributes`: each an attribute with its `attribute`, `offset` and `length`.
    var attributeNodes: [StructureNode] = []
    /// `key.inheritedtypes`: each with its `name`.
    var inheritedTypes: [StructureNode] = []
    /// `key.diagnostics`: each with `severity`, `line`, `column` and `description`.
    var diagnostics: [StructureNode] = []

    /// The attributes' kinds (`source.decl.attribute.iboutlet`).
    var attributes: [String] { attributeNodes.compactMap(\.attribute) }
}

extension ReplyJSON {
    /// Each key of the filter's as its bytes, the most frequent first.
    fileprivate static let keyBytes: [(SwiftStructureKey, [UInt8])] = {
        let frequent: [SwiftStructureKey] = [.kind, .offset, .length, .nameOffset, .name, .bodyOffset, .bodyLength]
        let rest = SwiftStructureKey.allCases.filter { !frequent.contains($0) }
        return (frequent + rest).map { ($0, Array($0.rawValue.utf8)) }
    }()

    /// The node `bytes` hold, or `nil` when they hold anything else, are not JSON, or give a key of the
    /// filter's a value of another type than the filter writes (a broken or hostile worker: the file is then
    /// unreadable, never misread). Keys the filter does not write are read and dropped.
    static func node(_ bytes: ArraySlice<UInt8>) -> StructureNode? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            reader.skipWhitespace()
            guard reader.index < buffer.count, buffer[reader.index] == UInt8(ascii: "{"),
                let node = reader.node(depth: 0)
            else { return nil }
            reader.skipWhitespace()
            return reader.index == buffer.count && !reader.failed ? node : nil
        }
    }
}

extension ReplyJSON.Reader {
    /// The object at `index` (its `{`) as a node; `nil` (and `failed`) when it is not one.
    mutating func node(depth: Int) -> StructureNode? {
        guard depth <= ReplyJSON.maximumDepth else { return failNode() }
        index += 1
        let node = StructureNode()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return node
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = structureKey() else {
                return failNode()
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return failNode() }
            index += 1
            skipWhitespace()
            guard index < bytes.count else { return failNode() }
            guard read(key, into: node, depth: depth) else { return failNode() }
            skipWhitespace()
            guard index < bytes.count else { return failNode() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return node
                }
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return node
            } else {
                return failNode()
            }
        }
    }

    private mutating func failNode() -> StructureNode? {
        failed = true
        return nil
    }

    /// The key at `index` (its opening quote): `.some(nil)` for a key the filter does not write, `nil` (and
    /// `failed`) when it is not a string. A key without escapes (as the filter writes every key) is matched
    /// by its bytes, with no `String` made; one with escapes is decoded as any string is.
    private mutating func structureKey() -> SwiftStructureKey?? {
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
            bytes[end] >= 0x20
        {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else {
            guard let key = string() else { return nil }
            return .some(SwiftStructureKey(rawValue: key))
        }
        index = end + 1
        let count = end - start
        for (key, written) in ReplyJSON.keyBytes where written.count == count {
            if written.indices.allSatisfy({ written[$0] == bytes[start + $0] }) { return .some(key) }
        }
        return .some(nil)
    }

    /// Reads the value of `key` into its field; false when it is not of the type the filter writes.
    private mutating func read(_ key: SwiftStructureKey?, into node: StructureNode, depth: Int) -> Bool {
        switch key {
        case .kind?: return readString { node.kind = $0 }
        case .name?: return readString { node.name = $0 }
        case .typeName?: return readString { node.typeName = $0 }
        case .selectorName?: return readString { node.selectorName = $0 }
        case .attribute?: return readString { node.attribute = $0 }
        case .severity?: return readString { node.severity = $0 }
        case .description?: return readString { node.description = $0 }
        case .offset?: return readInt { node.offset = $0 }
        case .length?: return readInt { node.length = $0 }
        case .nameOffset?: return readInt { node.nameOffset = $0 }
        case .bodyOffset?: return readInt { node.bodyOffset = $0 }
        case .bodyLength?: return readInt { node.bodyLength = $0 }
        case .line?: return readInt { node.line = $0 }
        case .column?: return readInt { node.column = $0 }
        case .substructure?: return readNodes(depth: depth) { node.children = $0 }
        case .attributes?: return readNodes(depth: depth) { node.attributeNodes = $0 }
        case .inheritedTypes?: return readNodes(depth: depth) { node.inheritedTypes = $0 }
        case .diagnostics?: return readNodes(depth: depth) { node.diagnostics = $0 }
        case nil: return value(depth: depth + 1) != nil
        }
    }

    private mutating func readString(_ set: (String) -> Void) -> Bool {
        guard bytes[index] == UInt8(ascii: "\""), let string = string() else { return false }
        set(string)
        return true
    }

    private mutating func readInt(_ set: (Int) -> Void) -> Bool {
        // Most values are a few digits: read here, with no text made and no boxing. Anything else (a
        // fraction, an exponent, a leading zero, 18 digits or more, not a number) is read as any value.
        var end = index
        let isNegative = bytes[end] == UInt8(ascii: "-")
        if isNegative { end += 1 }
        let first = end
        var magnitude = 0
        while end < bytes.count, end - first < 18, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
            magnitude = magnitude * 10 + Int(bytes[end] - UInt8(ascii: "0"))
            end += 1
        }
        let digits = end - first
        let isPlain =
            digits > 0 && digits < 18 && (bytes[first] != UInt8(ascii: "0") || digits == 1)
            && (end == bytes.count
                || !(bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "e")
                    || bytes[end] == UInt8(ascii: "E")
                    || (bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9"))))
        if isPlain {
            index = end
            set(isNegative ? -magnitude : magnitude)
            return true
        }
        guard let integer = value(depth: 0) as? Int else { return false }
        set(integer)
        return true
    }

    /// An array of objects, each a node.
    private mutating func readNodes(depth: Int, _ set: ([StructureNode]) -> Void) -> Bool {
        guard depth + 1 <= ReplyJSON.maximumDepth, bytes[index] == UInt8(ascii: "[") else { return false }
        index += 1
        var nodes: [StructureNode] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                set(nodes)
                return true
            }
            guard bytes[index] == UInt8(ascii: "{"), let node = node(depth: depth + 2) else { return false }
            nodes.append(node)
            skipWhitespace()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] != UInt8(ascii: "]") {
                return false
            }
        }
    }
}
