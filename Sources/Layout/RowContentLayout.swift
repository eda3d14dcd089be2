import Adaptive
import Look
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
    /// A post's initial inside its avatar (left to right; the painter mirrors it with the
    /// row): centred, its baseline 0.35 × the radius below the centre, in the monogram face at
    /// the radius.
    public var avatarInitial: PlacedText {
        PlacedText(
            x: avatarCenter.x, baseline: avatarCenter.y + avatarRadius * 0.35, anchor: .middle,
            font: TextStyle.headline.font(for: .L).monogram(size: avatarRadius))
    }
    /// The fonts used, so the painter draws what was measured. The title's: subheadline
    /// semibold (post name, media caption) or body (plain row).
    public var titleFont: TextFont
    /// The detail line's: subheadline (tabular digits in a post's "handle · time").
    public var detailFont: TextFont
    /// The post text's: subheadline.
    public var textFont: TextFont
    /// The title's size in points.
    public var titleSize: Double { titleFont.size }
    /// The detail line's size in points.
    public var detailSize: Double { detailFont.size }
    /// The post text's size in points.
    public var textSize: Double { textFont.size }

    /// A plain row's subtitle did not fit under its title at this row height, so only the
    /// title is drawn (`plainTwoLineHeight` is the least height that holds both).
    public var subtitleDropped = false
    /// A post's picture that the row is too short to show at 16:9 under the text, so it is
    /// left out (nil when it shows or there is none).
    public var leftOutPicture: LeftOutPicture?

    /// What a post row left out, and what would show it.
    public struct LeftOutPicture: Sendable, Hashable {
        /// The width the picture would take.
        public var width: Double
        /// The least row height that shows it: the text's lines above it, the picture at 16:9,
        /// the 12 pt bottom margin.
        public var rowHeight: Double
    }
    /// Where the row's bottom separator starts from the leading edge: at the text, as UIKit
    /// insets a plain cell's separator; 0 (full width) for posts.
    public var separatorInset = 0.0

    /// A plain row's text starts this far from its leading edge (UIKit's layout margin).
    public static let plainMargin = 16.0
    /// Between the title's line and the subtitle's.
    static let plainLineGap = 3.0
    /// The least room above and below a plain row's two lines.
    static let plainMinimumMargin = 4.0

    /// A line of text is 1.2 × its size tall, the baseline 0.95 × the size below its top (the
    /// proportions of San Francisco, so rows keep iOS's spacing whatever font draws them).
    static func lineHeight(_ size: Double) -> Double { 1.2 * size }
    static func ascent(_ size: Double) -> Double { 0.95 * size }

    /// The least row height that shows a plain row's title (body) and subtitle (subheadline) at
    /// `category`: 49.4 pt at the default size (a 44 pt row shows the title alone),
    /// 1.2 × 17 + 3 + 1.2 × 15 + 2 × 4.
    public static func plainTwoLineHeight(category: ContentSizeCategory = .L) -> Double {
        lineHeight(TextStyle.body.font(for: category).size) + plainLineGap
            + lineHeight(TextStyle.subheadline.font(for: category).size) + 2 * plainMinimumMargin
    }

    /// Post geometry as the X timeline draws it: a 40 pt avatar 16 pt from the leading edge
    /// and 12 pt from the top, text 12 pt after it, 15 pt text on 20 pt lines.
    static let avatarDiameter = 40.0
    /// A post picture spans the text column up to this width: the text column of X's 600 pt
    /// timeline, so a wide iPad row shows a picture, not a band.
    public static let postPictureMaxWidth = 516.0
    /// A post picture is cropped no wider than 16:9, as X's timeline crops a landscape picture.
    public static let postPictureWidestAspect = 16.0 / 9.0

    init(
        _ template: RowTemplate, item: RowItem, width: Double, height: Double, textCategory: ContentSizeCategory,
        measuring: some TextMeasuring
    ) {
        let subheadline = TextStyle.subheadline.font(for: textCategory)
        titleFont = subheadline.emphasized
        detailFont = subheadline.monospacedDigits
        textFont = subheadline
        lineHeight = subheadline.lineHeight
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
            let baseline = 12 + titleFont.size
            // The name keeps at least 60 % of the line; the handle and time take what is left.
            let name = FittedText(item.title, font: titleFont, available: textWidth * 0.6, measuring: measuring)
            title = name
            titleOrigin = Point(x: textX, y: baseline)
            let detailText = [item.subtitle, item.time].filter { !$0.isEmpty }.joined(separator: " · ")
            let detailX = textX + (item.title.isEmpty ? 0 : name.width + 4)
            detail =
                detailText.isEmpty
                ? nil : FittedText(detailText, font: detailFont, available: max(0, textX + textWidth - detailX), measuring: measuring)
            detailOrigin = Point(x: detailX, y: baseline)
            // A line fits when its descent (4 pt) stays 8 pt above the row's bottom; with a
            // picture, the text keeps to two lines.
            let firstBaseline = baseline + lineHeight
            lineOrigin = Point(x: textX, y: firstBaseline)
            let lineHeight = lineHeight, textFont = textFont
            func textLines(bottom: Double) -> [String] {
                let room = bottom - 4 - firstBaseline
                let count = room < 0 ? 0 : Int((room / lineHeight).rounded(.down)) + 1
                return Self.wrap(item.text, font: textFont, width: textWidth, maxLines: count, measuring: measuring)
            }
            lines = textLines(bottom: height - 8)
            if item.image != nil {
                // The picture goes under at most two lines, spans the column up to 516 pt and is
                // at least 9/16 as tall as wide; a row too short for that leaves it out (with a
                // warning) rather than crop it to a band.
                let pictureWidth = min(textWidth, Self.postPictureMaxWidth)
                let leastHeight = pictureWidth / Self.postPictureWidestAspect
                let twoLines = textLines(bottom: min(height - 8, baseline + 4 + 2 * lineHeight))
                let top = baseline + 8 + Double(twoLines.count) * lineHeight
                if pictureWidth > 0, height - 12 - top >= leastHeight - 0.001 {
                    lines = twoLines
                    image = Rect(x: textX, y: top, width: pictureWidth, height: height - 12 - top)
                } else if pictureWidth > 0 {
                    let linesAbove = Self.wrap(item.text, font: textFont, width: textWidth, maxLines: 2, measuring: measuring).count
                    leftOutPicture = LeftOutPicture(
                        width: pictureWidth, rowHeight: baseline + 8 + Double(linesAbove) * lineHeight + leastHeight + 12)
                }
            }
        case .plain:
            // UIListContentConfiguration.subtitleCell: the title in body (17 pt), the subtitle in
            // subheadline (15 pt) 3 pt below its line, the pair centred in the row, 16 pt margins.
            titleFont = TextStyle.body.font(for: textCategory)
            detailFont = subheadline
            let titleSize = titleFont.size, detailSize = detailFont.size
            let available = max(0, width - 2 * Self.plainMargin)
            title = FittedText(item.title, font: titleFont, available: available, measuring: measuring)
            let titleLine = Self.lineHeight(titleSize), detailLine = Self.lineHeight(detailSize)
            let pair = titleLine + Self.plainLineGap + detailLine
            // Two lines need their height plus 4 pt above and below; a shorter row shows the title
            // alone rather than letting the lines overlap or leave the row.
            let twoLinesFit = pair + 2 * Self.plainMinimumMargin <= height + 0.001
            if item.subtitle.isEmpty || !twoLinesFit {
                titleOrigin = Point(x: Self.plainMargin, y: (height - titleLine) / 2 + Self.ascent(titleSize))
                subtitleDropped = !item.subtitle.isEmpty
            } else {
                let top = (height - pair) / 2
                titleOrigin = Point(x: Self.plainMargin, y: top + Self.ascent(titleSize))
                detail = FittedText(item.subtitle, font: detailFont, available: available, measuring: measuring)
                detailOrigin = Point(x: Self.plainMargin, y: top + titleLine + Self.plainLineGap + Self.ascent(detailSize))
            }
            separatorInset = Self.plainMargin
        case .media:
            image = Rect(x: 0, y: 0, width: width, height: max(0, height - 1))
            if !item.title.isEmpty {
                title = FittedText(item.title, font: titleFont, available: max(0, width - 32), measuring: measuring)
                titleOrigin = Point(x: 16, y: height - 16)
            }
        case .grid, .custom:
            break
        }
    }

    /// Greedy word wrap into at most `maxLines` lines of `width`; the last line ends in "…"
    /// when words are left over. A word wider than a line is cut with "…" on its own line.
    static func wrap(_ text: String, font: TextFont, width: Double, maxLines: Int, measuring: some TextMeasuring) -> [String] {
        guard maxLines > 0, width > 0 else { return [] }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        var lines: [String] = []
        var index = 0
        while index < words.count, lines.count < maxLines {
            var line = words[index]
            index += 1
            while index < words.count, measuring.width(of: line + " " + words[index], font: font) <= width + 0.001 {
                line += " " + words[index]
                index += 1
            }
            let isLast = lines.count == maxLines - 1
            if isLast && index < words.count {
                let rest = ([line] + words[index...]).joined(separator: " ")
                line = FittedText(rest, font: font, available: width, measuring: measuring).text
                index = words.count
            } else if measuring.width(of: line, font: font) > width + 0.001 {
                line = FittedText(line, font: font, available: width, measuring: measuring).text
            }
            lines.append(line)
        }
        return lines
    }
}
