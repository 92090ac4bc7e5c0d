/// An sRGB colour with alpha, written in layouts as `#RRGGBB` or `#RRGGBBAA`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0 to 255.
    public var red: UInt8
    /// The green component, 0 to 255.
    public var green: UInt8
    /// The blue component, 0 to 255.
    public var blue: UInt8
    /// The opacity, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its components; alpha defaults to opaque.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits in either case); `nil` for anything else.
    public init?(hex: String) {
        // Read in place: layouts set colours on many views, and this runs for each.
        var hex = hex
        guard let color = hex.withUTF8({ Color(hexDigits: $0) }) else { return nil }
        self = color
    }

    /// `init?(hex:)` of UTF-8 bytes, for the decoder, which reads values where the reader put them.
    init?(hexDigits digits: UnsafeBufferPointer<UInt8>) {
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        func component(at index: Int) -> UInt8? {
            guard let high = Color.hexValue(digits[index]), let low = Color.hexValue(digits[index + 1]) else {
                return nil
            }
            return high << 4 | low
        }
        guard let red = component(at: 1), let green = component(at: 3), let blue = component(at: 5) else {
            return nil
        }
        var alpha: UInt8 = 255
        if digits.count == 9 {
            guard let value = component(at: 7) else { return nil }
            alpha = value
        }
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String {
        let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#"
            + parts.map { byte in
                let text = String(byte, radix: 16, uppercase: true)
                return byte < 16 ? "0" + text : text
            }.joined()
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
