import CRsvg
import CTurboJPEG
import Foundation
import TabStageImageDiff
import TabStageModel
import TabStageScenario

/// The pictures a scenario may name: checked from the file's header before any pixel buffer
/// exists, so an oversized picture costs nothing but its header.
package enum ImageLimits {
    /// Pixels a picture may have: a 24-megapixel camera's 6000×4000 fits, a 12 Mpx phone photo
    /// (4032×3024) easily; one decoded picture stays under 100 MB.
    package static let maxPixels = 25_000_000
    /// Pixels a side, as for every image tabstage reads.
    package static let maxSide = RasterLimits.maxSide
    /// JPEG quality tabstage re-encodes photos at (4:4:4, no chroma subsampling): sharp at the
    /// drawn size, a fraction of a PNG's bytes.
    static let jpegQuality: Int32 = 92
    /// Bytes one picture may take once encoded again: its base64 (4/3 as long) stays under
    /// libxml2's 10,000,000-character limit for one attribute, which librsvg keeps.
    package static let maxEmbeddedBytes = 7_000_000
    /// Scans a progressive JPEG may have: libjpeg-turbo's own limit (`TJFLAG_LIMITSCANS`). Each
    /// scan may revisit every block of the picture, so a file of many tiny scans would cost
    /// minutes; an encoder writes about 10.
    package static let maxProgressiveScans = 500

    /// Why encoded data of `count` bytes cannot be embedded, with the fix; nil when it can.
    static func embeddedSizeProblem(_ count: Int, width: Int, height: Int, reference: String) -> AssetError? {
        guard count > maxEmbeddedBytes else { return nil }
        return AssetError(
            "'\(shown(reference))' takes \(count) bytes encoded at \(width)×\(height) px, over the \(maxEmbeddedBytes) bytes one picture may take in an SVG; save a photo as a JPEG, or scale it down",
            expected: "a picture of at most \(maxEmbeddedBytes) bytes once encoded (a photo as JPEG)")
    }

    /// Why a `width`×`height` picture is refused, with the size to scale it down to; nil when
    /// it is within the limits.
    static func problem(width: Int, height: Int) -> (what: String, fix: String)? {
        let size = "\(width)×\(height) px"
        if width < 1 || height < 1 { return ("is \(size), which is empty", "a picture at least 1 px a side") }
        if width <= maxSide, height <= maxSide, width * height <= maxPixels { return nil }
        // Scaled by the tighter of the two limits, rounded down, aspect kept.
        let longest = max(width, height)
        var fitWidth = min(width, width * maxSide / longest), fitHeight = min(height, height * maxSide / longest)
        let factor = (Double(maxPixels) / (Double(width) * Double(height))).squareRoot()
        if factor < 1 {
            fitWidth = min(fitWidth, Int(Double(width) * factor))
            fitHeight = min(fitHeight, Int(Double(height) * factor))
        }
        while fitWidth * fitHeight > maxPixels { fitWidth -= 1 }
        fitWidth = max(1, fitWidth)
        fitHeight = max(1, fitHeight)
        let limit = "\(maxPixels / 1_000_000) megapixels and \(maxSide) px a side"
        return (
            "is \(size) (\(width * height) pixels), over the picture limit of \(limit); scale it down to at most \(fitWidth)×\(fitHeight) px",
            "a PNG or JPEG of at most \(limit)"
        )
    }
}

extension EmbeddedImage {
    /// Decodes and checks `bytes`, keeps only the pixels `use` can ever draw, and encodes them
    /// again: a JPEG as a JPEG (libjpeg-turbo, fixed quality), a PNG as a PNG (ImageDiff's
    /// encoder). The SVG therefore carries tabstage's own bytes only: librsvg never opens a
    /// file or URL, never reads the original file's ancillary data (text, EXIF, colour
    /// profiles), and the same file always gives the same bytes. `reference` names the file in
    /// messages.
    package static func decode(_ bytes: [UInt8], reference: String, use: ImageUse) throws(AssetError) -> EmbeddedImage {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return try PictureCodec.png(bytes, reference: reference, use: use)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return try PictureCodec.jpeg(bytes, reference: reference, use: use)
        }
        throw AssetError("'\(shown(reference))' is neither a PNG nor a JPEG image", expected: PictureCodec.expected)
    }
}

/// The decode → downscale → encode steps, one library each.
enum PictureCodec {
    static let expected = "a PNG or JPEG image"

