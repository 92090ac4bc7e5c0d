import LayoutKit

/// How Swift code uses implicitly unwrapped outlets, read from its text: whether any use reads one as if
/// it were connected (`titleLabel.text`, `cell.titleLabel.text`), and whether code assigns one itself.
///
/// `unconnected-outlet` claims that reading an outlet no Interface Builder file connects will crash. That
/// is true only when some code reads it forced and nothing assigns it: every use nil-safe (`label?.text`,
/// `label != nil`, `label ?? fallback`, `if let label`, `if let x = label`) cannot crash, and an outlet the
/// code assigns is not Interface Builder's alone. A read inside `if label != nil { … }` (or after
/// `guard label != nil else { … }`) is guarded, and a local `let label = …` hides the outlet for the rest
/// of its block (`label.text` there reads the local). The scan is lexical — comments and string literals are
/// skipped, identifiers compared by name — so an unrelated member of the same name read through another
/// object (`banner.label`) counts as a use too: that can only keep a finding, never invent one. An outlet
/// passed whole as an argument (`share(label)`) or handed on whole as the value of an assignment
/// (`navigationItem.rightBarButtonItem = button`, `let b: UIButton? = button`) is no forced read: the type
/// of the place it goes, which decides whether it is unwrapped, is not read. A bare read
/// is attributed to the type whose body holds it (`bareReadTypes`): it is that type's own `self.label`.
/// One pass over each file, linear in its bytes.
package struct OutletUses: Sendable {
    /// What the code does with one name.
    package struct Use: Sendable, Equatable {
        /// A read that is not nil-safe: if the outlet is not connected, it crashes. Set for a member read
        /// (`cell.label.text`) and for a bare one outside any type; a bare read in a type's body
        /// (`label.text` in `class Cell` or `extension Cell`) is in `bareReadTypes` instead.
        package var forcedRead = false
        /// The types (their last name, `Cell` for `extension Feed.Cell`) in whose bodies a bare `label`
        /// is read forced: that is `self.label` of that type, which crashes only for an object of it.
        package var bareReadTypes: Set<String> = []
        /// An assignment, `name = …` or `x.name = …`.
        package var assigned = false
    }

    package private(set) var uses: [String: Use] = [:]

    package init() {}

    /// Whether reading `name` unconnected can crash, as far as the code shows: some read is forced and
    /// nothing assigns it. A name no code mentions has no read at all, so it cannot crash either.
    package func mayCrash(_ name: String) -> Bool {
        guard let use = uses[name] else { return false }
        return (use.forcedRead || !use.bareReadTypes.isEmpty) && !use.assigned
    }

    /// `mayCrash(_:)` for an object whose class and superclasses are `ancestors`: a bare read in another
    /// class's body (`isClass`) is that class's own member, never this object's; a bare read in any
    /// other type (a protocol's extension, which the object may conform to) still counts.
    package func mayCrash(_ name: String, ancestors: Set<String>, isClass: (String) -> Bool) -> Bool {
        guard let use = uses[name], !use.assigned else { return false }
        return use.forcedRead || use.bareReadTypes.contains { ancestors.contains($0) || !isClass($0) }
    }

    /// Whether some read of `name` is an object's own, for an object whose class and superclasses are
    /// `ancestors`: a forced bare read in the body of one of them (or of a type that is not a class, a
    /// protocol's extension), and nothing assigns it. A member read (`cell.label.text`) is not: which
    /// object it reads is not in the text.
    package func readsOwn(_ name: String, ancestors: Set<String>, isClass: (String) -> Bool) -> Bool {
        guard let use = uses[name], !use.assigned else { return false }
        return use.bareReadTypes.contains { ancestors.contains($0) || !isClass($0) }
    }

    package mutating func merge(_ other: OutletUses) {
        for (name, use) in other.uses {
            uses[name, default: Use()].forcedRead = uses[name, default: Use()].forcedRead || use.forcedRead
            uses[name, default: Use()].assigned = uses[name, default: Use()].assigned || use.assigned
            uses[name, default: Use()].bareReadTypes.formUnion(use.bareReadTypes)
        }
    }

    /// The uses of `names` in one Swift file's text.
    package static func scan(_ text: [UInt8], names: Set<String>) -> OutletUses {
        scan(text, names: NameFilter(names))
    }

    /// `scan(_:names:)` with the names' filter made once for every file of a run.
    package static func scan(_ text: [UInt8], names filter: NameFilter) -> OutletUses {
        var result = OutletUses()
        let names = filter.names
        guard !names.isEmpty, filter.mentionsAny(in: text) else { return result }
        var tokens = Tokens(text)
        // The token before the current one, and whether the line began a binding (`if let`,
        // `guard let`, `while let`).
        var previous: Token = .other(0)
        var bindingStatement = false
        var bindingKeyword = ""
        // `if let label` and `guard let label` bind an unwrapped `label` that hides the outlet: where it is
        // in scope, `label` is no read of the outlet. Each shadow lasts while the brace depth stays at or
        // above `from` (an `if`'s from its block on, a `guard`'s to the end of the enclosing block).
        // `if label != nil` guards the same span; a local `let label` hides a bare `label` (not
        // `self.label`) to the end of its block. A `||` in the condition undoes the guards it made.
        var depth = 0
        var shadows: [(name: String, from: Int, bareOnly: Bool, guardedBy: Int?)] = []
        // The condition being read (`if`, `guard`, `while` up to its block or the line's end), numbered so
        // that a `||` in it can undo its own guards.
        var condition: (keyword: String, number: Int, hasOr: Bool)?
        var conditions = 0
        // `@IBOutlet` seen since the last declaration: the next `var` declares the outlet, no local.
        var outletAttribute = false
        // The types whose bodies enclose the current token, innermost last, with the depth inside their
        // braces; and the name after `class`/`struct`/`enum`/`extension`/`protocol`/`actor` until its `{`.
        var types: [(name: String, depth: Int)] = []
        var declaredType: String?
        var readingTypeName = false
        while let token = tokens.next() {
            defer { previous = token }
            guard case .identifier(let range) = token else {
                switch token {
                case .newline:
                    bindingStatement = false
                    condition = nil
                case .punctuation(UInt8(ascii: "{")):
                    depth += 1
                    condition = nil
                    outletAttribute = false
                    if let name = declaredType { types.append((name, depth)) }
                    declaredType = nil
                    readingTypeName = false
                case .punctuation(UInt8(ascii: "}")):
                    depth -= 1
                    shadows.removeAll { depth < $0.from }
                    while let last = types.last, depth < last.depth { types.removeLast() }
                    outletAttribute = false
                case .punctuation(UInt8(ascii: "|")):
                    readingTypeName = false
                    if case .punctuation(UInt8(ascii: "|")) = previous, let number = condition?.number {
                        shadows.removeAll { $0.guardedBy == number }
                        condition?.hasOr = true
                    }
                default:
                    // `extension Feed.Cell`: the name goes on after a dot.
                    if !Self.isDot(token) { readingTypeName = false }
                }
                continue
            }
            let word = String(decoding: text[range], as: UTF8.self)
            let previousWord = Self.word(previous, in: text)
            let afterDot = Self.isDot(previous)
            if readingTypeName && afterDot {
                declaredType = word
            } else if Self.typeKeywords.contains(previousWord) && !Self.memberKeywords.contains(word) {
                // `class Cell`, `extension Feed.Cell`; not `class func`, `class var`.
                declaredType = word
                readingTypeName = true
            } else {
                readingTypeName = false
            }
            if word == "if" || word == "guard" || word == "while" {
                conditions += 1
                condition = (word, conditions, false)
            }
            if word == "IBOutlet" { outletAttribute = true }
            if word == "let" || word == "var", case .identifier(let before) = previous {
                let keyword = String(decoding: text[before], as: UTF8.self)
                if keyword == "if" || keyword == "guard" || keyword == "while" {
                    bindingStatement = true
                    bindingKeyword = keyword
                }
            }
            let isMemberName: Bool = {
                if case .punctuation(UInt8(ascii: ".")) = previous { return true } else { return false }
            }()
            guard names.contains(word) else {
                // The name another declaration declares: the attribute, if any, was its.
                if word == "func" { outletAttribute = false }
                if case .identifier(let before) = previous,
                    text[before].elementsEqual("var".utf8) || text[before].elementsEqual("let".utf8)
                {
                    outletAttribute = false
                }
                continue
            }
            // A declaration or a binding of the name itself (`var label`, `if let label`): no read.
            if case .identifier(let before) = previous {
                let keyword = String(decoding: text[before], as: UTF8.self)
                if keyword == "var" || keyword == "let" {
                    if bindingStatement {
                        shadows.append((word, bindingKeyword == "guard" ? depth : depth + 1, false, nil))
                    } else if depth > 0, !outletAttribute {
                        // A local (or another type's member) of the same name: a bare `label` after it in
                        // its block is that, not the outlet.
                        shadows.append((word, depth, true, nil))
                    }
                    outletAttribute = false
                    continue
                }
            }
            if shadows.contains(where: { $0.name == word && !($0.bareOnly && isMemberName) }) { continue }
            let next = tokens.peek()
            var use = Use()
            switch next {
            case .punctuation(let byte) where byte == UInt8(ascii: "?"):
                break  // `label?.text`, `label ?? fallback`
            case .assignment:
                use.assigned = true
            case .comparison(let isNotEqual):
                // `label != nil`, `label == nil`: nil-safe; any other comparison reads it.
                let withNil = tokens.comparedWithNil()
                use.forcedRead = !withNil
                // `if label != nil`, `guard label != nil else`: reads after it in the guarded span are safe.
                if withNil, isNotEqual, !isMemberName, let condition, !condition.hasOr {
                    shadows.append(
                        (word, condition.keyword == "guard" ? depth : depth + 1, false, condition.number))
                }
            case .punctuation(UInt8(ascii: ":"))
            where {
                if case .punctuation(let byte) = previous {
                    return byte == UInt8(ascii: "(") || byte == UInt8(ascii: ",")
                }
                return false
            }():
                break  // an argument label or a parameter's name, `show(label: x)`: no read
            default:
                // `if let x = label`, `guard let x = label else`: the right side of a binding.
                // `if let x = label.text` still reads `label` forced.
                let isMember: Bool = {
                    if case .punctuation(UInt8(ascii: ".")) = next { return true } else { return false }
                }()
                let isBound =
                    bindingStatement && !isMember
                    && { if case .assignment = previous { return true } else { return false } }()
                // A whole argument or element, `share(button)`, `share(from: button)`, `[button, other]`:
                // whether that unwraps it depends on the parameter's type (`UIButton?` does not), which the
                // scan does not read, so it is no forced read.
                let isWholeArgument: Bool = {
                    guard case .punctuation(let before) = previous, case .punctuation(let after) = next else {
                        return false
                    }
                    return [UInt8(ascii: "("), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "[")].contains(before)
                        && [UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "]")].contains(after)
                }()
                // A whole value handed on, `navigationItem.rightBarButtonItem = inviteButton`, `let x: T? =
                // button`: the place it goes decides whether it is unwrapped, and a Swift 5 implicitly
                // unwrapped value assigned to an optional or inferred place is not; no forced read.
                let isWholeValue: Bool = {
                    guard case .assignment = previous else { return false }
                    switch next {
                    case nil, .newline: return true
                    case .punctuation(let after): return after == UInt8(ascii: ";") || after == UInt8(ascii: "}")
                    default: return false
                    }
                }()
                if !isBound && !isWholeArgument && !isWholeValue { use.forcedRead = true }
            }
            if use.forcedRead, !isMemberName, let type = types.last {
                result.uses[word, default: Use()].bareReadTypes.insert(type.name)
                use.forcedRead = false
            }
            result.uses[word, default: Use()].forcedRead =
                result.uses[word, default: Use()].forcedRead || use.forcedRead
            result.uses[word, default: Use()].assigned = result.uses[word, default: Use()].assigned || use.assigned
        }
        return result
    }

    /// The identifier `token` is, or "".
    private static func word(_ token: Token, in text: [UInt8]) -> String {
        guard case .identifier(let range) = token else { return "" }
        return String(decoding: text[range], as: UTF8.self)
    }

    private static func isDot(_ token: Token) -> Bool {
        guard case .punctuation(let byte) = token else { return false }
        return byte == UInt8(ascii: ".")
    }

    /// The words that declare a type whose body follows.
    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "protocol", "actor"]
    /// Words after `class` that make it a modifier, not a declaration.
    private static let memberKeywords: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "override", "final", "private", "fileprivate",
        "internal", "public", "open", "static", "weak", "unowned",
    ]
}

