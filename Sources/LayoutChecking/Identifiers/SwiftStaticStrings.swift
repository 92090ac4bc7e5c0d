/// The strings Swift types give by name, read from the text of their files: what a reuse identifier
/// written otherwise than by a literal evaluates to (`IdentifierExpressions`).
///
/// - `static let reuseIdentifier = "PhotoCell"`, `static var reuseIdentifier: String { "PhotoCell" }`
///   (also with `return`, `get`, or `class var`) in a type or an extension of it;
/// - the same returning the type's own name (`String(describing: self)`, `"\(self)"`,
///   `String(describing: Self.self)`), also as a protocol extension's default;
/// - the raw values of a `String` enum's cases (`case photo = "PhotoCell"`, `case plain`);
/// - what each type inherits from or conforms to, as written, and the types declared.
///
/// A member whose value is anything else is `unknown`: what reads it then knows nothing. One pass over the
/// bytes of each file, comments and strings skipped as Swift's lexer does; a shape it does not know (a
/// regular expression literal holding a brace) can only make a value unknown or a type unseen.
struct SwiftStaticStrings: Sendable {
    /// What a static member gives.
    enum Definition: Hashable, Sendable {
        case literal(String)
        /// The name of the type it is read on (`String(describing: self)` in a static context).
        case typeName
        case unknown
    }

    /// Type (simple name, also of an extension or a protocol) → member → what its declarations give.
    var members: [String: [String: Set<Definition>]] = [:]
    /// Every name a `let` or `var` binds anywhere (a property, a local, a global), or a parameter, a loop or
    /// closure variable, a pattern: what each binding gives. A name is known only when all its bindings
    /// are `let`s of literals (a `var` may be set to anything).
    var bindings: [String: Set<Definition>] = [:]
    /// String enum (simple name) → case → raw value.
    var rawValues: [String: [String: String]] = [:]
    /// Type (simple name) → what it inherits from or conforms to (simple names), its superclass first.
    var inherited: [String: [String]] = [:]
    /// Every type a file declares (class, struct, enum, protocol, actor), by simple name.
    var declaredTypes: Set<String> = []
    /// Every name an extension extends, by simple name.
    var extendedTypes: Set<String> = []

    /// Adds what another set of files gives.
    mutating func merge(_ other: SwiftStaticStrings) {
        for (type, members) in other.members {
            for (member, definitions) in members {
                self.members[type, default: [:]][member, default: []].formUnion(definitions)
            }
        }
        for (name, definitions) in other.bindings { bindings[name, default: []].formUnion(definitions) }
        for (type, values) in other.rawValues { rawValues[type, default: [:]].merge(values) { first, _ in first } }
        for (type, names) in other.inherited { inherited[type, default: []] += names }
        declaredTypes.formUnion(other.declaredTypes)
        extendedTypes.formUnion(other.extendedTypes)
    }

    /// What one Swift file gives.
    static func scan(_ bytes: [UInt8]) -> SwiftStaticStrings {
        let (tokens, lines) = SwiftTokens.lex(bytes)
        var parser = Parser(tokens: tokens, lines: lines)
        parser.run()
        return parser.found
    }

    private struct Scope {
        /// The type whose body this is; `nil` for any other braces.
        var type: String?
        var isStringEnum = false
        /// A protocol's body holds requirements, not values.
        var isProtocol = false
    }

    private struct Parser {
        let tokens: [SwiftTokens.Token]
        /// The line of each token.
        let lines: [Int]
        var found = SwiftStaticStrings()
        var scopes: [Scope] = []
        var index = 0
        /// The type whose `{` comes next, with whether it is a `String` enum.
        var pending: Scope?

        static let introducers: Set<String> = ["class", "struct", "enum", "extension", "protocol", "actor"]
        static let notNames: Set<String> = [
            "var", "let", "func", "init", "subscript", "override", "final", "static", "private", "public",
            "internal", "open", "fileprivate", "required", "convenience", "package", "nonisolated",
        ]

        mutating func run() {
            while index < tokens.count {
                let token = tokens[index]
                switch token {
                case .punctuation("{"):
                    scopes.append(pending ?? Scope())
                    pending = nil
                    index += 1
                case .punctuation("}"):
                    _ = scopes.popLast()
                    index += 1
                case .word(let word)
                where (word == "static" || word == "class") && scopes.last?.type != nil
                    && scopes.last?.isProtocol == false && isMember(after: index):
                    staticMember()
                case .word(let word) where Self.introducers.contains(word):
                    typeDeclaration(word)
                case .word("case") where scopes.last?.isStringEnum == true:
                    enumCases()
                case .word("let"), .word("var"):
                    binding()
                case .word("in"):
                    loopOrClosureVariables()
                    index += 1
                case .punctuation(":"):
                    parameter()
                    index += 1
                default:
                    index += 1
                }
            }
        }

