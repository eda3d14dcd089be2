import Foundation
import TabStageRendering
import TabStageTestSupport
import Testing

@testable import TabStageImageDiff

@Suite struct PerceptualDiffTests {
    func white(_ w: Int, _ h: Int) -> RGBAImage { RGBAImage(width: w, height: h, fill: (255, 255, 255, 255)) }

    func set(_ image: inout RGBAImage, _ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) {
        let i = (y * image.width + x) * 4
        image.pixels[i] = c.0
        image.pixels[i + 1] = c.1
        image.pixels[i + 2] = c.2
        image.pixels[i + 3] = c.3
    }

    @Test func oneClearlyDifferentPixelCountsOnce() throws {
        var b = white(10, 10)
        set(&b, 3, 4, (255, 0, 0, 255))
        let result = try PerceptualDiff.compare(white(10, 10), b, diffImage: true)
        #expect(result.differentPixels == 1)
        #expect(result.antiAliasedPixels == 0)
        #expect(result.ratio == 0.01)
        let image = try #require(result.image)
        #expect(image.pixel(x: 3, y: 4) == (255, 0, 0, 255))  // differences are red
        #expect(image.pixel(x: 0, y: 0) == (255, 255, 255, 255))  // white faded stays white
    }

    @Test func unchangedPixelsAreAFadedGreyCopy() throws {
        var a = RGBAImage(width: 3, height: 3, fill: (0, 0, 0, 255))
        set(&a, 1, 1, (255, 255, 255, 255))
        let image = try #require(try PerceptualDiff.compare(a, a, diffImage: true).image)
        // Black (luminance 0) faded with alpha 0.1: 255 + (0 − 255)·0.1 = 229.5 → 230.
        #expect(image.pixel(x: 0, y: 0) == (230, 230, 230, 255))
        #expect(image.pixel(x: 1, y: 1) == (255, 255, 255, 255))
    }

    @Test func thresholdZeroCountsEveryChangeAndOneCountsNone() throws {
        var slight = white(8, 8)
        for y in 2..<6 { for x in 2..<6 { set(&slight, x, y, (250, 250, 250, 255)) } }
        #expect(try PerceptualDiff.compare(white(8, 8), slight, options: .init(threshold: 0)).differentPixels == 16)
        // dy = 5: 0.5053·25 = 12.6, below 35215·0.1² = 352.
        #expect(try PerceptualDiff.compare(white(8, 8), slight).differentPixels == 0)
        let black = RGBAImage(width: 8, height: 8, fill: (0, 0, 0, 255))
        #expect(try PerceptualDiff.compare(white(8, 8), black, options: .init(threshold: 1)).differentPixels == 0)
        // Black against white is 0.5053·255² = 32857: over 35215·0.9² = 28524, under 35215·0.99² = 34514.
        #expect(try PerceptualDiff.compare(white(8, 8), black, options: .init(threshold: 0.9)).differentPixels == 64)
        #expect(try PerceptualDiff.compare(white(8, 8), black, options: .init(threshold: 0.99)).differentPixels == 0)
    }

    /// As pixelmatch 7 and blazediff: transparency is compared over a background of 48 or 207
    /// per channel. Opaque white against fully transparent red is 207 (or 48) levels brighter
    /// in every channel: a brightness distance of 0.5053 × 207² = 21,652 (or 1,164 for 48),
    /// both over 352 (threshold 0.1 of 35,215). Two fully transparent pixels show nothing.
    @Test func transparencyIsComparedOverADarkOrLightBackground() throws {
        let clearRed = RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 0)),
            clearBlue = RGBAImage(width: 4, height: 4, fill: (0, 0, 255, 0))
        #expect(try PerceptualDiff.compare(white(4, 4), clearRed).differentPixels == 16)
        #expect(try PerceptualDiff.compare(clearRed, clearBlue, options: .init(threshold: 0)).differentPixels == 0)
    }

    @Test func subPixelShiftIsMostlyAntiAliasing() throws {
        func circle(_ cx: Double) throws -> RGBAImage {
            try Rasterizer.render(
                svg:
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\"><rect width=\"64\" height=\"64\" fill=\"#fff\"/><circle cx=\"\(cx)\" cy=\"32\" r=\"20\" fill=\"#000\"/></svg>",
                scale: 1)
        }
        let a = try circle(32), b = try circle(32.4)
        let exact = stride(from: 0, to: a.pixels.count, by: 4).filter { a.pixels[$0..<$0 + 4] != b.pixels[$0..<$0 + 4] }.count
        let result = try PerceptualDiff.compare(a, b)
        #expect(exact > 40, "the shift changes the edge pixels")
        #expect(result.antiAliasedPixels > 0)
        #expect(result.differentPixels * 5 < exact, "\(result.differentPixels) counted of \(exact) changed")
        let strict = try PerceptualDiff.compare(a, b, options: .init(threshold: 0.1, includeAntiAliasing: true))
        #expect(strict.differentPixels == result.differentPixels + result.antiAliasedPixels)
    }

    @Test func differentSizesAreAnErrorNotACrash() {
        #expect(throws: RasterError("the images have different sizes: 4×4 and 4×5")) {
            try PerceptualDiff.compare(self.white(4, 4), self.white(4, 5))
        }
    }

    @Test func budgets() {
        let result = PerceptualDiff.Result(width: 100, height: 100, differentPixels: 30, antiAliasedPixels: 0, image: nil)
        #expect(!DiffBudget().allows(result))
        #expect(DiffBudget(maxDiffPixels: 30).allows(result))
        #expect(!DiffBudget(maxDiffPixels: 29).allows(result))
        #expect(DiffBudget(maxDiffPixelRatio: 0.003).allows(result))
        #expect(!DiffBudget(maxDiffPixelRatio: 0.0029).allows(result))
        #expect(!DiffBudget(maxDiffPixels: 100, maxDiffPixelRatio: 0.002).allows(result), "the stricter allowance wins")
    }
}

