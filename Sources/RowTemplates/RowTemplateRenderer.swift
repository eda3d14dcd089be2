import Adaptive
import Mustache
import ScrollableTab

/// Why a row template was refused: where in the template or the rendered row (1-based line,
/// and column when known), what, and what would have been accepted.
public struct RowTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
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
public enum RowTemplateRenderer {
    /// Compiles a template's text; a syntax error names the template's line and column.
    public static func compile(_ source: String) -> Result<MustacheTemplate, RowTemplateError> {
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
    public static func fields(
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
    public static func render(
        _ template: MustacheTemplate, item: RowItem, index: Int, width: Double, height: Double, dark: Bool, idPrefix: String,
        colors: TemplateColors? = nil, pictures: [String: SharedPicture] = [:]
    ) -> Result<String, RowTemplateError> {
        let text = template.render(fields(item: item, index: index, width: width, height: height, dark: dark, colors: colors))
        return SVGFragmentChecker.check(text, idPrefix: idPrefix, pictures: pictures)
    }

    /// Compiles `source` and renders it once per item, light and dark, at index 0 in a 390×100
    /// row: the first refusal, or nil when every rendering is a safe fragment.
    public static func probe(_ source: String, items: [RowItem]) -> RowTemplateError? {
        let template: MustacheTemplate
        switch compile(source) {
        case .success(let compiled): template = compiled
        case .failure(let error): return error
        }
        for item in items {
            for dark in [false, true] {
                let result = render(template, item: item, index: 0, width: 390, height: 100, dark: dark, idPrefix: "probe-")
                if case .failure(let error) = result { return error }
            }
        }
        return nil
    }
}

/// A compiled row template whose every rendering is checked: the one way drawing code renders
/// a template.
public struct CheckedRowTemplate: Sendable {
    let template: MustacheTemplate

    /// Compiles `source`; nil when it does not parse (refused when the scenario was loaded).
    public init?(_ source: String) {
        guard case .success(let template) = RowTemplateRenderer.compile(source) else { return nil }
        self.template = template
    }

    /// One row's checked fragment, ids prefixed with `idPrefix`, with the theme's `colors` as
    /// drawn (the default palette when nil); `pictures` as for `RowTemplateRenderer.render`.
    public func render(
        item: RowItem, index: Int, width: Double, height: Double, dark: Bool, idPrefix: String, colors: TemplateColors? = nil,
        pictures: [String: SharedPicture] = [:]
    ) -> Result<String, RowTemplateError> {
        RowTemplateRenderer.render(
            template, item: item, index: index, width: width, height: height, dark: dark, idPrefix: idPrefix, colors: colors,
            pictures: pictures)
    }
}
