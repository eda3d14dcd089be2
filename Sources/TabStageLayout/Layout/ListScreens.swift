import TabStageModel

/// The presented controller's screen: a navigation bar (title centred, Done on the trailing
/// side unless it is a popover) over one row per action (44 pt at the default size, growing
/// with the Dynamic Type category as a self-sizing cell does), the list stopping above the
/// bottom inset (the home indicator); rows below it are counted, since a person would scroll
/// to them. Labels are cut with "…" at their width, as UILabel does. Window coordinates, laid
/// out in the presentation's `laidOutFrame`: a floating sheet's content is laid out unscaled
/// and seen scaled about the sheet's centre (`PresentationLayout.drawn`).
public struct PresentedListLayout: Sendable, Hashable {
    /// One action row: where it is, its fitted label and whether it is destructive.
    public struct Row: Sendable, Hashable {
        /// The row's cell.
        public var frame: Rect
        /// The label, cut with "…" when it does not fit.
        package var label: FittedText
        /// Drawn in the system red.
        public var destructive: Bool
        /// Where the row's image is drawn (aspect-fit), when it has one.
        public var imageFrame: Rect?
        /// The row's embedded picture, when it has one.
        public var image: EmbeddedImage?
        /// Where the label starts, from the content's leading edge: the margin, or after the image.
        public var labelInset: Double
        /// The x the label's leading edge is drawn at (its end in right-to-left layouts).
        public var labelX: Double
        /// The label's baseline.
        public var labelBaseline: Double
        /// The hairline under the row, from the label's leading edge to the trailing one.
        public var separator: Rect
    }

    /// Distance between the tops of two rows.
    public static let rowPitch = PresentedContent.rowPitch
    /// The first row's distance below the navigation bar's top.
    public static let firstRowOffset = 56.0
    /// The first row's distance below the glass navigation bar's top (iOS 26 and later).
    public static let glassFirstRowOffset = PresentedContent.glassFirstRowOffset
    /// A row's height.
    public static let rowHeight = PresentedContent.rowHeight
    /// Labels start at the layout margin in a row without an image: an iOS list shows an
    /// image only when the app gives one.
    public static let labelX = 16.0
    /// A row's image: a 24 pt square centred in a 29 pt wide slot at the margin, as a list
    /// reserves for a symbol; the label follows 15 pt after the slot.
    public static let imageSize = 24.0
    /// The label's start in a row with an image: 16 + 29 + 15.
    public static let labelXAfterImage = 60.0
    /// Labels keep this far from the trailing edge.
    public static let trailingMargin = 16.0
    /// The bar's title and Done: headline (17 pt semibold), at the default size whatever the
    /// category, as UINavigationBar's title keeps its size.
    public static let titleFont = TextStyle.headline.font(for: .L)
    /// Row labels at the default size: body (17 pt on 22). A list follows the window's
    /// category (`rowFont`, `rowHeight`).
    public static let rowFont = TextStyle.body.font(for: .L)
    /// A row's label font: body at the window's Dynamic Type category, every category (a
    /// list's cells self-size; nothing caps them).
    public var rowFont: TextFont
    /// A row's height at the window's category: the label's line height with 11 pt above and
    /// below (22 + 22 = 44 at Large), never below 44 pt, the HIG's smallest tap target.
    public var rowHeight: Double
    /// The distance between two rows' tops: the row and the 4 pt between rows.
    public var rowPitch: Double { rowHeight + Self.rowPitch - Self.rowHeight }

    /// The row height at `category`: max(44, body line height + 22).
    public static func rowHeight(for category: ContentSizeCategory) -> Double {
        PresentedContent.rowHeight(for: category)
    }

    /// A label's baseline below its row's top: centred in the row, 6 pt below its middle at
    /// 17 pt (28 in a 44 pt row), that 6 pt scaled with the size.
    public static func labelBaseline(rowHeight: Double, font: TextFont) -> Double {
        rowHeight / 2 + 6 * font.size / TextStyle.body.font(for: .L).size
    }

