import Mustache
import TabStageLayout
import TabStageModel

/// Why a row template was refused: where in the template or the rendered row (1-based line,
/// and column when known), what, and what would have been accepted.
@_spi(Fuzzing) public struct RowTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line of the template or the rendered row, when known.
    public var line: Int?
    /// The column on `line`, when known (Mustache syntax errors).
    public var column: Int?
    /// What is wrong.
    public var message: String
    /// What would be accepted; printed as "(expected …)".
    public var expected: String

    /// Makes an error.
    public init(line: Int?, column: Int? = nil, _ message: String, expected: String) {
        self.line = line
        self.column = column
        self.message = message
        self.expected = expected
    }

    /// One line: the message and what was expected.
    public var description: String { message + " (expected \(expected))" }
}

/// Renders a Mustache row template (swift-mustache, HTML/XML escaping for `{{ }}`) and lets
/// through only a checked SVG fragment: the output is parsed as XML and written again from
/// what was parsed, so nothing the checker did not see reaches the picture.
package enum RowTemplateRenderer {
    /// Compiles a template's text; a syntax error names the template's line and column.
    package static func compile(_ source: String) -> Result<MustacheTemplate, RowTemplateError> {
        if let overLimit = MustacheSyntax.braceLimitError(source) { return .failure(overLimit) }
        do {
            return .success(try MustacheTemplate(string: source))
        } catch let error as MustacheTemplate.ParserError {
            return .failure(MustacheSyntax.explain(source, error))
        } catch {
            return .failure(
                RowTemplateError(
                    line: MustacheSyntax.firstProblem(in: source)?.line, "the Mustache template does not parse",
                    expected: MustacheSyntax.Expected.tag))
        }
    }

    /// The fields a template sees for one row: the item's text, its image as a `data:` URI,
    /// the row's `index` (from 0), `width` and `height` in points, and `dark`. A field the item
    /// leaves empty is left out, so `{{#image}}…{{/image}}` draws only when there is a picture
    /// (swift-mustache counts an empty string as true in a section). The theme's colours as
    /// drawn (`colors`, the default palette when nil) come as `tint`, `label`, …; an item's own
    /// field of the same name does not exist, so nothing is shadowed.
    package static func fields(
        item: RowItem, index: Int, width: Double, height: Double, dark: Bool, colors: TemplateColors? = nil
    ) -> [String: Any] {
        let text: [String: String] = [
            "title": item.title, "subtitle": item.subtitle, "text": item.text, "time": item.time,
            "image": item.image == nil ? "" : SharedPicture.itemPicture, "imageWidth": item.image.map { String($0.width) } ?? "",
            "imageHeight": item.image.map { String($0.height) } ?? "",
        ]
        var fields: [String: Any] = text.filter { !$0.value.isEmpty }
        fields["index"] = String(index)
        fields["width"] = decimalText(width, decimals: 2)
        fields["height"] = decimalText(height, decimals: 2)
        fields["dark"] = dark
        for (name, value) in (colors ?? .standard(dark: dark)).fields { fields[name] = value }
        return fields
    }

    /// One row's fragment, checked and with every `id` (and every `url(#…)`, quoted or not)
    /// prefixed by `idPrefix`, so rows never share an id; an `<image>` of one of `pictures` shows
    /// that picture's one copy.
    package static func render(
        _ template: MustacheTemplate, item: RowItem, index: Int, width: Double, height: Double, dark: Bool, idPrefix: String,
        colors: TemplateColors? = nil, pictures: [String: SharedPicture] = [:]
    ) -> Result<String, RowTemplateError> {
        let text = template.render(fields(item: item, index: index, width: width, height: height, dark: dark, colors: colors))
        return SVGFragmentChecker.check(text, idPrefix: idPrefix, pictures: pictures)
    }

    /// Compiles `source` and renders it once per item, light and dark, at index 0 in a 390×100
    /// row: the first refusal, or nil when every rendering is a safe fragment.
    package static func probe(_ source: String, items: [RowItem]) -> RowTemplateError? {
        if case .failure(let error) = probeCost(source, items: items) { return error }
        return nil
    }

    /// `probe`, and the most any item's row costs to draw (each count its own largest), with the
    /// rows checked and the bytes rendered to check them. Items are checked once per class
    /// (`ItemClasses`): an item given twice, or one whose fields shown only as text have the
    /// same lengths as an earlier item's, is not checked again; the dark row only when it differs
    /// from the light one by more than the palette. Checking stops at the item whose rows take
    /// the bytes rendered past `byteBudget` (`TemplateProbe.stoppedAt`).
    package static func probeCost(_ source: String, items: [RowItem], byteBudget: Int = .max) -> Result<TemplateProbe, RowTemplateError> {
        let template: MustacheTemplate
        switch compile(source) {
        case .success(let compiled): template = compiled
        case .failure(let error): return .failure(error)
        }
        var probe = TemplateProbe()
        var classes = ItemClasses(template)
        var seen: Set<[ItemClasses.FieldKey]> = []
        let (light, dark) = (TemplateColors.standard(dark: false).fields, TemplateColors.standard(dark: true).fields)
        for (number, item) in items.enumerated() {
            let key = classes.key(of: item)
            probe.bytes = probe.rowBytes + classes.bytesRead
            guard probe.bytes <= byteBudget else {
                probe.stoppedAt = number
                return .success(probe)
            }
            guard seen.insert(key).inserted else { continue }
            let lightRow = template.render(fields(item: item, index: 0, width: 390, height: 100, dark: false))
            let darkRow = template.render(fields(item: item, index: 0, width: 390, height: 100, dark: true))
            probe.rowBytes += lightRow.utf8.count + darkRow.utf8.count
            probe.bytes = probe.rowBytes + classes.bytesRead
            if probe.bytes > byteBudget {
                probe.stoppedAt = number
                return .success(probe)
            }
            // The dark row is checked only when it differs from the light one by more than the
            // palette: both palettes are #rrggbb colours, so swapping one for the other changes
            // neither what is accepted nor what it costs.
            let same = differsOnlyByPalette(lightRow, darkRow, pairs: light.keys.map { (light[$0]!, dark[$0]!) })
            for row in same ? [lightRow] : [lightRow, darkRow] {
                probe.checks += 1
                switch SVGFragmentChecker.checkWithCost(row, idPrefix: "probe-", writing: false) {
                case .failure(let error): return .failure(error)
                case .success(let checked): probe.cost = probe.cost.union(checked.cost)
                }
            }
        }
        return .success(probe)
    }
}

