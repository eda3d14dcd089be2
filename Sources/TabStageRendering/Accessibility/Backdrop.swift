import Foundation
import TabStageModel

/// The pixels drawn behind texts laid over a picture (the header's banner image): the screen
/// rasterized without those texts, which their contrast is measured against instead of a theme
/// colour. Rows top to bottom, four bytes a pixel (red, green, blue, alpha); the window's
/// pixels are opaque, so alpha is not read.
package struct Backdrop: Sendable, Hashable {
    /// Columns of pixels.
    package var width: Int
    /// Rows of pixels.
    package var height: Int
    /// Pixels per point.
    package var scale: Double
    /// `width × height × 4` bytes.
    package var rgba: [UInt8]

    /// The pixels of a window drawn at `scale` pixels a point.
    package init(width: Int, height: Int, scale: Double, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "RGBA buffer does not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.scale = scale
        self.rgba = rgba
    }

    /// Byte offsets of the pixels whose centres lie inside `box` (window points), row by row:
    /// pixel `i` covers `[i, i + 1)` pixels, so its centre `i + 0.5` is inside when
    /// `box.x × scale ≤ i + 0.5 < box.maxX × scale`.
    func offsets(in box: Rect) -> [Int] {
        func range(_ low: Double, _ high: Double, count: Int) -> Range<Int> {
            let first = max(0, Int((low * scale - 0.5).rounded(.up)))
            let end = min(count, Int((high * scale - 0.5).rounded(.up)))
            return first < end ? first..<end : 0..<0
        }
        let columns = range(box.x, box.maxX, count: width), rows = range(box.y, box.maxY, count: height)
        var offsets: [Int] = []
        offsets.reserveCapacity(columns.count * rows.count)
        for row in rows {
            for column in columns { offsets.append((row * width + column) * 4) }
        }
        return offsets
    }
}

/// The contrast of a text over the pixels behind it.
package struct MeasuredContrast: Sendable, Hashable {
    /// The ratio the rule gives (`Contrast.backdropPercentile` of the pixels' ratios).
    package var ratio: Double
    /// How many pixels lie behind the text's box.
    package var pixels: Int
    /// The pixel giving that ratio, as `#rrggbb`.
    package var background: String
}

extension Contrast {
    /// The percentage of a text's background pixels allowed to contrast less than the ratio
    /// reported: the ratio is the 5th percentile (nearest rank) of the pixels' ratios, so 95 %
    /// of what lies behind the text meets it. A few stray pixels (a highlight in a photo, an
    /// anti-aliased edge) do not decide the result; a light patch a twentieth of the box or
    /// more does. (assumed: WCAG gives no rule for text over pictures; this is tabstage's.)
    package static let backdropPercentile = 5

    /// The contrast of `foreground` (a hex colour, blended first when translucent) over the
    /// backdrop's pixels inside `box`, in window points: each pixel's ratio by WCAG's
    /// formulas, then the `backdropPercentile`th percentile of them — with n pixels sorted from
    /// the lowest ratio, the one at rank ⌈5 n / 100⌉. Nil when the colour is not a hex colour or no pixel's
    /// centre lies in the box.
    package static func ratio(foreground: String, over backdrop: Backdrop, in box: Rect) -> MeasuredContrast? {
        guard let front = components(foreground) else { return nil }
        let offsets = backdrop.offsets(in: box)
        guard !offsets.isEmpty else { return nil }
        var measured: [(ratio: Double, offset: Int)] = []
        measured.reserveCapacity(offsets.count)
        // One luminance per distinct colour: a banner has few, a photo's box a few thousand.
        var cache: [UInt32: Double] = [:]
        for offset in offsets {
            let red = backdrop.rgba[offset], green = backdrop.rgba[offset + 1], blue = backdrop.rgba[offset + 2]
            let key = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
            let value: Double
            if let known = cache[key] {
                value = known
            } else {
                let back = (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
                func blend(_ top: Double, _ bottom: Double) -> Double { top * front.alpha + bottom * (1 - front.alpha) }
                let text = luminance(red: blend(front.red, back.0), green: blend(front.green, back.1), blue: blend(front.blue, back.2))
                value = ratio(text, luminance(red: back.0, green: back.1, blue: back.2))
                cache[key] = value
            }
            measured.append((value, offset))
        }
        // Ties keep the pixels' order, so the colour named is the same on every run.
        measured.sort { $0.ratio < $1.ratio || ($0.ratio == $1.ratio && $0.offset < $1.offset) }
        // ⌈5 n / 100⌉ in integers (0.05 × 60 is 3.0000000000000004 in floating point).
        let rank = max(1, (backdropPercentile * measured.count + 99) / 100)
        let chosen = measured[rank - 1]
        let hex = (0..<3).map { String(format: "%02x", backdrop.rgba[chosen.offset + $0]) }.joined()
        return MeasuredContrast(ratio: chosen.ratio, pixels: measured.count, background: "#" + hex)
    }
}
