/// What a row template may write: the SVG elements that draw, the attributes SVG gives them and
/// the CSS functions those attributes take. Everything else is refused, so a name no one here
/// thought of (an HTML `<p>` that breaks out of the SVG in the player page, a CSS function that
/// fetches a picture) is refused too.
///
/// Names are compared exactly, in SVG's letter case (`clipPath`, `viewBox`): librsvg reads XML,
/// where `<clippath>` is another element.
@_spi(Fuzzing) public enum SVGAllowlist {
    /// Elements that draw, group or define paint and clipping. Not allowed, and why:
    /// `use`, `symbol`, `marker` and `pattern` draw their content again for every reference,
    /// vertex or tile (a few bytes fan out into minutes of drawing); `a`, `foreignObject`,
    /// `script`, `style`, animation elements and filters load, run, restyle or cost area × radius;
    /// `svg` and `switch` add viewports and conditions a row does not need.
    public static let elements: Set<String> = [
        "g", "defs", "title", "desc", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan", "image",
        "clipPath", "mask", "linearGradient", "radialGradient", "stop",
    ]

    /// Elements that hold text only (they are HTML integration points in the player page, where
    /// markup inside them would be read as HTML).
    static let textOnly: Set<String> = ["title", "desc"]

    /// SVG's presentation attributes that a row may set, by the name they have both as an
    /// attribute and as a property in `style="…"`. Not allowed: `filter`, `cursor`, `marker…`,
    /// `mix-blend-mode`, `isolation` (they load, fan out or add a layer per element), `font`
    /// (a shorthand) and the filter-only ones (`flood-…`, `lighting-color`).
    public static let presentation: Set<String> = [
        "alignment-baseline", "baseline-shift", "clip-path", "clip-rule", "color", "color-interpolation", "direction", "display",
        "dominant-baseline", "fill", "fill-opacity", "fill-rule", "font-family", "font-size", "font-size-adjust", "font-stretch",
        "font-style", "font-variant", "font-weight", "image-rendering", "letter-spacing", "mask", "opacity", "paint-order",
        "shape-rendering", "stop-color", "stop-opacity", "stroke", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-opacity", "stroke-width", "text-anchor", "text-decoration", "text-rendering",
        "unicode-bidi", "visibility", "word-spacing", "writing-mode", "vector-effect", "transform-origin",
    ]

    /// Geometry and structure attributes of the allowed elements, plus `id`, `class`, `style`,
    /// `transform` and `xml:space`. `href` is allowed only as `<image href="{{image}}">`.
    public static let regular: Set<String> = [
        "id", "class", "style", "transform", "xml:space", "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2",
        "y2", "points", "d", "dx", "dy", "rotate", "textLength", "lengthAdjust", "pathLength", "fx", "fy", "fr", "offset",
        "gradientUnits", "gradientTransform", "spreadMethod", "clipPathUnits", "maskUnits", "maskContentUnits", "preserveAspectRatio",
    ]

    /// Whether `name` may be written on an element (before the `href` rule).
    static func allows(attribute name: String) -> Bool {
        presentation.contains(name) || regular.contains(name)
    }

    /// CSS functions a value may call, by attribute or property: colours and local references
    /// for paint, local references for clipping and masks, SVG's transform functions. `url(` is
    /// accepted only as a reference to an id in the row (see `LocalReferences`).
    static func functions(for name: String) -> Set<String> {
        switch name {
        case "fill", "stroke", "stop-color", "color": return ["url", "rgb", "rgba", "hsl", "hsla"]
        case "clip-path", "mask": return ["url"]
        case "transform", "gradientTransform": return ["matrix", "translate", "scale", "rotate", "skewx", "skewy"]
        default: return []
        }
    }

    /// The one attribute whose value may hold a quoted string: a font's name.
    static let quotedStrings: Set<String> = ["font-family"]
}
