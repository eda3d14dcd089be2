/// A colour as a scenario writes it (CSS hex: `#rgb`, `#rrggbb` or `#rrggbbaa`), kept as bytes
/// so the SVG it becomes is the same text on every run.
public struct ThemeColor: Sendable, Hashable {
    /// 0–255.
    public var red: UInt8
    /// 0–255.
    public var green: UInt8
    /// 0–255.
    public var blue: UInt8
    /// 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// Opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Reads `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
    public init?(hex text: String) {
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.utf8.dropFirst())
        var values: [UInt8] = []
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        switch values.count {
        case 3: self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        case 6, 8:
            let bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
        default: return nil
        }
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque (librsvg reads both).
    public var svg: String {
        let bytes = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#"
            + bytes.map { byte in
                let text = String(byte, radix: 16)
                return byte < 16 ? "0" + text : text
            }.joined()
    }
}
