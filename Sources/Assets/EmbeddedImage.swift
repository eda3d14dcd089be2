import CTurboJPEG
import Foundation
import ImageDiff

/// A checked image ready to embed in an SVG: decoded once here (PNG through ImageDiff's
/// decoder, JPEG through libjpeg-turbo), within the same pixel limits as diff inputs, and
/// re-encoded as a plain PNG `data:` URI. The SVG therefore carries data only: librsvg never
/// opens a file or URL, never sees a JPEG, and never reads the original file's ancillary chunks
/// (text, EXIF, colour profiles), so the same pixels always give the same bytes.
public struct EmbeddedImage: Sendable, Hashable {
    /// The file format the image was read from.
    public enum Format: String, Sendable, Hashable {
        case png, jpeg
    }

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// What the file was; the embedded data is always PNG.
    public var format: Format
    /// `data:image/png;base64,…`.
    public var dataURI: String

    /// Decodes and checks `bytes`; `reference` names the file in messages.
    public static func decode(_ bytes: [UInt8], reference: String) throws(AssetError) -> EmbeddedImage {
        let expected = "a PNG or JPEG image of at most \(RasterLimits.maxSide) px a side and \(RasterLimits.maxPixels) pixels"
        let format: Format
        let image: RGBAImage
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            format = .png
            do {
                image = try PNGCodec.decode(bytes)
            } catch {
                throw AssetError("'\(shown(reference))' is not a readable PNG: \(error.message)", expected: expected)
            }
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            format = .jpeg
            image = try decodeJPEG(bytes, reference: reference, expected: expected)
        } else {
            throw AssetError("'\(shown(reference))' is neither a PNG nor a JPEG image", expected: expected)
        }
        let png: [UInt8]
        do {
            png = try PNGCodec.encode(image, options: .compact)
        } catch {
            throw AssetError("'\(shown(reference))' could not be re-encoded: \(error.message)", expected: expected)
        }
        return EmbeddedImage(
            width: image.width, height: image.height, format: format,
            dataURI: "data:image/png;base64," + Data(png).base64EncodedString())
    }

    /// libjpeg-turbo's TurboJPEG API: the header first (so the size is checked before any pixel
    /// buffer exists), then a full decode that stops on any warning, so a truncated or corrupt
    /// file is refused instead of drawn half grey.
    private static func decodeJPEG(_ bytes: [UInt8], reference: String, expected: String) throws(AssetError) -> RGBAImage {
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
        if let problem = RasterLimits.sizeProblem(width: Double(width), height: Double(height)) {
            throw AssetError("'\(shown(reference))': \(problem.replacingOccurrences(of: " px image ", with: " JPEG "))", expected: expected)
        }
        let w = Int(width), h = Int(height)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                tjDecompress2(
                    handle, input.baseAddress, UInt(input.count), output.baseAddress, width, 0, height,
                    Int32(TJPF_RGBA.rawValue), TJFLAG_STOPONWARNING | TJFLAG_ACCURATEDCT)
            }
        }
        guard status == 0 else { throw failure("pixels") }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }
}

extension AssetFolder {
    /// The PNG or JPEG image `reference` names, checked and ready to embed.
    public func loadImage(_ reference: String) throws(AssetError) -> EmbeddedImage {
        try EmbeddedImage.decode(read(reference, kind: .image), reference: reference)
    }

    /// The bytes of the file `reference` names (a font, a template, an items file), within its
    /// kind's limit.
    public func loadFile(_ reference: String, kind: AssetKind) throws(AssetError) -> [UInt8] {
        try read(reference, kind: kind)
    }
}
