/// A decoded image kept in the smallest form a comparison needs, expanded to RGBA a few rows at
/// a time: a grey or palette PNG of 1 to 8 bits a pixel as its unfiltered rows, anything else as
/// its RGBA pixels. `PerceptualDiff.compare` of two of them holds one band of RGBA rows per
/// core, not two whole RGBA images.
package struct PackedImage: Sendable {
    /// Columns of pixels.
    package let width: Int
    /// Rows of pixels.
    package let height: Int
    let storage: Storage

    enum Storage: Sendable {
        /// Straight RGBA pixels.
        case rgba(RGBAImage)
        /// Unfiltered PNG rows, `stride` bytes each with the filter-type byte first.
        case rows([UInt8], stride: Int, colorType: Int, bitDepth: Int, palette: [UInt8], transparency: [UInt8])
    }

    init(width: Int, height: Int, storage: Storage) {
        self.width = width
        self.height = height
        self.storage = storage
    }

    /// An image already in RGBA.
    package init(_ image: RGBAImage) {
        self.init(width: image.width, height: image.height, storage: .rgba(image))
    }

    /// The bytes held for the pixels.
    package var byteCount: Int {
        switch storage {
        case .rgba(let image): image.pixels.count
        case .rows(let rows, _, _, _, _, _): rows.count
        }
    }

    /// Whether both hold the same pixels in the same form, byte for byte (the same file
    /// decoded twice, or one written by the same encoder from the same pixels).
    package func sameBytes(as other: PackedImage) -> Bool {
        guard width == other.width, height == other.height else { return false }
        switch (storage, other.storage) {
        case (.rgba(let a), .rgba(let b)): return a.pixels == b.pixels
        case (.rows(let a, let sa, let ca, let da, let pa, let ta), .rows(let b, let sb, let cb, let db, let pb, let tb)):
            guard sa == sb, ca == cb, da == db, pa == pb, ta == tb else { return false }
            // The filter-type bytes may differ between two encodings of the same pixels.
            return a.withUnsafeBufferPointer { ra in
                b.withUnsafeBufferPointer { rb in
                    (0..<height).allSatisfy { y in
                        memcmp(ra.baseAddress! + y * sa + 1, rb.baseAddress! + y * sb + 1, sa - 1) == 0
                    }
                }
            }
        default: return false
        }
    }

    /// The whole image in RGBA.
    package func rgba() -> RGBAImage {
        if case .rgba(let image) = storage { return image }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { expand(rows: 0..<height, into: $0.baseAddress!) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Rows `rows` in RGBA into `out` (`rows.count × width × 4` bytes, every one written).
    func expand(rows: Range<Int>, into out: UnsafeMutablePointer<UInt8>) {
        switch storage {
        case .rgba(let image):
            image.pixels.withUnsafeBufferPointer {
                out.update(from: $0.baseAddress! + rows.lowerBound * width * 4, count: rows.count * width * 4)
            }
        case .rows(let packed, let stride, let colorType, let bitDepth, let palette, let transparency):
            packed.withUnsafeBufferPointer { buffer in
                let base = UnsafeMutablePointer(mutating: buffer.baseAddress!)
                for (line, y) in rows.enumerated() {
                    let row = base + y * stride + 1
                    let target = out + line * width * 4
                    if bitDepth == 8 {
                        _ = PNGFastDecoder.expand(
                            row, into: target, width: width, colorType: colorType, palette: palette, transparency: transparency)
                        continue
                    }
                    let maximum = (1 << bitDepth) - 1
                    for x in 0..<width {
                        let value = Self.sample(row, x, bitDepth)
                        let o = x * 4
                        if colorType == 3 {
                            target[o] = palette[value * 3]
                            target[o + 1] = palette[value * 3 + 1]
                            target[o + 2] = palette[value * 3 + 2]
                            target[o + 3] = value < transparency.count ? transparency[value] : 255
                        } else {
                            // PNG's scaling of a low-bit grey sample to 8 bits: v × 255 / (2^bits − 1).
                            let grey = UInt8(value * 255 / maximum)
                            target[o] = grey
                            target[o + 1] = grey
                            target[o + 2] = grey
                            target[o + 3] = 255
                        }
                    }
                }
            }
        }
    }

    /// Pixel `x`'s sample in a row of `bitDepth`-bit samples, most significant bits first.
    @inline(__always)
    static func sample(_ row: UnsafeMutablePointer<UInt8>, _ x: Int, _ bitDepth: Int) -> Int {
        if bitDepth == 8 { return Int(row[x]) }
        let bit = x * bitDepth
        return Int(row[bit >> 3] >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
