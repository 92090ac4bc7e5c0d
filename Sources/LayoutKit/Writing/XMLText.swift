/// Text made safe for an XML 1.0 document: the one escaping of every XML LayoutKit and its tools write
/// (class schemas, the JUnit, checkstyle and baseline reports, the benchmark's corpus).
///
/// XML 1.0 cannot hold most control characters even as character references (`&#1;` is not
/// well-formed), so those are replaced by their Swift escape (`\u{1}`), the way the text format shows
/// them; tab, line feed and carriage return are kept as character references, which an attribute value
/// keeps as they are rather than turning them into spaces.
package enum XMLText {
    /// `text` for a double-quoted attribute value or for character data.
    public static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        // Scalar by scalar: a CR LF pair is one `Character` and must become two references.
        for scalar in representable(text).unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\t": escaped += "&#9;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `text` as an XML document can hold it and a reader gets it back: the scalars XML cannot hold
    /// replaced by their Swift escape, the rest unchanged.
    public static func representable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isAllowed(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// Whether XML 1.0 allows the scalar at all (its `Char` production), less the C1 controls it
    /// discourages and that no reader of a report wants in its output.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\n" || scalar == "\r" { return true }
        if scalar.properties.generalCategory == .control { return false }
        return scalar.value != 0xFFFE && scalar.value != 0xFFFF
    }

    /// `<name a="…" b="…"`, without the closing `>` or `/>`; attributes whose value is `nil` are left out.
    public static func openingTag(_ name: String, _ attributes: KeyValuePairs<String, String?>) -> String {
        var tag = "<\(name)"
        for (attribute, value) in attributes {
            if let value { tag += " \(attribute)=\"\(escaped(value))\"" }
        }
        return tag
    }

    /// The XML declaration every document these formats write begins with.
    public static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