        /// `let name = "X"`, `let name: String = "X"`, `var name = …`, `if let name = …`, `let (a, b) = …`
        /// anywhere: what it binds the name to (only a `let` of a literal is known).
        private mutating func binding() {
            let isLet = word(at: index) == "let"
            index += 1
            if isPunctuation("(", at: index) {
                while index < tokens.count, !isPunctuation(")", at: index) {
                    if let name = word(at: index) { found.bindings[name, default: []].insert(.unknown) }
                    index += 1
                }
                return
            }
            guard let name = word(at: index) else { return }
            index += 1
            guard isLet else {
                found.bindings[name, default: []].insert(.unknown)
                return
            }
            if isPunctuation(":", at: index) {
                index += 1
                while index < tokens.count, !isPunctuation("=", at: index), !isPunctuation("{", at: index),
                    !isNewDeclaration(at: index), lines[index] == lines[index - 1]
                {
                    index += 1
                }
            }
            var definition = Definition.unknown
            if isPunctuation("=", at: index), case .literal(let text) = initialValue(from: index + 1) {
                definition = .literal(text)
            }
            found.bindings[name, default: []].insert(definition)
        }

        /// `for name in`, `{ a, b in`: the names before `in` are bound to anything.
        private mutating func loopOrClosureVariables() {
            var position = index - 1
            while position >= 0, index - position <= 16 {
                if let name = word(at: position) {
                    if name == "for" || name == "case" { return }
                    found.bindings[name, default: []].insert(.unknown)
                } else if !(isPunctuation(",", at: position) || isPunctuation("(", at: position)
                    || isPunctuation(")", at: position))
                {
                    return
                }
                position -= 1
            }
        }

        /// `(name: Type`, `(label name: Type`, `, name:`: a parameter (or an argument's label, which costs
        /// only a name not known) is bound to anything.
        private mutating func parameter() {
            guard index >= 2, let name = word(at: index - 1) else { return }
            let isFirst = isPunctuation("(", at: index - 2) || isPunctuation(",", at: index - 2)
            let isInternal =
                index >= 3 && word(at: index - 2) != nil
                && (isPunctuation("(", at: index - 3) || isPunctuation(",", at: index - 3))
            if isFirst || isInternal { found.bindings[name, default: []].insert(.unknown) }
        }

        /// Whether `static`/`class` at `position` begins a `let` or `var` (past other modifiers).
        private func isMember(after position: Int) -> Bool {
            var next = position + 1
            while let modifier = word(at: next), Self.modifiers.contains(modifier) { next += 1 }
            return word(at: next) == "let" || word(at: next) == "var"
        }

        static let modifiers: Set<String> = [
            "final", "private", "public", "internal", "fileprivate", "nonisolated", "package", "open",
        ]

        private func word(at position: Int) -> String? {
            guard position < tokens.count, case .word(let word) = tokens[position] else { return nil }
            return word
        }

        private func isPunctuation(_ character: Character, at position: Int) -> Bool {
            position < tokens.count && tokens[position] == .punctuation(character)
        }

        /// `class Name: Base, Proto {`, `extension Outer.Name: Proto where … {`: the scope the next `{` opens.
        private mutating func typeDeclaration(_ introducer: String) {
            index += 1
            guard var name = word(at: index), !Self.notNames.contains(name), !Self.introducers.contains(name) else {
                return
            }
            index += 1
            // A qualified name (`extension Outer.Inner`): its last part.
            while isPunctuation(".", at: index), let next = word(at: index + 1) {
                name = next
                index += 2
            }
            if introducer == "extension" { found.extendedTypes.insert(name) } else { found.declaredTypes.insert(name) }
            var inheritedNames: [String] = []
            var depth = 0
            var afterColon = false
            // To the `{` that opens the body: generic parameters, the inheritance list, a `where` clause.
            while index < tokens.count, !(depth == 0 && isPunctuation("{", at: index)) {
                switch tokens[index] {
                case .punctuation("<"): depth += 1
                case .punctuation(">"): depth -= 1
                case .punctuation(":") where depth == 0: afterColon = true
                case .word("where"): afterColon = false
                case .word(let inheritedName) where depth == 0 && afterColon:
                    // `Module.Base`: the last part.
                    if index > 0, tokens[index - 1] == .punctuation("."), !inheritedNames.isEmpty {
                        inheritedNames[inheritedNames.count - 1] = inheritedName
                    } else {
                        inheritedNames.append(inheritedName)
                    }
                case .punctuation("}"), .punctuation(";"):
                    return
                default: break
                }
                index += 1
            }
            found.inherited[name, default: []] += inheritedNames
            pending = Scope(
                type: name, isStringEnum: introducer == "enum" && inheritedNames.first == "String",
                isProtocol: introducer == "protocol")
        }