    /// The surface less its side insets: what the bar and the rows lay out in.
    public var contentFrame: Rect
    /// Top of the navigation bar: below the status bar when the surface reaches under it.
    public var barTop: Double
    /// The bar's title, fitted between the leading edge and Done with the same room each side.
    package var title: FittedText
    /// Where the bar's title is drawn.
    public var titleFrame: Rect
    /// The baseline of the bar's title and Done.
    public var titleBaseline: Double
    /// The Done button's text, on the bar's trailing side; on a glass bar (iOS 26 and later) the
    /// box of its checkmark, centred in its circle; nil when the screen has none.
    public var doneFrame: Rect?
    /// Where the classic bar's "Done" is written: its end 16 pt from the trailing edge, its
    /// start in right-to-left layouts; nil on a glass bar and without Done.
    package var doneText: PlacedText?
    /// Which end of each row's label sits at its `labelX`: its start, its end in right-to-left
    /// layouts.
    public var labelAnchor: LaidOutElement.TextAnchor
    /// iOS 26 and later: the box of the close button's ✕, centred in its circle on the bar's
    /// leading side; nil without one (and always before 26).
    public var closeFrame: Rect?
    /// The hairline along the navigation bar's bottom edge.
    public var barSeparator: Rect
    /// The navigation bar's height.
    public static let barHeight = 44.0
    /// The bar's title and Done sit this far below its top.
    public static let titleBaselineOffset = 29.0
    /// A row's label sits this far below the row's top.
    public static let labelBaselineOffset = 28.0
    /// The rows that fit, top to bottom.
    public var rows: [Row]
    /// Rows of the content below the last one that fits.
    public var hiddenRows: Int
    /// The surface height that would show every row.
    public var heightForAllRows: Double
    /// iOS 26 and later: the Liquid Glass navigation bar; nil draws the classic bar's hairline.
    public var glass: GlassNavigationBar?

    /// A Liquid Glass navigation bar (iOS 26 and later): no background of its own, glass
    /// buttons, and a scroll edge effect where content would scroll under it.
    public struct GlassNavigationBar: Sendable, Hashable {
        /// Soft (content fades out) or hard (an opaque band with an edge).
        public var edgeEffect: ScrollEdgeEffectStyle
        /// What the effect covers: from the surface's top to the bar's bottom, and for `soft`
        /// a further `softFade` points where it fades out.
        public var edgeEffectFrame: Rect
        /// The Done button's circle of tinted glass (prominent, around a checkmark) on the
        /// trailing side; nil without Done.
        public var doneButton: Rect?
        /// The close button's circle of plain glass (around a ✕) on the leading side; nil
        /// without one.
        public var closeButton: Rect?

        /// How far below the bar a soft edge effect fades out (assumed).
        public static let softFade = 16.0
        /// A glass bar button's size: Done and close are circles around their symbols
        /// (measured: 44 × 44 pt, radius 22, in an iOS 26.1 view tree).
        public static let buttonHeight = PresentedContent.glassButtonSize
        /// The buttons' distance from a sheet's top and sides (16 pt, measured: iOS 26
        /// simulator); a full-screen bar keeps the sides' 16 pt and puts them at its top.
        public static let buttonInset = PresentedContent.glassButtonInset
        /// The box the checkmark and the ✕ are drawn in, centred in their circle (assumed:
        /// chosen by eye, about a 17 pt SF Symbol's size).
        public static let symbolSize = 20.0
        /// The glass bar's height: the buttons with `buttonInset` above and below.
        public static let barHeight = PresentedContent.glassBarHeight
        /// (measured: iOS 26 simulator, a full-screen navigation bar starts at the safe area's
        /// top, y 62 on an iPhone 17 Pro, and is 54 pt tall, its 44 pt buttons at its top) A
        /// screen that reaches under the status bar (a full-screen presentation): the bar's
        /// height. A large title would add 52 pt below it (measured); tabstage's presented
        /// lists have none.
        public static let fullScreenBarHeight = 54.0
    }

