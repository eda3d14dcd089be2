import Foundation
import TabStageRendering
import TabStageTestSupport
import Testing

@testable import TabStageImageDiff

@Suite struct DiffParityTests {
    /// Every pair counts what blazediff counted; the corpus is also written to
    /// TABSTAGE_PARITY_CORPUS when set, for the benchmark to hand to blazediff.
    @Test func countsEqualBlazediffs() throws {
        let expected = try DiffParityCorpus.expectedCounts()
        let pairs = try DiffParityCorpus.pairs()
        #expect(Set(expected.keys) == Set(pairs.map(\.name)), "every pair has a committed count")
        let folder = ProcessInfo.processInfo.environment["TABSTAGE_PARITY_CORPUS"].map { URL(fileURLWithPath: $0) }
        if let folder { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for pair in pairs {
            let a = DiffParityCorpus.png(pair.expected), b = DiffParityCorpus.png(pair.actual)
            if let folder {
                try Data(a).write(to: folder.appendingPathComponent("\(pair.name).a.png"))
                try Data(b).write(to: folder.appendingPathComponent("\(pair.name).b.png"))
            }
            let result = try PerceptualDiff.compare(try PNGCodec.decode(a), try PNGCodec.decode(b))
            #expect(result.differentPixels == expected[pair.name], "\(pair.name)")
        }
    }

    /// The libdeflate path and libspng decode every colour type of the corpus to the same pixels.
    @Test func fastDecodeEqualsLibspng() throws {
        for pair in try DiffParityCorpus.pairs() {
            for encoded in [pair.expected, pair.actual] {
                let png = DiffParityCorpus.png(encoded)
                #expect(try PNGCodec.decode(png) == PNGCodec.decodeWithSpng(png), "\(pair.name), colour type \(encoded.colorType)")
            }
        }
    }

    /// Rows filtered with every PNG filter (sub, up, average, Paeth), as other encoders write
    /// them, decode to the pixels that went in, through both paths.
    @Test func everyFilterDecodes() throws {
        let everyFilter = PNGCodec.Options(compressionLevel: 6, filter: 0xF8)  // SPNG_FILTER_CHOICE_ALL
        for image in [DiffParityCorpus.disc(cx: 33.3, cy: 41.7), DiffParityCorpus.gradient(shift: 5), DiffParityCorpus.alphaRamp(step: 2)] {
            let png = try PNGCodec.encode(image, options: everyFilter)
            #expect(try PNGCodec.decode(png) == image)
            #expect(try PNGCodec.decodeWithSpng(png) == image)
        }
    }

    /// Comparing packed images a band at a time (one row, two, three, 64) counts and draws
    /// exactly what comparing the whole RGBA images does, for every pair of the corpus: the two
    /// rows of context above and below a band are all the anti-aliasing check reads.
    @Test func bandsOfPackedRowsCompareAsWholeImages() throws {
        for pair in try DiffParityCorpus.pairs() {
            let a = DiffParityCorpus.png(pair.expected), b = DiffParityCorpus.png(pair.actual)
            let whole = try PerceptualDiff.compare(try PNGCodec.decode(a), try PNGCodec.decode(b), diffImage: true)
            let packedA = try PNGCodec.decodePacked(a), packedB = try PNGCodec.decodePacked(b)
            #expect(packedA.rgba() == (try PNGCodec.decode(a)), "\(pair.name)")
            for bandRows in [1, 2, 3, 64] {
                let banded = try PerceptualDiff.compare(packedA, packedB, diffImage: true, bandRows: bandRows)
                #expect(
                    banded.differentPixels == whole.differentPixels && banded.antiAliasedPixels == whole.antiAliasedPixels,
                    "\(pair.name), bands of \(bandRows) rows: \(banded.differentPixels) and \(banded.antiAliasedPixels) against \(whole.differentPixels) and \(whole.antiAliasedPixels)"
                )
                #expect(banded.image == whole.image, "\(pair.name), bands of \(bandRows) rows: the diff images differ")
                let counted = try PerceptualDiff.compare(packedA, packedB, bandRows: bandRows)
                #expect(counted.differentPixels == whole.differentPixels && counted.antiAliasedPixels == whole.antiAliasedPixels)
            }
        }
    }

