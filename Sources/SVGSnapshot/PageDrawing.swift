import Adaptive
import Layout
import Look
import RowTemplates
import ScrollableTab

/// The sample posts' authors (name, handle), by seed: what rows without data show, and what
/// their accessibility labels read.
package let samplePostNames = [
    ("Ada Lovelace", "ada"), ("Grace Hopper", "grace"), ("Alan Turing", "alan"), ("Margaret Hamilton", "margaret"),
    ("Barbara Liskov", "barbara"), ("Dennis Ritchie", "dmr"), ("Katherine Johnson", "katherine"), ("Edsger Dijkstra", "ewd"),
]

extension Scene {
    /// The selected tab's visible rows, or during interactive paging both pages side by side.
    func drawPages(_ svg: inout SVGBuilder) {
        let pages = layout.pages
        guard let clip = pages.pagingClip else {
            for page in pages.pages { drawPage(&svg, page) }
            return
        }
        svg.clipRect(id: "pages-clip", clip)
        svg.open("pages", clip: "pages-clip")
        for page in pages.pages { drawPage(&svg, page) }
        svg.close()
    }

    private func drawPage(_ svg: inout SVGBuilder, _ page: PageLayout) {
        let tab = page.tab
        let x = page.x
        svg.open("page-\(tab)", transform: x != 0 ? "translate(\(n(x)),0)" : nil)
        if let clip = page.cardsClip, !page.rows.isEmpty {
            // One clip for every section: each row's group has the section's coordinates.
            svg.clipRect(id: "cards-clip-\(tab)", clip)
        }
        let compiled = compiledTemplate(page)
        for row in page.rows { drawRow(&svg, row, of: page, compiled: compiled) }
        svg.close()
    }

    /// The page's row template, compiled once for all its rows; nil for built-in rows.
    func compiledTemplate(_ page: PageLayout) -> CheckedRowTemplate? {
        guard geometry.tabs[page.tab].cellSize == nil, !page.rows.isEmpty,
            case .custom(let source, _) = container.config.tabs[page.tab].rowContent?.template
        else { return nil }
        return CheckedRowTemplate(source)
    }

    /// One row of `page`, in its group.
    func drawRow(_ svg: inout SVGBuilder, _ row: VisibleRow, of page: PageLayout, compiled: CheckedRowTemplate?) {
        let tab = page.tab
        let metrics = geometry.tabs[tab]
        let rowContent = metrics.cellSize == nil ? container.config.tabs[tab].rowContent : nil
        let (index, top) = (row.index, row.top)
        svg.open("row-\(tab)-\(index)", transform: "translate(\(n(layout.pages.rowX)),\(n(top)))")
        if let rowContent {
            drawDataRow(&svg, row: row, tab: tab, content: rowContent, height: metrics.rowHeight, compiled: compiled)
        } else if let cell = metrics.cellSize {
            drawCarouselSection(
                &svg, index: index, cell: cell, tab: container.config.tabs[tab], cards: page.cards,
                clip: page.cardsClip == nil ? nil : "cards-clip-\(tab)")
        } else {
            drawPost(&svg, index: index, height: metrics.rowHeight, seed: index + tab * 3)
        }
        svg.close()
    }

