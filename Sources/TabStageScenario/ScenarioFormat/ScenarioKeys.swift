import TabStageLayout
import TabStageModel

/// What a scenario key holds: the shape `ScenarioSchema` writes as JSON Schema. The parser
/// reads the key names from the same tables (`ScenarioKeys`), so a key added to a table is
/// accepted by the parser and described by the schema at once; the parser still checks the
/// values (and everything a schema cannot say, such as files and cross-key rules).
package indirect enum KeyValue: Sendable {
    /// YAML text (a quoted or plain string), at most `ScenarioLimits.maxTextLength` characters.
    case text
    /// Text naming a file in the scenario's folder, with one of the extensions.
    case file([String])
    /// A number; `minimum` is exclusive when `aboveMinimum`.
    case number(minimum: Double?, maximum: Double?, aboveMinimum: Bool = false, unit: String? = nil)
    /// A whole number from `minimum` to `maximum`.
    case integer(minimum: Int?, maximum: Int?)
    /// `true` or `false`.
    case boolean
    /// One of the words.
    case choice([String])
    /// A CSS hex colour, quoted.
    case color
    /// Nothing (`key:` with no value, or `null`).
    case null
    /// A mapping with these keys.
    case mapping(KeyTable)
    /// A list of values, `items` long at most (and at least), each once when `unique`.
    case list(KeyValue, minItems: Int = 0, maxItems: Int? = nil, unique: Bool = false)
    /// Any one of the shapes.
    case anyOf([KeyValue])
}

/// One key of a scenario mapping.
package struct ScenarioKey: Sendable {
    /// The key as written.
    package var name: String
    /// What it holds.
    package var value: KeyValue
    /// Whether the mapping must have it.
    package var required: Bool
    /// One line for a person: what it means, its unit and limits.
    package var summary: String
    /// The value assumed when the key is left out, as the scenario would write it.
    package var defaultValue: DefaultValue?

    /// A default value, typed as the schema writes it.
    package enum DefaultValue: Sendable, Hashable {
        /// A word or text.
        case text(String)
        /// A number.
        case number(Double)
        /// A whole number.
        case integer(Int)
        /// `true` or `false`.
        case boolean(Bool)
    }

    /// A key with its shape and description.
    package init(_ name: String, _ value: KeyValue, required: Bool = false, _ summary: String, default defaultValue: DefaultValue? = nil) {
        self.name = name
        self.value = value
        self.required = required
        self.summary = summary
        self.defaultValue = defaultValue
    }
}

/// The keys of one mapping, in the order messages list them.
package struct KeyTable: Sendable {
    /// The keys.
    package var keys: [ScenarioKey]
    /// Sets of keys of which the mapping takes exactly one.
    package var exactlyOne: [[String]]
    /// Whether the mapping must hold at least one key.
    package var nonEmpty: Bool
    /// Whether the mapping holds exactly one of its keys (a step: its name and argument).
    package var oneKey: Bool

    /// A table of keys.
    package init(_ keys: [ScenarioKey], exactlyOne: [[String]] = [], nonEmpty: Bool = false, oneKey: Bool = false) {
        self.keys = keys
        self.exactlyOne = exactlyOne
        self.nonEmpty = nonEmpty
        self.oneKey = oneKey
    }

    /// The key names, as the parser allows them.
    package var names: [String] { keys.map(\.name) }

    /// This table with `other`'s keys after its own.
    package func adding(_ other: KeyTable) -> KeyTable { KeyTable(keys + other.keys, exactlyOne: exactlyOne + other.exactlyOne) }
}

