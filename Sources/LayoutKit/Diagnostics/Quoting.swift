/// A value from the input as a message shows it: in double quotes, on one line, and short.
///
/// Attribute values are free text: `&#10;` puts a line break in one, and a value can be a megabyte
/// long. A diagnostic is one line a person reads, so control characters and bidi controls are escaped
/// as Swift writes them and anything past `limit` characters is cut with an ellipsis.
package func quoted(_ value: String, limit: Int = 60) -> String {
    var result = "\""
    var count = 0
    for scalar in value.unicodeScalars {
        if count == limit {
            result += "…"
            break
        }
        count += 1
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
                || isBidiControl(scalar)
            {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

/// Whether a scalar reorders the text around it (U+202E RIGHT-TO-LEFT OVERRIDE and its kin): printed
/// as is, it makes a message or a path read as something it is not (CVE-2021-42574, "Trojan Source").
package func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}