    /// The width and height a PNG's IHDR chunk gives, read before anything is decoded.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    static func png(_ bytes: [UInt8], reference: String, use: ImageUse) throws(AssetError) -> EmbeddedImage {
        guard let size = pngSize(bytes) else {
            throw AssetError("'\(shown(reference))' is not a readable PNG: it has no IHDR header", expected: expected)
        }
        if let problem = ImageLimits.problem(width: size.width, height: size.height) {
            throw AssetError("'\(shown(reference))' \(problem.what)", expected: problem.fix)
        }
        var image: RGBAImage
        do {
            image = try PNGCodec.decode(bytes)
        } catch {
            throw AssetError("'\(shown(reference))' is not a readable PNG: \(error.message)", expected: expected)
        }
        let kept = use.keptSize(width: image.width, height: image.height)
        if kept != (image.width, image.height) {
            image = try downscaled(&image, to: kept, reference: reference)
        }
        let png: [UInt8]
        do {
            png = try PNGCodec.encode(image, options: .compact)
        } catch {
            throw AssetError("'\(shown(reference))' could not be re-encoded: \(error.message)", expected: expected)
        }
        if let problem = ImageLimits.embeddedSizeProblem(png.count, width: image.width, height: image.height, reference: reference) {
            throw problem
        }
        return EmbeddedImage(
            width: size.width, height: size.height, embeddedWidth: image.width, embeddedHeight: image.height,
            dataURI: "data:image/png;base64," + Data(png).base64EncodedString())
    }

    /// Straight RGBA → cairo's premultiplied ARGB32 (in place, in the decoded buffer, so no
    /// second full-size buffer exists) → cairo's GOOD filter → straight RGBA at the kept size.
    private static func downscaled(_ image: inout RGBAImage, to kept: (width: Int, height: Int), reference: String) throws(AssetError)
        -> RGBAImage
    {
        let (width, height) = (image.width, image.height)
        let scaled = try image.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for index in 0..<words.count {
                let r = UInt32(raw[4 * index]), g = UInt32(raw[4 * index + 1]), b = UInt32(raw[4 * index + 2])
                let a = UInt32(raw[4 * index + 3])
                words[index] =
                    a == 255
                    ? 0xFF00_0000 | r << 16 | g << 8 | b
                    : a << 24 | ((r * a + 127) / 255) << 16 | ((g * a + 127) / 255) << 8 | (b * a + 127) / 255
            }
            return CairoScaler.scale(raw.baseAddress!, width: width, height: height, to: kept, opaque: false, reference: reference)
        }.get()
        var pixels = [UInt8](repeating: 0, count: kept.width * kept.height * 4)
        scaled.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for index in 0..<source.count {
                    let value = source[index]
                    let a = value >> 24
                    var r = value >> 16 & 0xFF, g = value >> 8 & 0xFF, b = value & 0xFF
                    if a != 255 && a != 0 {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    out[4 * index] = UInt8(r)
                    out[4 * index + 1] = UInt8(g)
                    out[4 * index + 2] = UInt8(b)
                    out[4 * index + 3] = UInt8(a)
                }
            }
        }
        return RGBAImage(width: kept.width, height: kept.height, pixels: pixels)
    }

    /// libjpeg-turbo's TurboJPEG API: the header first (size and colour space checked before
    /// any pixel buffer exists), then a decode at the smallest of libjpeg's scaling factors
    /// (1/8 … 1) that still covers the kept size, stopping on any warning so a truncated file
    /// is refused instead of drawn half grey, and after `ImageLimits.maxProgressiveScans` scans; cairo resamples to the kept size and libjpeg-turbo
    /// encodes the result.
    static func jpeg(_ bytes: [UInt8], reference: String, use: ImageUse) throws(AssetError) -> EmbeddedImage {
        guard let handle = tjInitDecompress() else {
            throw AssetError("libjpeg-turbo could not create a decoder", expected: expected)
        }
        defer { tjDestroy(handle) }
        func failure(_ what: String) -> AssetError {
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            return AssetError("'\(shown(reference))' is not a readable JPEG (\(what): \(reason))", expected: expected)
        }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw failure("header") }
        if let problem = ImageLimits.problem(width: Int(width), height: Int(height)) {
            throw AssetError("'\(shown(reference))' \(problem.what)", expected: problem.fix)
        }
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            throw AssetError(
                "'\(shown(reference))' is a CMYK JPEG (print colours), which is not drawn; save it as RGB (sRGB) from your image editor",
                expected: "an RGB or greyscale JPEG, or a PNG")
        }
        let kept = use.keptSize(width: Int(width), height: Int(height))
        let (decodeWidth, decodeHeight) = scaledDecodeSize(width: width, height: height, covering: kept)
        var pixels = [UInt32](repeating: 0, count: Int(decodeWidth) * Int(decodeHeight))
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBytes { output in
                tjDecompress2(
                    handle, input.baseAddress, UInt(input.count), output.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    decodeWidth, 0, decodeHeight, cairoPixelFormat, TJFLAG_STOPONWARNING | TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS)
            }
        }
        guard status == 0 else {
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? ""
            if reason.contains("scans") {
                throw AssetError(
                    "'\(shown(reference))' is a progressive JPEG of more than \(ImageLimits.maxProgressiveScans) scans, which is refused (libjpeg-turbo: \(reason)); save it again as a baseline JPEG",
                    expected: "a JPEG of at most \(ImageLimits.maxProgressiveScans) progressive scans; an encoder writes about 10")
            }
            throw failure("pixels")
        }
        var outWidth = Int(decodeWidth), outHeight = Int(decodeHeight)
        if kept != (outWidth, outHeight) {
            pixels = try pixels.withUnsafeMutableBytes { raw in
                CairoScaler.scale(raw.baseAddress!, width: outWidth, height: outHeight, to: kept, opaque: true, reference: reference)
            }.get()
            (outWidth, outHeight) = kept
        }
        let jpeg = try encodeJPEG(pixels, width: outWidth, height: outHeight, reference: reference)
        if let problem = ImageLimits.embeddedSizeProblem(jpeg.count, width: outWidth, height: outHeight, reference: reference) {
            throw problem
        }
        return EmbeddedImage(
            width: Int(width), height: Int(height), embeddedWidth: outWidth, embeddedHeight: outHeight,
            dataURI: "data:image/jpeg;base64," + Data(jpeg).base64EncodedString())
    }

    /// cairo's RGB24 pixel (a native-endian 0x00RRGGBB word) as TurboJPEG names its bytes.
    static var cairoPixelFormat: Int32 {
        #if _endian(little)
        Int32(TJPF_BGRX.rawValue)
        #else
        Int32(TJPF_XRGB.rawValue)
        #endif
    }

    /// The smallest size libjpeg can decode to directly that still covers `kept`.
    static func scaledDecodeSize(width: Int32, height: Int32, covering kept: (width: Int, height: Int)) -> (Int32, Int32) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (width, height) }
        var best = (width, height)
        for index in 0..<Int(count) {
            let factor = factors[index]
            let w = (width * factor.num + factor.denom - 1) / factor.denom
            let h = (height * factor.num + factor.denom - 1) / factor.denom
            if Int(w) >= kept.width, Int(h) >= kept.height, Int(w) * Int(h) < Int(best.0) * Int(best.1) { best = (w, h) }
        }
        return best
    }

    private static func encodeJPEG(_ pixels: [UInt32], width: Int, height: Int, reference: String) throws(AssetError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw AssetError("libjpeg-turbo could not create an encoder", expected: expected) }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = pixels.withUnsafeBytes { raw in
            tjCompress2(
                handle, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(width), 0, Int32(height), cairoPixelFormat,
                &output, &size, Int32(TJSAMP_444.rawValue), ImageLimits.jpegQuality, TJFLAG_ACCURATEDCT)
        }
        defer { tjFree(output) }
        guard status == 0, let output else {
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            throw AssetError("'\(shown(reference))' could not be re-encoded (\(reason))", expected: expected)
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}

