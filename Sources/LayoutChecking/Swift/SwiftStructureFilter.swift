import Foundation
import LayoutKit

/// One value of sourcekitd's structure reply, as `SwiftStructureFilter` reads it: sourcekitd's own
/// variants in the worker (SourceKit.swift), or parsed JSON in the tests and the fuzzer.
protocol SwiftStructureValue {
    /// The value of `key` in a dictionary; `nil` when absent or when this is not a dictionary.
    func value(_ key: SwiftStructureKey) -> Self?
    /// A string or a UID's text; `nil` for any other kind of value.
    var string: String? { get }
    /// An integer; `nil` for any other kind of value.
    var integer: Int? { get }
    /// The elements of an array; `nil` for any other kind of value.
    var elements: [Self]? { get }
}

/// The keys of sourcekitd's structure that `SwiftDeclarations` reads; the filter copies these and no other.
enum SwiftStructureKey: String, CaseIterable, Sendable {
    case kind = "key.kind"
    case name = "key.name"
    case offset = "key.offset"
    case length = "key.length"
    case nameOffset = "key.nameoffset"
    case bodyOffset = "key.bodyoffset"
    case bodyLength = "key.bodylength"
    case typeName = "key.typename"
    case selectorName = "key.selector_name"
    case attribute = "key.attribute"
    case attributes = "key.attributes"
    case inheritedTypes = "key.inheritedtypes"
    case substructure = "key.substructure"
    case diagnostics = "key.diagnostics"
    case severity = "key.severity"
    case line = "key.line"
    case column = "key.column"
    case description = "key.description"

    /// The keys whose values are arrays of dictionaries of scalars (or, for the substructure, of nodes).
    fileprivate static let lists: Set<SwiftStructureKey> = [.attributes, .inheritedTypes, .substructure, .diagnostics]
    /// The keys whose values are strings or integers, in the order written.
    fileprivate static let scalarKeys = allCases.filter { !lists.contains($0) }
    /// Each key as the filter writes it, `"key.kind":`, by `ordinal`.
    fileprivate static let written: [[UInt8]] = allCases.map { Array("\"\($0.rawValue)\":".utf8) }

    /// The key's place in `allCases`, without hashing: the filter asks for every key of every node.
    package var ordinal: Int {
        switch self {
        case .kind: 0
        case .name: 1
        case .offset: 2
        case .length: 3
        case .nameOffset: 4
        case .bodyOffset: 5
        case .bodyLength: 6
        case .typeName: 7
        case .selectorName: 8
        case .attribute: 9
        case .attributes: 10
        case .inheritedTypes: 11
        case .substructure: 12
        case .diagnostics: 13
        case .severity: 14
        case .line: 15
        case .column: 16
        case .description: 17
        }
    }
}

