import Adaptive
import Stage

/// The presented controller's options screen: a navigation bar (title centred, Done on the
/// trailing side) over one 44 pt row per action, the list stopping above the bottom inset
/// (the home indicator). Window coordinates.
public struct PresentedListLayout: Sendable, Hashable {
    /// The actions the screen lists, in order.
    public static let optionTitles = ["Share profile", "Copy link to profile", "Add to list", "Mute", "Block", "Report"]
    /// Title and row labels: 17 pt.
    public static let fontSize = 17.0

    /// The surface less its side insets: what the bar and the rows lay out in.
    public var contentFrame: Rect
    /// Top of the navigation bar: below the status bar when the surface reaches under it.
    public var barTop: Double
    /// The rows that fit, each 44 pt tall, 48 pt apart, in `optionTitles` order.
    public var rows: [Rect]
    /// Where the bar's title and its Done button are drawn.
    public var titleFrame: Rect
    /// The Done button's text, on the bar's trailing side.
    public var doneFrame: Rect

    init(surface: Rect, insets: EdgeInsets, rtl: Bool, measuring: some TextMeasuring) {
        let frame = Rect(
            x: surface.x + insets.left, y: surface.y, width: surface.width - insets.left - insets.right, height: surface.height)
        contentFrame = frame
        barTop = frame.y + insets.top
        let size = Self.fontSize, baseline = barTop + 29
        titleFrame = LaidOutElement.textFrame(
            anchorX: frame.midX, anchor: .middle, width: measuring.width(of: "Options", size: size, bold: true), baseline: baseline,
            size: size)
        let doneWidth = measuring.width(of: "Done", size: size, bold: true)
        doneFrame = LaidOutElement.textFrame(
            anchorX: rtl ? frame.x + 16 : frame.maxX - 16, anchor: rtl ? .start : .end, width: doneWidth, baseline: baseline, size: size)
        var rows: [Rect] = []
        var y = barTop + 56
        for _ in Self.optionTitles where y + 44 <= frame.maxY - insets.bottom {
            rows.append(Rect(x: frame.x, y: y, width: frame.width, height: 44))
            y += 48
        }
        self.rows = rows
    }
}

/// A split view's primary column: a navigation list with a large title and 44 pt rows, the
/// first one selected while both columns show. Window coordinates.
public struct PrimaryColumnLayout: Sendable, Hashable {
    /// The large title's size.
    public static let titleSize = 34.0
    /// Row labels: 17 pt.
    public static let rowFontSize = 17.0

    /// The column.
    public var frame: Rect
    /// The column less the window's leading safe area when the column touches that edge.
    public var contentFrame: Rect
    /// The large title's baseline, below the status bar and a 44 pt navigation bar.
    public var titleBaseline: Double
    /// Where the large title is drawn.
    public var titleFrame: Rect
    /// One cell per row that starts inside the column (rows run on under the home indicator,
    /// as a list's do).
    public var rows: [Rect]

    init?(_ split: SplitLayout?, config: SplitConfig?, window: WindowEnvironment, rtl: Bool, measuring: some TextMeasuring) {
        guard let split, let frame = split.primaryFrame, let config else { return nil }
        self.frame = frame
        let inset = window.safeArea.top
        let edge = frame.x == 0 ? window.safeArea.left : 0
        contentFrame = Rect(x: frame.x + edge, y: frame.y, width: frame.width - edge, height: frame.height)
        titleBaseline = inset + 44 + 34
        let titleWidth = measuring.width(of: config.primaryTitle, size: Self.titleSize, bold: true)
        titleFrame = LaidOutElement.textFrame(
            anchorX: rtl ? contentFrame.maxX - 16 : contentFrame.x + 16, anchor: rtl ? .end : .start, width: titleWidth,
            baseline: titleBaseline, size: Self.titleSize)
        var rows: [Rect] = []
        var y = inset + 44 + 52
        for _ in 0..<config.primaryRows where y < frame.maxY {
            rows.append(Rect(x: contentFrame.x + 10, y: y, width: contentFrame.width - 20, height: 44))
            y += 44
        }
        self.rows = rows
    }
}
