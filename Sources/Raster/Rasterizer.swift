import CRsvg

/// SVG text -> RGBA pixels, in process, with librsvg and cairo.
public enum Rasterizer {
    /// Renders `svg` (whose size is in points) at `scale` pixels per point.
    public static func render(svg: String, scale: Double) throws(RasterError) -> RGBAImage {
        try Fonts.installed.get()
        var text = svg
        var error: UnsafeMutablePointer<GError>?
        let handle = text.withUTF8 { bytes in
            rsvg_handle_new_from_data(bytes.baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else { throw RasterError("librsvg could not parse the SVG: \(consume(&error))") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }

        // The SVG's own width and height (in points: tabstage writes them without units).
        var width: Double = 0, height: Double = 0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0, scale > 0, scale.isFinite else {
            throw RasterError("the SVG has no usable size (\(width)×\(height) at scale \(scale))")
        }
        let pixelWidth = Int((width * scale).rounded()), pixelHeight = Int((height * scale).rounded())
        guard pixelWidth <= RasterLimits.maxSide, pixelHeight <= RasterLimits.maxSide,
              pixelWidth * pixelHeight <= RasterLimits.maxPixels else {
            throw RasterError("a \(pixelWidth)×\(pixelHeight) image is over the limit of \(RasterLimits.maxPixels) pixels")
        }

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RasterError("cairo could not allocate a \(pixelWidth)×\(pixelHeight) surface")
        }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        guard rsvg_handle_render_document(handle, cairo, &viewport, &error) != 0 else {
            throw RasterError("librsvg could not render the SVG: \(consume(&error))")
        }
        cairo_surface_flush(surface)
        return unpremultiply(surface: surface, width: pixelWidth, height: pixelHeight)
    }

    /// cairo's ARGB32 is premultiplied, native-endian (B, G, R, A in memory on little-endian).
    private static func unpremultiply(surface: OpaquePointer, width: Int, height: Int) -> RGBAImage {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
                var o = y * width * 4
                for x in 0..<width {
                    let argb = row[x]
                    let a = UInt32(argb >> 24)
                    var r = (argb >> 16) & 0xFF, g = (argb >> 8) & 0xFF, b = argb & 0xFF
                    if a != 255 && a != 0 {
                        r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a
                    }
                    out[o] = UInt8(r); out[o + 1] = UInt8(g); out[o + 2] = UInt8(b); out[o + 3] = UInt8(a)
                    o += 4
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

/// Takes a GError's message and frees it.
func consume(_ error: inout UnsafeMutablePointer<GError>?) -> String {
    guard let e = error else { return "unknown error" }
    defer { g_error_free(e); error = nil }
    return e.pointee.message.map { String(cString: $0) } ?? "unknown error"
}
