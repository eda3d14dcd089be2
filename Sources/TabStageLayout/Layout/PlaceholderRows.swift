import TabStageModel

/// The baseline of a carousel section's title ("Likes 1"), 28 pt below the section's top,
/// inside the 44 pt band above its cards.
let carouselSectionTitleBaseline = 28.0

/// A line of text the layout places: the x its anchor names, its baseline and its font.
package struct PlacedText: Sendable, Hashable {
    /// The x `anchor` names, in the coordinates of what holds the text.
    package var x: Double
    /// The baseline.
    package var baseline: Double
    /// Which end of the text (or its middle) sits at `x`.
    package var anchor: LaidOutElement.TextAnchor
    /// The font it is drawn in.
    package var font: TextFont

    /// Text starting `inset` from the leading edge of a span `width` wide: its left edge, or in
    /// right-to-left layouts its right edge `inset` from the right.
    static func leading(_ inset: Double, in width: Double, baseline: Double, font: TextFont, mirroring: Mirroring) -> PlacedText {
        mirroring.rtl
            ? PlacedText(x: width - inset, baseline: baseline, anchor: .end, font: font)
            : PlacedText(x: inset, baseline: baseline, anchor: .start, font: font)
    }

    /// Text ending `inset` from the trailing edge of a span `width` wide.
    static func trailing(_ inset: Double, in width: Double, baseline: Double, font: TextFont, mirroring: Mirroring) -> PlacedText {
        mirroring.rtl
            ? PlacedText(x: inset, baseline: baseline, anchor: .start, font: font)
            : PlacedText(x: width - inset, baseline: baseline, anchor: .end, font: font)
    }
}

/// Where tabstage's placeholder post (a row of a list tab without data) puts its parts, in the
/// row's coordinates, mirrored in right-to-left layouts: a round avatar 12 pt from the top and
/// 16 pt from the leading edge, the author and age on one baseline, skeleton text lines 16 pt
/// apart, and from 150 pt tall a picture instead of all but one line.
package struct PlaceholderPostLayout: Sendable, Hashable {
    /// The hairline along the row's bottom.
    package var separator: Rect
    /// The avatar's centre.
    package var avatarCenter: Point
    /// The avatar's radius: half the row less 8 pt on each side, from 4 to 20 pt.
    package var avatarRadius: Double
    /// The author's name (subheadline semibold), after the avatar.
    package var name: PlacedText
    /// The post's age (footnote, tabular digits), at the trailing edge.
    package var time: PlacedText
    /// The skeleton text lines.
    package var lines: [Rect]
    /// The picture under the line in a row 150 pt or taller; nil in shorter rows.
    package var picture: Rect?

    /// The share of the text column each line takes, by `(row + line) % 3`; the last line
    /// takes 0.8 of its share.
    static let lineShares = [0.94, 0.81, 0.58]

    /// The placeholder post of row `index`, `width` × `height` points.
    init(index: Int, width: Double, height: Double, textCategory: ContentSizeCategory, mirroring: Mirroring) {
        separator = Rect(x: 0, y: height - 0.5, width: width, height: 0.5)
        let radius = min(20, max(4, (height - 16) / 2))
        avatarRadius = radius
        avatarCenter = Point(x: mirroring.x(16 + radius, in: width), y: 12 + radius)
        let textX = 16 + 2 * radius + 12
        let nameFont = TextStyle.subheadline.font(for: textCategory).emphasized
        let fontSize = nameFont.size
        name = .leading(textX, in: width, baseline: 12 + fontSize, font: nameFont, mirroring: mirroring)
        time = .trailing(
            16, in: width, baseline: 12 + fontSize, font: TextStyle.footnote.font(for: textCategory).monospacedDigits,
            mirroring: mirroring)
        let textWidth = width - textX - 16
        let showsPicture = height >= 150
        var y = 12 + fontSize + 10
        let shares = Self.lineShares
        let lineCount = showsPicture ? 1 : clampedInt(min(3, max(0, ((height - y - 8) / 16).rounded(.towardZero))))
        var lines: [Rect] = []
        for line in 0..<lineCount {
            let lineWidth = textWidth * (line == lineCount - 1 ? shares[(index + line) % 3] * 0.8 : shares[(index + line) % 3])
            lines.append(Rect(x: mirroring.x(textX, width: lineWidth, in: width), y: y, width: lineWidth, height: 8))
            y += 16
        }
        self.lines = lines
        picture =
            showsPicture
            ? Rect(x: mirroring.x(textX, width: textWidth, in: width), y: y + 4, width: textWidth, height: height - y - 16) : nil
    }
}

/// One carousel card's parts, in a section's coordinates: the card, its picture (16:9 across
/// the card's top) and two caption bars 10 pt in from the card's left edge.
package struct CarouselCardLayout: Sendable, Hashable {
    /// The whole card.
    package var card: Rect
    /// The picture across its top.
    package var image: Rect
    /// The caption's bars: 0.7 and 0.45 of the card's width, 14 and 30 pt under the picture.
    package var captions: [Rect]

    /// The parts of `card`, a cell `cellWidth` points wide.
    init(card: Rect, cellWidth: Double) {
        self.card = card
        let imageHeight = cellWidth * 9 / 16
        image = Rect(x: card.x, y: card.y, width: cellWidth, height: imageHeight)
        captions = [
            Rect(x: card.x + 10, y: card.y + imageHeight + 14, width: cellWidth * 0.7, height: 8),
            Rect(x: card.x + 10, y: card.y + imageHeight + 30, width: cellWidth * 0.45, height: 8),
        ]
    }
}

/// A grid row's cells: `RowTemplate.gridColumns` squares `RowTemplate.gridSpacing` apart across
/// the row, as the X profile's Media tab, the gap also under each row.
enum GridRowLayout {
    /// The cells of a row `width` × `height` points, by column from the leading edge.
    static func cells(width: Double, height: Double, mirroring: Mirroring) -> [Rect] {
        let columns = RowTemplate.gridColumns
        let gap = RowTemplate.gridSpacing
        let cell = max(0, (width - gap * Double(columns - 1)) / Double(columns))
        return (0..<columns).map { column in
            Rect(x: mirroring.x(Double(column) * (cell + gap), width: cell, in: width), y: 0, width: cell, height: max(0, height - gap))
        }
    }
}
