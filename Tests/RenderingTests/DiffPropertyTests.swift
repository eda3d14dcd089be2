import PropertyBased
import TabStageImageDiff
import TabStageTestSupport
import Testing

/// A pair of small random images: a rectangle on a background, drawn with anti-aliased
/// (partly covered) edge pixels or hard ones, and the same rectangle moved by a fraction of a
/// pixel and perhaps recoloured, with a few stray pixels and translucency.
struct RandomImagePair: Sendable, CustomStringConvertible {
    var width: Int
    var height: Int
    /// The rectangle in the first image: x, y, width, height in pixels (fractional).
    var rect: (Double, Double, Double, Double)
    /// How far the second image's rectangle moves.
    var shift: (Double, Double)
    /// Background, first and second rectangle colours (RGBA).
    var colors: [[UInt8]]
    /// Bits: 1 anti-aliased edges, 2 stray pixels in the second image.
    var flags: Int
    /// Where stray pixels go, and their colours.
    var noise: [Int]

    var description: String {
        "\(width)×\(height) rect \(rect) shift \(shift) colours \(colors) flags \(flags) noise \(noise.count)"
    }

    static let generator = zip(
        Gen.int(in: 1...40), Gen.int(in: 1...140),
        zip(Gen.double(in: -2...36), Gen.double(in: -2...130), Gen.double(in: 0...30), Gen.double(in: 0...80)),
        zip(Gen.double(in: -1.5...1.5), Gen.double(in: -1.5...1.5)),
        zip(Gen.int(in: 0...255), Gen.int(in: 0...255), Gen.int(in: 0...255), Gen.int(in: 0...255)).map {
            [$0, $1, $2, $3].map(UInt8.init)
        }
        .array(of: 3...3),
        Gen.int(in: 0...3), Gen.int(in: 0...Int(Int32.max)).array(of: 0...12)
    ).map { RandomImagePair(width: $0, height: $1, rect: $2, shift: $3, colors: $4, flags: $5, noise: $6) }

    /// The rectangle over the background: each pixel takes the rectangle's colour in proportion
    /// to how much of its square the rectangle covers (anti-aliased), or wholly when the
    /// pixel's centre is inside (hard edges).
    func image(_ x0: Double, _ y0: Double, _ color: [UInt8]) -> RGBAImage {
        let background = colors[0], smooth = flags & 1 != 0
        let x1 = x0 + rect.2, y1 = y0 + rect.3
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x), py = Double(y)
                let coverage =
                    smooth
                    ? max(0, min(px + 1, x1) - max(px, x0)) * max(0, min(py + 1, y1) - max(py, y0))
                    : (px + 0.5 >= x0 && px + 0.5 < x1 && py + 0.5 >= y0 && py + 0.5 < y1 ? 1 : 0)
                for channel in 0..<4 {
                    let mixed = Double(background[channel]) * (1 - coverage) + Double(color[channel]) * coverage
                    pixels.append(UInt8(mixed.rounded()))
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    var first: RGBAImage { image(rect.0, rect.1, colors[1]) }

    var second: RGBAImage {
        var image = image(rect.0 + shift.0, rect.1 + shift.1, colors[2])
        if flags & 2 != 0 {
            for value in noise {
                let pixel = value % (width * height)
                image.pixels[pixel * 4 + (value >> 20) % 4] = UInt8(truncatingIfNeeded: value >> 8)
            }
        }
        return image
    }
}

/// Metamorphic checks on the perceptual diff, which need no expected count: a stricter
/// threshold never finds fewer differences, an image never differs from itself, and which
/// image is the reference does not change the counts.
@Suite struct DiffPropertyTests {
    @Test func aHigherThresholdNeverReportsMoreDifferingPixels() async throws {
        var antiAliasedCases = 0, differingCases = 0
        try await seededPropertyCheck(
            count: 400, input: zip(RandomImagePair.generator, Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.bool(0.2))
        ) { pair, t1, t2, includeAA in
            let (low, high) = (min(t1, t2), max(t1, t2))
            let (a, b) = (pair.first, pair.second)
            let strict = try PerceptualDiff.compare(a, b, options: .init(threshold: low, includeAntiAliasing: includeAA))
            let lenient = try PerceptualDiff.compare(a, b, options: .init(threshold: high, includeAntiAliasing: includeAA))
            #expect(
                lenient.differentPixels <= strict.differentPixels,
                "threshold \(high) found \(lenient.differentPixels), \(low) found \(strict.differentPixels): \(pair)")
            // Whether a pixel is anti-aliasing does not depend on the threshold: the pixels over
            // it only shrink.
            #expect(lenient.differentPixels + lenient.antiAliasedPixels <= strict.differentPixels + strict.antiAliasedPixels)
            if strict.antiAliasedPixels > 0 { antiAliasedCases += 1 }
            if strict.differentPixels > lenient.differentPixels { differingCases += 1 }
        }
        // The generator reaches both kinds of pixel, and thresholds that tell them apart (about
        // 20 and 100 of the 400 cases; fewer than 5 and 20 means the generator has changed).
        #expect(
            antiAliasedCases >= 5 && differingCases >= 20, "\(antiAliasedCases) with anti-aliasing, \(differingCases) threshold-sensitive")
    }

    @Test func anImageNeverDiffersFromItself() async throws {
        try await seededPropertyCheck(count: 300, input: zip(RandomImagePair.generator, Gen.double(in: 0...1), Gen.bool)) {
            pair, threshold, includeAA in
            for image in [pair.first, pair.second] {
                let result = try PerceptualDiff.compare(image, image, options: .init(threshold: threshold, includeAntiAliasing: includeAA))
                #expect(result.differentPixels == 0 && result.antiAliasedPixels == 0, "\(pair)")
            }
        }
    }

    @Test func swappingTheImagesGivesTheSameCounts() async throws {
        var nonZero = 0
        // Thresholds up to 0.5 (the default is 0.1): above that, few random pairs differ at all.
        try await seededPropertyCheck(count: 400, input: zip(RandomImagePair.generator, Gen.double(in: 0...0.5), Gen.bool)) {
            pair, threshold, includeAA in
            let options = PerceptualDiff.Options(threshold: threshold, includeAntiAliasing: includeAA)
            let (a, b) = (pair.first, pair.second)
            let forward = try PerceptualDiff.compare(a, b, options: options)
            let backward = try PerceptualDiff.compare(b, a, options: options)
            #expect(forward.differentPixels == backward.differentPixels, "\(pair) at \(threshold)")
            #expect(forward.antiAliasedPixels == backward.antiAliasedPixels, "\(pair) at \(threshold)")
            if forward.differentPixels + forward.antiAliasedPixels > 0 { nonZero += 1 }
        }
        #expect(nonZero >= 100, "only \(nonZero) pairs differed at all")
    }
}