/// A token of Swift text, as far as `OutletUses` needs: identifiers, `=`, `==`/`!=`, a newline, other
/// punctuation; comments, string literals and numbers are skipped.
private enum Token {
    case identifier(Range<Int>)
    case assignment
    /// `==`, `!=`, `===`, `!==`; `isNotEqual` for the last two.
    case comparison(isNotEqual: Bool)
    case newline
    case punctuation(UInt8)
    case other(Int)
}

private struct Tokens {
    let text: [UInt8]
    var index = 0
    private var lookahead: Token?

    init(_ text: [UInt8]) { self.text = text }

    mutating func peek() -> Token? {
        if lookahead == nil { lookahead = read() }
        return lookahead
    }

    mutating func next() -> Token? {
        if let token = lookahead {
            lookahead = nil
            return token
        }
        return read()
    }

    /// After a comparison operator: whether its other side is `nil` (consumes nothing the caller needs).
    mutating func comparedWithNil() -> Bool {
        _ = next()  // the operator itself
        guard case .identifier(let range) = peek() else { return false }
        return text[range].elementsEqual("nil".utf8)
    }

    private func byte(_ offset: Int) -> UInt8? { offset < text.count ? text[offset] : nil }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    private mutating func read() -> Token? {
        while index < text.count {
            let current = text[index]
            switch current {
            case UInt8(ascii: "\n"):
                index += 1
                return .newline
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                while index < text.count, text[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                skipString()
                return .other(index)
            case UInt8(ascii: "#") where startsString():
                skipString()
                return .other(index)
            case UInt8(ascii: "`"):
                let start = index + 1
                var end = start
                while end < text.count, text[end] != UInt8(ascii: "`"), text[end] != UInt8(ascii: "\n") { end += 1 }
                index = min(end + 1, text.count)
                return .identifier(start..<end)
            case let byte where Self.isIdentifierStart(byte):
                let start = index
                while index < text.count, Self.isIdentifierByte(text[index]) { index += 1 }
                return .identifier(start..<index)
            case let byte where byte >= 0x30 && byte <= 0x39:
                while index < text.count, Self.isIdentifierByte(text[index]) || text[index] == UInt8(ascii: ".") {
                    index += 1
                }
                return .other(index)
            case UInt8(ascii: "="), UInt8(ascii: "!"):
                // `==`, `!=`, `===`, `!==`: comparisons; a lone `=`: an assignment; `!` alone: punctuation.
                if byte(index + 1) == UInt8(ascii: "=") {
                    index += 2
                    if byte(index) == UInt8(ascii: "=") { index += 1 }
                    return .comparison(isNotEqual: current == UInt8(ascii: "!"))
                }
                index += 1
                return current == UInt8(ascii: "=") ? .assignment : .punctuation(current)
            default:
                index += 1
                return .punctuation(current)
            }
        }
        return nil
    }

    /// Whether a `"` or a `#"` (raw string) starts here.
    private func startsString() -> Bool {
        var offset = index
        while byte(offset) == UInt8(ascii: "#") { offset += 1 }
        return byte(offset) == UInt8(ascii: "\"")
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if text[index] == UInt8(ascii: "*"), byte(index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
    }

    /// Skips a string literal — `"…"`, `"""…"""`, raw `#"…"#` — with its escapes; interpolations are
    /// skipped with it (an outlet read inside one is missed, which can only keep a finding silent).
    private mutating func skipString() {
        var hashes = 0
        while byte(index) == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        let isMultiline = byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
        index += isMultiline ? 3 : 1
        while index < text.count {
            let current = text[index]
            if current == UInt8(ascii: "\\"), hashes == 0 {
                index += 2
                continue
            }
            if !isMultiline, current == UInt8(ascii: "\n") { return }
            if current == UInt8(ascii: "\"") {
                let quotes = isMultiline ? 3 : 1
                var offset = index
                var closing = true
                for _ in 0..<quotes where byte(offset) != UInt8(ascii: "\"") {
                    closing = false
                }
                if closing {
                    offset = index + quotes
                    var found = 0
                    while found < hashes, byte(offset) == UInt8(ascii: "#") {
                        found += 1
                        offset += 1
                    }
                    if isMultiline {
                        closing = byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
                    }
                    if closing, found == hashes {
                        index = offset
                        return
                    }
                }
            }
            index += 1
        }
    }
}

extension OutletUses {
    /// The outlet names a run scans for, and a bit for each one's hash: `scan` records uses of those
    /// names only, so a file in which no identifier (outside comments and string literals, as `scan`
    /// reads it) is one of them has no uses, and most of an app's files are passed over without the
    /// `String` and the hashing `scan` makes of every identifier (a tenth of a real app's run, Pocket
    /// Casts' 1,340 files). An identifier is hashed as bytes (FNV-1a) and made a `String` only when its
    /// bit is set. Made once per run.
    package struct NameFilter: Sendable {
        package let names: Set<String>
        private var bits = [UInt64](repeating: 0, count: 1 << 10)

        package init(_ names: Set<String>) {
            self.names = names
            for name in names { set(Self.fnv1a(name.utf8)) }
        }

        private mutating func set(_ hash: UInt64) {
            let bit = Int(truncatingIfNeeded: hash >> 48)
            bits[bit >> 6] |= 1 << UInt64(bit & 63)
        }

        private func isSet(_ hash: UInt64) -> Bool {
            let bit = Int(truncatingIfNeeded: hash >> 48)
            return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
        }

        /// Whether an identifier of `text` is one of the names.
        func mentionsAny(in text: [UInt8]) -> Bool {
            var tokens = Tokens(text)
            while let token = tokens.next() {
                guard case .identifier(let range) = token, isSet(Self.fnv1a(text[range])) else { continue }
                if names.contains(String(decoding: text[range], as: UTF8.self)) { return true }
            }
            return false
        }

        private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }
}
