import CRsvg
import TabStageImageDiff
import TabStageLayout
import TabStageModel

/// SVG text -> pixels, in process, with librsvg and cairo.
public enum Rasterizer {
    /// Renders `svg` (whose size is in points) at `scale` pixels per point; `fonts` are the
    /// theme's fonts the SVG names (added to tabstage's font configuration first).
    public static func render(svg: String, scale: Double, fonts: ThemeFonts? = nil) throws(RasterError) -> RGBAImage {
        try Canvas().render(svg: svg, scale: scale, fonts: fonts)
    }

    /// Renders straight to PNG bytes: one pass from cairo's pixels into PNG rows, no RGBA copy.
    public static func renderPNG(
        svg: String, scale: Double, options: PNGCodec.Options = .compact, fonts: ThemeFonts? = nil
    ) throws(RasterError) -> [UInt8] {
        try Canvas().renderPNG(svg: svg, scale: scale, options: options, fonts: fonts)
    }
}

/// A reusable drawing surface and pixel buffer. Rendering many frames of one size through the
/// same canvas avoids allocating (and page-faulting in) 12 MB per frame. Use one per thread.
public final class Canvas {
    private var surface: OpaquePointer?
    private var surfaceSize = (width: 0, height: 0)
    private var rows: [UInt8] = []