    init(
        content: PresentedContent, showsDone: Bool, surface: Rect, insets: EdgeInsets, rtl: Bool, liquidGlass: Bool = false,
        category: ContentSizeCategory = .L, measuring: some TextMeasuring
    ) {
        let rowFont = TextStyle.body.font(for: category), rowHeight = Self.rowHeight(for: category)
        self.rowFont = rowFont
        self.rowHeight = rowHeight
        let rowPitch = rowHeight + Self.rowPitch - Self.rowHeight
        let frame = Rect(
            x: surface.x + insets.left, y: surface.y, width: max(0, surface.width - insets.left - insets.right), height: surface.height)
        contentFrame = frame
        barTop = frame.y + insets.top
        let size = Self.titleFont.size
        // A glass bar's buttons are `buttonHeight` tall, `buttonInset` below the surface's top:
        // the title and Done centre on them (the classic baseline sits 7 pt below the bar's middle).
        // A full-screen glass bar (the surface reaches under the status bar) puts its buttons at
        // its top and is `fullScreenBarHeight` tall; a sheet's are `buttonInset` down.
        let fullScreen = liquidGlass && insets.top > 0
        let inset = GlassNavigationBar.buttonInset, buttonHeight = GlassNavigationBar.buttonHeight
        let buttonTop = fullScreen ? 0 : inset
        let barHeight =
            fullScreen ? GlassNavigationBar.fullScreenBarHeight : liquidGlass ? GlassNavigationBar.barHeight : Self.barHeight
        let baseline =
            liquidGlass
            ? barTop + buttonTop + buttonHeight / 2 + Self.titleBaselineOffset - Self.barHeight / 2 : barTop + Self.titleBaselineOffset
        titleBaseline = baseline
        barSeparator = Rect(x: frame.x, y: barTop + barHeight, width: frame.width, height: 0.5)
        // The title keeps the same room on both sides: the bar's margin, and Done with 8 pt to
        // spare when there is one. A glass bar's buttons are `buttonHeight` circles `buttonInset`
        // from the surface's sides: Done (a checkmark) trailing, close (a ✕) leading.
        let closes = liquidGlass && content.closeButton
        let doneButton =
            liquidGlass && showsDone
            ? Rect(
                x: rtl ? frame.x + inset : frame.maxX - inset - buttonHeight, y: barTop + buttonTop, width: buttonHeight,
                height: buttonHeight)
            : nil
        let closeButton =
            closes
            ? Rect(
                x: rtl ? frame.maxX - inset - buttonHeight : frame.x + inset, y: barTop + buttonTop, width: buttonHeight,
                height: buttonHeight)
            : nil
        let sideRoom: Double
        if liquidGlass {
            sideRoom = showsDone || closes ? inset + buttonHeight + 8 : 16
        } else {
            sideRoom = showsDone ? 16 + measuring.width(of: "Done", font: Self.titleFont) + 8 : 16
        }
        title = FittedText(content.title, font: Self.titleFont, available: max(0, frame.width - 2 * sideRoom), measuring: measuring)
        titleFrame = LaidOutElement.textFrame(anchorX: frame.midX, anchor: .middle, width: title.width, baseline: baseline, size: size)
        func symbolBox(_ button: Rect) -> Rect {
            let side = GlassNavigationBar.symbolSize
            return Rect(x: button.midX - side / 2, y: button.midY - side / 2, width: side, height: side)
        }
        labelAnchor = rtl ? .end : .start
        doneText = nil
        if liquidGlass {
            doneFrame = doneButton.map(symbolBox)
        } else if showsDone {
            let doneWidth = measuring.width(of: "Done", font: Self.titleFont)
            let done = PlacedText(
                x: rtl ? frame.x + 16 : frame.maxX - 16, baseline: baseline, anchor: rtl ? .start : .end, font: Self.titleFont)
            doneText = done
            doneFrame = LaidOutElement.textFrame(anchorX: done.x, anchor: done.anchor, width: doneWidth, baseline: baseline, size: size)
        } else {
            doneFrame = nil
        }
        closeFrame = closeButton.map(symbolBox)
        var rows: [Row] = []
        // 12 pt below a glass bar, as below the sheet's (54 + 12 = 66 full screen).
        let firstRowOffset =
            fullScreen ? GlassNavigationBar.fullScreenBarHeight + 12 : liquidGlass ? Self.glassFirstRowOffset : Self.firstRowOffset
        var y = barTop + firstRowOffset
        for item in content.items where y + rowHeight <= frame.maxY - insets.bottom {
            let labelInset = item.image == nil ? Self.labelX : Self.labelXAfterImage
            let available = max(0, frame.width - labelInset - Self.trailingMargin)
            let slot = Self.labelX + (29 - Self.imageSize) / 2
            let imageFrame = item.image.map { _ in
                Rect(
                    x: rtl ? frame.maxX - slot - Self.imageSize : frame.x + slot, y: y + (rowHeight - Self.imageSize) / 2,
                    width: Self.imageSize, height: Self.imageSize)
            }
            rows.append(
                Row(
                    frame: Rect(x: frame.x, y: y, width: frame.width, height: rowHeight),
                    label: FittedText(item.title, font: rowFont, available: available, measuring: measuring),
                    destructive: item.destructive,
                    imageFrame: imageFrame, image: item.image, labelInset: labelInset,
                    labelX: frame.x + (rtl ? frame.width - labelInset : labelInset),
                    labelBaseline: y + Self.labelBaseline(rowHeight: rowHeight, font: rowFont),
                    separator: Rect(
                        x: frame.x + (rtl ? 0 : labelInset), y: y + rowHeight, width: frame.width - labelInset, height: 0.5)))
            y += rowPitch
        }
        self.rows = rows
        hiddenRows = content.items.count - rows.count
        // Bar and first row, then a pitch per further row, and the bottom inset under the last.
        heightForAllRows =
            insets.top + firstRowOffset + Double(max(0, content.items.count - 1)) * rowPitch + rowHeight + insets.bottom
        if liquidGlass {
            let barBottom = barTop + barHeight
            let fade = content.scrollEdgeEffect == .soft ? GlassNavigationBar.softFade : 0
            glass = GlassNavigationBar(
                edgeEffect: content.scrollEdgeEffect,
                edgeEffectFrame: Rect(x: frame.x, y: frame.y, width: frame.width, height: barBottom + fade - frame.y),
                doneButton: doneButton, closeButton: closeButton)
        } else {
            glass = nil
        }
    }
}

