/// The lexical rules attribute values follow, the same as `Schemas/layout.xsd` and `classes.xsd` state
/// them, so that the decoder and libxml2's XSD validator accept exactly the same files.
enum Lexical {
    static let xsiNamespace = "http://www.w3.org/2001/XMLSchema-instance"

    /// XSD's `whiteSpace="collapse"`: trim, and turn each run of XML whitespace into one space.
    static func collapse(_ value: String) -> String {
        // Almost every value is collapsed already: no tab, CR or LF, no leading, trailing or double space.
        var previousIsSpace = true
        var isCollapsed = true
        for byte in value.utf8 {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D || (byte == 0x20 && previousIsSpace) {
                isCollapsed = false
                break
            }
            previousIsSpace = byte == 0x20
        }
        if isCollapsed, !previousIsSpace || value.isEmpty { return value }
        var result = ""
        var pendingSpace = false
        for scalar in value.unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `[A-Za-z_][A-Za-z0-9_.-]*`: element ids and destinations.
    static func isIdentifier(_ value: String) -> Bool {
        matches(value, extraTail: [UInt8(ascii: "."), UInt8(ascii: "-")])
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: class, module, outlet and property names.
    static func isName(_ value: String) -> Bool {
        matches(value, extraTail: [])
    }

    private static func matches(_ value: String, extraTail: [UInt8]) -> Bool {
        let bytes = value.utf8
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.dropFirst().allSatisfy { byte in
            isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || extraTail.contains(byte)
        }
    }

    /// `xs:int`: an optional sign and decimal digits, within 32 bits.
    static func int32(_ value: String) -> Int? {
        var digits = Substring(value)
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy(isDigit) else { return nil }
        var result = 0
        for byte in digits.utf8 {
            result = result * 10 + Int(byte - UInt8(ascii: "0"))
            if result > Int(Int32.max) + 1 { return nil }
        }
        result = negative ? -result : result
        return Int(Int32.min)...Int(Int32.max) ~= result ? result : nil
    }

    /// `xs:decimal`: an optional sign, digits and at most one point; no exponent, NaN or infinity.
    static func decimal(_ value: String) -> Double? {
        var body = Substring(value)
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty),
            whole.utf8.allSatisfy(isDigit), fraction.utf8.allSatisfy(isDigit)
        else { return nil }
        let normalized =
            sign + (whole.isEmpty ? "0" : String(whole)) + "." + (fraction.isEmpty ? "0" : String(fraction))
        guard let number = Double(normalized), number.isFinite else { return nil }
        return number
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// The closest of `candidates` to `word` by edit distance, when it is close enough to be a likely typo.
func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
        if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, target.count / 3) else { return nil }
    return best.name
}

/// `; did you mean 'x'?` or nothing.
func suggestion(for word: String, in candidates: some Sequence<String>) -> String {
    closestMatch(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
}

private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
