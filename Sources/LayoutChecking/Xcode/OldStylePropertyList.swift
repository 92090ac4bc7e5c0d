import LayoutKit

/// A value of an old-style (NeXTSTEP) ASCII property list, the format of Xcode's `project.pbxproj`:
/// `{ key = value; }` dictionaries, `( a, b, )` arrays, quoted or bare strings, `<hex>` data, and
/// `/* */` and `//` comments. Every value keeps where it starts, for diagnostics.
package struct PropertyListValue: Sendable {
    package enum Kind: Sendable {
        case string(String)
        case array([PropertyListValue])
        /// Keys in the order written; a key written twice keeps its last value, as Xcode reads it.
        case dictionary([String: PropertyListValue])
    }

    package var kind: Kind
    package var line: Int
    package var column: Int

    /// The string, or `nil` for an array or a dictionary.
    package var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The elements of an array, or `nil`.
    package var array: [PropertyListValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The entries of a dictionary, or `nil`.
    package var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let entries) = kind { return entries }
        return nil
    }

    /// The value of `key` when this is a dictionary.
    package subscript(key: String) -> PropertyListValue? {
        dictionary?[key]
    }
}

/// Reads an old-style property list in one pass over its bytes, with a nesting limit, so that any input
/// ends in a value or one problem with its line and column — never a trap, never unbounded work.
package struct OldStylePropertyList {
    /// How deep arrays and dictionaries may nest (a project file nests six deep).
    package static let maximumDepth = 128

    /// A problem at a place in the file.
    package struct Problem: Error, Equatable, Sendable {
        package var message: String
        package var line: Int
        package var column: Int
        /// Whether the problem is a limit of the reader (`input-limit`) rather than malformed input.
        package var isLimit: Bool
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one value the bytes hold (comments around it allowed).
    /// - Throws: `Problem` for malformed input, invalid UTF-8 in a string, or nesting past `maximumDepth`.
    package static func parse(_ bytes: [UInt8]) throws(Problem) -> PropertyListValue {
        var reader = OldStylePropertyList(bytes)
        try reader.skipTrivia()
        guard reader.offset < bytes.count else { throw reader.problem("the file holds no property list") }
        let value = try reader.value(depth: 0)
        try reader.skipTrivia()
        if reader.offset < bytes.count {
            throw reader.problem("unexpected \(reader.describeCurrent()) after the property list's end")
        }
        return value
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(Problem) -> PropertyListValue {
        let startLine = line
        let startColumn = offset - lineStart + 1
        func made(_ kind: PropertyListValue.Kind) -> PropertyListValue {
            PropertyListValue(kind: kind, line: startLine, column: startColumn)
        }
        guard offset < bytes.count else { throw problem("the file ends where a value was expected") }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw limit() }
            offset += 1
            var entries: [String: PropertyListValue] = [:]
            while true {
                try skipTrivia()
                guard offset < bytes.count else {
                    throw problem(
                        "the file ends inside the dictionary opened at line \(startLine), column \(startColumn)")
                }
                if bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return made(.dictionary(entries))
                }
                guard let key = try stringToken() else {
                    throw problem("expected a key or '}', found \(describeCurrent())")
                }
                try skipTrivia()
                // Quoted: a key in quotes may hold a line break, and a diagnostic is one line.
                try expect("=", after: "the key \(LayoutKit.quoted(key))")
                try skipTrivia()
                entries[key] = try value(depth: depth + 1)
                try skipTrivia()
                try expect(";", after: "the value of \(LayoutKit.quoted(key))")
            }
        case UInt8(ascii: "("):
            guard depth < Self.maximumDepth else { throw limit() }
            offset += 1
            var elements: [PropertyListValue] = []
            while true {
                try skipTrivia()
                guard offset < bytes.count else {
                    throw problem("the file ends inside the array opened at line \(startLine), column \(startColumn)")
                }
                if bytes[offset] == UInt8(ascii: ")") {
                    offset += 1
                    return made(.array(elements))
                }
                elements.append(try value(depth: depth + 1))
                try skipTrivia()
                guard offset < bytes.count else { continue }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                } else if bytes[offset] != UInt8(ascii: ")") {
                    throw problem("expected ',' or ')' in the array, found \(describeCurrent())")
                }
            }
        case UInt8(ascii: "<"):
            return made(.string(try data()))
        default:
            guard let text = try stringToken() else { throw problem("expected a value, found \(describeCurrent())") }
            return made(.string(text))
        }
    }

    /// A quoted or bare string at the current position; `nil` when none starts here.
    private mutating func stringToken() throws(Problem) -> String? {
        guard offset < bytes.count else { return nil }
        if bytes[offset] == UInt8(ascii: "\"") { return try quoted() }
        let start = offset
        while offset < bytes.count, Self.isBare(bytes[offset]) { offset += 1 }
        guard offset > start else { return nil }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// The characters a string may have without quotes.
    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
    }

    private mutating func quoted() throws(Problem) -> String {
        let openLine = line
        let openColumn = offset - lineStart + 1
        offset += 1
        var text: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw Problem(
                        message: "the string is not valid UTF-8", line: openLine, column: openColumn, isLimit: false)
                }
                return string
            }
            if byte == UInt8(ascii: "\n") {
                newLine(at: offset)
            }
            offset += 1
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard offset < bytes.count else { break }
            let escaped = bytes[offset]
            offset += 1
            switch escaped {
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "a"): text.append(0x07)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "v"): text.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var code = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[offset])
                {
                    code = code * 8 + UInt32(bytes[offset] - UInt8(ascii: "0"))
                    offset += 1
                    digits += 1
                }
                text.append(UInt8(truncatingIfNeeded: code))
            case UInt8(ascii: "U"):
                var code: UInt32 = 0
                var digits = 0
                while digits < 4, offset < bytes.count, let digit = Self.hexDigit(bytes[offset]) {
                    code = code * 16 + UInt32(digit)
                    offset += 1
                    digits += 1
                }
                text += Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8)
            default:
                if escaped == UInt8(ascii: "\n") { newLine(at: offset - 1) }
                text.append(escaped)
            }
        }
        throw Self.unclosed("string", line: openLine, column: openColumn)
    }

    /// `<0fbd 7a>`: kept as the hex digits written, which is all a project file's reader needs of it.
    private mutating func data() throws(Problem) -> String {
        let openLine = line
        let openColumn = offset - lineStart + 1
        offset += 1
        var digits: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: ">") { return String(decoding: digits, as: UTF8.self) }
            if Self.hexDigit(byte) != nil {
                digits.append(byte)
            } else if byte == UInt8(ascii: "\n") {
                newLine(at: offset - 1)
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") {
                throw problem(
                    "data opened at line \(openLine), column \(openColumn) holds a byte that is not hex", back: 1)
            }
        }
        throw Self.unclosed("data", line: openLine, column: openColumn)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - Trivia and positions

    /// Skips white space and comments.
    private mutating func skipTrivia() throws(Problem) {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                newLine(at: offset)
                offset += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                offset += 1
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                let openLine = line
                let openColumn = offset - lineStart + 1
                offset += 2
                while true {
                    guard offset + 1 < bytes.count else {
                        throw Self.unclosed("comment", line: openLine, column: openColumn)
                    }
                    if bytes[offset] == UInt8(ascii: "*"), bytes[offset + 1] == UInt8(ascii: "/") {
                        offset += 2
                        break
                    }
                    if bytes[offset] == UInt8(ascii: "\n") { newLine(at: offset) }
                    offset += 1
                }
            } else {
                return
            }
        }
    }

    private mutating func newLine(at newline: Int) {
        line += 1
        lineStart = newline + 1
    }

    /// Steps over `character`, or throws what was expected after `what` — made only then: a project
    /// has tens of thousands of keys, and quoting each for a message never shown was most of the parse.
    private mutating func expect(_ character: Unicode.Scalar, after what: @autoclosure () -> String) throws(Problem) {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else {
            throw problem("expected '\(character)' after \(what()), found \(describeCurrent())")
        }
        offset += 1
    }

    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func problem(_ message: String, back: Int = 0) -> Problem {
        Problem(message: message, line: line, column: max(1, offset - back - lineStart + 1), isLimit: false)
    }

    /// A string, data or comment that the file ends inside, at where it opens.
    private static func unclosed(_ what: String, line: Int, column: Int) -> Problem {
        Problem(
            message: "the \(what) opened here is not closed before the file ends", line: line, column: column,
            isLimit: false)
    }

    private func limit() -> Problem {
        Problem(
            message: "arrays and dictionaries nest deeper than \(Self.maximumDepth)", line: line,
            column: offset - lineStart + 1, isLimit: true)
    }
}
