import Adaptive
import ScrollableTab

/// Where a data row's text and picture go, in the row's own coordinates before right-to-left
/// mirroring (the painter mirrors). Built-in templates only; a Mustache template lays out its
/// own row.
public struct RowContentLayout: Sendable, Hashable {
    /// The post's name, the plain row's title or the media row's caption.
    public var title: FittedText?
    /// "subtitle · time" after the name (post), or the subtitle line (plain).
    public var detail: FittedText?
    /// Where `title` and `detail` start, and their baselines.
    public var titleOrigin: Point
    /// Where `detail` starts, and its baseline.
    public var detailOrigin: Point
    /// A post's text, wrapped at word boundaries to the row's height; the last line ends in
    /// "…" when the text goes on.
    public var lines: [String]
    /// Where the first text line starts, and its baseline.
    public var lineOrigin: Point
    /// Baseline to baseline of the text lines.
    public var lineHeight: Double
    /// The picture's frame (post: under the text; media: the whole row); nil without one.
    public var image: Rect?
    /// The post's avatar: centre and radius.
    public var avatarCenter: Point
    /// The avatar's radius.
    public var avatarRadius: Double
    /// The font sizes used, so the painter draws what was measured.
    public var titleSize: Double
    /// The detail line's size.
    public var detailSize: Double
    /// The post text's size.
    public var textSize: Double

    /// Post geometry as the X timeline draws it: a 40 pt avatar 16 pt from the leading edge
    /// and 12 pt from the top, text 12 pt after it, 15 pt text on 20 pt lines.
    static let avatarDiameter = 40.0

    init(_ template: RowTemplate, item: RowItem, width: Double, height: Double, typeScale: Double, measuring: some TextMeasuring) {
        titleSize = 15 * typeScale
        detailSize = 15 * typeScale
        textSize = 15 * typeScale
        lineHeight = 20 * typeScale
        titleOrigin = Point(x: 16, y: 0)
        detailOrigin = Point(x: 16, y: 0)
        lineOrigin = Point(x: 16, y: 0)
        lines = []
        avatarRadius = 0
        avatarCenter = Point(x: 0, y: 0)
        switch template {
        case .post:
            let radius = min(Self.avatarDiameter / 2, max(4, (height - 24) / 2))
            avatarRadius = radius
            avatarCenter = Point(x: 16 + radius, y: 12 + radius)
            let textX = 16 + 2 * radius + 12
            let textWidth = max(0, width - textX - 16)
            let baseline = 12 + titleSize
            // The name keeps at least 60 % of the line; the handle and time take what is left.
            let name = FittedText(item.title, size: titleSize, bold: true, available: textWidth * 0.6, measuring: measuring)
            title = name
            titleOrigin = Point(x: textX, y: baseline)
            let detailText = [item.subtitle, item.time].filter { !$0.isEmpty }.joined(separator: " · ")
            let detailX = textX + (item.title.isEmpty ? 0 : name.width + 4)
            detail =
                detailText.isEmpty
                ? nil : FittedText(detailText, size: detailSize, available: max(0, textX + textWidth - detailX), measuring: measuring)
            detailOrigin = Point(x: detailX, y: baseline)
            // A line fits when its descent (4 pt) stays 8 pt above the row's bottom; with a
            // picture, the text keeps to two lines.
            var bottom = height - 8
            let showsImage = item.image != nil && height >= 150
            if showsImage { bottom = min(bottom, baseline + 4 + 2 * lineHeight) }
            let firstBaseline = baseline + lineHeight
            let room = bottom - 4 - firstBaseline
            let count = room < 0 ? 0 : Int((room / lineHeight).rounded(.down)) + 1
            lines = Self.wrap(item.text, size: textSize, width: textWidth, maxLines: count, measuring: measuring)
            lineOrigin = Point(x: textX, y: firstBaseline)
            if showsImage {
                let top = baseline + 8 + Double(lines.count) * lineHeight
                let frame = Rect(x: textX, y: top, width: textWidth, height: height - 12 - top)
                image = frame.height > 16 ? frame : nil
            }
        case .plain:
            let available = max(0, width - 32)
            title = FittedText(item.title, size: 17 * typeScale, available: available, measuring: measuring)
            titleSize = 17 * typeScale
            detailSize = 13 * typeScale
            if item.subtitle.isEmpty {
                titleOrigin = Point(x: 16, y: height / 2 + 6 * typeScale)
            } else {
                titleOrigin = Point(x: 16, y: height / 2 - 2 * typeScale)
                detail = FittedText(item.subtitle, size: detailSize, available: available, measuring: measuring)
                detailOrigin = Point(x: 16, y: height / 2 + 15 * typeScale)
            }
        case .media:
            image = Rect(x: 0, y: 0, width: width, height: max(0, height - 1))
            if !item.title.isEmpty {
                title = FittedText(item.title, size: titleSize, bold: true, available: max(0, width - 32), measuring: measuring)
                titleOrigin = Point(x: 16, y: height - 16)
            }
        case .grid, .custom:
            break
        }
    }

    /// Greedy word wrap into at most `maxLines` lines of `width`; the last line ends in "…"
    /// when words are left over. A word wider than a line is cut with "…" on its own line.
    static func wrap(_ text: String, size: Double, width: Double, maxLines: Int, measuring: some TextMeasuring) -> [String] {
        guard maxLines > 0, width > 0 else { return [] }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        var lines: [String] = []
        var index = 0
        while index < words.count, lines.count < maxLines {
            var line = words[index]
            index += 1
            while index < words.count, measuring.width(of: line + " " + words[index], size: size, bold: false) <= width + 0.001 {
                line += " " + words[index]
                index += 1
            }
            let isLast = lines.count == maxLines - 1
            if isLast && index < words.count {
                let rest = ([line] + words[index...]).joined(separator: " ")
                line = FittedText(rest, size: size, available: width, measuring: measuring).text
                index = words.count
            } else if measuring.width(of: line, size: size, bold: false) > width + 0.001 {
                line = FittedText(line, size: size, available: width, measuring: measuring).text
            }
            lines.append(line)
        }
        return lines
    }
}
