import TabStageLayout
import TabStageModel

extension Scene {
    /// X's floating compose button: an accent circle with a soft shadow and a white quill.
    func drawComposeButton(_ svg: inout SVGBuilder) {
        guard let button = layout.composeButton, let glyph = layout.composeGlyph else { return }
        svg.circle(cx: button.midX, cy: button.midY + 2, r: button.width / 2 + 1, fill: "#000000", opacity: 0.12)
        svg.circle(cx: button.midX, cy: button.midY, r: button.width / 2, fill: palette.accent, id: "compose")
        Glyphs.compose(&svg, glyph, colour: "#ffffff")
    }
}

/// The small outline glyphs of the X profile and its posts, drawn as paths in the square the
/// layout gave them (a 16-unit grid scaled to the square), never as font glyphs.
enum Glyphs {
    /// The grid unit and centre of `frame`.
    private static func grid(_ frame: Rect) -> (u: Double, cx: Double, cy: Double) { (frame.width / 16, frame.midX, frame.midY) }

    /// A map pin: a round head narrowing to a point, with a hole.
    static func location(_ svg: inout SVGBuilder, _ frame: Rect, colour: String) {
        let (u, cx, cy) = grid(frame)
        let top = cy - 2 * u, r = 5 * u
        svg.strokedPath(
            "M\(n(cx - r)),\(n(top))A\(n(r)),\(n(r)) 0 1 1 \(n(cx + r)),\(n(top))C\(n(cx + r)),\(n(top + 4 * u)) \(n(cx)),\(n(cy + 7 * u)) "
                + "\(n(cx)),\(n(cy + 7 * u))C\(n(cx)),\(n(cy + 7 * u)) \(n(cx - r)),\(n(top + 4 * u)) \(n(cx - r)),\(n(top))Z"
                + "M\(n(cx - 1.8 * u)),\(n(top))A\(n(1.8 * u)),\(n(1.8 * u)) 0 1 0 \(n(cx + 1.8 * u)),\(n(top))"
                + "A\(n(1.8 * u)),\(n(1.8 * u)) 0 1 0 \(n(cx - 1.8 * u)),\(n(top))",
            stroke: colour, width: 1.5 * u)
    }

    /// Two links of a chain on the diagonal.
    static func link(_ svg: inout SVGBuilder, _ frame: Rect, colour: String) {
        let (u, cx, cy) = grid(frame)
        let ax = 0.7071068, ay = -0.7071068
        var d = ""
        for side in [-1.0, 1] {
            let mx = cx + side * 2.6 * u * ax, my = cy + side * 2.6 * u * ay
            d += capsule(from: (mx - 2.2 * u * ax, my - 2.2 * u * ay), to: (mx + 2.2 * u * ax, my + 2.2 * u * ay), radius: 2.6 * u)
        }
        svg.strokedPath(d, stroke: colour, width: 1.5 * u)
    }

    /// A calendar page: a rounded box, its header line and the two rings.
    static func calendar(_ svg: inout SVGBuilder, _ frame: Rect, colour: String) {
        let (u, cx, cy) = grid(frame)
        let left = cx - 6 * u, right = cx + 6 * u, top = cy - 5 * u, bottom = cy + 6 * u, r = 1.5 * u
        svg.strokedPath(
            "M\(n(left + r)),\(n(top))L\(n(right - r)),\(n(top))Q\(n(right)),\(n(top)) \(n(right)),\(n(top + r))"
                + "L\(n(right)),\(n(bottom - r))Q\(n(right)),\(n(bottom)) \(n(right - r)),\(n(bottom))L\(n(left + r)),\(n(bottom))"
                + "Q\(n(left)),\(n(bottom)) \(n(left)),\(n(bottom - r))L\(n(left)),\(n(top + r))Q\(n(left)),\(n(top)) \(n(left + r)),\(n(top))Z"
                + "M\(n(left)),\(n(cy - 1.5 * u))L\(n(right)),\(n(cy - 1.5 * u))"
                + "M\(n(cx - 3 * u)),\(n(cy - 7 * u))L\(n(cx - 3 * u)),\(n(cy - 3.5 * u))"
                + "M\(n(cx + 3 * u)),\(n(cy - 7 * u))L\(n(cx + 3 * u)),\(n(cy - 3.5 * u))",
            stroke: colour, width: 1.5 * u)
    }

    /// A speech bubble: reply.
    static func reply(_ svg: inout SVGBuilder, _ frame: Rect, colour: String) {
        let (u, cx, cy) = grid(frame)
        let left = cx - 6.5 * u, right = cx + 6.5 * u, top = cy - 5.5 * u, bottom = cy + 3.5 * u, r = 4.5 * u
        svg.strokedPath(
            "M\(n(left + r)),\(n(top))L\(n(right - r)),\(n(top))A\(n(r)),\(n(r)) 0 0 1 \(n(right - r)),\(n(bottom))"
                + "L\(n(cx - 1 * u)),\(n(bottom))L\(n(cx - 4 * u)),\(n(cy + 6.5 * u))L\(n(cx - 4 * u)),\(n(bottom))"
                + "L\(n(left + r)),\(n(bottom))A\(n(r)),\(n(r)) 0 0 1 \(n(left + r)),\(n(top))Z",
            stroke: colour, width: 1.5 * u)
    }

