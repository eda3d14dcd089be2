import Foundation
import TabStageModel

/// One point of the motion charts.
package struct PlotPoint: Sendable, Hashable {
    package var time: Double
    package var contentOffsetY: Double
    package var headerHeight: Double
    package var velocity: Double

    package init(time: Double, contentOffsetY: Double, headerHeight: Double, velocity: Double) {
        self.time = time
        self.contentOffsetY = contentOffsetY
        self.headerHeight = headerHeight
        self.velocity = velocity
    }
}

/// Charts of a run's motion over simulated time: content offset and header height (points) on
/// top, velocity (points per second) below; labelled axes with units, one colour per series and
/// a legend. Plain SVG, so it renders through the same librsvg path as snapshots and can be
/// inlined in a page (`id="plot"`, with a time marker `id="plot-marker"` a page can move).
package enum MotionPlot {
    package static let width = 720.0
    package static let height = 520.0

    package struct Series: Sendable, Hashable {
        package var name: String
        package var colour: String
        package var value: @Sendable (PlotPoint) -> Double

        package static func == (a: Series, b: Series) -> Bool { a.name == b.name }
        package func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    package static let contentOffset = Series(name: "content offset (pt)", colour: "#0a64d8") { $0.contentOffsetY }
    package static let headerHeight = Series(name: "header height (pt)", colour: "#e0620b") { $0.headerHeight }
    package static let velocity = Series(name: "velocity (pt/s)", colour: "#1a8f3c") { $0.velocity }

    /// Which time a chart's x axis shows.
    package enum Clock: String, Sendable {
        /// Simulated seconds of physics frames.
        case simulated
        /// Seconds on the player's timeline, where each snapshot is held.
        case player
    }

    /// The x position of `time` in the chart, for a page's marker.
    static let plotLeft = 84.0, plotRight = width - 24

    /// The chart's SVG. `clock` says which time the points carry: `simulated` (physics frames'
    /// simulated seconds) or `player` (seconds on the player page's timeline, for held
    /// snapshots); a page moves its marker by the same clock.
    package static func svg(_ points: [PlotPoint], title: String, marker: Double? = nil, clock: Clock = .simulated) -> String {
        let times = points.map(\.time)
        let t0 = min(times.min() ?? 0, 0), t1 = max(times.max() ?? 1, t0 + 0.001)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" id="plot" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" \
            font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12" data-t0="\(n(t0, 6))" data-t1="\(n(t1, 6))" \
            data-x0="\(n(plotLeft))" data-x1="\(n(plotRight))" data-clock="\(clock.rawValue)">
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(n(width / 2))" y="20" text-anchor="middle" font-size="14" font-weight="bold">\(escaped(title))</text>

            """
        // Legend: one swatch per series, in drawing colour.
        let series = [contentOffset, headerHeight, velocity]
        for (index, item) in series.enumerated() {
            let x = plotLeft + Double(index) * 200
            out += "<rect x=\"\(n(x))\" y=\"32\" width=\"18\" height=\"4\" fill=\"\(item.colour)\"/>"
            out += "<text x=\"\(n(x + 24))\" y=\"38\">\(escaped(item.name))</text>\n"
        }
        func lines(_ series: [Series]) -> [Line] { series.map { item in Line(colour: item.colour, values: points.map(item.value)) } }
        out += panel(times, lines: lines([contentOffset, headerHeight]), unit: "points", top: 60, bottom: 270, t0: t0, t1: t1)
        out += panel(times, lines: lines([velocity]), unit: "points per second", top: 310, bottom: 470, t0: t0, t1: t1)
        let axis = clock == .simulated ? "time (s)" : "time on the player's timeline (s)"
        out += "<text x=\"\(n((plotLeft + plotRight) / 2))\" y=\"\(n(height - 12))\" text-anchor=\"middle\">\(escaped(axis))</text>\n"
        let markerX = marker.map { x($0, t0, t1) } ?? plotLeft
        out +=
            "<line id=\"plot-marker\" x1=\"\(n(markerX))\" y1=\"60\" x2=\"\(n(markerX))\" y2=\"470\" stroke=\"#d70015\" stroke-width=\"1.5\"\(marker == nil ? " visibility=\"hidden\"" : "")/>\n"
        out += "</svg>\n"
        return out
    }

    static func x(_ time: Double, _ t0: Double, _ t1: Double) -> Double {
        plotLeft + (time - t0) / (t1 - t0) * (plotRight - plotLeft)
    }

    /// One line of a panel: its colour and its value at each of the panel's x values.
    struct Line {
        var colour: String
        var values: [Double]
    }

    /// Axes, grid and lines between `top` and `bottom`. `minXStep` keeps x ticks at least that
    /// far apart (1 for step numbers); `dots` marks every point (values seen at separate steps).
    static func panel(
        _ times: [Double], lines: [Line], unit: String, top: Double, bottom: Double, t0: Double, t1: Double, minXStep: Double = 0,
        dots: Bool = false
    ) -> String {
        let values = lines.flatMap(\.values)
        var low = min(values.min() ?? 0, 0), high = max(values.max() ?? 1, 0)
        if high - low < 1e-9 { high = low + 1 }
        let yStep = niceStep((high - low) / 4)
        low = (low / yStep).rounded(.down) * yStep
        high = (high / yStep).rounded(.up) * yStep
        func y(_ value: Double) -> Double { bottom - (value - low) / (high - low) * (bottom - top) }
        var out = ""
        // Grid and y ticks: counted, each computed from the first, so the loop ends whatever
        // the spacing of doubles near the values.
        for tick in ticks(from: low, through: high + yStep / 2, step: yStep) {
            let ty = y(tick)
            out += "<line x1=\"\(n(plotLeft))\" y1=\"\(n(ty))\" x2=\"\(n(plotRight))\" y2=\"\(n(ty))\" stroke=\"#e5e5ea\"/>"
            out += "<text x=\"\(n(plotLeft - 6))\" y=\"\(n(ty + 4))\" text-anchor=\"end\">\(n(tick, 2))</text>\n"
        }
        // x ticks.
        let xStep = max(niceStep((t1 - t0) / 6), minXStep)
        for time in ticks(from: (t0 / xStep).rounded(.up) * xStep, through: t1 + 1e-9, step: xStep) {
            let tx = x(time, t0, t1)
            out += "<line x1=\"\(n(tx))\" y1=\"\(n(bottom))\" x2=\"\(n(tx))\" y2=\"\(n(bottom + 4))\" stroke=\"#000000\"/>"
            out += "<text x=\"\(n(tx))\" y=\"\(n(bottom + 16))\" text-anchor=\"middle\">\(n(time, 2))</text>\n"
        }
        // Axes, and the unit along the y axis.
        out += "<path d=\"M\(n(plotLeft)) \(n(top))V\(n(bottom))H\(n(plotRight))\" fill=\"none\" stroke=\"#000000\"/>\n"
        let middle = (top + bottom) / 2
        out +=
            "<text x=\"16\" y=\"\(n(middle))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(n(middle)))\">\(escaped(unit))</text>\n"
        for line in lines where !times.isEmpty {
            var d = ""
            let vertices = zip(times, line.values).map { (x: x($0, t0, t1), y: y($1)) }
            for (index, vertex) in (dots ? vertices : thinned(vertices)).enumerated() {
                d += (index == 0 ? "M" : "L") + n(vertex.x) + " " + n(vertex.y)
            }
            out += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(line.colour)\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n"
            if dots {
                for (time, value) in zip(times, line.values) {
                    out += "<circle cx=\"\(n(x(time, t0, t1)))\" cy=\"\(n(y(value)))\" r=\"3.5\" fill=\"\(line.colour)\"/>"
                }
                out += "\n"
            }
        }
        return out
    }

    /// The width of the columns `thinned` keeps at most four vertices in: a quarter point, one
    /// pixel at the largest `--scale` (4).
    static let columnWidth = 0.25

    /// A line's vertices as a quarter-point column can show them: in each column the first, the
    /// lowest, the highest and the last, in their order (a column of at most four keeps them
    /// all, so a run's chart is unchanged). 100,000 frames that swing from edge to edge would
    /// otherwise stroke 100,000 full-height segments, minutes of librsvg for one PNG; the 612 pt
    /// plot keeps at most 2,448 columns × 4 vertices, and looks the same at every scale.
    package static func thinned(_ vertices: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        var kept: [(x: Double, y: Double)] = []
        var start = vertices.startIndex
        while start < vertices.endIndex {
            let column = (vertices[start].x / columnWidth).rounded(.down)
            var end = start + 1
            while end < vertices.endIndex, (vertices[end].x / columnWidth).rounded(.down) == column { end += 1 }
            if end - start <= 4 {
                kept += vertices[start..<end]
            } else {
                var low = start, high = start
                for index in start..<end {
                    if vertices[index].y < vertices[low].y { low = index }
                    if vertices[index].y > vertices[high].y { high = index }
                }
                kept += Set([start, low, high, end - 1]).sorted().map { vertices[$0] }
            }
            start = end
        }
        return kept
    }

    /// One field of a conformance check over the scenario's steps: the model's value and the
    /// observed one at each observed step, in points (or the field's own unit), with a legend,
    /// labelled axes and a dot per value. Plain SVG, as `svg` is.
    ///
    /// - Parameters:
    ///   - title: The chart's title (the field's path).
    ///   - steps: The steps the field was observed at, in order.
    ///   - model: The model's value at each of those steps.
    ///   - observed: The observed value at each.
    ///   - unit: What the y axis counts.
    /// - Returns: The chart's SVG text, 720 × 300 pt.
    package static func stepChart(title: String, steps: [Int], model: [Double], observed: [Double], unit: String) -> String {
        let height = 300.0
        let xs = steps.map(Double.init)
        let t0 = min(xs.min() ?? 0, 0), t1 = max(xs.max() ?? 1, t0 + 1)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" \
            font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(n(width / 2))" y="20" text-anchor="middle" font-size="14" font-weight="bold">\(escaped(title))</text>

            """
        let series = [("model", conformModelColour), ("observed", conformObservedColour)]
        for (index, item) in series.enumerated() {
            let x = plotLeft + Double(index) * 200
            out += "<rect x=\"\(n(x))\" y=\"32\" width=\"18\" height=\"4\" fill=\"\(item.1)\"/>"
            out += "<text x=\"\(n(x + 24))\" y=\"38\">\(item.0)</text>\n"
        }
        out += panel(
            xs, lines: [Line(colour: conformModelColour, values: model), Line(colour: conformObservedColour, values: observed)],
            unit: unit, top: 56, bottom: height - 50, t0: t0, t1: t1, minXStep: 1, dots: true)
        out += "<text x=\"\(n((plotLeft + plotRight) / 2))\" y=\"\(n(height - 12))\" text-anchor=\"middle\">step</text>\n"
        out += "</svg>\n"
        return out
    }

    /// The model's line in a conformance chart.
    static let conformModelColour = "#0a64d8"
    /// The observed line.
    static let conformObservedColour = "#d70015"

    /// Ticks an axis may have: a nice step gives 5 to 9; more means the step is below what
    /// doubles can tell apart near the values.
    package static let maxTicks = 20

    /// `first`, `first + step`, … up to `last`, at most `maxTicks` of them.
    package static func ticks(from first: Double, through last: Double, step: Double) -> [Double] {
        guard first.isFinite, last.isFinite, step > 0, step.isFinite, first <= last else { return [] }
        let count = min(Double(maxTicks), ((last - first) / step).rounded(.down) + 1)
        return (0..<Int(count)).map { first + Double($0) * step }
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    package static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        let power = pow(10, (log10(rough)).rounded(.down))
        for factor in [1.0, 2, 5, 10] where factor * power >= rough { return factor * power }
        return 10 * power
    }

    static func n(_ value: Double, _ decimals: Int = 2) -> String { decimalText(value, decimals: decimals) }

    /// Text in the chart or a page: tabstage's one XML escaper, which also drops what XML 1.0
    /// cannot carry (NUL, ESC and the other control characters in a trace's scenario name).
    static func escaped(_ text: String) -> String { xmlEscape(text) }
}