@Suite struct PNGFormatTests {
    static let folder = Fixtures.root.appendingPathComponent("Tests/TabStageTests/Fixtures/png")

    func decode(_ name: String) throws -> [[UInt8]] {
        let image = try PNGCodec.decode(Array(try Data(contentsOf: Self.folder.appendingPathComponent(name))))
        #expect(image.width == 2 && image.height == 2)
        return stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 4]) }
    }

    @Test func everyColourTypeAndDepthDecodesToRGBA8() throws {
        #expect(try decode("grey8.png") == [[0, 0, 0, 255], [128, 128, 128, 255], [255, 255, 255, 255], [64, 64, 64, 255]])
        #expect(try decode("grey16.png") == [[0, 0, 0, 255], [128, 128, 128, 255], [255, 255, 255, 255], [64, 64, 64, 255]])
        #expect(try decode("grey1.png") == [[0, 0, 0, 255], [255, 255, 255, 255], [255, 255, 255, 255], [0, 0, 0, 255]])
        #expect(try decode("grey-alpha.png") == [[0, 0, 0, 255], [128, 128, 128, 128], [255, 255, 255, 0], [64, 64, 64, 255]])
        #expect(try decode("palette.png") == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]])
        #expect(try decode("palette-alpha.png") == [[255, 0, 0, 255], [0, 0, 255, 128], [0, 0, 255, 128], [255, 0, 0, 255]])
        #expect(try decode("rgb16.png") == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [10, 20, 30, 255]])
        #expect(try decode("rgba8.png") == [[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0], [10, 20, 30, 40]])
    }
}

@Suite struct PNGEncoderTests {
    /// 5×3 (an odd width, so a row's last pixel takes the byte-by-byte path) with every
    /// channel distinct, worked out by hand: pixel (x, y) is (10x + y, 100 + x, 200 - y, alpha).
    func sample(alpha: (Int, Int) -> UInt8) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<3 {
            for x in 0..<5 { pixels += [UInt8(10 * x + y), UInt8(100 + x), UInt8(200 - y), alpha(x, y)] }
        }
        return RGBAImage(width: 5, height: 3, pixels: pixels)
    }

    @Test(arguments: [Int32(1), 6, 12], [false, true])
    func libdeflateWriterRoundTripsThroughBothDecoders(level: Int32, upFilter: Bool) throws {
        let filter = Int32(upFilter ? 32 : 8)  // libspng's SPNG_FILTER_CHOICE_UP and _NONE
        let options = PNGCodec.Options(compressor: .libdeflate, compressionLevel: level, filter: filter)
        for image in [sample { _, _ in 255 }, sample { x, y in UInt8(40 * x + y) }] {
            let png = try PNGCodec.encode(image, options: options)
            // Chunk structure and every CRC, then the pixels through tabstage's decoder and libspng's.
            let summary = try PNGChunks.summary(png)
            #expect(summary.width == 5 && summary.height == 3)
            #expect(png[25] == (image.isOpaque ? 2 : 6), "colour type: RGB when opaque, RGBA otherwise")
            #expect(try PNGCodec.decode(png) == image)
            #expect(try PNGCodec.decodeWithSpng(png) == image)
            #expect(try PNGCodec.encode(image, options: options) == png, "the same image gives the same bytes")
        }
    }

    @Test func libdeflateWriterRefusesALevelOutsideItsRange() {
        let image = sample { _, _ in 255 }
        #expect(throws: RasterError.self) { try PNGCodec.encode(image, options: .init(compressor: .libdeflate, compressionLevel: 0)) }
        #expect(throws: RasterError.self) { try PNGCodec.encode(image, options: .init(compressor: .libdeflate, compressionLevel: 13)) }
    }

    @Test func opaqueRGBRowsDecodeWithOpaqueAlpha() throws {
        // zlib through libspng writes RGB for an opaque image; the fast decoder widens it.
        let image = sample { _, _ in 255 }
        let png = try PNGCodec.encode(image, options: .fast)
        #expect(png[25] == 2)
        #expect(try PNGCodec.decode(png) == image)
    }
}
