import TabStageLayout
import TabStageModel

/// The scenario's `theme` and the content keys of `container.header`.
extension ScenarioParser {
    static let themeColorKeys = ScenarioKeys.themeColors.names
    static let headerContentKeys = ScenarioKeys.headerContent.names
    /// Lines a bio may ask for (more would not fit any header).
    static let maxBioLines = 20
    /// Counts in the header's counts line.
    static let maxStats = 10
    /// Colours in a banner gradient.
    static let maxBannerColors = 16

    static func parseTheme(_ value: YAMLValue) throws(ScenarioError) -> Theme {
        let fields = try value.mapping(allowed: ScenarioKeys.theme.names)
        var theme = Theme(light: try themeColors(fields))
        if let dark = fields["dark"] { theme.dark = try themeColors(dark.mapping(allowed: themeColorKeys)) }
        if let fonts = fields["fonts"] { theme.fonts = try themeFonts(fonts) }
        if let style = fields["style"] { theme.style = try style.choice(ThemeStyle.self) }
        theme.compose = try fields["compose"]?.bool() ?? false
        return theme
    }

    /// The weight from which a face counts as bold: OpenType's semibold.
    static let minBoldWeight = 600

    /// `theme.fonts: {regular: FILE, bold: FILE}`: files from the scenario's folder, checked to
    /// be scalable fonts; `bold` must be a bold face and `regular` must not be.
    private static func themeFonts(_ value: YAMLValue) throws(ScenarioError) -> ThemeFonts {
        let fields = try value.mapping(allowed: ScenarioKeys.fonts.names)
        let regularValue = try fields.required("regular", "the font file for regular text, such as fonts/Brand-Regular.ttf")
        let regular = try fontFace(regularValue)
        if regular.weight >= minBoldWeight {
            throw regularValue.error(
                "\(regularValue.quotedPath) is a bold face (\(regular.family), weight \(regular.weight))",
                expected: "a regular face (weight below \(minBoldWeight)) for regular text; name bold faces under 'bold'")
        }
        var bold: FontFace?
        if let boldValue = fields["bold"] {
            let face = try fontFace(boldValue)
            if face.weight < minBoldWeight {
                throw boldValue.error(
                    "\(boldValue.quotedPath) is not a bold face (\(face.family), weight \(face.weight))",
                    expected: "a bold face: weight \(minBoldWeight) or more")
            }
            bold = face
        }
        return ThemeFonts(regular: regular, bold: bold)
    }

    private static func fontFace(_ value: YAMLValue) throws(ScenarioError) -> FontFace {
        let font = try value.assetFont()
        return FontFace(family: font.family, weight: font.weight, data: font.data)
    }

    private static func themeColors(_ fields: YAMLFields) throws(ScenarioError) -> ThemeColors {
        func color(_ key: String) throws(ScenarioError) -> ThemeColor? {
            try fields[key].map { v throws(ScenarioError) in try themeColor(v) }
        }
        return ThemeColors(
            tint: try color("tint"), background: try color("background"), label: try color("label"),
            secondaryLabel: try color("secondaryLabel"), separator: try color("separator"),
            banner: try fields["banner"].map { v throws(ScenarioError) in try banner(v) })
    }

    static func themeColor(_ value: YAMLValue) throws(ScenarioError) -> ThemeColor {
        let expected = "a CSS hex colour: #rgb, #rrggbb or #rrggbbaa, quoted (\"#1d9bf0\") since YAML reads # as a comment"
        guard case .scalar(let scalar) = value.node, value.tagName == .str || value.tagName == .int else {
            throw value.error("\(value.quotedPath) must be a colour, found \(value.kindDescription)", expected: expected)
        }
        guard let color = ThemeColor(hex: scalar.string) else {
            throw value.error("\(value.quotedPath) is not a colour: \(quotedValue(scalar.string))", expected: expected)
        }
        return color
    }

    private static func quotedValue(_ text: String) -> String { "'\(quoted(String(text.prefix(40))))'" }