/// Every mapping of the scenario format, with its keys: the one table the parser's key lists
/// and `tabstage schema` are both made from.
package enum ScenarioKeys {
    static func words<T: RawRepresentable & CaseIterable>(_: T.Type) -> KeyValue where T.RawValue == String {
        .choice(T.allCases.map(\.rawValue))
    }

    static let side = KeyValue.number(minimum: 0, maximum: ScenarioLimits.maxWindowSide, aboveMinimum: true, unit: "points")
    static let sideOrZero = KeyValue.number(minimum: 0, maximum: ScenarioLimits.maxWindowSide, unit: "points")
    static let imageFile = KeyValue.file([])
    static let tabReference = KeyValue.anyOf([.integer(minimum: 0, maximum: nil), .text])

    /// `device.safeArea` and `device.landscapeSafeArea`.
    package static let insets = KeyTable(
        ["top", "left", "bottom", "right"].map { ScenarioKey($0, sideOrZero, "inset from the screen's \($0) edge", default: .number(0)) })

    /// A custom `device`.
    package static let device = KeyTable([
        ScenarioKey("width", side, required: true, "portrait width"),
        ScenarioKey("height", side, required: true, "portrait height"),
        ScenarioKey(
            "scale", .number(minimum: ScenarioLimits.minScale, maximum: ScenarioLimits.maxScale, unit: "pixels per point"),
            "display scale (1, 2 or 3 on real devices)", default: .number(2)),
        ScenarioKey("idiom", words(Idiom.self), "phone or pad rules for size classes and presentations", default: .text("phone")),
        ScenarioKey("safeArea", .mapping(insets), "portrait safe-area insets"),
        ScenarioKey("landscapeSafeArea", .mapping(insets), "landscape safe-area insets (default: derived from the portrait ones)"),
        ScenarioKey(
            "cornerRadius", sideOrZero, "display corner radius, at most half the shorter side", default: .number(0)),
    ])

    /// `verify`: how `verify` compares this scenario's snapshots with their references.
    package static let verify = KeyTable(
        [
            ScenarioKey(
                "geometryTolerance", .number(minimum: 0, maximum: GeometryTolerance.maximum, unit: "points"),
                "points an element's edge or a layout value may move and still match its layout reference",
                default: .number(GeometryTolerance.default))
        ])

    /// `split`: a split view's primary column.
    package static let split = KeyTable([
        ScenarioKey("primaryTitle", .text, "the primary column's title"),
        ScenarioKey("primaryRows", .integer(minimum: 0, maximum: 1000), "rows of the primary column"),
        ScenarioKey("primaryItems", .list(.text, minItems: 1, maxItems: 1000), "the primary column's row titles"),
        ScenarioKey(
            "primaryWidth", .anyOf([.choice(["automatic"]), .number(minimum: 0, maximum: 1, unit: "fraction of the window")]),
            "automatic, or a fraction of the window", default: .text("automatic")),
        ScenarioKey("minimumPrimaryWidth", sideOrZero, "the primary column's narrowest width", default: .number(0)),
        ScenarioKey("maximumPrimaryWidth", sideOrZero, "the primary column's widest width"),
        ScenarioKey("collapse", words(SplitConfig.Collapse.self), "the column shown when the split collapses", default: .text("primary")),
    ])

    /// A theme's `banner`.
    package static let banner = KeyTable(
        [
            ScenarioKey(
                "colors", .list(.color, minItems: 1, maxItems: ScenarioParser.maxBannerColors), "a gradient's colours, top to bottom"),
            ScenarioKey("image", imageFile, "a PNG or JPEG file in the scenario's folder"),
        ], exactlyOne: [["colors", "image"]])

    /// A theme's colours (`theme` and `theme.dark`).
    package static let themeColors = KeyTable(
        ["tint", "background", "label", "secondaryLabel", "separator"].map { ScenarioKey($0, .color, "the \($0) colour") } + [
            ScenarioKey("banner", .mapping(banner), "the header's banner")
        ])

    /// `theme.fonts`.
    package static let fonts = KeyTable([
        ScenarioKey("regular", .file([]), required: true, "the font file for regular text (weight below 600)"),
        ScenarioKey("bold", .file([]), "the font file for bold text (weight 600 or more)"),
    ])

    /// `theme`.
    package static let theme = themeColors.adding(
        KeyTable([
            ScenarioKey("dark", .mapping(themeColors), "the colours in dark appearance"),
            ScenarioKey("fonts", .mapping(fonts), "font files for the scenario's text"),
            ScenarioKey(
                "style", words(ThemeStyle.self), "whose design the header, tab indicator and post rows follow (x: the X app's)",
                default: .text("standard")),
            ScenarioKey("compose", .boolean, "a floating compose button at the trailing bottom", default: .boolean(false)),
        ]))

    /// The word a header's `height` takes to size the header to its text.
    package static let fitHeight = "fit"

    /// The geometry keys of `container.header`.
    package static let headerGeometry = KeyTable([
        ScenarioKey(
            "height", .anyOf([side, .choice([fitHeight])]),
            "expanded height, safe-area top included; fit: the height that holds the header's text at the scenario's Dynamic Type size",
            default: .number(HeaderConfig().height)),
        ScenarioKey("minHeight", sideOrZero, "collapsed height below the safe-area top", default: .number(HeaderConfig().minHeight)),
        ScenarioKey("overscroll", words(Overscroll.self), "what a pull past the top does", default: .text("pin")),
        ScenarioKey("snap", .boolean, "snap the header open or closed when a drag ends", default: .boolean(false)),
        ScenarioKey(
            "compactHeightPlacement", words(CompactHeightPlacement.self), "where the header goes in compact height",
            default: .text("side")),
        ScenarioKey("sideWidth", side, "the header's width when placed at the side"),
        ScenarioKey("title", .text, "the profile's name", default: .text("")),
        ScenarioKey("subtitle", .text, "the handle under the name", default: .text("")),
    ])

    /// One of the header's `stats`.
    package static let stat = KeyTable([
        ScenarioKey("value", .text, required: true, "the count as text, such as \"1,024\""),
        ScenarioKey("label", .text, "the word after it", default: .text("")),
    ])

    /// The header's `avatar` as initials.
    package static let initials = KeyTable([
        ScenarioKey("initials", .text, "up to 3 characters"),
        ScenarioKey("color", .color, "the circle's colour"),
    ])

    /// The header button's `touchArea`.
    package static let touchArea = KeyTable([
        ScenarioKey("width", side, required: true, "the touch area's width"),
        ScenarioKey("height", side, required: true, "the touch area's height"),
    ])

    /// The header's `button`.
    package static let button = KeyTable([
        ScenarioKey("title", .text, required: true, "the button's title"),
        ScenarioKey(
            "touchArea", .mapping(touchArea),
            "the area that takes touches, centred on the button, where the app enlarges it beyond its drawing"),
    ])

    /// The content keys of `container.header`.
    package static let headerContent = KeyTable([
        ScenarioKey("bio", .text, "the bio text", default: .text("")),
        ScenarioKey("bioLines", .integer(minimum: 1, maximum: ScenarioParser.maxBioLines), "lines the bio may take"),
        ScenarioKey("stats", .list(.mapping(stat), maxItems: ScenarioParser.maxStats), "the counts line"),
        ScenarioKey("avatar", .anyOf([imageFile, .mapping(initials)]), "an image file, or initials on a colour"),
        ScenarioKey("button", .anyOf([.null, .mapping(button)]), "the header's button; null hides it"),
        ScenarioKey("verified", .boolean, "a verified badge after the name", default: .boolean(false)),
        ScenarioKey("navButtons", .list(words(NavButton.self), unique: true), "buttons over the banner"),
        ScenarioKey("location", .text, "where the person is, with a pin glyph (theme.style x)", default: .text("")),
        ScenarioKey("link", .text, "their website as shown, with a link glyph (theme.style x)", default: .text("")),
        ScenarioKey("joined", .text, "when they joined, with a calendar glyph (theme.style x)", default: .text("")),
        ScenarioKey("posts", .text, "the post count under the collapsed name (theme.style x)", default: .text("")),
    ])

    /// `container.header`.
    package static let header = headerGeometry.adding(headerContent)

    /// `container.tabBar`.
    package static let tabBar = KeyTable([
        ScenarioKey("height", side, "the bar's height", default: .number(44)),
        ScenarioKey("compactHeight", side, "the bar's height in compact height", default: .number(32)),
        ScenarioKey("layout", words(TabBarMode.self), "how the tabs share the bar", default: .text("automatic")),
    ])

    /// One row of a list tab's `items`.
    package static let item = KeyTable(
        ["title", "subtitle", "text", "time"].map { ScenarioKey($0, .text, "the row's \($0)", default: .text("")) }
            + ["replies", "reposts", "likes", "views"].map {
                ScenarioKey($0, .text, "a post's \($0) count, as shown in its action bar", default: .text(""))
            } + [
                ScenarioKey("image", imageFile, "a PNG or JPEG file in the scenario's folder")
            ])

    /// One of `container.tabs`.
    package static let tab = KeyTable([
        ScenarioKey("title", .text, required: true, "the tab's title, unique in the container"),
        ScenarioKey(
            "kind", .choice(ScenarioParser.TabKind.allCases.map(\.rawValue)), "a list of rows or a carousel", default: .text("list")),
        ScenarioKey("rows", .integer(minimum: 0, maximum: ScenarioLimits.maxRows), "rows of a list tab (required for lists)"),
        ScenarioKey(
            "rowHeight", .number(minimum: ScenarioLimits.minRowHeight, maximum: ScenarioLimits.maxWindowSide, unit: "points"),
            "a list tab's row height (not with rowHeightRatio); post, plain and media rows without one size themselves to their text at every Dynamic Type size (plain and media at least 44 pt)",
            default: .number(44)),
        ScenarioKey(
            "rowHeightRatio", .number(minimum: 0, maximum: 10, aboveMinimum: true, unit: "fraction of the container's width"),
            "a list tab's row height relative to its width"),
        ScenarioKey(
            "sections", .integer(minimum: 0, maximum: ScenarioLimits.maxRows), "sections of a carousel tab (required for carousels)"),
        ScenarioKey(
            "items",
            .anyOf([
                .list(.mapping(item), minItems: 1, maxItems: ScenarioParser.maxItems), .file(["yaml", "yml", "json"]),
                .integer(minimum: 1, maximum: 1000),
            ]), "a list tab's rows (a list, or a file holding one), or a carousel's items per section (default 8)"),
        ScenarioKey(
            "template", .anyOf([.choice(ScenarioParser.builtInTemplates), .file(["mustache"])]),
            "the rows' look: a built-in template or a Mustache file", default: .text("post")),
    ])

    /// `container`.
    package static let container = KeyTable([
        ScenarioKey("header", .mapping(header), "the collapsing header"),
        ScenarioKey("tabBar", .mapping(tabBar), "the tab bar under the header"),
        ScenarioKey("shortContent", words(ShortContent.self), "what a tab shorter than the screen does", default: .text("extend")),
        ScenarioKey("decelerationRate", words(DecelerationRate.self), "how fast a fling slows", default: .text("normal")),
        ScenarioKey("tabs", .list(.mapping(tab), minItems: 1, maxItems: ScenarioLimits.maxTabs), required: true, "the tabs, in order"),
    ])

    /// A row of `present`'s `content.items`, in its mapping form.
    package static let presentedItem = KeyTable([
        ScenarioKey("title", .text, required: true, "the row's title"),
        ScenarioKey("destructive", .boolean, "drawn in red", default: .boolean(false)),
        ScenarioKey("image", imageFile, "a symbol image"),
    ])

    /// `present`'s `content`.
    package static let presentedContent = KeyTable([
        ScenarioKey("title", .text, "the presented screen's title", default: .text("")),
        ScenarioKey("items", .list(.anyOf([.text, .mapping(presentedItem)]), maxItems: 100), "the rows"),
        ScenarioKey("doneButton", .boolean, "a Done button in the navigation bar"),
        ScenarioKey(
            "closeButton", .boolean, "a close button (✕) on the navigation bar's leading side (iOS 26 or later)",
            default: .boolean(false)),
        ScenarioKey(
            "scrollEdgeEffect", words(ScrollEdgeEffectStyle.self),
            "what stands in for the navigation bar's background (iOS 26 or later)", default: .text("soft")),
    ])

    /// The sheet settings of `present`.
    package static let sheet = KeyTable([
        ScenarioKey(
            "detents", .list(words(SheetDetent.self), minItems: 1, unique: true), "the sheet's detents (iOS 15 or later)"),
        ScenarioKey("selectedDetent", words(SheetDetent.self), "the detent shown first"),
        ScenarioKey("grabber", .boolean, "the grabber on top of the sheet", default: .boolean(false)),
        ScenarioKey("largestUndimmedDetent", words(SheetDetent.self), "the largest detent that leaves the content undimmed"),
        ScenarioKey(
            "edgeAttachedInCompactHeight", .boolean, "attach the sheet to the bottom edge in compact height", default: .boolean(false)),
        ScenarioKey(
            "widthFollowsPreferredContentSize", .boolean, "the sheet's width follows the requested size", default: .boolean(false)),
    ])

    static let point = KeyValue.number(minimum: -ScenarioLimits.maxWindowSide, maximum: ScenarioLimits.maxWindowSide, unit: "points")

    /// `present`'s `source` as a rectangle.
    package static let sourceRect = KeyTable([
        ScenarioKey("x", point, required: true, "left edge in window coordinates"),
        ScenarioKey("y", point, required: true, "top edge in window coordinates"),
        ScenarioKey("width", sideOrZero, "width", default: .number(0)),
        ScenarioKey("height", sideOrZero, "height", default: .number(0)),
    ])

    /// `present`'s `size`.
    package static let size = KeyTable([
        ScenarioKey("width", side, required: true, "preferred width"),
        ScenarioKey("height", side, required: true, "preferred height"),
    ])

    /// `present`'s argument.
    package static let presentation = KeyTable([
        ScenarioKey("style", words(PresentationStyle.self), required: true, "the modal presentation style"),
        ScenarioKey(
            "source", .anyOf([.text, .mapping(sourceRect)]),
            "what a popover points at: a control (\(ControlName.shapes)) or a rectangle"),
        ScenarioKey("size", .mapping(size), "the preferred content size"),
        ScenarioKey("adapt", words(PresentationAdaptation.self), "the style used in compact width", default: .text("automatic")),
        ScenarioKey("content", .mapping(presentedContent), "what the presented screen shows"),
        ScenarioKey("placement", words(SheetPlacement.self), "where an iPad sheet sits (preferredPlacement, iOS 27 or later)"),
    ]).adding(sheet)

    /// `appTabBar`: the app's own tab bar.
    package static let appTabBar = KeyTable([
        ScenarioKey(
            "items", .list(.text, minItems: 1, maxItems: AppTabBarConfig.maxItems), required: true, "the items' titles, leading first"),
        ScenarioKey(
            "selected", .integer(minimum: 0, maximum: AppTabBarConfig.maxItems - 1), "the selected item's index", default: .integer(0)),
        ScenarioKey(
            "minimizeBehavior", words(TabBarMinimizeBehavior.self),
            "whether the floating bar minimizes on scroll (iOS 26 or later, iPhone)", default: .text("automatic")),
        ScenarioKey(
            "searchTab", .integer(minimum: 0, maximum: AppTabBarConfig.maxItems - 1),
            "the index of the item with the search role; from iOS 26 it is a separate glass circle at the trailing end"),
    ])

    static let animated = ScenarioKey("animated", .boolean, "animate the change", default: .boolean(false))
    /// A step's `frames: true`: its physics frames are references `record` keeps and `verify` compares.
    static let frames = ScenarioKey(
        "frames", .boolean, "keep this step's frames as references (Snapshots/<scenario>/frames/NNNN.svg and .png)",
        default: .boolean(false))

    /// `scroll`'s argument.
    package static let scroll = KeyTable(
        [
            ScenarioKey("to", .number(minimum: nil, maximum: nil, unit: "points"), "the content offset to scroll to"),
            ScenarioKey("by", .number(minimum: nil, maximum: nil, unit: "points"), "how much to scroll from here"),
            animated, frames,
        ], exactlyOne: [["to", "by"]])

    /// `select`'s mapping form.
    package static let select = KeyTable([
        ScenarioKey("tab", tabReference, required: true, "a tab index (from 0) or title"), animated, frames,
    ])

    /// `wait`'s argument.
    package static let wait = KeyTable([
        ScenarioKey(
            "seconds", .number(minimum: 0, maximum: ScenarioParser.maxWaitSeconds, aboveMinimum: true, unit: "seconds"), required: true,
            "how long to let time run"),
        frames,
    ])

    /// `drag`'s argument.
    package static let drag = KeyTable([
        ScenarioKey(
            "dy",
            .number(minimum: -ScenarioLimits.maxWindowSide * 100, maximum: ScenarioLimits.maxWindowSide * 100, unit: "points"),
            required: true, "how much the offset grows (positive scrolls the content up)"),
        frames,
    ])

    /// `release`'s argument.
    package static let release = KeyTable([
        ScenarioKey(
            "velocity",
            .number(minimum: -ScenarioParser.maxVelocity, maximum: ScenarioParser.maxVelocity, unit: "points per second"),
            "the fling's velocity (positive scrolls the content up)", default: .number(0)),
        frames,
    ])

    /// `swipe`'s argument.
    package static let swipe = KeyTable([
        ScenarioKey("to", tabReference, required: true, "the tab swiped towards: an index (from 0) or title"),
        ScenarioKey("progress", .number(minimum: 0, maximum: 1, unit: "fraction of a page"), required: true, "how far the swipe went"),
        ScenarioKey("finish", .boolean, "complete the swipe", default: .boolean(false)),
    ])

    /// `setHeader`'s argument.
    package static let setHeader = KeyTable(
        [
            ScenarioKey("height", side, "the new expanded height"),
            ScenarioKey("minHeight", sideOrZero, "the new collapsed height"),
        ], nonEmpty: true)

    /// `scrollToTop`'s argument, when it has one.
    package static let scrollToTop = KeyTable([animated, frames])

    /// An iPadOS 26 window's size: `multitasking: {width, height}` and `resize: {width, height}`.
    package static let window = KeyTable(
        [
            ScenarioKey(
                "width", side, required: true,
                "the window's width, from the minimum window (320) to the screen's; regular width from 678 points, compact below"),
            ScenarioKey("height", side, required: true, "the window's height, from the minimum window (320) to the screen's"),
        ])

    /// `snapshot`'s argument when it is a mapping.
    package static let snapshot = KeyTable([
        ScenarioKey("name", .text, required: true, "the snapshot's name (a plain file name, unique in the scenario)"),
        ScenarioKey(
            "fullContent", .boolean,
            "draw the selected tab's whole content below the expanded header as one long picture, the window's width",
            default: .boolean(false)),
    ])

    /// The steps: each key is a step's name, its value the step's argument.
    package static let steps = KeyTable(
        [
            ScenarioKey(
                "snapshot", .anyOf([.text, .mapping(snapshot)]),
                "write a snapshot with this name (a plain file name, unique in the scenario), or {name, fullContent: true} for the whole tab"
            ),
            ScenarioKey("drag", .mapping(drag), "move a finger on the content"),
            ScenarioKey("release", .mapping(release), "lift the finger, flinging at a velocity"),
            ScenarioKey("scroll", .mapping(scroll), "set the content offset"),
            ScenarioKey("select", .anyOf([tabReference, .mapping(select)]), "switch to a tab"),
            ScenarioKey("swipe", .mapping(swipe), "swipe between pages"),
            ScenarioKey("rotate", words(Orientation.self), "rotate the device"),
            ScenarioKey(
                "resize", .anyOf([words(Multitasking.self), .mapping(window)]),
                "change the multitasking size: a named size, or an iPadOS 26 window {width, height}"),
            ScenarioKey("setHeader", .mapping(setHeader), "change the header's heights"),
            ScenarioKey("present", .mapping(presentation), "present a view controller"),
            ScenarioKey("dismiss", .anyOf([.null, .mapping(KeyTable([]))]), "dismiss the presentation"),
            ScenarioKey("detent", words(SheetDetent.self), "move the sheet to a detent"),
            ScenarioKey("scrollToTop", .anyOf([.null, .mapping(scrollToTop)]), "tap the status bar"),
            ScenarioKey("wait", .mapping(wait), "let time run"),
        ], oneKey: true)

    /// The top level of a scenario.
    package static let scenario = KeyTable([
        ScenarioKey("name", .text, "the scenario's name and output folder (default: the file's base name)"),
        ScenarioKey("device", deviceValue, required: true, "a device id, or a custom device"),
        ScenarioKey("orientation", words(Orientation.self), "the starting orientation", default: .text("portrait")),
        ScenarioKey(
            "multitasking", .anyOf([words(Multitasking.self), .mapping(window)]),
            "the starting multitasking size: a named size (the Split View fractions up to iOS 18), or an iPadOS 26 window {width, height}",
            default: .text("full")),
        ScenarioKey("contentSizeCategory", words(ContentSizeCategory.self), "the Dynamic Type size", default: .text("L")),
        ScenarioKey("layoutDirection", words(LayoutDirection.self), "left to right or right to left", default: .text("ltr")),
        ScenarioKey("appearance", words(UserInterfaceStyle.self), "light or dark", default: .text("light")),
        ScenarioKey(
            "iOSVersion", iOSVersionValue, "the major iOS release whose rules apply (19 to 25 were never released)",
            default: .integer(IOSVersion.default.major)),
        ScenarioKey(
            "designCompatibility", .boolean, "the app keeps the iOS 18 look on iOS 26 (UIDesignRequiresCompatibility)",
            default: .boolean(false)),
        ScenarioKey("traitOverride", words(TraitOverride.self), "size classes forced on the container", default: .text("none")),
        ScenarioKey("fps", .integer(minimum: 1, maximum: ScenarioLimits.maxFPS), "frames per second of a fling", default: .integer(60)),
        ScenarioKey(
            "frames", .boolean,
            "keep every physics frame as a reference: record writes Snapshots/<scenario>/frames/NNNN.svg and .png, verify compares each",
            default: .boolean(false)),
        ScenarioKey("verify", .mapping(verify), "how verify compares this scenario's snapshots with their references"),
        ScenarioKey("split", .mapping(split), "show the container as a split view's secondary column"),
        ScenarioKey("theme", .mapping(theme), "colours, banner and fonts"),
        ScenarioKey("container", .mapping(container), required: true, "the tab container"),
        ScenarioKey("appTabBar", .mapping(appTabBar), "the app's own tab bar around the container"),
        ScenarioKey(
            "steps", .list(.mapping(steps), maxItems: ScenarioLimits.maxSteps), required: true,
            "what happens, in order; each step is a mapping with one step name"),
        ScenarioKey("pseudoLocale", words(PseudoLocale.self), "rewrite every string to find truncations before translators do"),
        ScenarioKey(
            "variants",
            .anyOf([
                .mapping(variantMatrix),
                .list(.mapping(variantEntry), minItems: 1, maxItems: ScenarioLimits.maxVariants),
            ]),
            "run the scenario once per variant: a matrix of values (every combination) or a list of named combinations"),
    ])

    /// `device`'s value: a catalog id or a custom device.
    static let deviceValue = KeyValue.anyOf([.choice(DeviceCatalog.all.map(\.id)), .mapping(device)])
    /// `iOSVersion`'s value: a supported major release.
    static let iOSVersionValue = KeyValue.anyOf([
        .integer(minimum: IOSVersion.supported.first!, maximum: IOSVersion.neverReleased.lowerBound - 1),
        .integer(minimum: IOSVersion.neverReleased.upperBound + 1, maximum: IOSVersion.supported.last!),
    ])

    /// The top-level keys a variant may set, each with the value the key itself takes.
    package static let variantAxes = KeyTable([
        ScenarioKey("device", deviceValue, "the device"),
        ScenarioKey("appearance", words(UserInterfaceStyle.self), "light or dark"),
        ScenarioKey("contentSizeCategory", words(ContentSizeCategory.self), "the Dynamic Type size"),
        ScenarioKey("layoutDirection", words(LayoutDirection.self), "left to right or right to left"),
        ScenarioKey("iOSVersion", iOSVersionValue, "the major iOS release"),
        ScenarioKey("pseudoLocale", words(PseudoLocale.self), "the pseudo-locale"),
    ])

    /// `variants` as a matrix: each axis lists its values; every combination is a variant.
    package static let variantMatrix = KeyTable(
        variantAxes.keys.map { axis in
            ScenarioKey(
                axis.name, .list(axis.value, minItems: 1, maxItems: ScenarioLimits.maxVariants, unique: true),
                "values of \(axis.name): \(axis.summary)")
        }, nonEmpty: true)

    /// One combination of `variants` as a list: a name and the values it sets.
    package static let variantEntry = KeyTable(
        [ScenarioKey("name", .text, "the variant's name (default: its values joined by '-')")] + variantAxes.keys, nonEmpty: true)
}
