import Foundation

/// A perceptual image comparison following pixelmatch's published algorithm: colour distance
/// in YIQ space (Kotsarenko & Ramos, 2010), semi-transparent pixels blended as pixelmatch 7 does, and
/// anti-aliased pixels (Vyšniauskas, 2009) told apart from real differences.
public enum PerceptualDiff {
    /// How sensitive the comparison is.
    public struct Options: Sendable, Hashable {
        /// 0 counts every changed pixel, 1 counts none; 0.1 by default.
        public var threshold: Double
        /// Count anti-aliased pixels as differences too.
        public var includeAntiAliasing: Bool
        /// Options with pixelmatch's defaults: threshold 0.1, anti-aliasing not counted.
        public init(threshold: Double = 0.1, includeAntiAliasing: Bool = false) {
            self.threshold = threshold
            self.includeAntiAliasing = includeAntiAliasing
        }
    }

    /// What a comparison found.
    public struct Result: Sendable, Hashable {
        /// The images' width in pixels.
        public var width: Int
        /// The images' height in pixels.
        public var height: Int
        /// Pixels that differ beyond the threshold and are not anti-aliasing.
        public var differentPixels: Int
        /// Pixels that differ only as anti-aliasing does.
        public var antiAliasedPixels: Int
        /// Unchanged pixels faded grey, differences red, anti-aliasing yellow (when asked for).
        public var image: RGBAImage?
        /// All pixels compared.
        public var pixelCount: Int { width * height }
        /// A result from its counts and optional diff image.
        public init(width: Int, height: Int, differentPixels: Int, antiAliasedPixels: Int, image: RGBAImage?) {
            self.width = width
            self.height = height
            self.differentPixels = differentPixels
            self.antiAliasedPixels = antiAliasedPixels
            self.image = image
        }
        /// The share of pixels that differ, 0 to 1, for ratio budgets.
        public var ratio: Double { pixelCount == 0 ? 0 : Double(differentPixels) / Double(pixelCount) }
    }

    /// The largest YIQ distance between two colours (black and white): 35215.
    static let maxDistance = 35215.0

