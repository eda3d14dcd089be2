import TabStageLayout
import TabStageModel
import TabStageScenario

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
            case .custom(let source, _) = look.rowContent(tab: page.tab)?.template
        else { return nil }
        return CheckedRowTemplate(source)
    }

    /// One row of `page`, in its group.
    func drawRow(_ svg: inout SVGBuilder, _ row: VisibleRow, of page: PageLayout, compiled: CheckedRowTemplate?) {
        let tab = page.tab
        let metrics = geometry.tabs[tab]
        let rowContent = metrics.cellSize == nil ? look.rowContent(tab: tab) : nil
        let (index, top) = (row.index, row.top)
        svg.open("row-\(tab)-\(index)", transform: "translate(\(n(layout.pages.rowX)),\(n(top)))")
        if let rowContent {
            drawDataRow(&svg, row: row, tab: tab, content: rowContent, height: row.height, compiled: compiled)
        } else if metrics.cellSize != nil {
            drawCarouselSection(
                &svg, index: index, tab: container.config.tabs[tab], page: page,
                clip: page.cardsClip == nil ? nil : "cards-clip-\(tab)")
        } else if let post = row.placeholder {
            drawPost(&svg, post, index: index, seed: index + tab * 3)
        }
        svg.close()
    }

    /// A timeline post where the layout placed its parts: avatar, name, time, text lines, and a
    /// picture when the row is tall. `seed` varies people and colours between tabs so pages
    /// are told apart.
    private func drawPost(_ svg: inout SVGBuilder, _ post: PlaceholderPostLayout, index: Int, seed: Int) {
        let (name, _) = samplePostNames[seed % samplePostNames.count]
        svg.rect(post.separator, fill: palette.separator)
        svg.circle(cx: post.avatarCenter.x, cy: post.avatarCenter.y, r: post.avatarRadius, fill: Palette.swatch(seed))
        svg.label(name, at: post.name, fill: palette.text)
        svg.label("\(index % 23 + 1)h", at: post.time, fill: palette.secondaryText)
        for line in post.lines { svg.rect(line, fill: palette.skeleton, radius: 4) }
        if let picture = post.picture { drawPicture(&svg, picture, seed: seed) }
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

    /// A carousel section: a title above a row of cards, where the layout placed them.
    /// Cards end at the row's edge (`clip`), so the last one peeks in from the safe area's side.
    private func drawCarouselSection(_ svg: inout SVGBuilder, index: Int, tab: TabConfig, page: PageLayout, clip: String?) {
        if let title = page.sectionTitle { svg.label("\(tab.title) \(index + 1)", at: title, fill: palette.text) }
        if let clip { svg.open(clip: clip) }
        defer { if clip != nil { svg.close() } }
        for (item, card) in page.cardParts.enumerated() {
            svg.rect(card.card, fill: palette.skeleton, radius: 10)
            svg.rect(card.image, fill: Palette.swatch(index * 3 + item), radius: 10)
            svg.rect(card.captions[0], fill: palette.secondaryText, radius: 4, opacity: 0.5)
            svg.rect(card.captions[1], fill: palette.secondaryText, radius: 4, opacity: 0.3)
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

extension SVGBuilder {
    /// A line of text where the layout placed it.
    mutating func label(_ string: String, at text: PlacedText, fill: String, id: String? = nil) {
        label(string, x: text.x, y: text.baseline, font: text.font, fill: fill, anchor: Anchor(text.anchor), id: id)
    }
}

extension SVGBuilder.Anchor {
    /// The markup anchor of a layout's text anchor.
    init(_ anchor: LaidOutElement.TextAnchor) {
        self =
            switch anchor {
            case .start: .start
            case .middle: .middle
            case .end: .end
            }
    }
}
