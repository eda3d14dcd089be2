import CPango
import Foundation
import Layout

/// Text widths from Pango with tabstage's font configuration: the same shaping, fonts and
/// unhinted metrics librsvg lays SVG text out with, so a measured width is the width drawn.
/// Widths are cached; Pango is used under a lock, so one measurer serves every thread.
public final class TextMeasurer: TextMeasuring, @unchecked Sendable {
    /// The process's measurer (Pango's font map is built once).
    public static let shared = TextMeasurer()

    private let lock = NSLock()
    private var context: OpaquePointer?
    private var cache: [Key: Double] = [:]

    private struct Key: Hashable {
        var text: String
        var size: Double
        var bold: Bool
    }

    private init() {}

    /// The advance width librsvg draws `text` at, in points.
    public func width(of text: String, size: Double, bold: Bool) -> Double {
        guard !text.isEmpty, size > 0, size.isFinite else { return 0 }
        let key = Key(text: text, size: size, bold: bold)
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[key] { return cached }
        guard let context = makeContext() else { return 0 }
        let width = Self.measure(text, size: size, bold: bold, in: context)
        if cache.count > 50_000 { cache.removeAll(keepingCapacity: true) }
        cache[key] = width
        return width
    }

    /// Pango's context with librsvg's settings: unhinted metrics, unrounded glyph positions.
    private func makeContext() -> OpaquePointer? {
        if let context { return context }
        // The fonts must be configured before Pango's font map reads fontconfig.
        guard (try? Fonts.installed.get()) != nil, let map = pango_cairo_font_map_new(),
            let created = pango_font_map_create_context(map)
        else { return nil }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(created, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(created, 0)
        context = created
        return context
    }

    private static func measure(_ text: String, size: Double, bold: Bool, in context: OpaquePointer) -> Double {
        guard let layout = pango_layout_new(context) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, "DejaVu Sans")
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }
}
