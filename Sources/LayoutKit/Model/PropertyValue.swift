/// The value types a `<property>` may have, as class schemas write them in `<property type=>`.
package enum PropertyType: String, CaseIterable, Sendable {
    case string, integer, number, boolean, color, `enum`

    /// What a value of this type looks like, for `property-type-mismatch`; `values` are an enum's.
    func expected(values: [String]) -> String {
        switch self {
        case .string: "any text"
        case .integer: "a whole number from \(Int.min) to \(Int.max)"
        case .number: "a decimal number (no exponent, NaN or infinity)"
        case .boolean: "true or false"
        case .color: "a colour as #RRGGBB or #RRGGBBAA"
        case .enum:
            values.count > 8
                ? "one of \(values.prefix(8).joined(separator: ", ")) and \(values.count - 8) more"
                : "one of \(values.joined(separator: ", "))"
        }
    }

    /// Reads `raw` as written in a `value=` attribute; `nil` when it is not a value of this type.
    func parse(_ raw: String, values: [String]) -> PropertyValue? {
        if self == .string { return .string(raw) }
        let value = Lexical.collapse(raw)
        switch self {
        case .string: return .string(raw)
        case .integer: return Lexical.integer(value).map(PropertyValue.integer)
        case .number: return Lexical.decimal(value).map(PropertyValue.number)
        case .boolean: return Lexical.boolean(value).map(PropertyValue.boolean)
        case .color: return Color(hex: value).map(PropertyValue.color)
        case .enum: return values.contains(value) ? .enumCase(value) : nil
        }
    }
}

/// A `<property>` value, parsed as its declared type.
enum PropertyValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case color(Color)
    case enumCase(String)
}
