import Foundation
import TabStageImageDiff
import TabStageRendering
import TabStageTestSupport
import Testing

@Suite struct RasterTests {
    @Test func rendersAtTheGivenScale() throws {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"5\"><rect width=\"10\" height=\"5\" fill=\"#ff0000\"/><rect x=\"5\" width=\"5\" height=\"5\" fill=\"#0000ff\"/></svg>"
        let image = try Rasterizer.render(svg: svg, scale: 3)
        #expect(image.width == 30 && image.height == 15)
        #expect(image.pixel(x: 2, y: 2) == (255, 0, 0, 255))
        #expect(image.pixel(x: 27, y: 12) == (0, 0, 255, 255))
    }

    @Test func translucentPixelsAreUnpremultiplied() throws {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2\" height=\"2\"><rect width=\"2\" height=\"2\" fill=\"#ff8000\" fill-opacity=\"0.5\"/></svg>"
        let pixel = try Rasterizer.render(svg: svg, scale: 1).pixel(x: 0, y: 0)
        #expect(pixel.a == 128)
        #expect(pixel.r == 255)
        #expect((127...129).contains(pixel.g))  // 0x80 after a premultiplied round trip
        #expect(pixel.b == 0)
    }

    @Test func textIsDrawnWithTheProjectsFontsOnly() throws {
        func text(_ family: String) throws -> RGBAImage {
            try Rasterizer.render(
                svg:
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"30\"><rect width=\"120\" height=\"30\" fill=\"#fff\"/><text x=\"4\" y=\"22\" font-size=\"18\" font-family=\"\(family)\">Tabstage</text></svg>",
                scale: 2)
        }
        let inter = try text("Inter")
        #expect(inter.pixels.contains { $0 < 128 }, "text must leave dark pixels")
        // Inter is the system face, not DejaVu Sans (the fallback for scripts Inter lacks).
        let dejaVu = try text("DejaVu Sans")
        #expect(dejaVu != inter)
        // Families the configuration does not know (generic ones included) fall back to Inter,
        // never to a system font. The test means something only when those fonts are on the
        // machine, so it requires them (fonts-dejavu-core installs both; fontconfig's `serif`
        // and `monospace` name them on Debian).
        try requireSystemFont("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        try requireSystemFont("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        for family in ["DejaVu Serif", "serif", "DejaVu Sans Mono", "monospace", "sans-serif"] {
            let same = try text(family) == inter
            #expect(same, "\(family) is drawn with a font of its own")
        }
        // Weight 600 picks Inter's own semibold face: neither the regular nor the bold one.
        func weighted(_ weight: Int) throws -> RGBAImage {
            try Rasterizer.render(
                svg:
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"30\"><rect width=\"120\" height=\"30\" fill=\"#fff\"/><text x=\"4\" y=\"22\" font-size=\"18\" font-family=\"Inter\" font-weight=\"\(weight)\">Tabstage</text></svg>",
                scale: 2)
        }
        let semibold = try weighted(600)
        #expect(try semibold != weighted(400) && semibold != weighted(700))
        #expect(try weighted(400) == inter)
        // Hebrew, which Inter lacks, is drawn (by DejaVu Sans): it leaves ink.
        func hebrew(_ family: String) throws -> RGBAImage {
            try Rasterizer.render(
                svg:
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"30\"><rect width=\"120\" height=\"30\" fill=\"#fff\"/><text x=\"4\" y=\"22\" font-size=\"18\" font-family=\"\(family)\">שלום</text></svg>",
                scale: 2)
        }
        let viaDejaVu = try hebrew("Inter") == hebrew("DejaVu Sans")
        #expect(viaDejaVu, "Hebrew, which Inter lacks, falls back to DejaVu Sans")
    }

    @Test func emojiFallBackToTheProjectsEmojiFont() throws {
        func text(_ string: String, _ family: String) throws -> RGBAImage {
            try Rasterizer.render(
                svg:
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"60\" height=\"40\"><rect width=\"60\" height=\"40\" fill=\"#fff\"/><text x=\"4\" y=\"30\" font-size=\"24\" font-family=\"\(family)\">\(string)</text></svg>",
                scale: 1)
        }
        // The two families draw an ordinary letter differently, so equal emoji renders mean the
        // fallback really is Symbola (not a missing-glyph box).
        let letters = try text("A", "DejaVu Sans") == text("A", "Symbola")
        #expect(!letters)
        let rocket = try text("🚀", "DejaVu Sans")
        let viaSymbola = try rocket == text("🚀", "Symbola")
        #expect(viaSymbola)
        #expect(rocket.pixels.contains { $0 < 128 }, "the emoji leaves dark pixels")
    }

    /// A PNG rendered straight from cairo's pixels holds each pixel's exact fill colour, at every
    /// row width: 16 pixels at a time, 4 at a time and one by one (the remainders of 1 to 21, 37,
    /// 64 and 1170), and a translucent pixel anywhere in a row makes the file RGBA.
    @Test(arguments: Array(1...21) + [37, 64, 1170])
    func pngRowsHoldEveryPixelsColourAtEveryWidth(width: Int) throws {
        // Pixel (x, y) is a 1×1 rect at scale 1, so it is exactly its fill:
        // r = (53x + 19y) mod 256, g = (29x + 7y + 91) mod 256, b = (11x + 101y + 200) mod 256.
        func colour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            (UInt8((53 * x + 19 * y) & 255), UInt8((29 * x + 7 * y + 91) & 255), UInt8((11 * x + 101 * y + 200) & 255))
        }
        func svg(translucentAt translucent: Int?) -> String {
            var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"3\">"
            for y in 0..<3 {
                for x in 0..<width {
                    let (r, g, b) = colour(x, y)
                    let opacity = x == translucent && y == 1 ? " fill-opacity=\"0.5\"" : ""
                    text += "<rect x=\"\(x)\" y=\"\(y)\" width=\"1\" height=\"1\" fill=\"rgb(\(r),\(g),\(b))\"\(opacity)/>"
                }
            }
            return text + "</svg>"
        }
        let canvas = Canvas()
        for options in [PNGCodec.Options.fast, .compact] {
            let png = try canvas.renderPNG(svg: svg(translucentAt: nil), scale: 1, options: options)
            #expect(png[25] == 2)  // IHDR colour type 2: truecolour without alpha
            let image = try PNGCodec.decode(png)
            #expect(image.width == width && image.height == 3)
            for y in 0..<3 {
                for x in 0..<width {
                    let (r, g, b) = colour(x, y)
                    #expect(image.pixel(x: x, y: y) == (r, g, b, 255), "pixel \(x),\(y) of a row of \(width)")
                }
            }
        }
        // One pixel of the middle row at half opacity, first in a row, inside a block of 16,
        // and last: the file is RGBA (colour type 6) and that pixel's alpha is 128 (0.5 · 255
        // rounded); every other pixel is unchanged and opaque.
        for translucent in Set([0, min(5, width - 1), width - 1]) {
            let image = try PNGCodec.decode(try canvas.renderPNG(svg: svg(translucentAt: translucent), scale: 1, options: .fast))
            #expect(image.pixel(x: translucent, y: 1).a == 128)
            #expect(image.pixel(x: translucent, y: 0).a == 255 && image.pixel(x: translucent, y: 2).a == 255)
            for x in 0..<width where x != translucent {
                let (r, g, b) = colour(x, 1)
                #expect(image.pixel(x: x, y: 1) == (r, g, b, 255))
            }
        }
    }