/// What checking a template against its items found and cost.
package struct TemplateProbe: Sendable, Hashable {
    /// The most any item's row costs to draw, each count its own largest.
    package var cost = DrawingCost.RowCost()
    /// Rows parsed and checked.
    package var checks = 0
    /// Bytes rendered to check the template: its rows (light and dark) and the renderings
    /// that find which fields it shows only as text.
    package var bytes = 0
    /// Bytes of rows rendered.
    var rowBytes = 0
    /// The item (from 0) at which the bytes rendered passed the budget, when they did: the
    /// items before it were checked, the rest were not.
    package var stoppedAt: Int?

    /// Nothing checked yet.
    package init() {}
}

extension RowTemplateRenderer {
    /// Whether `dark` is `light` with some light palette colours (`#rrggbb`) swapped for their
    /// dark ones, none of them inside a `url(…)`: the checker treats every such colour alike, so
    /// the two rows are accepted or refused together and cost the same.
    static func differsOnlyByPalette(_ light: String, _ dark: String, pairs: [(String, String)]) -> Bool {
        let (a, b) = (Array(light.utf8), Array(dark.utf8))
        guard a.count == b.count else { return false }
        let swaps = pairs.filter { $0.0 != $0.1 && $0.0.utf8.count == 7 && $0.1.utf8.count == 7 }.map {
            (Array($0.0.utf8), Array($0.1.utf8))
        }
        var index = 0
        while index < a.count {
            if a[index] == UInt8(ascii: "#"), index + 7 <= a.count,
                swaps.contains(where: { a[index..<index + 7].elementsEqual($0.0) && b[index..<index + 7].elementsEqual($0.1) })
            {
                // Not a reference: `url(`, spaces and a quote before it would make it one.
                var before = index - 1
                while before >= 0,
                    [UInt8(ascii: " "), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(a[before])
                {
                    before -= 1
                }
                if before >= 0, a[before] == UInt8(ascii: "(") { return false }
                index += 7
            } else if a[index] == b[index] {
                index += 1
            } else {
                return false
            }
        }
        return true
    }
}

/// A compiled row template whose every rendering is checked: the one way drawing code renders
/// a template.
package struct CheckedRowTemplate: Sendable {
    let template: MustacheTemplate

    /// Compiles `source`; nil when it does not parse (refused when the scenario was loaded).
    package init?(_ source: String) {
        guard case .success(let template) = RowTemplateRenderer.compile(source) else { return nil }
        self.template = template
    }

    /// One row's checked fragment, ids prefixed with `idPrefix`, with the theme's `colors` as
    /// drawn (the default palette when nil); `pictures` as for `RowTemplateRenderer.render`.
    package func render(
        item: RowItem, index: Int, width: Double, height: Double, dark: Bool, idPrefix: String, colors: TemplateColors? = nil,
        pictures: [String: SharedPicture] = [:]
    ) -> Result<String, RowTemplateError> {
        RowTemplateRenderer.render(
            template, item: item, index: index, width: width, height: height, dark: dark, idPrefix: idPrefix, colors: colors,
            pictures: pictures)
    }
}
