import Adaptive
import Stage

/// The presented screen's title and action rows, fitted to the presented frame: rows that fit
/// above the bottom inset, each label cut with "…" at its width, as UILabel does.
public struct PresentedListLayout: Sendable, Hashable {
    /// The rows' pitch and the first row's distance below the navigation bar's top.
    public static let rowPitch = 48.0
    public static let firstRowOffset = 56.0
    public static let rowHeight = 44.0
    /// Labels start after a 30 pt icon (16 + 30 + 14) and keep 16 pt from the trailing edge.
    public static let labelX = 60.0
    public static let trailingMargin = 16.0
    public static let fontSize = 17.0

    public var title: FittedText
    /// The drawn rows, top to bottom.
    public var rows: [FittedText]
    public var destructive: [Bool]

    init(content: PresentedContent, frame: Rect, insets: EdgeInsets, measuring: some TextMeasuring) {
        let width = max(0, frame.width - insets.left - insets.right)
        let done = measuring.width(of: "Done", size: Self.fontSize, bold: true)
        // Centred between the leading edge and Done, with the same room on both sides.
        title = FittedText(
            content.title, size: Self.fontSize, bold: true, available: max(0, width - 2 * (16 + done + 8)), measuring: measuring)
        var rows: [FittedText] = []
        var destructive: [Bool] = []
        var y = frame.y + insets.top + Self.firstRowOffset
        for item in content.items where y + Self.rowHeight <= frame.maxY - insets.bottom {
            rows.append(
                FittedText(
                    item.title, size: Self.fontSize, available: max(0, width - Self.labelX - Self.trailingMargin), measuring: measuring))
            destructive.append(item.destructive)
            y += Self.rowPitch
        }
        self.rows = rows
        self.destructive = destructive
    }
}

/// The split view's primary column: its large title and the rows that fit, fitted to the
/// column's width.
public struct PrimaryListLayout: Sendable, Hashable {
    public static let rowHeight = 44.0
    public static let titleSize = 34.0
    public static let rowFontSize = 17.0
    /// Cells inset 10 pt from the column, labels 16 pt inside the cell.
    public static let cellInset = 10.0
    public static let labelInset = 16.0

    public var title: FittedText
    public var rows: [FittedText]

    init(_ config: SplitConfig, frame: Rect, window: WindowEnvironment, measuring: some TextMeasuring) {
        let edge = frame.x == 0 ? window.safeArea.left : 0
        let width = max(0, frame.width - edge)
        title = FittedText(config.primaryTitle, size: Self.titleSize, bold: true, available: max(0, width - 32), measuring: measuring)
        let available = max(0, width - 2 * Self.cellInset - 2 * Self.labelInset)
        var rows: [FittedText] = []
        var y = window.safeArea.top + 44 + 52
        var row = 0
        while row < config.primaryRows, y < frame.maxY {
            rows.append(FittedText(config.primaryItemTitle(row), size: Self.rowFontSize, available: available, measuring: measuring))
            row += 1
            y += Self.rowHeight
        }
        self.rows = rows
    }
}
