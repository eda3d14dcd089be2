import CSpng

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG files: encoding tabstage's renders (zlib through libspng, or libdeflate), decoding any
/// PNG a user brings.
public enum PNGCodec {
    /// Encoding settings. Flat UI renders compress best without PNG filters, which only cost
    /// time (measured in BENCHMARKS.md), so both presets turn them off.
    public struct Options: Sendable, Hashable {
        /// Which deflate implementation writes the image data.
        public enum Compressor: Sendable, Hashable {
            /// zlib through libspng; `compressionLevel` 0–9, with libspng's filters and zlib's
            /// strategies and memory levels.
            case zlib
            /// libdeflate's whole-buffer compressor with tabstage's own chunk framing;
            /// `compressionLevel` 1–12, filter none or up, `strategy` and `memoryLevel` unused.
            case libdeflate
        }
        /// The deflate implementation.
        public var compressor: Compressor
        /// The compression level, in the compressor's own range (zlib 0–9, libdeflate 1–12).
        public var compressionLevel: Int32
        /// The PNG row filter libspng applies.
        public var filter: Int32
        /// zlib's strategy: 0 default, 1 filtered, 2 Huffman only, 3 run-length.
        public var strategy: Int32
        /// zlib's memLevel (1–9; 8 is zlib's default).
        public var memoryLevel: Int32
        /// Encoder settings; the presets `compact` and `fast` cover what tabstage needs.
        public init(
            compressor: Compressor = .zlib, compressionLevel: Int32, filter: Int32 = Int32(SPNG_FILTER_CHOICE_NONE.rawValue),
            strategy: Int32 = 0, memoryLevel: Int32 = 8
        ) {
            self.compressor = compressor
            self.compressionLevel = compressionLevel
            self.filter = filter
            self.strategy = strategy
            self.memoryLevel = memoryLevel
        }

        /// For `run` and `--frames`: libdeflate at level 1, about 140 KiB for a 1170×2532 frame
        /// in 120 M instructions, where zlib's level 3 wrote 155 KiB in 213 M (BENCHMARKS.md).
        public static let fast = Options(compressor: .libdeflate, compressionLevel: 1)
        /// For references and previews kept in git: libdeflate at level 6, about 111 KiB like
        /// zlib's level 6 but in two thirds of the time (zlib stays faster at the `fast` sizes).
        public static let compact = Options(compressor: .libdeflate, compressionLevel: 6)
    }

    /// Opaque images are written as RGB (no alpha channel), others as RGBA; 8 bits per channel.
    public static func encode(_ image: RGBAImage, options: Options = .compact) throws(RasterError) -> [UInt8] {
        let opaque = image.isOpaque
        let pixels = opaque ? dropAlpha(image.pixels) : image.pixels
        // withUnsafeBytes only rethrows untyped errors, so the body hands back a Result.
        return try pixels.withUnsafeBytes { bytes in
            Result { () throws(RasterError) in
                try encode(rows: bytes, width: image.width, height: image.height, alpha: !opaque, options: options)
            }
        }.get()
    }

