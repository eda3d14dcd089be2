import CPango
import Foundation
import TabStageLayout
import TabStageModel

/// Text widths from Pango with tabstage's font configuration: the same shaping, fonts and
/// unhinted metrics librsvg lays SVG text out with, so a measured width is the width drawn.
/// Widths are cached; Pango is used under a lock, so one measurer serves every thread. A
/// theme's fonts are measured through `measuring(fonts:)`.
public final class TextMeasurer: TextMeasuring, @unchecked Sendable {
    /// The process's measurer (Pango's font map is built once).
    public static let shared = TextMeasurer()

    private let lock = NSLock()
    private var context: OpaquePointer?
    /// The font registry's generation the context's font map was built at.
    private var contextGeneration = -1
    private var cache: [Key: Double] = [:]

    private struct Key: Hashable {
        var text: String
        var font: TextFont
        var family: String
    }

    private init() {}

    /// The advance width librsvg draws `text` at in `font` with Inter, tabstage's system face,
    /// in points: the font's weight, its tracking (`letter-spacing`) and, for tabular digits,
    /// the family that turns on `tnum`, as the painter writes them.
    public func width(of text: String, font: TextFont) -> Double {
        width(of: text, font: font, family: font.tabularDigits ? Fonts.tabularFamily : Self.defaultFamily)
    }

    /// A measurer for text in the theme's fonts, which it adds to tabstage's font configuration
    /// first. When they cannot be added, widths are Inter's (and rendering reports why).
    public func measuring(fonts: ThemeFonts?) -> any TextMeasuring {
        guard let fonts, (try? FontRegistry.shared.register(fonts)) != nil else { return self }
        return FamilyMeasurer(measurer: self, family: fonts.familyName)
    }

    static let defaultFamily = Fonts.systemFamily

    func width(of text: String, font: TextFont, family: String) -> Double {
        guard !text.isEmpty, font.size > 0, font.size.isFinite, font.tracking.isFinite else { return 0 }
        let key = Key(text: text, font: font, family: family)
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[key] { return cached }
        return FontRegistry.shared.reading { generation in
            guard let context = makeContext(generation: generation) else { return 0 }
            let width = Self.measure(text, font: font, family: family, in: context)
            if cache.count > 50_000 { cache.removeAll(keepingCapacity: true) }
            cache[key] = width
            return width
        }
    }

    /// Pango's context with librsvg's settings: unhinted metrics, unrounded glyph positions.
    /// Rebuilt (with a new font map) when theme fonts were added since the last one.
    private func makeContext(generation: Int) -> OpaquePointer? {
        if let context, contextGeneration == generation { return context }
        if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
        context = nil
        // The fonts must be configured before Pango's font map reads fontconfig.
        guard (try? Fonts.installed.get()) != nil, let map = pango_cairo_font_map_new(),
            let created = pango_font_map_create_context(map)
        else { return nil }
        // The context keeps its font map alive.
        g_object_unref(UnsafeMutableRawPointer(map))
        contextGeneration = generation
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(created, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(created, 0)
        context = created
        return context
    }

    private static func measure(_ text: String, font: TextFont, family: String, in context: OpaquePointer) -> Double {
        guard let layout = pango_layout_new(context) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        // The family list the SVG names: a theme's family (or Inter Tabular) falls back to Inter.
        pango_font_description_set_family(description, family == defaultFamily ? family : "\(family),\(defaultFamily)")
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(clamping: min(max(font.weight, 100), 1000))))
        pango_layout_set_font_description(layout, description)
        // librsvg turns `letter-spacing` into Pango's letter spacing, in whole Pango units.
        if font.tracking != 0, let attributes = pango_attr_list_new() {
            defer { pango_attr_list_unref(attributes) }
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32((font.tracking * Double(PANGO_SCALE)).rounded())))
            pango_layout_set_attributes(layout, attributes)
        }
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }
}

/// The shared measurer bound to one theme's family.
struct FamilyMeasurer: TextMeasuring {
    let measurer: TextMeasurer
    let family: String

    func width(of text: String, font: TextFont) -> Double {
        measurer.width(of: text, font: font, family: family)
    }
}
