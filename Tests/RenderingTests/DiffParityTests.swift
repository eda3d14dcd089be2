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
}
