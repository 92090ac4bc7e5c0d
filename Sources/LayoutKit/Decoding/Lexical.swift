/// The lexical rules attribute values follow, the same as `Schemas/layout.xsd` and `classes.xsd` state
/// them, so that the decoder and libxml2's XSD validator accept exactly the same files.
package enum Lexical {
    package static let xsiNamespace = FormatNamespace.schemaInstance

    /// XSD's `whiteSpace="collapse"`: trim, and turn each run of XML whitespace into one space.
    package static func collapse(_ value: String) -> String {
        // Almost every value is collapsed already: no tab, CR or LF, no leading, trailing or double space.
        if isCollapsed(value) { return value }
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
    package static func isName(_ value: String) -> Bool {
        matches(value, extraTail: [])
    }

    private static func matches(_ value: String, extraTail: [UInt8]) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
            for byte in bytes.dropFirst()
            where !(isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || extraTail.contains(byte)) {
                return false
            }
            return true
        }
    }

    /// Whether `collapse` would return `value` unchanged, read from its UTF-8 bytes in place.
    private static func isCollapsed(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { isCollapsed($0) }
    }

    /// Whether `collapse` would return the value whose UTF-8 bytes these are unchanged.
    static func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let last = bytes.last else { return true }
        if last == 0x20 { return false }
        var previousIsSpace = true
        for byte in bytes {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D || (byte == 0x20 && previousIsSpace) { return false }
            previousIsSpace = byte == 0x20
        }
        return true
    }

    /// `boolean` of a collapsed value's UTF-8 bytes.
    static func boolean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        func spells(_ word: StaticString) -> Bool {
            guard bytes.count == word.utf8CodeUnitCount else { return false }
            for index in 0..<bytes.count where bytes[index] != word.utf8Start[index] { return false }
            return true
        }
        if spells("true") { return true }
        if spells("false") { return false }
        return nil
    }

    /// `int32` of a collapsed value's UTF-8 bytes.
    static func int32(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var digits = bytes[...]
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return nil }
        var result = 0
        for byte in digits {
            guard isDigit(byte) else { return nil }
            result = result * 10 + Int(byte - UInt8(ascii: "0"))
            if result > Int(Int32.max) + 1 { return nil }
        }
        result = negative ? -result : result
        return Int(Int32.min)...Int(Int32.max) ~= result ? result : nil
    }

    /// `decimal` of a collapsed value's UTF-8 bytes when it is a whole number of at most 15 digits
    /// (which a `Double` holds exactly), so that it needs no rounding; `nil` for anything else, which
    /// `decimal` then reads.
    static func wholeDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count <= 15 else { return nil }
        var result = 0
        for byte in bytes {
            guard isDigit(byte) else { return nil }
            result = result * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return Double(result)
    }

    /// `xs:int`: an optional sign and decimal digits, within 32 bits.
    static func int32(_ value: String) -> Int? {
        var value = value
        return value.withUTF8 { int32($0) }
    }

    /// `true` or `false`; not `1` or `0`.
    static func boolean(_ value: String) -> Bool? {
        value == "true" ? true : value == "false" ? false : nil
    }

    /// An optional sign and decimal digits, within `Int`: a `<property>` of type `integer`.
    static func integer(_ value: String) -> Int? {
        let digits = value.first == "+" || value.first == "-" ? value.dropFirst() : Substring(value)
        guard !digits.isEmpty, digits.utf8.allSatisfy(isDigit) else { return nil }
        return Int(value)
    }

    /// The longest fractional number, in characters, that `decimal` reads: libxml2's XSD validator
    /// refuses a decimal of more than 24 digits, so `layout.xsd` caps the length and so does this.
    static let maximumDecimalLength = 24

    /// `xs:decimal`: an optional sign, digits and at most one point; no exponent, NaN or infinity; at
    /// most `maximumDecimalLength` characters.
    static func decimal(_ value: String) -> Double? {
        guard value.utf8.count <= maximumDecimalLength else { return nil }
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

/// How much did-you-mean work one file may cause, so that suggestions stay linear in the input: a
/// name longer than `maximumLength` scalars gets none, candidates whose length differs by more than
/// the allowed distance are skipped unread, the edit distance runs in a band as wide as that distance
/// and stops once it cannot win, and every candidate looked at and every cell computed is paid out of
/// `work`. Once it is spent, the rest of the file's messages go without a suggestion rather than
/// waiting for one.
package struct SuggestionBudget {
    /// Names longer than this get no suggestion: a typo is a short edit of a short name.
    static let maximumLength = 64
    /// Candidates looked at plus edit-distance cells computed, for one file (article "Security").
    static let workPerFile = 1_000_000

    private(set) var work: Int

    package init(work: Int = Self.workPerFile) {
        self.work = work
    }

    /// The closest of `candidates` to `word` by edit distance, when it is close enough to be a likely
    /// typo and the budget lasts; ties go to the name that sorts first, so the answer is the same
    /// whatever order a dictionary hands the candidates over in.
    package mutating func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: candidates, countingTies: false)?.name
    }

    /// The closest of `candidates` to `word`, as `closestMatch` finds it, when no other candidate is as
    /// close: the one repair a fix-it may make. Costs a little more than `closestMatch`, since candidates
    /// as close as the best are measured in full.
    package mutating func onlyClosestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
        guard let found = closest(to: word, in: candidates, countingTies: true), found.tie == nil else { return nil }
        return found.name
    }

    /// The closest of `candidates` to `word` and, counting ties, another candidate as close (the first
    /// met), which makes the closest a guess rather than a repair.
    package mutating func closest(
        to word: String, in candidates: some Sequence<String>, countingTies: Bool
    ) -> (name: String, tie: String?)? {
        guard work > 0, word.utf8.count <= Self.maximumLength * 4 else { return nil }
        var target: [Unicode.Scalar] = []
        Self.lowercase(word, into: &target)
        guard !target.isEmpty, target.count <= Self.maximumLength else { return nil }
        let allowed = max(2, target.count / 3)
        var best: (name: String, distance: Int)?
        var tie: String?
        var other: [Unicode.Scalar] = []
        other.reserveCapacity(target.count + allowed)
        for candidate in candidates {
            work -= Self.costPerCandidate
            if work <= 0 { return nil }
            // A UTF-8 name has at least a quarter as many scalars as bytes, and at most as many.
            let bytes = candidate.utf8.count
            guard bytes >= target.count - allowed, (bytes + 3) / 4 <= target.count + allowed else { continue }
            Self.lowercase(candidate, into: &other)
            work -= other.count
            guard abs(other.count - target.count) <= allowed else { continue }
            // Only a strictly better distance, or an equal one from a name that sorts first, can win.
            // (Counting ties, an equal one from any name is measured.)
            let limit =
                best.map { countingTies || candidate < $0.name ? $0.distance : $0.distance - 1 } ?? allowed
            guard limit >= 0, let distance = boundedEditDistance(target, other, limit: limit) else { continue }
            if let kept = best, distance == kept.distance {
                // The same name twice (a member declared in a class and its extension) is no second candidate.
                if candidate == kept.name { continue }
                if candidate > kept.name {
                    tie = tie ?? candidate
                    continue
                }
                tie = kept.name
            } else {
                tie = nil
            }
            best = (candidate, distance)
        }
        guard work > 0, let best else { return nil }
        return (best.name, tie)
    }

    /// What looking at one candidate costs before any cell is computed.
    private static let costPerCandidate = 8

    /// `name`'s scalars, lowercased, into a buffer that is reused across candidates.
    private static func lowercase(_ name: String, into scalars: inout [Unicode.Scalar]) {
        scalars.removeAll(keepingCapacity: true)
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                scalars.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            } else {
                scalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
    }

    /// `; did you mean 'x'?` or nothing.
    mutating func suggestion(for word: String, in candidates: some Sequence<String>) -> String {
        closestMatch(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The edit distance of `a` and `b` when it is at most `limit`, else `nil`: only the diagonal band
    /// `|i - j| <= limit` is computed (Ukkonen), and a row whose every cell exceeds `limit` ends it.
    private mutating func boundedEditDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let outside = limit + 1
        var previous = [Int](repeating: outside, count: b.count + 1)
        var current = [Int](repeating: outside, count: b.count + 1)
        for j in 0...min(b.count, limit) { previous[j] = j }
        for i in 1...a.count {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            current[0] = i <= limit ? i : outside
            if low > 1 { current[low - 1] = outside }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, outside)
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                work -= high - low + 1
            }
            if high < b.count { current[high + 1] = outside }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}

/// The closest of a small, fixed set of `candidates` (a format's attribute or element names) to
/// `word`; a set that grows with the input goes through the file's `SuggestionBudget` instead.
func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    var budget = SuggestionBudget()
    return budget.closestMatch(to: word, in: candidates)
}

/// `; did you mean 'x'?` or nothing, for a small, fixed set of `candidates`.
///
/// Not API: `layout-check` suggests its options with it.
package func suggestion(for word: String, in candidates: some Sequence<String>) -> String {
    closestMatch(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
}