        /// `static let name = …`, `static var name: String { … }`, `class var name: String { … }`.
        private mutating func staticMember() {
            guard let type = scopes.last?.type else { return }
            index += 1
            while let modifier = word(at: index), Self.modifiers.contains(modifier) { index += 1 }
            guard let introducer = word(at: index), introducer == "let" || introducer == "var",
                let name = word(at: index + 1)
            else { return }
            index += 2
            // The declared type, up to `=` or `{`.
            if isPunctuation(":", at: index) {
                index += 1
                while index < tokens.count, !isPunctuation("=", at: index), !isPunctuation("{", at: index),
                    !isNewDeclaration(at: index)
                {
                    index += 1
                }
            }
            let definition: Definition
            if isPunctuation("=", at: index) {
                definition = initialValue(from: index + 1)
            } else if isPunctuation("{", at: index), let close = matchingBrace(of: index) {
                definition = value(from: index + 1, to: close)
            } else {
                definition = .unknown
            }
            found.members[type, default: [:]][name, default: []].insert(definition)
            // Read bare inside the type's static code too.
            if case .literal = definition, introducer == "let" {
                found.bindings[name, default: []].insert(definition)
            } else {
                found.bindings[name, default: []].insert(.unknown)
            }
        }

        private func isNewDeclaration(at position: Int) -> Bool {
            guard let word = word(at: position) else { return isPunctuation("}", at: position) }
            return ["let", "var", "func", "static", "case", "init", "class", "struct", "enum"].contains(word)
        }

        /// The index of the `}` that closes the `{` at `open`, if the file has one.
        private func matchingBrace(of open: Int) -> Int? {
            var depth = 0
            var position = open
            while position < tokens.count {
                if tokens[position] == .punctuation("{") { depth += 1 }
                if tokens[position] == .punctuation("}") {
                    depth -= 1
                    if depth == 0 { return position }
                }
                position += 1
            }
            return nil
        }

        /// What an initial value from `start` gives: the tokens on its line (`;` ends it sooner); one that
        /// goes on to the next line (its next line begins with an operator or `.`) is unknown.
        private func initialValue(from start: Int) -> Definition {
            guard start < tokens.count else { return .unknown }
            var end = start
            while end < tokens.count, lines[end] == lines[start], !isPunctuation(";", at: end),
                !isPunctuation("}", at: end)
            {
                end += 1
            }
            if end < tokens.count, lines[end] != lines[start], case .punctuation(let next) = tokens[end],
                "+-*/%.?:&|=<>([".contains(next)
            {
                return .unknown
            }
            return value(from: start, to: end)
        }

        /// What the expression from `start` to `end` (a getter's `}`, or an initial value's end) gives.
        private func value(from start: Int, to end: Int) -> Definition {
            var expression: [SwiftTokens.Token] = []
            var position = start
            while position < end {
                expression.append(tokens[position])
                position += 1
            }
            // `get { … }`, `return …`: what is inside.
            while let first = expression.first,
                first == .word("get") || first == .word("return") || first == .punctuation("{")
            {
                expression.removeFirst()
                if expression.last == .punctuation("}") && first != .word("return") { expression.removeLast() }
            }
            return Self.definition(of: expression)
        }

        /// A literal, or the type's own name; anything else is unknown.
        static func definition(of expression: [SwiftTokens.Token]) -> Definition {
            if expression.count == 1, case .string(let text?) = expression[0] { return .literal(text) }
            if expression.count == 1, case .interpolatedString(let parts) = expression[0],
                parts == [.expression("self")] || parts == [.expression("Self.self")]
            {
                return .typeName
            }
            let describing: [SwiftTokens.Token] = [
                .word("String"), .punctuation("("), .word("describing"), .punctuation(":"),
            ]
            if expression == describing + [.word("self"), .punctuation(")")]
                || expression == describing + [.word("Self"), .punctuation("."), .word("self"), .punctuation(")")]
            {
                return .typeName
            }
            return .unknown
        }

        /// `case photo = "PhotoCell", plain` in a `String` enum.
        private mutating func enumCases() {
            guard let type = scopes.last?.type else { return }
            index += 1
            while let name = word(at: index) {
                index += 1
                if isPunctuation("=", at: index), index + 1 < tokens.count, case .string(let raw?) = tokens[index + 1] {
                    found.rawValues[type, default: [:]][name] = raw
                    index += 2
                } else {
                    found.rawValues[type, default: [:]][name] = name
                }
                guard isPunctuation(",", at: index) else { return }
                index += 1
            }
        }
    }
}

