import Foundation
import Testing

/// `layout-check` stays a thin front end of `CheckRun` (issue "One owner for the checker's run"): no
/// function in Sources/layout-check is longer than 60 lines, so the next feature lands as a step of its
/// own rather than as lines in the middle of one. Comments and string literals are blanked before braces
/// are matched, so a `{` in a message or a `"${"` cannot end or open a body.
@Suite struct FunctionLengthTests {
    static let limit = 60

    /// `text` with every comment and string literal's contents blanked (newlines kept), so that only code
    /// is left for braces to be matched in.
    static func code(_ text: [UInt8]) -> [UInt8] {
        var output = text
        func blank(_ range: Range<Int>) {
            for position in range where output[position] != 0x0A { output[position] = 0x20 }
        }
        func at(_ literal: String, _ position: Int) -> Bool {
            let bytes = Array(literal.utf8)
            return position + bytes.count <= text.count && Array(text[position..<position + bytes.count]) == bytes
        }
        /// The end of a string literal opened at `start` (after its opening quotes), blanking it but for the
        /// code of its interpolations.
        func string(from start: Int, closing: String, raw: Int) -> Int {
            var position = start
            let escape = "\\" + String(repeating: "#", count: raw)
            while position < text.count {
                if at(closing, position) { return position + closing.utf8.count }
                if at(escape + "(", position) {
                    blank(position..<position + escape.utf8.count + 1)
                    position = code(from: position + escape.utf8.count + 1, until: 0x29)
                    continue
                }
                if raw == 0, text[position] == 0x5C {
                    blank(position..<min(position + 2, text.count))
                    position += 2
                    continue
                }
                blank(position..<position + 1)
                position += 1
            }
            return position
        }
        /// Code from `start` to the unmatched `stop` byte (0: the end), strings and comments blanked.
        func code(from start: Int, until stop: UInt8) -> Int {
            var position = start
            var depth = 0
            while position < text.count {
                let byte = text[position]
                if stop != 0, byte == stop, depth == 0 { return position + 1 }
                if byte == 0x28 { depth += 1 } else if byte == 0x29 { depth -= 1 }
                if at("//", position) {
                    let end = text[position...].firstIndex(of: 0x0A) ?? text.count
                    blank(position..<end)
                    position = end
                } else if at("/*", position) {
                    var nesting = 0
                    var end = position
                    repeat {
                        if at("/*", end) {
                            nesting += 1
                            end += 2
                        } else if at("*/", end) {
                            nesting -= 1
                            end += 2
                        } else {
                            end += 1
                        }
                    } while nesting > 0 && end < text.count
                    blank(position..<min(end, text.count))
                    position = end
                } else if byte == 0x23 || byte == 0x22 {
                    var hashes = 0
                    while position + hashes < text.count, text[position + hashes] == 0x23 { hashes += 1 }
                    guard position + hashes < text.count, text[position + hashes] == 0x22 else {
                        position += max(hashes, 1)
                        continue
                    }
                    let triple = at("\"\"\"", position + hashes)
                    let quotes = triple ? "\"\"\"" : "\""
                    position = string(
                        from: position + hashes + quotes.utf8.count,
                        closing: quotes + String(repeating: "#", count: hashes), raw: hashes)
                } else {
                    position += 1
                }
            }
            return position
        }
        _ = code(from: 0, until: 0)
        return output
    }

    /// Each function or initializer with a body longer than the limit: its first line and its length.
    static func longFunctions(in text: [UInt8]) -> [(line: Int, lines: Int)] {
        let cleaned = code(text)
        var lineOf = [Int](repeating: 0, count: cleaned.count + 1)
        var line = 1
        for (offset, byte) in cleaned.enumerated() {
            lineOf[offset] = line
            if byte == 0x0A { line += 1 }
        }
        lineOf[cleaned.count] = line
        var found: [(line: Int, lines: Int)] = []
        let words = cleaned
        var position = 0
        while position < words.count {
            let isStart = position == 0 || !(isIdentifier(words[position - 1]))
            let keyword: Int? =
                isStart && matches("func ", words, position)
                ? 4 : isStart && matches("init(", words, position) ? 4 : nil
            guard let length = keyword else {
                position += 1
                continue
            }
            // The body's brace: the first `{` outside the parameters' parentheses; none before a `}` or
            // another declaration means a requirement without a body.
            var scan = position + length
            var parentheses = 0
            var body: Int?
            while scan < words.count {
                let byte = words[scan]
                if byte == 0x28 { parentheses += 1 } else if byte == 0x29 { parentheses -= 1 }
                if parentheses == 0, byte == 0x7B {
                    body = scan
                    break
                }
                if parentheses == 0, byte == 0x7D || matches("func ", words, scan) { break }
                scan += 1
            }
            guard let open = body else {
                position += length
                continue
            }
            var depth = 0
            var close = open
            while close < words.count {
                if words[close] == 0x7B { depth += 1 } else if words[close] == 0x7D { depth -= 1 }
                if depth == 0 { break }
                close += 1
            }
            let lines = lineOf[min(close, words.count)] - lineOf[position] + 1
            if lines > limit { found.append((lineOf[position], lines)) }
            position += length
        }
        return found
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
    }

    static func matches(_ literal: String, _ bytes: [UInt8], _ position: Int) -> Bool {
        let needle = Array(literal.utf8)
        return position + needle.count <= bytes.count && Array(bytes[position..<position + needle.count]) == needle
    }

    @Test func noFunctionOfTheCommandLineToolIsLongerThanSixtyLines() throws {
        let root = Repository.root.appendingPathComponent("Sources/layout-check")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var checked = 0
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            checked += 1
            for long in Self.longFunctions(in: Array(try Data(contentsOf: url))) {
                Issue.record(
                    "\(url.path.dropFirst(Repository.root.path.count + 1)):\(long.line): a function of \(long.lines) lines; split it into steps of at most \(Self.limit)"
                )
            }
        }
        #expect(checked > 20)
    }

    /// The scan itself: a long function is found, one whose braces sit in strings and comments is measured
    /// by its code, and a requirement without a body is none.
    @Test func theScanMeasuresBodiesByTheirCode() {
        let long = "func long() {\n" + String(repeating: "    work()\n", count: 61) + "}\n"
        #expect(Self.longFunctions(in: Array(long.utf8)).map(\.lines) == [63])
        let tricky =
            "func short() {\n    let a = \"{ ${ \\(f({ 1 }))\"\n    // }\n    /* { */\n    let b = #\"}\"#\n}\n"
            + "protocol P { func f() }\n" + long
        #expect(Self.longFunctions(in: Array(tricky.utf8)).map(\.line) == [8])
    }
}