/// cairo's image backend (pixman's separable filters underneath) resamples: CAIRO_FILTER_GOOD
/// is a box-filtered downscale, so a photo keeps its detail without aliasing.
enum CairoScaler {
    /// `pixels` (native-endian ARGB32, premultiplied; or RGB24 when `opaque`) scaled to `kept`.
    static func scale(
        _ pixels: UnsafeMutableRawPointer, width: Int, height: Int, to kept: (width: Int, height: Int), opaque: Bool,
        reference: String
    ) -> Result<[UInt32], AssetError> {
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let source = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), format, Int32(width), Int32(height), Int32(width * 4))
        defer { cairo_surface_destroy(source) }
        var out = [UInt32](repeating: 0, count: kept.width * kept.height)
        let status = out.withUnsafeMutableBytes { raw -> cairo_status_t in
            let target = cairo_image_surface_create_for_data(
                raw.baseAddress?.assumingMemoryBound(to: UInt8.self), format, Int32(kept.width), Int32(kept.height),
                Int32(kept.width * 4))
            defer { cairo_surface_destroy(target) }
            let context = cairo_create(target)
            defer { cairo_destroy(context) }
            cairo_scale(context, Double(kept.width) / Double(width), Double(kept.height) / Double(height))
            cairo_set_source_surface(context, source, 0, 0)
            let pattern = cairo_get_source(context)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            // Edge pixels repeat outward, so the border is not blended with transparency.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_paint(context)
            cairo_surface_flush(target)
            return cairo_status(context)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            return .failure(
                AssetError(
                    "'\(shown(reference))' could not be scaled down (\(String(cString: cairo_status_to_string(status))))",
                    expected: expected))
        }
        return .success(out)
    }

    static let expected = PictureCodec.expected
}
