import Foundation
import TabStageModel

/// WCAG 2.x contrast: relative luminance of sRGB colours and the ratio between two of them.
package enum Contrast {
    /// WCAG AA's minimum for text.
    package static let normalMinimum = 4.5
    /// WCAG AA's minimum for large text: at least 18 pt, or 14 pt bold.
    package static let largeMinimum = 3.0

    /// Whether text of `size` points (bold or not) is large in WCAG's sense.
    package static func isLarge(size: Double, bold: Bool) -> Bool {
        size >= 18 || (bold && size >= 14)
    }

    /// The minimum ratio for text of `size` points.
    package static func minimum(size: Double, bold: Bool) -> Double {
        isLarge(size: size, bold: bold) ? largeMinimum : normalMinimum
    }

    /// `#rrggbb` or `#rrggbbaa` as red, green, blue and alpha from 0 to 1; nil otherwise.
    package static func components(_ hex: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        let digits = Array(hex.utf8.dropFirst())
        guard hex.hasPrefix("#"), digits.count == 6 || digits.count == 8 else { return nil }
        var values: [Double] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            values.append(Double(byte) / 255)
        }
        return (values[0], values[1], values[2], values.count == 4 ? values[3] : 1)
    }

    /// WCAG's relative luminance of an opaque sRGB colour (channels 0…1):
    /// 0.2126 R + 0.7152 G + 0.0722 B of the linearised channels.
    package static func luminance(red: Double, green: Double, blue: Double) -> Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter luminance over the darker; from 1 to 21.
    package static func ratio(_ first: Double, _ second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// The ratio of `foreground` drawn over `background` (hex colours); a translucent
    /// foreground is blended over the background first. Nil when either is not a hex colour.
    package static func ratio(foreground: String, background: String) -> Double? {
        guard let front = components(foreground), let back = components(background) else { return nil }
        func blend(_ top: Double, _ bottom: Double) -> Double { top * front.alpha + bottom * (1 - front.alpha) }
        let text = luminance(red: blend(front.red, back.red), green: blend(front.green, back.green), blue: blend(front.blue, back.blue))
        return ratio(text, luminance(red: back.red, green: back.green, blue: back.blue))
    }
}