    /// Samples of `bits` bits packed most significant first, each row padded to a whole byte.
    static func packed(_ samples: [Int], width: Int, bits: Int) -> [UInt8] {
        var out: [UInt8] = []
        for row in stride(from: 0, to: samples.count, by: width) {
            var bytes = [UInt8](repeating: 0, count: (width * bits + 7) / 8)
            for x in 0..<width {
                let bit = x * bits
                bytes[bit / 8] |= UInt8(samples[row + x] << (8 - bits - bit % 8))
            }
            out += bytes
        }
        return out
    }

    /// Grey and palette PNGs of 1, 2 and 4 bits a pixel are kept as their bits and expand to
    /// the pixels libspng decodes: grey v of b bits is v × 255 / (2^b − 1) (1 bit: 0 and 255;
    /// 2 bits: 0, 85, 170, 255; 4 bits: steps of 17), a palette index its entry.
    @Test func lowBitDepthsAreKeptPackedAndExpandAsLibspngDecodes() throws {
        let (width, height) = (13, 7)
        var palette: [UInt8] = []
        for entry in 0..<16 { palette += [UInt8(entry * 16), UInt8(255 - entry * 16), UInt8(entry * 7)] }
        for bits in [1, 2, 4] {
            let samples = (0..<width * height).map { ($0 * 7 + $0 / width) % (1 << bits) }
            let rows = Self.packed(samples, width: width, bits: bits)
            for colorType: UInt8 in [0, 3] {
                let encoded = DiffParityCorpus.Encoded(
                    width: width, height: height, colorType: colorType, bitDepth: UInt8(bits),
                    palette: colorType == 3 ? Array(palette.prefix(3 << bits)) : [], rows: rows)
                let png = DiffParityCorpus.png(encoded)
                let image = try PNGCodec.decodePacked(png)
                // (13 × b + 7) / 8 bytes a row and its filter byte, 7 rows.
                let rowBytes: Int = (13 * bits + 7) / 8
                #expect(image.byteCount == (rowBytes + 1) * 7)
                #expect(image.rgba() == (try PNGCodec.decodeWithSpng(png)), "\(bits) bits, colour type \(colorType)")
                if colorType == 0 {
                    let maximum = (1 << bits) - 1
                    #expect(image.rgba().pixel(x: 1, y: 0).r == UInt8(samples[1] * 255 / maximum))
                }
            }
        }
    }

    /// A black-and-white 4,001 × 4,001 PNG (written at run time) is held as its bits:
    /// (4,001 + 7) / 8 = 501 bytes a row and a filter byte, × 4,001 rows = 2,008,502 bytes,
    /// where its RGBA takes 4,001² × 4 = 64,032,016. One flipped pixel is one difference; two
    /// files of the same pixels differ in none, found without expanding a row.
    @Test func aBlackAndWhitePictureIsComparedFromItsBits() throws {
        let (side, rowBytes) = (4001, 501)
        var rows = [UInt8](repeating: 0, count: rowBytes * side)
        let blank = DiffParityCorpus.png(DiffParityCorpus.Encoded(width: side, height: side, colorType: 0, bitDepth: 1, rows: rows))
        rows[2000 * rowBytes + 250] = 0x80  // pixel (2,000, 2,000): byte 250, its first bit
        let flipped = DiffParityCorpus.png(DiffParityCorpus.Encoded(width: side, height: side, colorType: 0, bitDepth: 1, rows: rows))
        let a = try PNGCodec.decodePacked(blank), b = try PNGCodec.decodePacked(flipped)
        #expect(a.byteCount == 2_008_502 && b.byteCount == 2_008_502)
        let one = try PerceptualDiff.compare(a, b)
        #expect(one.differentPixels == 1 && one.pixelCount == 16_008_001)
        #expect(a.sameBytes(as: try PNGCodec.decodePacked(blank)))
        #expect(!a.sameBytes(as: b))
        #expect(try PerceptualDiff.compare(a, try PNGCodec.decodePacked(blank)).differentPixels == 0)
    }
}
