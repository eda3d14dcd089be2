import Adaptive
import ScrollableTab

private let names = [
    ("Ada Lovelace", "ada"), ("Grace Hopper", "grace"), ("Alan Turing", "alan"), ("Margaret Hamilton", "margaret"),
    ("Barbara Liskov", "barbara"), ("Dennis Ritchie", "dmr"), ("Katherine Johnson", "katherine"), ("Edsger Dijkstra", "ewd"),
]

extension Scene {
    /// The selected tab's visible rows, or during interactive paging both pages side by side
    /// (the destination at the offset the tab switch will give it, so the header does not jump).
    func drawPages(_ svg: inout SVGBuilder) {
        guard let paging = container.paging else {
            drawPage(&svg, tab: container.selectedTab, offset: container.selectedOffset, shift: 0)
            return
        }
        let width = geometry.pagesWidth
        let towardsLater: Double = paging.to > paging.from ? 1 : -1
        let direction = rtl ? -towardsLater : towardsLater
        svg.clipRect(id: "pages-clip", Rect(x: geometry.pagesX, y: 0, width: width, height: size.height))
        svg.open("pages", clip: "pages-clip")
        drawPage(&svg, tab: paging.from, offset: container.offsets[paging.from], shift: -direction * paging.progress * width)
        drawPage(&svg, tab: paging.to, offset: container.offsetKeepingHeader(forTab: paging.to),
                 shift: direction * (1 - paging.progress) * width)
        svg.close()
    }

    private func drawPage(_ svg: inout SVGBuilder, tab: Int, offset: Double, shift: Double) {
        let metrics = geometry.tabs[tab]
        let x = geometry.pagesX + shift
        svg.open("page-\(tab)", transform: x != 0 ? "translate(\(n(x)),0)" : nil)
        let insets = pageSafeInsets
        for (index, top) in visibleRows(metrics, offset: offset) {
            svg.open("row-\(tab)-\(index)", transform: "translate(\(n(insets.left)),\(n(top)))")
            if let cell = metrics.cellSize {
                drawCarouselSection(&svg, index: index, cell: cell, tab: container.config.tabs[tab])
            } else {
                drawPost(&svg, index: index, height: metrics.rowHeight, seed: index + tab * 3)
            }
            svg.close()
        }
        svg.close()
    }

    /// Rows intersecting the band between the tab bar's bottom and the container's bottom,
    /// with their top in container coordinates. Computed directly, never by scanning all rows.
    func visibleRows(_ metrics: TabMetrics, offset: Double) -> [(index: Int, top: Double)] {
        let height = metrics.rowHeight
        guard metrics.rowCount > 0, height > 0 else { return [] }
        let bandTop = pagesVisibleTop, bandBottom = size.height
        guard bandBottom > bandTop else { return [] }
        // A row at content y = i·height appears at i·height − offset.
        let first = max(0, rowIndex(((bandTop + offset) / height).rounded(.down)))
        let last = min(metrics.rowCount - 1, rowIndex(((bandBottom + offset) / height).rounded(.up)) - 1)
        guard first <= last else { return [] }
        return (first...last).compactMap { index in
            let top = Double(index) * height - offset
            return top < bandBottom && top + height > bandTop ? (index, top) : nil
        }
    }

    /// A whole row position as an index, clamped first so no value can trap; validation keeps
    /// real ones far inside (rows of at least 1 pt, at most 1,000,000 of them).
    private func rowIndex(_ position: Double) -> Int {
        guard !position.isNaN else { return 0 }
        return Int(min(max(position, -1e15), 1e15))
    }