    /// Two arrows chasing each other round a rectangle: repost.
    static func repost(_ svg: inout SVGBuilder, _ frame: Rect, colour: String) {
        let (u, cx, cy) = grid(frame)
        svg.strokedPath(
            // The upper arrow runs right along the top, down at the right end.
            "M\(n(cx - 7 * u)),\(n(cy - 1 * u))L\(n(cx - 7 * u)),\(n(cy - 4.5 * u))L\(n(cx + 4 * u)),\(n(cy - 4.5 * u))"
                + "M\(n(cx + 1.5 * u)),\(n(cy - 7 * u))L\(n(cx + 4 * u)),\(n(cy - 4.5 * u))L\(n(cx + 1.5 * u)),\(n(cy - 2 * u))"
                // The lower arrow runs left along the bottom, up at the left end.
                + "M\(n(cx + 7 * u)),\(n(cy + 1 * u))L\(n(cx + 7 * u)),\(n(cy + 4.5 * u))L\(n(cx - 4 * u)),\(n(cy + 4.5 * u))"
                + "M\(n(cx - 1.5 * u)),\(n(cy + 2 * u))L\(n(cx - 4 * u)),\(n(cy + 4.5 * u))L\(n(cx - 1.5 * u)),\(n(cy + 7 * u))",
            stroke: colour, width: 1.5 * u)
    }

    /// A heart: like.
    static func like(_ svg: inout SVGBuilder, _ frame: Rect, colour: String) {
        let (u, cx, cy) = grid(frame)
        let bottom = cy + 6 * u, top = cy - 3 * u
        svg.strokedPath(
            "M\(n(cx)),\(n(bottom))C\(n(cx - 3 * u)),\(n(cy + 3.5 * u)) \(n(cx - 7 * u)),\(n(cy + 0.5 * u)) \(n(cx - 7 * u)),\(n(top))"
                + "C\(n(cx - 7 * u)),\(n(cy - 7 * u)) \(n(cx - 1.5 * u)),\(n(cy - 7.5 * u)) \(n(cx)),\(n(cy - 3.5 * u))"
                + "C\(n(cx + 1.5 * u)),\(n(cy - 7.5 * u)) \(n(cx + 7 * u)),\(n(cy - 7 * u)) \(n(cx + 7 * u)),\(n(top))"
                + "C\(n(cx + 7 * u)),\(n(cy + 0.5 * u)) \(n(cx + 3 * u)),\(n(cy + 3.5 * u)) \(n(cx)),\(n(bottom))Z",
            stroke: colour, width: 1.5 * u)
    }

    /// Four rising bars: views.
    static func views(_ svg: inout SVGBuilder, _ frame: Rect, colour: String) {
        let (u, cx, cy) = grid(frame)
        let bottom = cy + 6 * u
        var d = ""
        for (index, height) in [4.0, 11, 7, 13].enumerated() {
            let x = cx - 5.25 * u + Double(index) * 3.5 * u
            d += "M\(n(x)),\(n(bottom))L\(n(x)),\(n(bottom - height * u))"
        }
        svg.strokedPath(d, stroke: colour, width: 1.5 * u)
    }

    /// An arrow rising out of a tray: share.
    static func share(_ svg: inout SVGBuilder, _ frame: Rect, colour: String) {
        let (u, cx, cy) = grid(frame)
        svg.strokedPath(
            "M\(n(cx)),\(n(cy + 2 * u))L\(n(cx)),\(n(cy - 7 * u))M\(n(cx - 3.5 * u)),\(n(cy - 3.5 * u))L\(n(cx)),\(n(cy - 7 * u))"
                + "L\(n(cx + 3.5 * u)),\(n(cy - 3.5 * u))M\(n(cx - 6.5 * u)),\(n(cy + 1 * u))L\(n(cx - 6.5 * u)),\(n(cy + 6.5 * u))"
                + "L\(n(cx + 6.5 * u)),\(n(cy + 6.5 * u))L\(n(cx + 6.5 * u)),\(n(cy + 1 * u))",
            stroke: colour, width: 1.5 * u)
    }

    /// A feather quill with a "+": X's compose button.
    static func compose(_ svg: inout SVGBuilder, _ frame: Rect, colour: String) {
        let (u, cx, cy) = grid(frame)
        svg.strokedPath(
            // The quill: a leaf from the lower left to the upper right, its spine, and the "+".
            "M\(n(cx - 5 * u)),\(n(cy + 6 * u))C\(n(cx - 4 * u)),\(n(cy - 1 * u)) \(n(cx + 1 * u)),\(n(cy - 6 * u)) \(n(cx + 6 * u)),\(n(cy - 6 * u))"
                + "C\(n(cx + 6 * u)),\(n(cy - 1 * u)) \(n(cx + 1 * u)),\(n(cy + 3 * u)) \(n(cx - 3.5 * u)),\(n(cy + 3 * u))"
                + "M\(n(cx - 6 * u)),\(n(cy + 7 * u))L\(n(cx + 2 * u)),\(n(cy - 1 * u))"
                + "M\(n(cx - 5 * u)),\(n(cy - 6 * u))L\(n(cx - 5 * u)),\(n(cy - 1 * u))M\(n(cx - 7.5 * u)),\(n(cy - 3.5 * u))"
                + "L\(n(cx - 2.5 * u)),\(n(cy - 3.5 * u))",
            stroke: colour, width: 1.75 * u)
    }

    /// A capsule's outline round the segment from `p` to `q`.
    private static func capsule(from p: (Double, Double), to q: (Double, Double), radius r: Double) -> String {
        let dx = q.0 - p.0, dy = q.1 - p.1
        let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let nx = -dy / length * r, ny = dx / length * r
        return "M\(n(p.0 + nx)),\(n(p.1 + ny))L\(n(q.0 + nx)),\(n(q.1 + ny))A\(n(r)),\(n(r)) 0 0 0 \(n(q.0 - nx)),\(n(q.1 - ny))"
            + "L\(n(p.0 - nx)),\(n(p.1 - ny))A\(n(r)),\(n(r)) 0 0 0 \(n(p.0 + nx)),\(n(p.1 + ny))Z"
    }
}
