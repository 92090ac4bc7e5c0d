/// A value from the input as a message shows it: in double quotes, on one line, and short.
///
/// Attribute values are free text: `&#10;` puts a line break in one, and a value can be a megabyte
/// long. A diagnostic is one line a person reads, so control characters are escaped as Swift writes
/// them and anything past `limit` characters is cut with an ellipsis.
func quoted(_ value: String, limit: Int = 60) -> String {
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
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
