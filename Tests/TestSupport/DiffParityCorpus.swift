import Foundation
import TabStageLayout
import TabStageRendering
import Testing

@testable import TabStageImageDiff

/// Pairs of PNGs on which tabstage's diff must count exactly what blazediff counts
/// (`antialiasing=True`, threshold 0.1). The counts in Fixtures/diff-parity.txt were produced by
/// blazediff itself on files this generator wrote; `Scripts/bench.sh` writes the corpus again
/// (TABSTAGE_PARITY_CORPUS=DIR) and re-derives them live.
package enum DiffParityCorpus {
    /// A PNG as its file holds it: colour type, bit depth, and the raw samples of each row.
    package struct Encoded {
        package var width: Int
        package var height: Int
        package var colorType: UInt8
        package var bitDepth: UInt8 = 8
        package var palette: [UInt8] = []
        package var transparency: [UInt8] = []
        package var rows: [UInt8]

        /// A file of these samples (`rows`: each row's samples, padded to a whole byte).
        package init(
            width: Int, height: Int, colorType: UInt8, bitDepth: UInt8 = 8, palette: [UInt8] = [], transparency: [UInt8] = [],
            rows: [UInt8]
        ) {
            self.width = width
            self.height = height
            self.colorType = colorType
            self.bitDepth = bitDepth
            self.palette = palette
            self.transparency = transparency
            self.rows = rows
        }
    }

    package struct Pair {
        package var name: String
        package var expected: Encoded
        package var actual: Encoded
    }

    package static let expectedCountsFile = Fixtures.root.appendingPathComponent("Tests/TabStageTests/Fixtures/diff-parity.txt")

    /// Name to blazediff's count, from the committed file (lines `name count`, `#` comments).
    package static func expectedCounts() throws -> [String: Int] {
        let text = try String(contentsOf: expectedCountsFile, encoding: .utf8)
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let count = Int(fields[1]) { counts[String(fields[0])] = count }
        }
        return counts
    }

    package static func pairs() throws -> [Pair] {
        var pairs: [Pair] = []
        // Frames: the same screen scrolled by a few points, rendered by tabstage at 2x.
        let frame = { (offset: Double) throws -> RGBAImage in
            let state = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: offset))
            return try Rasterizer.render(svg: SVGSnapshot.svg(state, look: Look(), measuring: TextMeasurer.shared), scale: 2)
        }
        pairs.append(Pair(name: "frames-scrolled", expected: rgba(try frame(0)), actual: rgba(try frame(37))))
        pairs.append(Pair(name: "frames-identical", expected: rgba(try frame(12)), actual: rgba(try frame(12))))
        // Anti-aliased shapes moved by a fraction of a pixel and by whole pixels.
        pairs.append(Pair(name: "disc-shift-half", expected: rgba(disc(cx: 40, cy: 40)), actual: rgba(disc(cx: 40.5, cy: 40.25))))
        pairs.append(Pair(name: "disc-shift-three", expected: rgba(disc(cx: 40, cy: 40)), actual: rgba(disc(cx: 43, cy: 40))))
        // Text: one letter changed, drawn by librsvg with its own anti-aliasing.
        pairs.append(Pair(name: "text-letter", expected: rgba(try text("Profile · Posts")), actual: rgba(try text("Profile · Pests"))))
        // Colours: a small change under the threshold and a large one over it, on a gradient.
        pairs.append(Pair(name: "colour-gradient", expected: rgba(gradient(shift: 0)), actual: rgba(gradient(shift: 9))))
        pairs.append(Pair(name: "colour-patches", expected: rgba(patches(tint: 0)), actual: rgba(patches(tint: 1))))
        // Alpha: the same colours at other opacities.
        pairs.append(Pair(name: "alpha-ramp", expected: rgbaWithAlpha(alphaRamp(step: 1)), actual: rgbaWithAlpha(alphaRamp(step: 3))))
        // PNG colour types: grey, grey with alpha, palette (with tRNS), 16-bit RGB against RGBA.
        let disc1 = disc(cx: 30, cy: 30), disc2 = disc(cx: 30.5, cy: 31)
        pairs.append(Pair(name: "type-grey", expected: grey(disc1), actual: grey(disc2)))
        pairs.append(Pair(name: "type-grey-alpha", expected: greyAlpha(disc1), actual: greyAlpha(disc2)))
        pairs.append(Pair(name: "type-palette", expected: palette(disc1), actual: palette(disc2)))
        pairs.append(Pair(name: "type-rgb16-vs-rgba", expected: rgb16(disc1), actual: rgbaWithAlpha(disc2)))
        return pairs
    }

    // MARK: Pictures (RGBA, straight alpha)

    /// A dark disc of radius 18 on white, its edge pixels covered in 1/16ths (4×4 samples).
    package static func disc(cx: Double, cy: Double, size: Int = 80) -> RGBAImage {
        var image = RGBAImage(width: size, height: size, fill: (255, 255, 255, 255))
        for y in 0..<size {
            for x in 0..<size {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - cx, dy = Double(y) + (Double(sy) + 0.5) / 4 - cy
                        if dx * dx + dy * dy <= 18 * 18 { inside += 1 }
                    }
                }
                let value = UInt8(255 - (255 - 40) * inside / 16)
                let i = (y * size + x) * 4
                image.pixels[i] = value
                image.pixels[i + 1] = value
                image.pixels[i + 2] = UInt8(min(255, Int(value) + 20 * inside / 16))
            }
        }
        return image
    }

    package static func text(_ words: String) throws -> RGBAImage {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40">
            <rect width="180" height="40" fill="#fff"/>
            <text x="8" y="27" font-family="DejaVu Sans" font-size="17" fill="#1d1d1f">\(words)</text>
            </svg>
            """
        return try Rasterizer.render(svg: svg, scale: 1)
    }

    package static func gradient(shift: Int) -> RGBAImage {
        var image = RGBAImage(width: 256, height: 24, fill: (0, 0, 0, 255))
        for y in 0..<24 {
            for x in 0..<256 {
                let i = (y * 256 + x) * 4
                let s = y < 12 ? shift : shift * 6
                image.pixels[i] = UInt8(x)
                image.pixels[i + 1] = UInt8((x + s) & 0xFF)
                image.pixels[i + 2] = UInt8(255 - x)
            }
        }
        return image
    }

    /// 8×8 patches of saturated and pale colours; `tint` 1 nudges each channel differently.
    package static func patches(tint: Int) -> RGBAImage {
        let colours: [(Int, Int, Int)] = [
            (255, 0, 0), (0, 200, 0), (0, 0, 255), (250, 250, 250), (128, 128, 128), (0, 0, 0), (255, 204, 0), (52, 199, 89),
        ]
        var image = RGBAImage(width: 64, height: 64, fill: (255, 255, 255, 255))
        for y in 0..<64 {
            for x in 0..<64 {
                let c = colours[(x / 8 + y / 8) % colours.count]
                let d = tint * ((x / 8) * 3 + (y / 8) * 5)
                let i = (y * 64 + x) * 4
                image.pixels[i] = UInt8(max(0, min(255, c.0 - d)))
                image.pixels[i + 1] = UInt8(max(0, min(255, c.1 + d / 2)))
                image.pixels[i + 2] = UInt8(max(0, min(255, c.2 - d / 3)))
            }
        }
        return image
    }

    package static func alphaRamp(step: Int) -> RGBAImage {
        var image = RGBAImage(width: 64, height: 32, fill: (0, 0, 0, 0))
        for y in 0..<32 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                image.pixels[i] = UInt8(x * 4)
                image.pixels[i + 1] = UInt8(y * 8)
                image.pixels[i + 2] = 180
                image.pixels[i + 3] = UInt8((x * step * 4 + y) & 0xFF)
            }
        }
        return image
    }

    // MARK: Encodings

    package static func rgba(_ image: RGBAImage) -> Encoded {
        var rows: [UInt8] = []
        for i in stride(from: 0, to: image.pixels.count, by: 4) { rows += image.pixels[i..<i + 3] }
        return Encoded(width: image.width, height: image.height, colorType: 2, rows: rows)
    }

    package static func rgbaWithAlpha(_ image: RGBAImage) -> Encoded {
        Encoded(width: image.width, height: image.height, colorType: 6, rows: image.pixels)
    }

    package static func grey(_ image: RGBAImage) -> Encoded {
        Encoded(
            width: image.width, height: image.height, colorType: 0,
            rows: stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] })
    }

    package static func greyAlpha(_ image: RGBAImage) -> Encoded {
        let rows: [UInt8] = stride(from: 0, to: image.pixels.count, by: 4).flatMap { (i: Int) -> [UInt8] in
            [image.pixels[i], UInt8(255 - Int(image.pixels[i]) / 2)]
        }
        return Encoded(width: image.width, height: image.height, colorType: 4, rows: rows)
    }

    /// Sixteen grey levels; the lightest is half transparent (a tRNS entry).
    package static func palette(_ image: RGBAImage) -> Encoded {
        let levels: [UInt8] = (0..<16).flatMap { (i: Int) -> [UInt8] in
            let v = UInt8(i * 17)
            return [v, v, v]
        }
        let rows = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] / 17 }
        return Encoded(
            width: image.width, height: image.height, colorType: 3, palette: levels,
            transparency: Array(repeating: 255, count: 15) + [128], rows: rows)
    }

    package static func rgb16(_ image: RGBAImage) -> Encoded {
        var rows: [UInt8] = []
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            for c in 0..<3 { rows += [image.pixels[i + c], image.pixels[i + c] ^ 0x5A] }
        }
        return Encoded(width: image.width, height: image.height, colorType: 2, bitDepth: 16, rows: rows)
    }

    /// A PNG with filter 0 on every row and the zlib stream in stored blocks: no compressor
    /// involved, so the file is exactly what the samples say.
    package static func png(_ e: Encoded) -> [UInt8] {
        let rowBytes = e.rows.count / e.height
        var raw: [UInt8] = []
        for y in 0..<e.height {
            raw.append(0)
            raw += e.rows[y * rowBytes..<(y + 1) * rowBytes]
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            zlib += [offset + n == raw.count ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += raw[offset..<offset + n]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        zlib += bigEndian(b << 16 | a)
        var out = PNGChunks.signature
        out += chunk("IHDR", bigEndian(UInt32(e.width)) + bigEndian(UInt32(e.height)) + [e.bitDepth, e.colorType, 0, 0, 0])
        if !e.palette.isEmpty { out += chunk("PLTE", e.palette) }
        if !e.transparency.isEmpty { out += chunk("tRNS", e.transparency) }
        out += chunk("IDAT", zlib)
        out += chunk("IEND", [])
        return out
    }

    /// A PNG chunk: length, type, data and the CRC-32 of type and data.
    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(PNGChunks.crc32(body[...]))
    }

    package static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