    /// A timeline post: avatar, name, time, text lines, and a picture when the row is tall.
    /// `seed` varies people and colours between tabs so pages are told apart.
    private func drawPost(_ svg: inout SVGBuilder, index: Int, height: Double, seed: Int) {
        let width = rowWidth
        let (name, _) = samplePostNames[seed % samplePostNames.count]
        svg.rect(Rect(x: 0, y: height - 0.5, width: width, height: 0.5), fill: palette.separator)
        let radius = min(20, max(4, (height - 16) / 2))
        svg.circle(cx: mirrored(16 + radius, in: width), cy: 12 + radius, r: radius, fill: Palette.swatch(seed))
        let textX = 16 + 2 * radius + 12
        let nameAt = leading(textX, in: width)
        // The name in subheadline semibold, the time in footnote with tabular digits.
        let nameFont = TextStyle.subheadline.font(for: fixedHeightTextCategory).emphasized
        let fontSize = nameFont.size
        svg.label(name, x: nameAt.x, y: 12 + fontSize, font: nameFont, fill: palette.text, anchor: nameAt.anchor)
        let time = trailing(16, in: width)
        svg.label(
            "\(index % 23 + 1)h", x: time.x, y: 12 + fontSize, font: TextStyle.footnote.font(for: fixedHeightTextCategory).monospacedDigits,
            fill: palette.secondaryText, anchor: time.anchor)

        let textWidth = width - textX - 16
        let showsPicture = height >= 150
        var y = 12 + fontSize + 10
        let widths = [0.94, 0.81, 0.58]
        let lineCount = showsPicture ? 1 : clampedInt(min(3, max(0, ((height - y - 8) / 16).rounded(.towardZero))))
        for line in 0..<lineCount {
            let lineWidth = textWidth * (line == lineCount - 1 ? widths[(index + line) % 3] * 0.8 : widths[(index + line) % 3])
            svg.rect(
                Rect(x: mirrored(textX, width: lineWidth, in: width), y: y, width: lineWidth, height: 8), fill: palette.skeleton, radius: 4)
            y += 16
        }
        if showsPicture {
            let picture = Rect(x: mirrored(textX, width: textWidth, in: width), y: y + 4, width: textWidth, height: height - y - 16)
            drawPicture(&svg, picture, seed: seed)
        }
    }

    /// A placeholder photo: a coloured card with a sun and a hill, so media rows read as media.
    private func drawPicture(_ svg: inout SVGBuilder, _ frame: Rect, seed: Int) {
        guard frame.height > 8, frame.width > 8 else { return }
        svg.rect(frame, fill: Palette.swatch(seed + 3), radius: 12)
        let sun = min(frame.width, frame.height) * 0.12
        svg.circle(cx: frame.x + frame.width * 0.75, cy: frame.y + frame.height * 0.3, r: sun, fill: "#ffffff")
        // The hill stays clear of the rounded bottom corners (radius 12).
        let base = frame.maxY, left = frame.x + 12, right = frame.maxX - 12
        let peak = frame.y + frame.height * 0.45
        svg.path(
            "M\(n(left)) \(n(base))L\(n(frame.x + frame.width * 0.38)) \(n(peak))L\(n(frame.x + frame.width * 0.62)) \(n(base - frame.height * 0.25))L\(n(right)) \(n(base))Z",
            fill: "#000000", opacity: 0.18)
    }

    /// A carousel section: a title above a row of cards sized by the carousel formula.
    /// Cards end at the row's edge (`clip`), so the last one peeks in from the safe area's side.
    private func drawCarouselSection(_ svg: inout SVGBuilder, index: Int, cell: Size, tab: TabConfig, cards: [Rect], clip: String?) {
        let width = rowWidth
        let title = leading(16, in: width)
        svg.label(
            "\(tab.title) \(index + 1)", x: title.x, y: 28, font: TextStyle.headline.font(for: fixedHeightTextCategory), fill: palette.text,
            anchor: title.anchor)
        if let clip { svg.open(clip: clip) }
        defer { if clip != nil { svg.close() } }
        for (item, card) in cards.enumerated() {
            svg.rect(card, fill: palette.skeleton, radius: 10)
            let imageHeight = cell.width * 9 / 16
            svg.rect(Rect(x: card.x, y: card.y, width: cell.width, height: imageHeight), fill: Palette.swatch(index * 3 + item), radius: 10)
            svg.rect(
                Rect(x: card.x + 10, y: card.y + imageHeight + 14, width: cell.width * 0.7, height: 8), fill: palette.secondaryText,
                radius: 4, opacity: 0.5)
            svg.rect(
                Rect(x: card.x + 10, y: card.y + imageHeight + 30, width: cell.width * 0.45, height: 8), fill: palette.secondaryText,
                radius: 4, opacity: 0.3)
        }
    }

    /// The width rows lay out in: the page less its safe-area insets.
    var rowWidth: Double { layout.pages.rowWidth }

    /// UIScrollView's vertical indicator.
    func drawScrollIndicator(_ svg: inout SVGBuilder) {
        guard let knob = layout.pages.scrollIndicator else { return }
        svg.rect(knob, fill: palette.scrollIndicator, radius: 1.5, id: "scroll-indicator", opacity: 0.35)
    }
}