/// A split view's primary column: a navigation list with a large title and 44 pt rows, the
/// first one selected while both columns show, each label cut with "…" at the cell's width.
/// Window coordinates.
public struct PrimaryColumnLayout: Sendable, Hashable {
    /// One row: its cell and its fitted label.
    public struct Row: Sendable, Hashable {
        /// The row's cell (inset from the column, rounded when selected).
        public var frame: Rect
        /// The label, cut with "…" when it does not fit.
        package var label: FittedText
        /// The x the label's leading edge is drawn at (its end in right-to-left layouts).
        public var labelX: Double
        /// The label's baseline.
        public var labelBaseline: Double
        /// Drawn selected: the first row while both columns show.
        public var selected: Bool
    }

    /// The large title: largeTitle bold (34 pt), at the default size (assumed: the column's
    /// geometry is fixed).
    public static let titleFont = TextStyle.largeTitle.font(for: .L).emphasized
    /// The large title's size.
    public static var titleSize: Double { titleFont.size }
    /// Row labels: body (17 pt), at the default size (assumed, as above).
    public static let rowFont = TextStyle.body.font(for: .L)
    /// A row's height.
    public static let rowHeight = 44.0
    /// Cells are inset this far from the column's sides.
    public static let cellInset = 10.0
    /// Labels start this far inside their cell.
    public static let labelInset = 16.0
    /// (measured: iOS 26 simulator, a large title adds 52 pt below a 54 pt navigation bar; the
    /// same 52 before 26 under a 44 pt bar) The large title's band: the rows start below it.
    public static let largeTitleBand = 52.0

