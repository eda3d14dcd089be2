import TabStageModel

/// A picture the SVG holds once (an `<image id>` in its `<defs>`), which a template's
/// `<image href="{{image}}">` shows without copying its data into every row.
public struct SharedPicture: Sendable, Hashable {
    /// The id of the one copy.
    public var id: String
    /// The picture: its file size in pixels (a template's `<image>` without a width or height
    /// is drawn at that size, as before) and the size of the embedded data.
    public var image: EmbeddedImage

    /// Names the one copy of `image`.
    public init(id: String, image: EmbeddedImage) {
        self.id = id
        self.image = image
    }

    /// What a template's `{{image}}` stands for: a name for the item's picture, not its data.
    /// The checker lets it through only as an `<image href>` and writes that image as a view
    /// of the picture's one copy, so a template can neither copy the picture's data elsewhere
    /// (into text, a class, a link) nor embed data of its own.
    public static let itemPicture = "tabstage:item-picture"

    /// The attributes that place the picture (they move to a nested `<svg>` viewport, which
    /// librsvg draws exactly as an `<image>` with the same ones).
    static let placement: Set<String> = ["x", "y", "width", "height", "preserveAspectRatio"]

    /// For an `<image>` showing one of `pictures`: takes the placement and the `href` out of
    /// `attributes` (the rest stays on a wrapping `<g>`) and returns the viewport's markup;
    /// nil, with `attributes` untouched, for anything else.
    static func view(
        _ name: String, _ attributes: inout [(String, SVGFragmentChecker.Collector.Attribute)], _ pictures: [String: SharedPicture]
    ) -> String? {
        func text(_ value: SVGFragmentChecker.Collector.Attribute) -> String? {
            if case .plain(let text) = value { return text }
            return nil
        }
        guard name == "image", !pictures.isEmpty,
            let hrefValue = attributes.first(where: { ["href", "xlink:href"].contains($0.0.lowercased()) })?.1,
            let href = text(hrefValue), let picture = pictures[href]
        else { return nil }
        var place: [String: String] = [:]
        attributes.removeAll { key, value in
            if placement.contains(key), let plain = text(value) {
                place[key] = plain
                return true
            }
            return ["href", "xlink:href"].contains(key.lowercased())
        }
        var out = "<svg"
        out += " x=\"\(xmlEscape(place["x"] ?? "0"))\" y=\"\(xmlEscape(place["y"] ?? "0"))\""
        out += " width=\"\(xmlEscape(place["width"] ?? String(picture.image.width)))\""
        out += " height=\"\(xmlEscape(place["height"] ?? String(picture.image.height)))\""
        out += " viewBox=\"0 0 \(picture.image.embeddedWidth) \(picture.image.embeddedHeight)\""
        if let aspect = place["preserveAspectRatio"] { out += " preserveAspectRatio=\"\(xmlEscape(aspect))\"" }
        return out + "><use href=\"#\(picture.id)\" xlink:href=\"#\(picture.id)\"/></svg>"
    }

    /// Closes what `view` opened: the `<g>` that kept the other attributes.
    static let viewEnd = "</g>"
}