    /// A timeline post: avatar, name, time, text lines, and a picture when the row is tall.
    /// `seed` varies people and colours between tabs so pages are told apart.
    private func drawPost(_ svg: inout SVGBuilder, index: Int, height: Double, seed: Int) {
        let width = rowWidth
        let (name, _) = names[seed % names.count]
        svg.rect(Rect(x: 0, y: height - 0.5, width: width, height: 0.5), fill: palette.separator)
        let radius = min(20, max(4, (height - 16) / 2))
        svg.circle(cx: mirrored(16 + radius, in: width), cy: 12 + radius, r: radius, fill: Palette.swatch(seed))
        let textX = 16 + 2 * radius + 12
        let nameAt = leading(textX, in: width)
        let fontSize = 15 * fixedHeightTypeScale
        svg.label(name, x: nameAt.x, y: 12 + fontSize, size: fontSize, fill: palette.text, bold: true, anchor: nameAt.anchor)
        let time = trailing(16, in: width)
        svg.label("\(index % 23 + 1)h", x: time.x, y: 12 + fontSize, size: 13 * fixedHeightTypeScale, fill: palette.secondaryText, anchor: time.anchor)

        let textWidth = width - textX - 16
        let showsPicture = height >= 150
        var y = 12 + fontSize + 10
        let widths = [0.94, 0.81, 0.58]
        let lineCount = showsPicture ? 1 : rowIndex(min(3, max(0, ((height - y - 8) / 16).rounded(.towardZero))))
        for line in 0..<lineCount {
            let lineWidth = textWidth * (line == lineCount - 1 ? widths[(index + line) % 3] * 0.8 : widths[(index + line) % 3])
            svg.rect(Rect(x: mirrored(textX, width: lineWidth, in: width), y: y, width: lineWidth, height: 8), fill: palette.skeleton, radius: 4)
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
        svg.path("M\(n(left)) \(n(base))L\(n(frame.x + frame.width * 0.38)) \(n(peak))L\(n(frame.x + frame.width * 0.62)) \(n(base - frame.height * 0.25))L\(n(right)) \(n(base))Z",
                 fill: "#000000", opacity: 0.18)
    }

    /// A carousel section: a title above a row of cards sized by the carousel formula.
    private func drawCarouselSection(_ svg: inout SVGBuilder, index: Int, cell: Size, tab: TabConfig) {
        let width = rowWidth
        let title = leading(16, in: width)
        svg.label("\(tab.title) \(index + 1)", x: title.x, y: 28, size: 17 * fixedHeightTypeScale, fill: palette.text, bold: true, anchor: title.anchor)
        guard case .carousel(_, let items) = tab.content, cell.width > 0 else { return }
        let traits = stage.window.childTraits
        let sideMargin: Double = traits.horizontalSizeClass == .regular && traits.verticalSizeClass == .regular ? 60 : 12
        var x = sideMargin / 2 + 12
        for item in 0..<items where x < width {
            let card = Rect(x: mirrored(x, width: cell.width, in: width), y: carouselSectionTitleHeight, width: cell.width, height: cell.height)
            svg.rect(card, fill: palette.skeleton, radius: 10)
            let imageHeight = cell.width * 9 / 16
            svg.rect(Rect(x: card.x, y: card.y, width: cell.width, height: imageHeight), fill: Palette.swatch(index * 3 + item), radius: 10)
            svg.rect(Rect(x: card.x + 10, y: card.y + imageHeight + 14, width: cell.width * 0.7, height: 8), fill: palette.secondaryText, radius: 4, opacity: 0.5)
            svg.rect(Rect(x: card.x + 10, y: card.y + imageHeight + 30, width: cell.width * 0.45, height: 8), fill: palette.secondaryText, radius: 4, opacity: 0.3)
            x += cell.width + 24
        }
    }

    /// The parts of the screen's side safe-area insets that fall inside the pages: rows keep
    /// their content clear of a sensor housing, as table cells do (none where the side header
    /// already covers that edge).
    var pageSafeInsets: (left: Double, right: Double) {
        let pagesRight = size.width - geometry.pagesX - geometry.pagesWidth
        return (max(0, safeArea.left - geometry.pagesX), max(0, safeArea.right - pagesRight))
    }

    /// The width rows lay out in: the page less its safe-area insets.
    var rowWidth: Double {
        let insets = pageSafeInsets
        return max(0, geometry.pagesWidth - insets.left - insets.right)
    }

    /// UIScrollView's vertical indicator, inset by the header and tab bar above and the safe area below.
    func drawScrollIndicator(_ svg: inout SVGBuilder) {
        let metrics = container.selectedMetrics
        let range = metrics.maxOffsetY - metrics.minOffsetY
        guard range > 0, container.paging == nil else { return }
        let trackTop = pagesVisibleTop + 3
        let trackLength = size.height - safeArea.bottom - 3 - trackTop
        guard trackLength > 8 else { return }
        let total = metrics.contentHeight + metrics.contentInsetTop + metrics.contentInsetBottom
        let knob = min(trackLength, max(36, trackLength * size.height / total))
        let progress = min(max((container.selectedOffset - metrics.minOffsetY) / range, 0), 1)
        let insets = pageSafeInsets
        let x = rtl ? geometry.pagesX + insets.left + 3 : geometry.pagesX + geometry.pagesWidth - insets.right - 6
        svg.rect(Rect(x: x, y: trackTop + progress * (trackLength - knob), width: 3, height: knob),
                 fill: palette.scrollIndicator, radius: 1.5, id: "scroll-indicator", opacity: 0.35)
    }
}
