import Foundation
import TabStageModel

/// What one checked row would cost librsvg to draw, estimated from the parsed row before
/// librsvg sees it; a row over a budget is refused, naming the value, its estimate and the limit.
///
/// Each budget is a few hundred times below a row that was measured to take seconds, and far
/// above what a row of a list shows (the bundled templates use under 1% of each).
package enum DrawingCost {
    /// Dash segments one row may stroke: its stroked length divided by the dash pattern, times
    /// the dashes in a pattern, over every dashed shape and text. librsvg strokes each dash as a
    /// path of its own: 700 circles dashed `0.01 0.01` (4.4 million dashes a row) took 30 s a
    /// snapshot.
    package static let maximumDashSegments = 10_000
    /// Layers nested in one another: an element with `opacity` below 1, or a `mask`, is drawn
    /// into an offscreen surface as large as the whole picture, and nested ones are alive at once
    /// (20 stacks of 60 nested `<g opacity>`: 10 s and 777 MB).
    package static let maximumLayerDepth = 4
    /// Layers one row may draw, masks drawn through references included (each one allocates,
    /// clears and composites a surface the size of the picture).
    package static let maximumLayers = 16
    /// How deep clip paths and masks may refer to further clip paths and masks (20 rects masked
    /// by a 60-deep mask chain: 29.5 s and 1.52 GB).
    package static let maximumReferenceDepth = 3
    /// Elements drawn again through `clip-path` and `mask` references, counted once per use.
    package static let maximumReferencedElements = 1_000
    /// Segments in one path, polyline or polygon: cairo's fill of a self-intersecting path grows
    /// faster than its vertex count (an 8,000-vertex even-odd polygon took 4.4 s a row).
    package static let maximumPathVertices = 500
    /// Segments of every path, polyline and polygon in one row together.
    package static let maximumRowVertices = 2_000
    /// Characters of text in one row, every `<text>` together (one `<text>` holds at most
    /// `SVGFragmentChecker.maximumTextLength`).
    package static let maximumRowText = 4_000

    /// What one row draws, as the budgets count it; a snapshot draws it once per row on screen.
    package struct RowCost: Sendable, Hashable {
        /// Elements drawn, those drawn again through clip paths and masks included.
        package var elements = 0
        /// Offscreen layers (opacity below 1, masks).
        package var layers = 0
        /// Dash segments stroked.
        package var dashSegments = 0
        /// Segments of paths, polylines and polygons.
        package var vertices = 0
        /// Characters of text.
        package var text = 0
        /// Bytes of the rendered row.
        package var bytes = 0

        /// A row that draws nothing.
        package init() {}

        /// The larger of each count: a budget for either row holds for both.
        package func union(_ other: RowCost) -> RowCost {
            var out = self
            out.elements = max(elements, other.elements)
            out.layers = max(layers, other.layers)
            out.dashSegments = max(dashSegments, other.dashSegments)
            out.vertices = max(vertices, other.vertices)
            out.text = max(text, other.text)
            out.bytes = max(bytes, other.bytes)
            return out
        }
    }

    /// Per snapshot: what every template row on screen may draw together. A snapshot draws up to
    /// `rowsDrawn(rowHeight:)` rows (two pages side by side during a swipe), so a cost that is
    /// small for one row can still be seconds for a page of 1-pt rows. Measured with librsvg on
    /// 2 cores: about 30 µs an element, 5 ms a layer (a surface the size of the picture),
    /// 0.2 µs a dash, 3 µs a character of text; these keep one snapshot's template rows near
    /// 3 seconds at most.
    package enum SnapshotBudget {
        /// Elements of template rows in one snapshot.
        package static let elements = 100_000
        /// Layers of template rows in one snapshot.
        package static let layers = 400
        /// Dash segments of template rows in one snapshot.
        package static let dashSegments = 5_000_000
        /// Path segments of template rows in one snapshot (each path has at most
        /// `maximumPathVertices`, so a self-intersecting fill stays near 3 s in all).
        package static let vertices = 80_000
        /// Characters of text of template rows in one snapshot.
        package static let text = 500_000
        /// Bytes of template rows in one snapshot: the whole SVG may have 10,000,000.
        package static let bytes = 10_000_000
    }

    /// The most rows of one tab a snapshot draws with rows `rowHeight` tall in windows at most
    /// `maxWindowSide` points tall: a row partly shown at each end, two pages during a swipe.
    package static func rowsDrawn(rowHeight: Double, maxWindowSide: Double) -> Int {
        2 * (Int((maxWindowSide / max(rowHeight, 1)).rounded(.up)) + 1)
    }

    /// The first snapshot budget `cost` × `rows` exceeds: what, its estimate and the limit.
    package static func snapshotProblem(_ cost: RowCost, rows: Int) -> (what: String, estimate: Int, limit: Int)? {
        let checks: [(String, Int, Int)] = [
            ("elements", cost.elements, SnapshotBudget.elements), ("layers (opacity below 1, masks)", cost.layers, SnapshotBudget.layers),
            ("dash segments", cost.dashSegments, SnapshotBudget.dashSegments), ("path segments", cost.vertices, SnapshotBudget.vertices),
            ("characters of text", cost.text, SnapshotBudget.text), ("bytes", cost.bytes, SnapshotBudget.bytes),
        ]
        for (what, perRow, limit) in checks where perRow > 0 {
            let (total, overflow) = perRow.multipliedReportingOverflow(by: rows)
            if overflow || total > limit { return (what, overflow ? Int.max : total, limit) }
        }
        return nil
    }

    /// An element as the estimate sees it.
    struct Node {
        var name: String
        var line: Int
        /// Attributes, then `style` declarations over them (CSS wins), by name.
        var properties: [String: String]
        var children: [Int] = []
        var text = 0
    }

    /// What the row draws, or the first budget it exceeds, as a refusal at the element's line.
    static func estimate(_ nodes: [Node], roots: [Int], bytes: Int) -> Result<RowCost, RowTemplateError> {
        var estimate = Estimate(nodes: nodes)
        if let refusal = estimate.run(roots: roots) { return .failure(refusal) }
        var cost = RowCost()
        cost.elements = estimate.drawn + estimate.referenced
        cost.layers = estimate.layers
        cost.dashSegments = Int(estimate.dashSegments)
        cost.vertices = estimate.vertices
        cost.text = estimate.text
        cost.bytes = bytes
        return .success(cost)
    }

    private struct Estimate {
        let nodes: [Node]
        var definitions: [String: Int] = [:]
        var dashSegments = 0.0
        var layers = 0
        var vertices = 0
        var text = 0
        var referenced = 0
        var drawn = 0
        /// Per definition: its depth of further references and the elements and layers one use draws.
        var expanded: [Int: (depth: Int, elements: Int, layers: Int)] = [:]
        var expanding: Set<Int> = []

        init(nodes: [Node]) {
            self.nodes = nodes
            for (index, node) in nodes.enumerated() where node.name == "clipPath" || node.name == "mask" {
                if let id = node.properties["id"] { definitions[id] = index }
            }
        }

        struct Inherited {
            var stroked = false
            var dashes: [Double] = []
            var fontSize = 16.0
            var layerDepth = 0
        }

        mutating func run(roots: [Int]) -> RowTemplateError? {
            for root in roots {
                if let refusal = visit(root, Inherited()) { return refusal }
            }
            return nil
        }

        func refuse(_ node: Node, _ what: String, _ estimate: String, limit: String) -> RowTemplateError {
            RowTemplateError(line: node.line, "\(what) \(estimate), over the limit", expected: limit)
        }

        /// Elements drawn only through a reference, or never.
        static let notDrawn: Set<String> = ["defs", "clipPath", "mask", "linearGradient", "radialGradient", "title", "desc"]

        /// Draws `index` in the estimate: its own cost, then its children's; definitions are drawn
        /// only through their references.
        mutating func visit(_ index: Int, _ outer: Inherited) -> RowTemplateError? {
            let node = nodes[index]
            if Self.notDrawn.contains(node.name) { return nil }
            return draw(index, outer)
        }

        /// `index` and its subtree, drawn once (directly, or as the content of a reference).
        mutating func draw(_ index: Int, _ outer: Inherited) -> RowTemplateError? {
            let node = nodes[index]
            drawn += 1
            var inherited = outer
            if let stroke = node.properties["stroke"] { inherited.stroked = stroke.trimmingSpaces.lowercased() != "none" }
            if let size = node.properties["font-size"] { inherited.fontSize = Self.fontSize(size, parent: outer.fontSize) }
            if let dashes = node.properties["stroke-dasharray"] {
                if let unit = Self.relativeUnit(dashes) {
                    return RowTemplateError(
                        line: node.line,
                        "stroke-dasharray \"\(quotedValue(dashes.trimmingSpaces))\" on <\(node.name)> is in \(unit), which tabstage cannot bound",
                        expected: "dash lengths in user units, px, pt, pc, in, cm or mm, so the row's dashes can be counted")
                }
                inherited.dashes = Self.dashPattern(dashes)
            }
            let opacity = node.properties["opacity"].flatMap { Double($0.trimmingSpaces) } ?? 1
            let masks = node.properties["mask"].map { LocalReferences($0)?.ids ?? [] } ?? []
            let clips = node.properties["clip-path"].map { LocalReferences($0)?.ids ?? [] } ?? []
            if opacity < 1 || !masks.isEmpty {
                inherited.layerDepth += 1
                layers += 1
                if inherited.layerDepth > DrawingCost.maximumLayerDepth {
                    return refuse(
                        node, "<\(node.name)> nests layers (opacity below 1, mask)", "\(inherited.layerDepth) deep",
                        limit: "at most \(DrawingCost.maximumLayerDepth) nested layers")
                }
            }
            for id in masks + clips {
                guard let definition = definitions[id] else { continue }
                switch expand(definition) {
                case .failure(let refusal): return refusal
                case .success(let cost):
                    referenced += cost.elements
                    layers += cost.layers
                    if inherited.layerDepth + cost.depth > DrawingCost.maximumLayerDepth, cost.layers > 0 {
                        return refuse(
                            node, "<\(node.name)> nests layers (opacity below 1, mask) through url(#\(quotedValue(id)))",
                            "\(inherited.layerDepth + cost.depth) deep", limit: "at most \(DrawingCost.maximumLayerDepth) nested layers")
                    }
                }
            }
            if layers > DrawingCost.maximumLayers {
                return refuse(
                    node, "the row draws", "\(layers) layers (opacity below 1, masks)",
                    limit: "at most \(DrawingCost.maximumLayers) layers in a row; each is a surface the size of the picture")
            }
            if referenced > DrawingCost.maximumReferencedElements {
                return refuse(
                    node, "the row draws", "\(referenced) elements again through clip-path and mask",
                    limit: "at most \(DrawingCost.maximumReferencedElements), counted once per use")
            }
            if let refusal = shape(node, inherited) { return refusal }
            if node.text > 0 {
                text += node.text
                if text > DrawingCost.maximumRowText {
                    return refuse(
                        node, "the row's text is", "\(text) characters",
                        limit: "at most \(DrawingCost.maximumRowText) characters of text in one row")
                }
            }
            for child in node.children {
                if let refusal = visit(child, inherited) { return refusal }
            }
            return nil
        }

        /// One use of a clip path or mask: how deep its own references go, what it draws.
        /// `level` is this definition's place in the chain of references that reached it (1 for
        /// one an element names); the walk stops as soon as a chain is too deep, so its own depth
        /// stays bounded whatever the row holds.
        mutating func expand(_ definition: Int, level: Int = 1) -> Result<(depth: Int, elements: Int, layers: Int), RowTemplateError> {
            let node = nodes[definition]
            func tooDeep(_ depth: Int) -> RowTemplateError {
                RowTemplateError(
                    line: node.line,
                    "<\(node.name) id=\"\(quotedValue(node.properties["id"] ?? ""))\"> is \(depth) deep in a chain of clip paths and masks, over the limit",
                    expected: "at most \(DrawingCost.maximumReferenceDepth) clip paths or masks referring to one another")
            }
            if level > DrawingCost.maximumReferenceDepth { return .failure(tooDeep(level)) }
            if let known = expanded[definition] {
                return level - 1 + known.depth > DrawingCost.maximumReferenceDepth
                    ? .failure(tooDeep(level - 1 + known.depth)) : .success(known)
            }
            guard expanding.insert(definition).inserted else {
                return .failure(
                    RowTemplateError(
                        line: node.line,
                        "<\(node.name) id=\"\(quotedValue(node.properties["id"] ?? ""))\"> refers to itself through clip-path or mask",
                        expected: "clip paths and masks that do not refer back to themselves"))
            }
            defer { expanding.remove(definition) }
            var depth = 1
            var elements = 0
            var layerCount = node.name == "mask" ? 1 : 0
            var stack = [definition]
            while let current = stack.popLast() {
                let inner = nodes[current]
                if current != definition { elements += 1 }
                if current != definition, Double(inner.properties["opacity"]?.trimmingSpaces ?? "1") ?? 1 < 1 { layerCount += 1 }
                for property in ["mask", "clip-path"] {
                    for id in inner.properties[property].flatMap({ LocalReferences($0)?.ids }) ?? [] {
                        guard let target = definitions[id] else { continue }
                        switch expand(target, level: level + 1) {
                        case .failure(let refusal): return .failure(refusal)
                        case .success(let cost):
                            depth = max(depth, cost.depth + 1)
                            elements += cost.elements
                            layerCount += cost.layers
                        }
                    }
                }
                stack.append(contentsOf: inner.children)
            }
            if level - 1 + depth > DrawingCost.maximumReferenceDepth { return .failure(tooDeep(level - 1 + depth)) }
            let cost = (depth, elements, layerCount)
            expanded[definition] = cost
            return .success(cost)
        }

        /// A shape's segments and dashes.
        mutating func shape(_ node: Node, _ inherited: Inherited) -> RowTemplateError? {
            let number: (String) -> Double = {
                Self.length(node.properties[$0] ?? "0", fontSize: inherited.fontSize) ?? Self.unknownLength
            }
            var length = 0.0
            switch node.name {
            case "rect": length = 2 * (abs(number("width")) + abs(number("height")))
            case "circle": length = 2 * Double.pi * abs(number("r"))
            case "ellipse": length = 2 * Double.pi * max(abs(number("rx")), abs(number("ry")))
            case "line": length = hypot(number("x2") - number("x1"), number("y2") - number("y1"))
            case "polyline", "polygon", "path":
                let outline =
                    node.name == "path"
                    ? PathOutline(pathData: node.properties["d"] ?? "") : PathOutline(points: node.properties["points"] ?? "")
                if outline.segments > DrawingCost.maximumPathVertices {
                    return refuse(
                        node, "<\(node.name)> has", "\(outline.segments) segments",
                        limit: "at most \(DrawingCost.maximumPathVertices) segments in one path, polyline or polygon")
                }
                vertices += outline.segments
                if vertices > DrawingCost.maximumRowVertices {
                    return refuse(
                        node, "the row's paths have", "\(vertices) segments",
                        limit: "at most \(DrawingCost.maximumRowVertices) segments in one row")
                }
                length = outline.length
            case "text", "tspan":
                // A glyph's outline is a few times its size; eight font sizes a character bounds it.
                length = Double(node.text) * 8 * inherited.fontSize
            default: return nil
            }
            guard inherited.stroked, !inherited.dashes.isEmpty else { return nil }
            let period = inherited.dashes.reduce(0, +)
            guard period > 0 else { return nil }
            let segments = (length / period).rounded(.up) * Double(inherited.dashes.count / 2)
            dashSegments += segments
            if dashSegments > Double(DrawingCost.maximumDashSegments) {
                return refuse(
                    node,
                    "stroke-dasharray \"\(inherited.dashes.map { decimalText($0, decimals: 2) }.joined(separator: " "))\" on <\(node.name)> makes",
                    "\(dashSegments >= 1e12 ? "over 10^12" : String(Int(dashSegments))) dash segments in the row",
                    limit: "at most \(DrawingCost.maximumDashSegments) dashes in a row: a longer dash pattern, or fewer dashed shapes")
            }
            return nil
        }

        /// A length in user units, at most what librsvg draws; nil when it is not one (`auto`,
        /// `none`). `em` and `ex` count the larger of `fontSize` (the element's font size, as
        /// `fontSize(_:parent:)` bounds it) and `unknownLength`; `%` a percentage of
        /// `unknownLength`.
        static func length(_ text: String, fontSize: Double = 16) -> Double? {
            let value = text.trimmingSpaces.lowercased()
            let relative = max(fontSize, unknownLength)
            let units: [(String, Double)] = [
                ("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4), ("%", unknownLength / 100),
                ("em", relative), ("ex", relative),
            ]
            for (unit, scale) in units where value.hasSuffix(unit) {
                return Double(value.dropLast(unit.count)).map { $0 * scale }
            }
            return Double(value)
        }

        /// An element's font size, at least what librsvg draws, given its parent's `parent`:
        /// `em`, `ex` and `%` scale the parent's size; a keyword (`larger`, `xx-large`, …), or a
        /// value that is not a length, counts 1.2 × the parent's size, and at least 32.
        static func fontSize(_ text: String, parent: Double) -> Double {
            let value = text.trimmingSpaces.lowercased()
            let relative: [(String, Double)] = [("em", parent), ("ex", parent), ("%", parent / 100)]
            for (unit, scale) in relative where value.hasSuffix(unit) {
                if let number = Double(value.dropLast(unit.count)) { return abs(number) * scale }
            }
            if let points = length(value, fontSize: parent) { return abs(points) }
            return max(parent * 1.2, 32)
        }

        /// The first unit in a dash list whose length depends on what tabstage does not follow
        /// (the font size through `em` and `ex`, the viewport through `%`); nil when there is none.
        static func relativeUnit(_ text: String) -> String? {
            let words = text.lowercased().split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
            for word in words {
                for unit in ["em", "ex", "%"] where word.hasSuffix(unit) { return unit }
            }
            return nil
        }

        /// A length whose unit depends on what tabstage does not follow (a font size, a viewport
        /// percentage): the largest a window can be, so the estimate stays above the truth.
        static let unknownLength = 4096.0 * 2

        /// The dash pattern as librsvg repeats it: an odd list is doubled; `none`, a negative or
        /// an all-zero list draws a solid line (empty).
        static func dashPattern(_ text: String) -> [Double] {
            let words = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
            let values = words.compactMap { length(String($0)) }
            guard values.count == words.count, !values.isEmpty, values.allSatisfy({ $0 >= 0 }), values.contains(where: { $0 > 0 })
            else { return [] }
            return values.count % 2 == 1 ? values + values : values
        }
    }
}