    /// A rasterizer with its own reusable buffers.
    public init() {}

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Renders SVG text at `scale` pixels per point to straight RGBA.
    public func render(svg: String, scale: Double, fonts: ThemeFonts? = nil) throws(RasterError) -> RGBAImage {
        let (surface, width, height) = try draw(svg: svg, scale: scale, fonts: fonts)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try pixels.withUnsafeMutableBufferPointer { out throws(RasterError) in
            guard let base = out.baseAddress else { throw RasterError("a \(width)×\(height) image has no pixels") }
            _ = Self.convert(surface: surface, width: width, height: height, into: base, alpha: true)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Renders SVG text straight to PNG bytes.
    public func renderPNG(svg: String, scale: Double, options: PNGCodec.Options, fonts: ThemeFonts? = nil) throws(RasterError) -> [UInt8] {
        let (surface, width, height) = try draw(svg: svg, scale: scale, fonts: fonts)
        // With libdeflate and no filter, rows are written behind their filter byte (0) and
        // compressed where they lie; otherwise packed, and the encoder lays them out.
        let lead = PNGCodec.takesFilteredRows(options) ? 1 : 0
        let rgbaCount = (width * 4 + lead) * height
        // 16 bytes of slack: the shuffled conversion stores whole 16-byte words (see `convert`).
        if rows.count < rgbaCount + 16 { rows = [UInt8](repeating: 0, count: rgbaCount + 16) }
        return try rows.withUnsafeMutableBufferPointer { out throws(RasterError) in
            guard let base = out.baseAddress else { throw RasterError("a \(width)×\(height) image has no pixels") }
            func encode(alpha: Bool) throws(RasterError) -> [UInt8] {
                let bytes = UnsafeRawBufferPointer(start: base, count: (width * (alpha ? 4 : 3) + lead) * height)
                return lead == 1
                    ? try PNGCodec.encode(filteredRows: bytes, width: width, height: height, alpha: alpha, options: options)
                    : try PNGCodec.encode(rows: bytes, width: width, height: height, alpha: alpha, options: options)
            }
            // Try RGB first (renders are nearly always opaque); fall back to RGBA on the first
            // translucent pixel.
            if Self.convert(surface: surface, width: width, height: height, into: base, alpha: false, lead: lead) {
                return try encode(alpha: false)
            }
            _ = Self.convert(surface: surface, width: width, height: height, into: base, alpha: true, lead: lead)
            return try encode(alpha: true)
        }
    }

    /// Parses and draws the SVG into the (reused, cleared) surface, while no font is being
    /// added and with this thread's Pango font map current.
    private func draw(svg: String, scale: Double, fonts: ThemeFonts?) throws(RasterError) -> (OpaquePointer, Int, Int) {
        try Fonts.installed.get()
        if let fonts { try FontRegistry.shared.register(fonts) }
        return try FontRegistry.shared.reading { generation throws(RasterError) in
            FontRegistry.refreshThreadFontMap(generation: generation)
            return try drawConfigured(svg: svg, scale: scale)
        }
    }

    /// The largest SVG handed to librsvg: its XML parser (libxml2 with its safety limits) stops
    /// reading a document of many megabytes of embedded pictures part way through. tabstage's
    /// own SVGs are checked against it while they are built; this covers SVG text from elsewhere.
    static let maxSVGBytes = SVGLimits.maxBytes

    private func drawConfigured(svg: String, scale: Double) throws(RasterError) -> (OpaquePointer, Int, Int) {
        var text = svg
        let size = text.utf8.count
        guard size <= Canvas.maxSVGBytes else {
            throw RasterError(
                "the snapshot's SVG is \(size) bytes, over the \(Canvas.maxSVGBytes) librsvg reads (its pictures are embedded once each): use fewer or smaller pictures, or save photos as JPEG"
            )
        }
        var error: UnsafeMutablePointer<GError>?
        let handle = text.withUTF8 { bytes in
            rsvg_handle_new_from_data(bytes.baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else { throw RasterError("librsvg could not parse the SVG: \(consume(&error))") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }

        // The SVG's own width and height (in points: tabstage writes them without units).
        var width: Double = 0, height: Double = 0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0, scale > 0, scale.isFinite
        else {
            throw RasterError("the SVG has no usable size (\(width)×\(height) at scale \(scale))")
        }
        if let problem = RasterLimits.sizeProblem(width: width * scale, height: height * scale) {
            throw RasterError(problem)
        }
        // Checked above: both are whole numbers from 1 to maxSide.
        let pixelWidth = Int((width * scale).rounded()), pixelHeight = Int((height * scale).rounded())
        let surface = try surface(width: pixelWidth, height: pixelHeight)
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        guard rsvg_handle_render_document(handle, cairo, &viewport, &error) != 0 else {
            throw RasterError("librsvg could not render the SVG: \(consume(&error))")
        }
        // A library that warned (Pango for a font size FreeType cannot make) drew something
        // other than the SVG asks for: the snapshot is refused with the first message, one line.
        let messages = LibraryMessages.take()
        if let first = messages.first {
            let more = messages.count > 1 ? " (and \(messages.count - 1) more message(s))" : ""
            throw RasterError(
                "the text or pictures could not be drawn as written: \(oneLine(first))\(more) (expected sizes the font library can draw: a font-size of thousands of points is the usual cause)",
                isInput: true)
        }
        cairo_surface_flush(surface)
        guard cairo_image_surface_get_data(surface) != nil else {
            throw RasterError("cairo gave no pixels for a \(pixelWidth)×\(pixelHeight) image")
        }
        return (surface, pixelWidth, pixelHeight)
    }

    private func surface(width: Int, height: Int) throws(RasterError) -> OpaquePointer {
        if let surface, surfaceSize == (width, height) { return surface }
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        guard let cairoWidth = Int32(exactly: width), let cairoHeight = Int32(exactly: height),
            let created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cairoWidth, cairoHeight),
            cairo_surface_status(created) == CAIRO_STATUS_SUCCESS
        else {
            throw RasterError("cairo could not allocate a \(width)×\(height) surface")
        }
        surface = created
        surfaceSize = (width, height)
        return created
    }

    /// cairo's ARGB32 is premultiplied and native-endian (B, G, R, A in memory on little-endian).
    /// Writes straight RGB (`alpha: false`, returning false at the first translucent pixel) or
    /// straight RGBA rows; with a `lead` of 1, each row behind a filter byte of 0 (none).
    private static func convert(
        surface: OpaquePointer, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>, alpha: Bool, lead: Int = 0
    ) -> Bool {
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let pixels = cairo_image_surface_get_data(surface) else { return false }
        let data = UnsafeRawPointer(pixels)
        let outStride = width * (alpha ? 4 : 3) + lead
        for y in 0..<height {
            let row = data.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
            let target = out.advanced(by: y * outStride)
            if lead == 1 { target[0] = 0 }
            if alpha {
                unpremultiplyRow(row, width, target + lead)
            } else if shuffles {
                if tabstage_argb_to_rgb(row, width, target + lead) >> 24 != 0xFF { return false }
            } else if !opaqueRow(row, width, target + lead) {
                return false
            }
        }
        return true
    }

    /// Whether opaque rows are converted by the C byte shuffle (x86-64 with SSSE3: the same
    /// bytes as `opaqueRow` in about a fifth of the instructions) rather than `opaqueRow`.
    /// Its 16-byte stores reach up to 4 bytes past a row, as `opaqueRow`'s reach 1: the PNG row
    /// buffer keeps 16 bytes of slack.
    static let shuffles = tabstage_argb_to_rgb_available() != 0

    /// The common case, kept branch-light: every pixel opaque, so only a byte reorder. May
    /// write one byte past the row's last pixel: the caller's buffer holds it, and the next
    /// row (or nothing the encoder reads) comes after.
    @inline(__always)
    private static func opaqueRow(_ row: UnsafePointer<UInt32>, _ width: Int, _ out: UnsafeMutablePointer<UInt8>) -> Bool {
        var all: UInt32 = 0xFF00_0000
        // Four pixels at a time: each ARGB word byte-swapped and shifted is R, G, B in memory
        // order, stored as a whole word three bytes after the last; each store's fourth byte is
        // overwritten by the next pixel, or lies past the row (see above).
        let words = UnsafeMutableRawPointer(out)
        var x = 0
        while x &+ 4 <= width {
            let p0 = row[x], p1 = row[x &+ 1], p2 = row[x &+ 2], p3 = row[x &+ 3]
            all &= p0 & p1 & p2 & p3
            let at = x &* 3
            words.storeBytes(of: (p0.byteSwapped >> 8).littleEndian, toByteOffset: at, as: UInt32.self)
            words.storeBytes(of: (p1.byteSwapped >> 8).littleEndian, toByteOffset: at &+ 3, as: UInt32.self)
            words.storeBytes(of: (p2.byteSwapped >> 8).littleEndian, toByteOffset: at &+ 6, as: UInt32.self)
            words.storeBytes(of: (p3.byteSwapped >> 8).littleEndian, toByteOffset: at &+ 9, as: UInt32.self)
            x &+= 4
        }
        var o = out + x * 3
        for x in x..<width {
            let argb = row[x]
            all &= argb
            o[0] = UInt8(truncatingIfNeeded: argb >> 16)
            o[1] = UInt8(truncatingIfNeeded: argb >> 8)
            o[2] = UInt8(truncatingIfNeeded: argb)
            o += 3
        }
        return all == 0xFF00_0000
    }

    @inline(__always)
    private static func unpremultiplyRow(_ row: UnsafePointer<UInt32>, _ width: Int, _ out: UnsafeMutablePointer<UInt8>) {
        var o = out
        for x in 0..<width {
            let argb = row[x]
            let a = argb >> 24
            var r = (argb >> 16) & 0xFF, g = (argb >> 8) & 0xFF, b = argb & 0xFF
            if a != 255 && a != 0 {
                r = (r * 255 + a / 2) / a
                g = (g * 255 + a / 2) / a
                b = (b * 255 + a / 2) / a
            }
            o[0] = UInt8(truncatingIfNeeded: r)
            o[1] = UInt8(truncatingIfNeeded: g)
            o[2] = UInt8(truncatingIfNeeded: b)
            o[3] = UInt8(truncatingIfNeeded: a)
            o += 4
        }
    }
}

/// Takes a GError's message and frees it.
func consume(_ error: inout UnsafeMutablePointer<GError>?) -> String {
    guard let e = error else { return "unknown error" }
    defer {
        g_error_free(e)
        error = nil
    }
    return e.pointee.message.map { String(cString: $0) } ?? "unknown error"
}

/// A library's message on one line, at most 200 characters.
private func oneLine(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.count > 200 ? String(line.prefix(200)) + "…" : line
}