    @Test func refusesHugeImagesBeforeAllocating() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4096\" height=\"4096\"></svg>"
        #expect(throws: RasterError.self) { try Rasterizer.render(svg: svg, scale: 4) }
    }

    @Test func refusesSVGItCannotParse() {
        #expect(throws: RasterError.self) { try Rasterizer.render(svg: "<svg", scale: 1) }
    }
}

extension RasterTests {
    /// libxml2 stops reading an SVG of many megabytes of pictures part way ("Premature end of
    /// data"): a larger SVG is refused up front with what to do instead.
    @Test func anSVGOverTheReadLimitIsRefusedWithAFix() {
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"><desc>" + String(repeating: "x", count: 10_000_001)
            + "</desc></svg>"
        #expect {
            try Rasterizer.render(svg: svg, scale: 1)
        } throws: { error in
            (error as? RasterError)?.message
                == "the snapshot's SVG is 10000081 bytes, over the 10000000 librsvg reads (its pictures are embedded once each): use fewer or smaller pictures, or save photos as JPEG"
        }
    }
}

@Suite struct PNGCodecTests {
    @Test func opaqueImagesRoundTripAsRGB() throws {
        var image = RGBAImage(width: 3, height: 2, fill: (10, 20, 30, 255))
        image.pixels[4...7] = [200, 100, 0, 255]
        let png = try PNGCodec.encode(image)
        #expect(png[25] == 2)  // IHDR colour type: truecolour without alpha
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func translucentImagesRoundTripAsRGBA() throws {
        var image = RGBAImage(width: 2, height: 2, fill: (0, 0, 0, 0))
        image.pixels[0...3] = [255, 0, 0, 128]
        let png = try PNGCodec.encode(image)
        #expect(png[25] == 6)  // truecolour with alpha
        #expect(try PNGCodec.decode(png) == image)
    }

    /// The bytes a PNG reader relies on, from the PNG specification: the signature, an IHDR of
    /// 64×64, 8 bits, truecolour, deflate, no filter method, no interlace, and the fixed IEND.
    @Test func encodingWritesTheStandardHeaderAndEnd() throws {
        let png = try PNGCodec.encode(RGBAImage(width: 64, height: 64, fill: (1, 2, 3, 255)))
        #expect(
            Array(png.prefix(29)) == [
                137, 80, 78, 71, 13, 10, 26, 10,  // signature
                0, 0, 0, 13, 73, 72, 68, 82,  // IHDR, 13 bytes of data
                0, 0, 0, 64, 0, 0, 0, 64,  // width, height
                8, 2, 0, 0, 0,  // bit depth, colour type, compression, filter, interlace
            ])
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82])  // IEND and its CRC
    }

    @Test func badFilesAreErrorsNotCrashes() throws {
        #expect(throws: RasterError("not a PNG file (no PNG signature)")) { try PNGCodec.decode(Array("GIF89a".utf8)) }
        let png = try PNGCodec.encode(RGBAImage(width: 16, height: 16, fill: (9, 9, 9, 255)))
        // libspng accepts a file missing only bytes of the final IEND CRC: the pixels are complete and checked.
        for cut in [8, 20, 33, png.count - 13, png.count - 9, png.count - 5] {
            #expect(throws: RasterError.self, "cut at \(cut) of \(png.count)") { try PNGCodec.decode(Array(png.prefix(cut))) }
        }
        var corrupt = png
        corrupt[40] ^= 0xFF
        #expect(throws: RasterError.self) { try PNGCodec.decode(corrupt) }
    }
}