    /// Encodes packed 8-bit RGB or RGBA rows.
    public static func encode(rows: UnsafeRawBufferPointer, width: Int, height: Int, alpha: Bool, options: Options) throws(RasterError)
        -> [UInt8]
    {
        if options.compressor == .libdeflate {
            return try PNGDeflateEncoder.encode(
                rows: rows, width: width, height: height, alpha: alpha, level: options.compressionLevel,
                upFilter: options.filter == Int32(SPNG_FILTER_CHOICE_UP.rawValue))
        }
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw RasterError("libspng could not create an encoder") }
        defer { spng_ctx_free(ctx) }
        var ihdr = spng_ihdr(
            width: UInt32(width), height: UInt32(height), bit_depth: 8,
            color_type: UInt8(alpha ? SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue : SPNG_COLOR_TYPE_TRUECOLOR.rawValue),
            compression_method: 0, filter_method: 0, interlace_method: 0)
        try check(spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1), "configure the encoder")
        try check(spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, options.compressionLevel), "set the compression level")
        try check(spng_set_option(ctx, SPNG_FILTER_CHOICE, options.filter), "set the filter")
        try check(spng_set_option(ctx, SPNG_IMG_COMPRESSION_STRATEGY, options.strategy), "set the compression strategy")
        try check(spng_set_option(ctx, SPNG_IMG_MEM_LEVEL, options.memoryLevel), "set the memory level")
        try check(spng_set_ihdr(ctx, &ihdr), "write the header")
        try check(
            spng_encode_image(ctx, rows.baseAddress, rows.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue)),
            "encode the image")
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else {
            throw RasterError("libspng could not hand over the PNG: \(message(error))")
        }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// Whether `encode(filteredRows:…)` can take these options' rows: libdeflate without a
    /// filter, so each row is written behind a filter byte of 0 and compressed where it lies.
    public static func takesFilteredRows(_ options: Options) -> Bool {
        options.compressor == .libdeflate && options.filter == Int32(SPNG_FILTER_CHOICE_NONE.rawValue)
    }

    /// Encodes packed 8-bit RGB or RGBA rows that each follow a filter byte of 0 (none), for
    /// options where `takesFilteredRows` holds: the same bytes as `encode(rows:…)` of the same
    /// pixels, without copying them behind their filter bytes first.
    public static func encode(filteredRows: UnsafeRawBufferPointer, width: Int, height: Int, alpha: Bool, options: Options)
        throws(RasterError) -> [UInt8]
    {
        guard takesFilteredRows(options) else { throw RasterError("rows behind filter bytes need libdeflate without a filter") }
        return try PNGDeflateEncoder.encode(
            filteredRows: filteredRows, width: width, height: height, alpha: alpha, level: options.compressionLevel)
    }

    /// Any PNG (grey, palette, RGB, alpha, 1 to 16 bits) as 8-bit straight RGBA.
    /// - Parameters:
    ///   - data: the whole file.
    ///   - largePages: ask the kernel for 2 MiB pages for the image: pays in a process that
    ///     decodes only a few images into fresh memory (a one-pair diff), costs where freed
    ///     buffers are reused (a folder diff), both measured in BENCHMARKS.md.
    /// - Returns: The image, one byte per channel, alpha not premultiplied.
    /// - Throws: A `RasterError` naming what is wrong with a file that is not a valid PNG.
    public static func decode(_ data: [UInt8], largePages: Bool = false) throws(RasterError) -> RGBAImage {
        guard data.count >= 8, data.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw RasterError("not a PNG file (no PNG signature)")
        }
        if let image = data.withUnsafeBytes({ PNGFastDecoder.decode($0, largePages: largePages) }) { return image }
        return try decodeWithSpng(data)
    }

    /// `decode`, kept in the smallest form a comparison needs (`PackedImage`): a grey or
    /// palette PNG as its unfiltered rows, anything the fast path does not read as RGBA.
    package static func decodePacked(_ data: [UInt8]) throws(RasterError) -> PackedImage {
        guard data.count >= 8, data.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw RasterError("not a PNG file (no PNG signature)")
        }
        if let image = data.withUnsafeBytes({ PNGFastDecoder.decodePacked($0) }) { return image }
        return PackedImage(try decodeWithSpng(data))
    }

    /// Every PNG libspng reads (16 bits, fewer than 8, interlaced, colour keys), and the
    /// messages for broken files.
    static func decodeWithSpng(_ data: [UInt8]) throws(RasterError) -> RGBAImage {
        guard let ctx = spng_ctx_new(0) else { throw RasterError("libspng could not create a decoder") }
        defer { spng_ctx_free(ctx) }
        // libspng's own maximum; our limits are checked right after the header, before any
        // pixel buffer is allocated, so the message can name the size.
        try check(spng_set_image_limits(ctx, UInt32(Int32.max), UInt32(Int32.max)), "set image limits")
        try check(spng_set_chunk_limits(ctx, 64 << 20, 256 << 20), "set chunk limits")
        // withUnsafeBytes only rethrows untyped errors, so the body hands back a Result.
        return try data.withUnsafeBytes { bytes in
            Result { () throws(RasterError) in
                try check(spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count), "read the PNG")
                var ihdr = spng_ihdr()
                try check(spng_get_ihdr(ctx, &ihdr), "read the PNG header")
                let width = Int(ihdr.width), height = Int(ihdr.height)
                if let problem = RasterLimits.sizeProblem(width: Double(width), height: Double(height)) {
                    throw RasterError(problem.replacingOccurrences(of: " px image ", with: " PNG "))
                }
                var size = 0
                let format = Int32(SPNG_FMT_RGBA8.rawValue)
                try check(spng_decoded_image_size(ctx, format, &size), "size the decoded image")
                guard size == width * height * 4 else { throw RasterError("libspng reported an unexpected image size") }
                var pixels = [UInt8](repeating: 0, count: size)
                let status = pixels.withUnsafeMutableBytes { out in
                    spng_decode_image(ctx, out.baseAddress, out.count, format, Int32(SPNG_DECODE_TRNS.rawValue))
                }
                try check(status, "decode the PNG")
                // Read on to IEND: a file cut short after its pixel data is still a broken file.
                try check(spng_decode_chunks(ctx), "read the chunks after the image data")
                return RGBAImage(width: width, height: height, pixels: pixels)
            }
        }.get()
    }

    private static func dropAlpha(_ rgba: [UInt8]) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: rgba.count / 4 * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            rgba.withUnsafeBufferPointer { input in
                var i = 0, o = 0
                while i < input.count {
                    out[o] = input[i]
                    out[o + 1] = input[i + 1]
                    out[o + 2] = input[i + 2]
                    i += 4
                    o += 3
                }
            }
        }
        return rgb
    }

    private static func check(_ status: Int32, _ what: String) throws(RasterError) {
        guard status == 0 else { throw RasterError("libspng could not \(what): \(message(status))") }
    }

    private static func message(_ status: Int32) -> String {
        spng_strerror(status).map { String(cString: $0) } ?? "error \(status)"
    }
}