    /// The column.
    public var frame: Rect
    /// The column less the window's leading safe area when the column touches that edge.
    public var contentFrame: Rect
    /// The large title's baseline, 34 pt below the navigation bar (44 pt before iOS 26, 54 from
    /// 26) under the status bar.
    public var titleBaseline: Double
    /// The large title, fitted to the column less 16 pt each side.
    package var title: FittedText
    /// Where the large title is drawn.
    public var titleFrame: Rect
    /// The x the large title's leading edge is drawn at (its end in right-to-left layouts).
    public var titleX: Double
    /// Which end of the title and of each row's label sits at its x: the start, the end in
    /// right-to-left layouts.
    public var textAnchor: LaidOutElement.TextAnchor
    /// The hairline between the columns while both show; nil when collapsed.
    public var divider: Rect?
    /// One row per item that starts inside the column (rows run on under the home indicator,
    /// as a list's do).
    public var rows: [Row]

    init?(_ split: SplitLayout?, config: SplitConfig?, window: WindowEnvironment, rtl: Bool, measuring: some TextMeasuring) {
        guard let split, let frame = split.primaryFrame, let config else { return nil }
        self.frame = frame
        let inset = window.safeArea.top
        let edge = frame.x == 0 ? window.safeArea.left : 0
        contentFrame = Rect(x: frame.x + edge, y: frame.y, width: max(0, frame.width - edge), height: frame.height)
        // The navigation bar over the large title's 52 pt band: 44 pt before iOS 26, 54 from 26
        // (`GlassNavigationBar.fullScreenBarHeight`, measured on an iPhone: a bar at the safe
        // area's top 54 pt tall, a large title adding 52; the iPad's column is assumed to follow).
        let bar = window.settings.iOSVersion.usesLiquidGlass ? PresentedListLayout.GlassNavigationBar.fullScreenBarHeight : 44
        titleBaseline = inset + bar + 34
        title = FittedText(
            config.primaryTitle, font: Self.titleFont, available: max(0, contentFrame.width - 32), measuring: measuring)
        titleX = contentFrame.x + (rtl ? contentFrame.width - 16 : 16)
        textAnchor = rtl ? .end : .start
        titleFrame = LaidOutElement.textFrame(
            anchorX: rtl ? contentFrame.maxX - 16 : contentFrame.x + 16, anchor: rtl ? .end : .start, width: title.width,
            baseline: titleBaseline, size: Self.titleSize)
        let available = max(0, contentFrame.width - 2 * Self.cellInset - 2 * Self.labelInset)
        var rows: [Row] = []
        var y = inset + bar + Self.largeTitleBand
        var row = 0
        while row < config.primaryRows, y < frame.maxY {
            let cell = Rect(
                x: contentFrame.x + Self.cellInset, y: y, width: max(0, contentFrame.width - 2 * Self.cellInset), height: Self.rowHeight)
            rows.append(
                Row(
                    frame: cell,
                    label: FittedText(config.primaryItemTitle(row), font: Self.rowFont, available: available, measuring: measuring),
                    labelX: cell.x + (rtl ? cell.width - Self.labelInset : Self.labelInset), labelBaseline: cell.y + 28,
                    selected: row == 0 && !split.collapsed))
            row += 1
            y += Self.rowHeight
        }
        self.rows = rows
        // On the column's trailing edge when it is on the left, on its leading edge otherwise.
        divider =
            split.collapsed ? nil : Rect(x: frame.x == 0 ? frame.maxX - 0.5 : frame.x, y: 0, width: 0.5, height: frame.height)
    }
}