/// Keeps of sourcekitd's structure reply only what the class catalog reads, and writes it as compact JSON
/// in the same shape, so that the worker process sends its parent a reply that grows with the file's
/// declarations, not with every expression of every function body.
///
/// What is kept (everything else, function bodies above all, is dropped):
/// - type declarations (`class`, `extension`, `struct`, `enum`, `protocol`, `typealias`) at any depth of
///   types, and an enum's cases with their raw values;
/// - in a class or an extension: instance properties (with the calls of their initial value, one level),
///   instance methods (with their parameters), and the `outlets`/`actions`/`properties` lists whole;
/// - calls whose callee's last name is in `calls`, with their arguments, wherever they are: moved up to
///   the nearest kept node when what holds them is dropped (the seam for readers of calls);
/// - the first syntax error.
///
/// A reply nested deeper than `maximumDepth` or larger than `maximumBytes` once filtered is refused, so a
/// hostile or broken sourcekitd costs bounded memory.
package struct SwiftStructureFilter {
    /// The callee names (last component: `dequeueReusableCell`) whose calls are kept anywhere; an entry
    /// ending in `:` (`nibName:`) keeps the calls whose first argument has that label, whatever the callee
    /// (`SomeViewController(nibName:bundle:)`).
    var calls: Set<String> = []
    /// Tests only: keep every node (still only the keys listed), to compare with what the filter keeps.
    var keepsEverything = false
    /// Deeper than this (in levels of the JSON written), the reply is refused: sourcekitd's own parser
    /// stops far sooner, and the parent's JSON reader at 512.
    static let maximumDepth = 500
    /// The most bytes a filtered reply may take.
    package static let maximumBytes = 32 * 1024 * 1024

    /// Why a reply was refused.
    struct Refusal: Error, Equatable {
        var reason: String
    }

    init(calls: Set<String> = []) {
        self.calls = calls
    }

    /// The most syntax errors a filtered reply keeps.
    static let maximumErrors = 16

    /// The filtered reply as lines of JSON: first `{"key.diagnostics":[…]}` (the first syntax errors, if
    /// any), then each top-level declaration kept, one a line, so that the reader holds one at a time.
    /// No line holds a raw line break (strings escape them).
    func filter<Value: SwiftStructureValue>(_ root: Value) throws(Refusal) -> [UInt8] {
        var writer = Writer()
        writer.bytes.append(UInt8(ascii: "{"))
        // The first syntax errors, a few: the reader skips those that are `#error` or `#warning` directives
        // (reported in every `#if` branch) and keeps the first real one.
        let errors = (root.value(.diagnostics)?.elements ?? []).lazy.filter {
            $0.value(.severity)?.string == "source.diagnostic.severity.error"
        }.prefix(Self.maximumErrors)
        if !errors.isEmpty {
            writer.key(.diagnostics)
            writer.bytes.append(UInt8(ascii: "["))
            for (index, error) in errors.enumerated() {
                if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                writer.scalars(of: error)
            }
            writer.bytes.append(UInt8(ascii: "]"))
        }
        writer.bytes.append(UInt8(ascii: "}"))
        writer.bytes.append(UInt8(ascii: "\n"))
        let children = root.value(.substructure)?.elements ?? []
        if keepsEverything {
            try list(children, keep: .whole, dropping: [], into: &writer, depth: 1, asLines: true)
        } else {
            try container(children, into: &writer, depth: 1, asLines: true)
        }
        guard writer.bytes.count <= Self.maximumBytes else { throw Self.tooLarge }
        return writer.bytes
    }

    private static let tooLarge = Refusal(
        reason: "the structure sourcekitd gives for it is larger than \(maximumBytes / (1024 * 1024)) MiB")
    private static let tooDeep = Refusal(
        reason: "the structure sourcekitd gives for it is nested deeper than \(maximumDepth) levels")

    private static let typeKinds: Set<String> = [
        "source.lang.swift.decl.class", "source.lang.swift.decl.extension", "source.lang.swift.decl.struct",
        "source.lang.swift.decl.enum", "source.lang.swift.decl.protocol", "source.lang.swift.decl.typealias",
    ]
    private static let listNames: Set<String> = Set(MemberKind.allCases.map(\.plural))

    /// How much of a node and what lies in it to keep.
    private enum Keep {
        /// The node as a type: its members, each by its own rule.
        case type
        /// The node and its whole subtree.
        case whole
        /// The node and its children, without theirs.
        case shallow
        /// A method: the node and its parameters.
        case method
        /// The node alone.
        case bare
    }

    /// The children of the top level, a struct, an enum or a protocol's: types (and an enum's cases).
    private func container<Value: SwiftStructureValue>(
        _ children: [Value], into writer: inout Writer, depth: Int, asLines: Bool = false
    ) throws(Refusal) {
        guard depth <= Self.maximumDepth else { throw Self.tooDeep }
        let separator = writer.openList(asLines: asLines)
        var first = true
        for child in children {
            let kind = child.value(.kind)?.string ?? ""
            if Self.typeKinds.contains(kind) {
                try node(
                    child, keep: kind == "source.lang.swift.decl.protocol" ? .bare : .type, into: &writer,
                    first: &first, depth: depth + 1, separator: separator)
            } else if kind == "source.lang.swift.decl.enumcase" {
                try node(child, keep: .whole, into: &writer, first: &first, depth: depth + 1, separator: separator)
            } else {
                try hoistedCalls(in: child, into: &writer, first: &first, depth: depth + 1, separator: separator)
            }
        }
        writer.closeList(asLines: asLines, wroteAny: !first)
    }

    /// The members of a class or an extension: what `SwiftDeclarations` reads of each, and the
    /// expressions sourcekitd lists after a property, as its siblings, that lie inside it.
    private func members<Value: SwiftStructureValue>(
        _ children: [Value], into writer: inout Writer, depth: Int
    ) throws(Refusal) {
        guard depth <= Self.maximumDepth else { throw Self.tooDeep }
        writer.bytes.append(UInt8(ascii: "["))
        var first = true
        // The end of the last property, and how to keep the expressions inside it.
        var inside: (end: Int, keep: Keep)?
        for child in children {
            let kind = child.value(.kind)?.string ?? ""
            let offset = min(child.value(.offset)?.integer ?? -1, Writer.largestInteger)
            if let current = inside, offset >= 0, offset < current.end, !Self.typeKinds.contains(kind) {
                try node(child, keep: current.keep, into: &writer, first: &first, depth: depth + 1)
                continue
            }
            inside = nil
            var keep: Keep?
            switch kind {
            case _ where Self.typeKinds.contains(kind):
                keep = kind == "source.lang.swift.decl.protocol" ? .bare : .type
            case "source.lang.swift.decl.var.static", "source.lang.swift.decl.var.class":
                if let name = child.value(.name)?.string, Self.listNames.contains(name) { keep = .whole }
            case "source.lang.swift.decl.var.instance": keep = .shallow
            case "source.lang.swift.decl.function.method.instance": keep = .method
            default: keep = nil
            }
            guard let keep else {
                try hoistedCalls(in: child, into: &writer, first: &first, depth: depth + 1)
                continue
            }
            try node(child, keep: keep, into: &writer, first: &first, depth: depth + 1)
            if keep == .whole || keep == .shallow, let length = child.value(.length)?.integer, offset >= 0 {
                inside = (offset + min(max(length, 0), Writer.largestInteger), keep)
            }
        }
        writer.bytes.append(UInt8(ascii: "]"))
    }

    /// One kept node: its scalars and lists, and its substructure as `keep` says.
    private func node<Value: SwiftStructureValue>(
        _ value: Value, keep: Keep, into writer: inout Writer, first: inout Bool, depth: Int,
        separator: UInt8 = UInt8(ascii: ",")
    ) throws(Refusal) {
        guard depth <= Self.maximumDepth else { throw Self.tooDeep }
        guard writer.bytes.count <= Self.maximumBytes else { throw Self.tooLarge }
        if !first { writer.bytes.append(separator) }
        first = false
        let kind = value.value(.kind)?.string ?? ""
        let isWantedCall = kind == "source.lang.swift.expr.call" && wants(value)
        writer.bytes.append(UInt8(ascii: "{"))
        writer.scalarFields(of: value)
        for key in [SwiftStructureKey.attributes, .inheritedTypes] {
            guard let list = value.value(key)?.elements else { continue }
            writer.bytes.append(UInt8(ascii: ","))
            writer.key(key)
            writer.bytes.append(UInt8(ascii: "["))
            for (index, element) in list.enumerated() {
                if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                writer.scalars(of: element)
            }
            writer.bytes.append(UInt8(ascii: "]"))
        }
        let children = value.value(.substructure)?.elements ?? []
        let mode = isWantedCall ? .whole : keep
        if !children.isEmpty, mode != .bare || !calls.isEmpty {
            writer.bytes.append(UInt8(ascii: ","))
            writer.key(.substructure)
            switch mode {
            case .type:
                if kind == "source.lang.swift.decl.class" || kind == "source.lang.swift.decl.extension" {
                    try members(children, into: &writer, depth: depth + 1)
                } else {
                    try container(children, into: &writer, depth: depth + 1)
                }
            case .whole:
                try list(children, keep: .whole, dropping: [], into: &writer, depth: depth + 1)
            case .shallow:
                try list(children, keep: .bare, dropping: [], into: &writer, depth: depth + 1)
            case .method:
                let isParameter = { (child: Value) in
                    child.value(.kind)?.string == "source.lang.swift.decl.var.parameter"
                }
                try list(
                    children.filter(isParameter), keep: .bare, dropping: children.filter { !isParameter($0) },
                    into: &writer, depth: depth + 1)
            case .bare:
                try list([], keep: .bare, dropping: children, into: &writer, depth: depth + 1)
            }
        }
        writer.bytes.append(UInt8(ascii: "}"))
    }

    /// `kept`, each as `keep` says, then the wanted calls inside `dropped`.
    private func list<Value: SwiftStructureValue>(
        _ kept: [Value], keep: Keep, dropping dropped: [Value], into writer: inout Writer, depth: Int,
        asLines: Bool = false
    ) throws(Refusal) {
        guard depth <= Self.maximumDepth else { throw Self.tooDeep }
        let separator = writer.openList(asLines: asLines)
        var first = true
        for child in kept {
            try node(child, keep: keep, into: &writer, first: &first, depth: depth + 1, separator: separator)
        }
        for child in dropped where !calls.isEmpty {
            try hoistedCalls(in: child, into: &writer, first: &first, depth: depth + 1, separator: separator)
        }
        writer.closeList(asLines: asLines, wroteAny: !first)
    }

    /// The wanted calls in a dropped subtree, each kept whole in the list being written.
    private func hoistedCalls<Value: SwiftStructureValue>(
        in value: Value, into writer: inout Writer, first: inout Bool, depth: Int,
        separator: UInt8 = UInt8(ascii: ",")
    ) throws(Refusal) {
        guard !calls.isEmpty else { return }
        guard depth <= Self.maximumDepth else { throw Self.tooDeep }
        if value.value(.kind)?.string == "source.lang.swift.expr.call", wants(value) {
            try node(value, keep: .whole, into: &writer, first: &first, depth: depth, separator: separator)
            return
        }
        for child in value.value(.substructure)?.elements ?? [] {
            try hoistedCalls(in: child, into: &writer, first: &first, depth: depth + 1, separator: separator)
        }
    }

    private func wants<Value: SwiftStructureValue>(_ call: Value) -> Bool {
        guard !calls.isEmpty, let name = call.value(.name)?.string else { return false }
        var base = Substring(name)
        if base.hasSuffix(".init") { base = base.dropLast(".init".count) }
        let last = base.split(separator: ".").last.map(String.init) ?? name
        if calls.contains(last) { return true }
        let firstArgument = call.value(.substructure)?.elements?.first {
            $0.value(.kind)?.string == "source.lang.swift.expr.argument"
        }
        guard let label = firstArgument?.value(.name)?.string else { return false }
        return calls.contains(label + ":")
    }

    /// Compact JSON, written as the filter walks.
    private struct Writer {
        var bytes: [UInt8] = []
        static let largestInteger = 1 << 32

        /// Starts a list: a JSON array, or lines at the top level; the separator of its elements.
        mutating func openList(asLines: Bool) -> UInt8 {
            if !asLines { bytes.append(UInt8(ascii: "[")) }
            return UInt8(ascii: asLines ? "\n" : ",")
        }

        /// Ends what `openList` started; lines end with a line break.
        mutating func closeList(asLines: Bool, wroteAny: Bool) {
            if !asLines {
                bytes.append(UInt8(ascii: "]"))
            } else if wroteAny {
                bytes.append(UInt8(ascii: "\n"))
            }
        }

        mutating func key(_ key: SwiftStructureKey) {
            bytes += SwiftStructureKey.written[key.ordinal]
        }

        /// The scalar fields of a node (no braces), comma-separated.
        mutating func scalarFields<Value: SwiftStructureValue>(of value: Value) {
            var first = true
            for key in SwiftStructureKey.scalarKeys {
                guard let field = value.value(key) else { continue }
                if let text = field.string {
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    self.key(key)
                    string(text)
                } else if let number = field.integer {
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    self.key(key)
                    // Offsets, lengths, lines and columns: clamped to what a file of the 4 MiB limit can
                    // hold, so that no sum of two overflows in the reader, whatever sourcekitd said.
                    integer(min(max(number, 0), Self.largestInteger))
                } else {
                    continue
                }
                first = false
            }
        }

        /// A dictionary of scalars.
        mutating func scalars<Value: SwiftStructureValue>(of value: Value) {
            bytes.append(UInt8(ascii: "{"))
            scalarFields(of: value)
            bytes.append(UInt8(ascii: "}"))
        }

        /// A non-negative integer's decimal digits, written in place.
        mutating func integer(_ value: Int) {
            guard value >= 10 else {
                bytes.append(UInt8(ascii: "0") + UInt8(value))
                return
            }
            let start = bytes.count
            var rest = value
            while rest > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            bytes[start...].reverse()
        }

        mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}

/// sourcekitd's reply as Foundation parsed it from JSON: what the tests and the fuzzer give the filter.
struct JSONStructureValue: SwiftStructureValue {
    let object: Any

    func value(_ key: SwiftStructureKey) -> JSONStructureValue? {
        ((object as? [String: Any])?[key.rawValue]).map(JSONStructureValue.init)
    }
    var string: String? { object as? String }
    var integer: Int? { object is Bool ? nil : object as? Int }
    var elements: [JSONStructureValue]? { (object as? [Any])?.map(JSONStructureValue.init) }
}