/// Swift's tokens as far as `SwiftStaticStrings` needs them: words, punctuation, and string literals
/// (their text when plain; an interpolation's parts), comments dropped.
enum SwiftTokens {
    enum Part: Hashable, Sendable {
        case text(String)
        /// The source of an interpolation, trimmed: `self` of `"\(self)"`.
        case expression(String)
    }

    enum Token: Hashable, Sendable {
        case word(String)
        case punctuation(Character)
        /// A string literal: its text when it is plain (no escape, one line); `nil` otherwise.
        case string(String?)
        /// A one-line string literal with interpolations.
        case interpolatedString([Part])
    }

    /// The tokens of a file, each with its line: linear in its bytes.
    static func lex(_ bytes: [UInt8]) -> (tokens: [Token], lines: [Int]) {
        var tokens: [Token] = []
        var lines: [Int] = []
        var line = 1
        var counted = 0
        var index = 0
        while index < bytes.count {
            // The line of what begins here: the line breaks since the last token counted once.
            while counted < index {
                if bytes[counted] == 0x0A { line += 1 }
                counted += 1
            }
            let byte = bytes[index]
            if isWordByte(byte) {
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                tokens.append(.word(String(decoding: bytes[start..<index], as: UTF8.self)))
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index = endOfBlockComment(bytes, from: index)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") {
                let (token, end) = stringLiteral(bytes, from: index)
                if let token { tokens.append(token) }
                index = max(end, index + 1)
            } else {
                if byte > 0x20, byte < 0x80 { tokens.append(.punctuation(Character(Unicode.Scalar(byte)))) }
                index += 1
            }
            // The token this step made, if any, begins on the line of `counted`.
            while lines.count < tokens.count { lines.append(line) }
        }
        return (tokens, lines)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte >= 0x80
    }

    /// The index past a `/* … */` comment, nested ones included.
    private static func endOfBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return bytes.count
    }

    /// The string literal at `start` (`"…"`, `"""…"""`, `#"…"#`), or a `#` that begins none (`#if`): the
    /// token, if any, and the index past it.
    static func stringLiteral(_ bytes: [UInt8], from start: Int) -> (Token?, Int) {
        var index = start
        var hashes = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return (nil, index) }
        let quote = UInt8(ascii: "\"")
        let isMultiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        if isMultiline || hashes > 0 {
            // Skipped whole: its text is never a plain identifier here.
            let closing =
                Array(repeating: quote, count: isMultiline ? 3 : 1) + Array(repeating: UInt8(ascii: "#"), count: hashes)
            index += isMultiline ? 3 : 1
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\"), hashes == 0 {
                    index += 2
                    continue
                }
                if bytes[index...].starts(with: closing) { return (.string(nil), index + closing.count) }
                index += 1
            }
            return (.string(nil), bytes.count)
        }
        return oneLineString(bytes, from: index + 1)
    }

    /// A one-line `"…"` from just past its opening quote.
    private static func oneLineString(_ bytes: [UInt8], from start: Int) -> (Token?, Int) {
        var parts: [Part] = []
        var text: [UInt8] = []
        var plain = true
        var index = start
        while index < bytes.count, bytes[index] != 0x0A {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
                let hasInterpolation = parts.contains { if case .expression = $0 { true } else { false } }
                if hasInterpolation { return (.interpolatedString(parts), index + 1) }
                return (.string(plain ? String(decoding: text, as: UTF8.self) : nil), index + 1)
            }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") else {
                    plain = false
                    index += 2
                    continue
                }
                if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
                text = []
                // To the `)` that closes the interpolation, past nested parentheses and strings.
                var depth = 1
                var position = index + 2
                let expressionStart = position
                while position < bytes.count, depth > 0, bytes[position] != 0x0A {
                    if bytes[position] == UInt8(ascii: "(") { depth += 1 }
                    if bytes[position] == UInt8(ascii: ")") { depth -= 1 }
                    if bytes[position] == UInt8(ascii: "\"") {
                        position = oneLineString(bytes, from: position + 1).1
                        continue
                    }
                    position += 1
                }
                var source = bytes[expressionStart..<max(expressionStart, position - 1)]
                while source.first == 0x20 { source = source.dropFirst() }
                while source.last == 0x20 { source = source.dropLast() }
                parts.append(.expression(String(decoding: source, as: UTF8.self)))
                index = position
                continue
            }
            text.append(byte)
            index += 1
        }
        return (.string(nil), index)
    }
}