    private static func banner(_ value: YAMLValue) throws(ScenarioError) -> Banner {
        let fields = try value.mapping(allowed: ScenarioKeys.banner.names)
        if let image = fields["image"] {
            if fields["colors"] != nil {
                throw fields.keyError("colors", "a banner takes either 'colors' or 'image', not both", expected: "one of them")
            }
            return .image(try lookImage(image, use: .banner))
        }
        let list = try fields.required("colors", "a list of 1 to \(maxBannerColors) colours").sequence()
        guard (1...maxBannerColors).contains(list.count) else {
            throw (fields["colors"] ?? value).error(
                "\(value.quotedPath) has \(list.count) colours", expected: "1 to \(maxBannerColors) colours")
        }
        var colors: [ThemeColor] = []
        for item in list { colors.append(try themeColor(item)) }
        return .colors(colors)
    }

    /// The content keys of `header` (its geometry keys are read by `parseHeader`).
    static func parseHeaderContent(_ fields: YAMLFields) throws(ScenarioError) -> HeaderContent {
        var content = HeaderContent()
        content.sizesToFitText = try fields["height"].map(heightFits) ?? false
        content.title = try fields["title"]?.text() ?? ""
        content.subtitle = try fields["subtitle"]?.text() ?? ""
        content.bio = try fields["bio"]?.text() ?? ""
        if let v = fields["bioLines"] {
            content.bioLines = try v.integer(in: 1...maxBioLines, "a whole number from 1 to \(maxBioLines)")
        }
        if let v = fields["stats"] {
            let list = try v.sequence()
            guard list.count <= maxStats else {
                throw v.error("'\(v.path)' has \(list.count) counts", expected: "at most \(maxStats) counts")
            }
            var stats: [Stat] = []
            for item in list {
                let stat = try item.mapping(allowed: ScenarioKeys.stat.names)
                stats.append(
                    Stat(
                        value: try stat.required("value", "the count as text, such as \"1,024\"").text(),
                        label: try stat["label"]?.text() ?? ""))
            }
            content.stats = stats
        }
        if let v = fields["avatar"] { content.avatar = try avatar(v) }
        if let v = fields["button"] {
            if v.isNull {
                content.buttonTitle = nil
            } else {
                let button = try v.mapping(allowed: ScenarioKeys.button.names)
                content.buttonTitle = try button.required("title", "the button's title, or button: null to hide it").text()
                if let area = button["touchArea"] {
                    let box = try area.mapping(allowed: ScenarioKeys.touchArea.names)
                    let range = Double.leastNonzeroMagnitude...ScenarioLimits.maxWindowSide
                    content.buttonTouchArea = Size(
                        width: try box.required("width", "a width in points").number(in: range, "a positive width in points"),
                        height: try box.required("height", "a height in points").number(in: range, "a positive height in points"))
                }
            }
        }
        content.verified = try fields["verified"]?.bool() ?? false
        content.location = try fields["location"]?.text() ?? ""
        content.link = try fields["link"]?.text() ?? ""
        content.joined = try fields["joined"]?.text() ?? ""
        content.posts = try fields["posts"]?.text() ?? ""
        if let v = fields["navButtons"] {
            var buttons: [NavButton] = []
            for item in try v.sequence() {
                let button = try item.choice(NavButton.self)
                if buttons.contains(button) {
                    throw item.error(
                        "'\(button.rawValue)' is listed twice in '\(v.path)'", expected: "each of back, search, more at most once")
                }
                buttons.append(button)
            }
            content.navButtons = buttons
        }
        return content
    }

    /// A PNG or JPEG from the scenario's folder, checked and embedded as data.
    private static func lookImage(_ value: YAMLValue, use: ImageUse) throws(ScenarioError) -> EmbeddedImage {
        try value.assetImage(use: use)
    }

    private static func avatar(_ value: YAMLValue) throws(ScenarioError) -> Avatar {
        if case .scalar = value.node, value.tagName == .str { return .image(try lookImage(value, use: .avatar)) }
        guard case .mapping = value.node else {
            throw value.error(
                "\(value.quotedPath) must be an image file or {initials, color}, found \(value.kindDescription)",
                expected: "a PNG or JPEG file name (avatar.png) or {initials: JA, color: \"#794bc4\"}")
        }
        let fields = try value.mapping(allowed: ScenarioKeys.initials.names)
        let initials = try fields["initials"]?.text()
        if let initials, initials.count > 3, let v = fields["initials"] {
            throw v.error("'\(v.path)' has \(initials.count) characters", expected: "at most 3 characters")
        }
        return .initials(initials, color: try fields["color"].map { v throws(ScenarioError) in try themeColor(v) })
    }
}