    /// Compares two images of the same size; with `diffImage`, also draws where they differ.
    ///
    /// - Parameters:
    ///   - a: The expected image (the reference).
    ///   - b: The actual image.
    ///   - options: The per-pixel threshold and whether anti-aliasing counts.
    ///   - diffImage: Also return an image showing the differences.
    /// - Returns: The counts of differing and anti-aliased pixels, and the diff image if asked for.
    /// - Throws: A `RasterError` when the sizes differ or an image is too large.
    public static func compare(_ a: RGBAImage, _ b: RGBAImage, options: Options = Options(), diffImage: Bool = false) throws(RasterError)
        -> Result
    {
        guard a.width == b.width, a.height == b.height else {
            throw RasterError("the images have different sizes: \(a.width)×\(a.height) and \(b.width)×\(b.height)")
        }
        let width = a.width, height = a.height
        let maxDelta = maxDistance * options.threshold * options.threshold
        var output = diffImage ? [UInt8](repeating: 0, count: width * height * 4) : []
        // Rows are independent, so bands of rows run on every core; counts are summed in order.
        let bands = max(1, min(ProcessInfo.processInfo.activeProcessorCount, height / 64))
        let counts = Counts(bands)
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                output.withUnsafeMutableBufferPointer { out in
                    let job = BandJob(
                        a: Pixels(bytes: pa, words: UnsafeRawBufferPointer(pa).bindMemory(to: UInt32.self), width: width, height: height),
                        b: Pixels(bytes: pb, words: UnsafeRawBufferPointer(pb).bindMemory(to: UInt32.self), width: width, height: height),
                        out: diffImage ? out.baseAddress : nil, maxDelta: maxDelta, includeAntiAliasing: options.includeAntiAliasing)
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        let rows = (height * band / bands)..<(height * (band + 1) / bands)
                        counts.set(band, job.compare(rows: rows))
                    }
                }
            }
        }
        let (different, antiAliased) = counts.total
        let image = diffImage ? RGBAImage(width: width, height: height, pixels: output) : nil
        return Result(width: width, height: height, differentPixels: different, antiAliasedPixels: antiAliased, image: image)
    }

    /// `compare` of two images kept packed: the same counts and diff image, with each core
    /// expanding `bandRows` rows of both to RGBA at a time (and the two rows above and below
    /// them, which the anti-aliasing check reads: a pixel's neighbours and theirs), so the
    /// comparison holds the packed images and a band per core instead of two whole RGBA
    /// images. Two images with the same bytes are compared without expanding a row.
    package static func compare(
        _ a: PackedImage, _ b: PackedImage, options: Options = Options(), diffImage: Bool = false, bandRows: Int = 64
    ) throws(RasterError) -> Result {
        guard a.width == b.width, a.height == b.height else {
            throw RasterError("the images have different sizes: \(a.width)×\(a.height) and \(b.width)×\(b.height)")
        }
        let width = a.width, height = a.height
        if !diffImage, a.sameBytes(as: b) {
            return Result(width: width, height: height, differentPixels: 0, antiAliasedPixels: 0, image: nil)
        }
        let maxDelta = maxDistance * options.threshold * options.threshold
        var output = diffImage ? [UInt8](repeating: 0, count: width * height * 4) : []
        let bandRows = max(1, bandRows)
        let bands = (height + bandRows - 1) / bandRows
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, bands))
        let counts = Counts(bands)
        let context = 2
        output.withUnsafeMutableBufferPointer { out in
            let target = diffImage ? out.baseAddress : nil
            let shared = SharedPointer(target)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let capacity = (bandRows + 2 * context) * width * 4
                let bufferA = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity, 4))
                let bufferB = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity, 4))
                defer {
                    bufferA.deallocate()
                    bufferB.deallocate()
                }
                for band in stride(from: worker, to: bands, by: workers) {
                    let start = band * bandRows, end = min(height, start + bandRows)
                    let low = max(0, start - context), high = min(height, end + context)
                    a.expand(rows: low..<high, into: bufferA)
                    b.expand(rows: low..<high, into: bufferB)
                    let count = (high - low) * width * 4
                    let pa = UnsafeBufferPointer(start: bufferA, count: count), pb = UnsafeBufferPointer(start: bufferB, count: count)
                    let job = BandJob(
                        a: Pixels(
                            bytes: pa, words: UnsafeRawBufferPointer(pa).bindMemory(to: UInt32.self), width: width, height: high - low,
                            origin: low * width * 4),
                        b: Pixels(
                            bytes: pb, words: UnsafeRawBufferPointer(pb).bindMemory(to: UInt32.self), width: width, height: high - low,
                            origin: low * width * 4),
                        out: shared.pointer.map { $0 + low * width * 4 }, maxDelta: maxDelta,
                        includeAntiAliasing: options.includeAntiAliasing)
                    counts.set(band, job.compare(rows: (start - low)..<(end - low)))
                }
            }
        }
        let (different, antiAliased) = counts.total
        let image = diffImage ? RGBAImage(width: width, height: height, pixels: output) : nil
        return Result(width: width, height: height, differentPixels: different, antiAliasedPixels: antiAliased, image: image)
    }

    /// The diff image's memory, handed to the workers: each writes only its own bands' rows.
    private struct SharedPointer: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<UInt8>?
        init(_ pointer: UnsafeMutablePointer<UInt8>?) { self.pointer = pointer }
    }

    /// One comparison, shared read-only by the bands; each band writes only its own output rows.
    struct BandJob: @unchecked Sendable {
        let a: Pixels
        let b: Pixels
        let out: UnsafeMutablePointer<UInt8>?
        let maxDelta: Double
        let includeAntiAliasing: Bool

        func compare(rows: Range<Int>) -> (different: Int, antiAliased: Int) {
            var different = 0, antiAliased = 0
            let width = a.width
            for y in rows {
                // Most snapshot pairs are mostly identical: a row with the same bytes on both
                // sides has no difference and needs no colour maths, only its grey copy.
                if memcmp(a.bytes.baseAddress! + y * width * 4, b.bytes.baseAddress! + y * width * 4, width * 4) == 0 {
                    paintFaded(from: y * width, count: width)
                    continue
                }
                // Inside a changed row most pixels still match: blocks of eight identical
                // pixels are passed over with one vector comparison.
                let rowA = UnsafeRawPointer(a.words.baseAddress! + y * width)
                let rowB = UnsafeRawPointer(b.words.baseAddress! + y * width)
                var x = 0
                while x < width {
                    let end = min(x + 8, width)
                    if end - x == 8, sameEight(rowA + x * 4, rowB + x * 4) {
                        paintFaded(from: y * width + x, count: end - x)
                        x = end
                        continue
                    }
                    for x in x..<end {
                        let index = y * width + x
                        let wordA = a.words[index], wordB = b.words[index]
                        if wordA == wordB {
                            paintFaded(from: index, count: 1)
                            continue
                        }
                        let delta =
                            bothOpaque(wordA, wordB)
                            ? opaqueDelta(wordA, wordB, brightnessOnly: false)
                            : colorDelta(a.bytes, b.bytes, index * 4, index * 4, brightnessOnly: false, origin: a.origin)
                        if abs(delta) > maxDelta {
                            if !includeAntiAliasing && (antialiased(a, b, x, y) || antialiased(b, a, x, y)) {
                                antiAliased += 1
                                paint(index, 255, 255, 0)
                            } else {
                                different += 1
                                paint(index, 255, 0, 0)
                            }
                        } else {
                            paintFaded(from: index, count: 1)
                        }
                    }
                    x = end
                }
            }
            return (different, antiAliased)
        }

        /// Whether eight pixels (32 bytes) are the same on both sides: four double words compared
        /// at once, whatever the alignment.
        @inline(__always)
        private func sameEight(_ p: UnsafeRawPointer, _ q: UnsafeRawPointer) -> Bool {
            let d0 = p.loadUnaligned(as: UInt64.self) ^ q.loadUnaligned(as: UInt64.self)
            let d1 = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ q.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let d2 = p.loadUnaligned(fromByteOffset: 16, as: UInt64.self) ^ q.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            let d3 = p.loadUnaligned(fromByteOffset: 24, as: UInt64.self) ^ q.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            return d0 | d1 | d2 | d3 == 0
        }

        /// A faded grey copy of the first image shows where the differences sit: `count` pixels
        /// from `start`, in one loop (a call per pixel was most of a debug build's diff time).
        private func paintFaded(from start: Int, count: Int) {
            guard let out else { return }
            var o = start * 4
            let end = (start + count) * 4
            while o < end {
                let gray = blend(luminance(a.bytes, o), alpha: 0.1 * Double(a.bytes[o + 3]) / 255)
                out[o] = gray
                out[o + 1] = gray
                out[o + 2] = gray
                out[o + 3] = 255
                o += 4
            }
        }

        private func paint(_ index: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
            guard let out else { return }
            let o = index * 4
            out[o] = r
            out[o + 1] = g
            out[o + 2] = b
            out[o + 3] = 255
        }
    }

    /// Per-band counts in raw storage: each slot is written by one band, read after all finish.
    final class Counts: @unchecked Sendable {
        private let slots: UnsafeMutablePointer<(Int, Int)>
        private let count: Int
        init(_ count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: (0, 0), count: count)
        }
        deinit { slots.deallocate() }
        func set(_ band: Int, _ value: (Int, Int)) { slots[band] = value }
        var total: (Int, Int) { (0..<count).reduce((0, 0)) { ($0.0 + slots[$1].0, $0.1 + slots[$1].1) } }
    }

    /// Read access to one image for the anti-aliasing checks.
    struct Pixels {
        let bytes: UnsafeBufferPointer<UInt8>
        let words: UnsafeBufferPointer<UInt32>
        let width: Int
        let height: Int
        /// Where `bytes` starts in the whole image, in bytes: 0, or a band's first row × width × 4.
        var origin = 0
    }

    private static func blend(_ value: Double, alpha: Double) -> UInt8 {
        // Clamped with comparisons rather than the generic `max`/`min` (called per pixel of a
        // diff image, which a debug build does not specialize).
        let level = (255 + (value - 255) * alpha).rounded()
        return UInt8(level < 0 ? 0 : level > 255 ? 255 : level)
    }

    private static func luminance(_ p: UnsafeBufferPointer<UInt8>, _ o: Int) -> Double {
        Double(p[o]) * 0.29889531 + Double(p[o + 1]) * 0.58662247 + Double(p[o + 2]) * 0.11448223
    }

    /// Squared YIQ distance (or the signed brightness difference); negative when the first
    /// pixel is brighter, which the anti-aliasing check uses. As pixelmatch 7 and blazediff do,
    /// a pair with any transparency is compared as blended onto a background that varies with
    /// the first pixel's byte offset `i` (one of eight colours of 48 and 207 per channel), so a
    /// change of opacity shows whatever the page behind it will be.
    static func colorDelta(
        _ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>, _ i: Int, _ j: Int, brightnessOnly: Bool, origin: Int = 0
    ) -> Double {
        let r1 = Double(p[i]), g1 = Double(p[i + 1]), b1 = Double(p[i + 2]), a1 = Double(p[i + 3])
        let r2 = Double(q[j]), g2 = Double(q[j + 1]), b2 = Double(q[j + 2]), a2 = Double(q[j + 3])
        var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            // The background a translucent pixel is seen on depends on its place in the whole
            // image: `origin` is where the buffer starts in it (a band's first row).
            let k = i + origin
            let rb = 48 + 159 * Double(k % 2)
            let gb = 48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2)
            let bb = 48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        return yiqDelta(dr, dg, db, brightnessOnly: brightnessOnly)
    }

    /// The YIQ distance of channel differences (pixelmatch's weights), signed by brightness:
    /// the one formula both `colorDelta` and `opaqueDelta` end in, in the same order of operations.
    @inline(__always)
    static func yiqDelta(_ dr: Double, _ dg: Double, _ db: Double, brightnessOnly: Bool) -> Double {
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if brightnessOnly { return y }
        let iq = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let qq = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * iq * iq + 0.1957 * qq * qq
        return y > 0 ? -delta : delta
    }

    /// Whether two pixels, as read from memory (R in the lowest byte), are both fully opaque.
    @inline(__always)
    static func bothOpaque(_ p: UInt32, _ q: UInt32) -> Bool {
        UInt32(littleEndian: p) & UInt32(littleEndian: q) >= 0xFF00_0000
    }

    /// `colorDelta` for two fully opaque pixels given as words (R in the lowest byte): the same
    /// operations on the same values in the same order (the channel differences are whole
    /// numbers, exact as integers or as doubles), without the bytes' loads and conversions or
    /// the blending that opaque pixels skip.
    @inline(__always)
    static func opaqueDelta(_ p: UInt32, _ q: UInt32, brightnessOnly: Bool) -> Double {
        let p = UInt32(littleEndian: p), q = UInt32(littleEndian: q)
        if p == q { return 0 }
        let dr = Double(Int32(p & 0xFF) &- Int32(q & 0xFF))
        let dg = Double(Int32(p >> 8 & 0xFF) &- Int32(q >> 8 & 0xFF))
        let db = Double(Int32(p >> 16 & 0xFF) &- Int32(q >> 16 & 0xFF))
        return yiqDelta(dr, dg, db, brightnessOnly: brightnessOnly)
    }

    /// A pixel is anti-aliasing when, among its 3×3 neighbours, it has both a darker and a brighter
    /// one and at most two of equal brightness, and the darkest or the brightest of them sits in
    /// a flat region (three or more identical neighbours) in both images.
    static func antialiased(_ image: Pixels, _ other: Pixels, _ x: Int, _ y: Int) -> Bool {
        if x > 0, y > 0, x < image.width - 1, y < image.height - 1 { return antialiasedInside(image, other, x, y) }
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, image.width - 1), y2 = min(y + 1, image.height - 1)
        let center = (y * image.width + x) * 4
        let centerWord = image.words[y * image.width + x]
        var zeroes = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                // A neighbour of the very same colour has no brightness difference: no maths.
                let neighbour = ny * image.width + nx
                let neighbourWord = image.words[neighbour]
                let delta =
                    neighbourWord == centerWord
                    ? 0
                    : bothOpaque(centerWord, neighbourWord)
                        ? opaqueDelta(centerWord, neighbourWord, brightnessOnly: true)
                        : colorDelta(image.bytes, image.bytes, center, neighbour * 4, brightnessOnly: true, origin: image.origin)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    minX = nx
                    minY = ny
                } else if delta > maxDelta {
                    maxDelta = delta
                    maxX = nx
                    maxY = ny
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(image, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// `antialiased` for a pixel off the image's border: the eight neighbours visited in the
    /// same order (row above, own row, row below; left to right), with the same comparisons,
    /// at fixed offsets instead of a loop over clamped ranges.
    @inline(__always)
    private static func antialiasedInside(_ image: Pixels, _ other: Pixels, _ x: Int, _ y: Int) -> Bool {
        let width = image.width, centerIndex = y &* width &+ x
        let words = image.words.baseAddress!
        let centerWord = words[centerIndex]
        var zeroes = 0
        var minDelta = 0.0, maxDelta = 0.0, minIndex = 0, maxIndex = 0
        // Whether the neighbour at `offset` makes a third pixel of equal brightness (not
        // anti-aliasing); otherwise records it as the darkest or brightest so far.
        @inline(__always) func third(_ offset: Int) -> Bool {
            let neighbour = centerIndex &+ offset
            let word = words[neighbour]
            let delta =
                word == centerWord
                ? 0
                : bothOpaque(centerWord, word)
                    ? opaqueDelta(centerWord, word, brightnessOnly: true)
                    : colorDelta(image.bytes, image.bytes, centerIndex &* 4, neighbour &* 4, brightnessOnly: true, origin: image.origin)
            if delta == 0 {
                zeroes &+= 1
                return zeroes > 2
            } else if delta < minDelta {
                minDelta = delta
                minIndex = neighbour
            } else if delta > maxDelta {
                maxDelta = delta
                maxIndex = neighbour
            }
            return false
        }
        if third(-width &- 1) || third(-width) || third(-width &+ 1) || third(-1) || third(1) || third(width &- 1) || third(width)
            || third(width &+ 1)
        {
            return false
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        let minX = minIndex % width, minY = minIndex / width, maxX = maxIndex % width, maxY = maxIndex / width
        return (hasManySiblings(image, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(image, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// Three or more neighbours with exactly the same colour (the image border counts as one).
    static func hasManySiblings(_ image: Pixels, _ x: Int, _ y: Int) -> Bool {
        if x > 0, y > 0, x < image.width - 1, y < image.height - 1 {
            // Off the border: the eight neighbours at fixed offsets, counted without branches.
            let width = image.width, index = y &* width &+ x
            let words = image.words.baseAddress!
            let value = words[index]
            @inline(__always) func same(_ offset: Int) -> Int { words[index &+ offset] == value ? 1 : 0 }
            let above = same(-width &- 1) &+ same(-width) &+ same(-width &+ 1)
            return above &+ same(-1) &+ same(1) &+ same(width &- 1) &+ same(width) &+ same(width &+ 1) > 2
        }
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, image.width - 1), y2 = min(y + 1, image.height - 1)
        let value = image.words[y * image.width + x]
        var zeroes = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
        for ny in y0...y2 {
            for nx in x0...x2 where (nx != x || ny != y) && image.words[ny * image.width + nx] == value {
                zeroes += 1
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}

/// How many differing pixels a comparison may have and still pass, as in Playwright's
/// `toHaveScreenshot`: with both allowances the stricter applies; with neither, none.
public struct DiffBudget: Sendable, Hashable {
    /// At most this many differing pixels pass; nil for no pixel-count limit.
    public var maxDiffPixels: Int?
    /// At most this share (0...1) of differing pixels passes; nil for no ratio limit.
    public var maxDiffPixelRatio: Double?
    /// A budget; with neither allowance, any difference fails.
    public init(maxDiffPixels: Int? = nil, maxDiffPixelRatio: Double? = nil) {
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffPixelRatio = maxDiffPixelRatio
    }

    /// The most differing pixels an image of `pixelCount` pixels may have.
    public func allowance(pixelCount: Int) -> Int {
        if maxDiffPixels == nil && maxDiffPixelRatio == nil { return 0 }
        let byCount = maxDiffPixels ?? Int.max
        let byRatio = maxDiffPixelRatio.map { Int(($0 * Double(pixelCount)).rounded(.down)) } ?? Int.max
        return min(byCount, byRatio)
    }

    /// Whether a comparison's differing pixels are within the budget.
    public func allows(_ result: PerceptualDiff.Result) -> Bool {
        result.differentPixels <= allowance(pixelCount: result.pixelCount)
    }
}
