#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// Straight (not premultiplied) 8-bit RGBA pixels, row by row, no padding.
public struct RGBAImage: Sendable, Hashable {
    /// Columns of pixels.
    public var width: Int
    /// Rows of pixels.
    public var height: Int
    /// Four bytes per pixel, `width × height × 4` in all.
    public var pixels: [UInt8]

    /// An image over existing pixels (`pixels.count` must be `width × height × 4`).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA buffer does not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour, for tests and backgrounds.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                bytes[i] = fill.r
                bytes[i + 1] = fill.g
                bytes[i + 2] = fill.b
                bytes[i + 3] = fill.a
                i += 4
            }
        }
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Whether every pixel has full alpha.
    public var isOpaque: Bool {
        // The pixel loops of this module are `while` loops over buffer pointers: equivalent
        // to `stride(...).allSatisfy` when optimized, but 20 times faster in a
        // debug build, where the generic iterator and closure are called per pixel (this one
        // was 7 % of the test suite's time).
        pixels.withUnsafeBufferPointer { bytes in
            var alpha = 3
            while alpha < bytes.count {
                if bytes[alpha] != 255 { return false }
                alpha += 4
            }
            return true
        }
    }

    /// The same size and the same bytes (one `memcmp`, where the derived comparison calls the
    /// generic element comparison per byte in a debug build).
    public static func == (a: RGBAImage, b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return false }
        return a.pixels.withUnsafeBytes { p in
            b.pixels.withUnsafeBytes { q in p.isEmpty || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0 }
        }
    }
}

/// A rendering, encoding or decoding failure (exit code 3 at the command line).
public struct RasterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line for a person.
    public var message: String
    /// Whether the input asked for what cannot be drawn (a refusal, exit 2) rather than the
    /// machine failing (exit 3).
    public var isInput: Bool
    /// A failure described in words.
    public init(_ message: String, isInput: Bool = false) {
        self.message = message
        self.isInput = isInput
    }
    /// The message.
    public var description: String { message }
}

/// Refuse images that would exhaust memory before allocating them.
public enum RasterLimits {
    /// Pixels one image may hold (about 256 MB of RGBA); larger images are refused before allocating.
    public static let maxPixels = 64_000_000
    /// tabstage's limit per side: the largest window (4,096 pt) at the largest scale (4). cairo
    /// itself accepts up to 32,767 px a side; the limit keeps one row of pixels bounded too.
    public static let maxSide = 4096 * 4
    /// The largest file read as an image or a reference (512 MiB): far above any PNG of
    /// `maxPixels`, and checked before reading so a huge or sparse file cannot exhaust memory.
    public static let maxFileBytes = 512 << 20

    /// Why the regular file at `path` is too large to read, checked with stat before reading;
    /// nil when it is small enough, not a regular file (a pipe is read as it comes) or absent.
    public static func fileSizeProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size) > Int64(maxFileBytes) else { return nil }
        return "the file is \(info.st_size) bytes, over the limit of \(maxFileBytes) bytes (512 MiB)"
    }

    /// Why an image of this many pixels (rounded to whole pixels, as the rasterizer does) cannot
    /// be made, naming the limit that stops it; nil when it can. Takes doubles so a huge or
    /// non-finite request is refused, never converted to an out-of-range integer.
    public static func sizeProblem(width: Double, height: Double) -> String? {
        guard width.isFinite, height.isFinite else { return "an image of \(width)×\(height) pixels cannot be made" }
        let w = width.rounded(), h = height.rounded()
        let text = "a \(wholeText(w))×\(wholeText(h)) px image"
        if w < 1 || h < 1 { return "\(text) is empty (under 1 px on a side)" }
        if w > Double(maxSide) || h > Double(maxSide) { return "\(text) is over the limit of \(maxSide) px a side" }
        if w * h > Double(maxPixels) { return "\(text) is over the limit of \(maxPixels) pixels" }
        return nil
    }

    private static func wholeText(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? "\(value)"
    }
}
