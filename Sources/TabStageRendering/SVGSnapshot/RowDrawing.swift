import TabStageLayout
import TabStageModel
import TabStageScenario

extension Scene {
    /// A row that shows the scenario's data, in the row's coordinates (the caller translates).
    /// `template` is compiled once per page by the caller for Mustache rows.
    func drawDataRow(
        _ svg: inout SVGBuilder, row: VisibleRow, tab: Int, content: RowContent, height: Double, compiled: CheckedRowTemplate?
    ) {
        let width = rowWidth
        switch content.template {
        case .grid:
            drawGridRow(&svg, row: row.index, tab: tab, content: content, cells: row.gridCells)
        case .custom:
            guard let compiled, let item = content.item(row: row.index) else { return }
            let key = TemplateRowKey(
                tab: tab, item: row.index % content.items.count, height: height, indexDigits: String(row.index).utf8.count)
            if svg.estimating, let known = svg.templateRows[key] {
                // Counted from the first row of its key, which drew the same item's picture.
                svg.count(known.bytes)
                if known.drawsPicture, let image = item.image { _ = svg.pictureReference(image) }
                return
            }
            let start = svg.written
            var drawsPicture = false
            defer { if svg.estimating { svg.templateRows[key] = TemplateRowSize(bytes: svg.written - start, drawsPicture: drawsPicture) } }
            let prefix = "row-\(tab)-\(row.index)-"
            var pictures: [String: SharedPicture] = [:]
            if let image = item.image {
                pictures[SharedPicture.itemPicture] = SharedPicture(id: svg.pendingPictureID(image), image: image)
            }
            // A fragment the checker refuses here (its sections took another turn than at load
            // time) is not drawn: nothing unchecked ever reaches the picture.
            guard
                case .success(let fragment) = compiled.render(
                    item: item, index: row.index, width: width, height: height, dark: dark, idPrefix: prefix,
                    colors: TemplateColors(palette),
                    pictures: pictures)
            else { return }
            // The picture's one copy is added only when the row shows it; data that is not an
            // embeddable PNG or JPEG leaves the row undrawn rather than pointing at nothing.
            if let image = item.image, let shared = pictures[SharedPicture.itemPicture], fragment.contains("href=\"#\(shared.id)\"") {
                guard svg.pictureReference(image) != nil else { return }
                drawsPicture = true
            }
            // Outside the template's ids (all "row-T-R-…"), so a template's own id="clip" is no twin.
            let clip = "rowclip-\(tab)-\(row.index)"
            svg.clipRect(id: clip, Rect(x: 0, y: 0, width: width, height: height))
            svg.open(clip: clip)
            svg.raw(fragment + "\n")
            svg.close()
        case .post, .plain, .media:
            guard let layout = row.content, let item = content.item(row: row.index) else { return }
            drawBuiltInRow(&svg, layout, item: item, template: content.template, id: "row-\(tab)-\(row.index)")
        }
    }

    private var dark: Bool { stage.window.traits.userInterfaceStyle == .dark }

    /// A post, plain or media row where its layout put each part: the frames, centre and text
    /// anchors arrive mirrored for right-to-left, so nothing here depends on the direction.
    private func drawBuiltInRow(
        _ svg: inout SVGBuilder, _ layout: RowContentLayout, item: RowItem, template: RowTemplate, id: String
    ) {
        if let separator = layout.separator {
            svg.rect(separator, fill: palette.separator)
        }
        if let frame = layout.image, let image = item.image {
            drawImage(&svg, image, in: frame, radius: template == .media ? 0 : 12, clipID: id + "-image")
        } else if template == .media, let frame = layout.image {
            svg.rect(frame, fill: palette.skeleton)
        }
        if template == .post {
            let center = layout.avatarCenter
            let seed = item.title.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
            svg.circle(cx: center.x, cy: center.y, r: layout.avatarRadius, fill: Palette.swatch(seed))
            if layout.avatarRadius >= 10 {
                if let initial = Avatar.initials(of: item.title, count: 1) {
                    svg.label(initial, at: layout.avatarInitial, fill: "#ffffff")
                } else {
                    drawPersonGlyph(&svg, cx: center.x, cy: center.y, r: layout.avatarRadius)
                }
            }
        }
        let captionColour = template == .media ? "#ffffff" : palette.text
        if let title = layout.title {
            svg.label(title.text, at: layout.titlePlacement, fill: captionColour)
        }
        if let detail = layout.detail {
            svg.label(detail.text, at: layout.detailPlacement, fill: palette.secondaryText)
        }
        if let time = layout.time {
            svg.label(time.text, at: layout.timePlacement, fill: palette.secondaryText)
        }
        for action in layout.actions {
            let colour = palette.secondaryText
            switch action.kind {
            case .reply: Glyphs.reply(&svg, action.glyph, colour: colour)
            case .repost: Glyphs.repost(&svg, action.glyph, colour: colour)
            case .like: Glyphs.like(&svg, action.glyph, colour: colour)
            case .views: Glyphs.views(&svg, action.glyph, colour: colour)
            case .share: Glyphs.share(&svg, action.glyph, colour: colour)
            }
            if let count = action.count {
                svg.label(count.text, at: action.countPlacement, fill: colour)
            }
        }
        for (line, placement) in zip(layout.lines, layout.linePlacements) {
            svg.label(line, at: placement, fill: palette.text)
        }
    }

    /// A grid row's cells where the layout placed them: row `r` shows items 3r, 3r+1 and 3r+2
    /// (repeating).
    private func drawGridRow(_ svg: inout SVGBuilder, row: Int, tab: Int, content: RowContent, cells: [Rect]) {
        let columns = RowTemplate.gridColumns
        for (column, frame) in cells.enumerated() {
            guard let item = content.item(row: row, column: column) else { continue }
            if let image = item.image {
                drawImage(&svg, image, in: frame, radius: 0, clipID: "row-\(tab)-\(row)-cell-\(column)")
            } else {
                svg.rect(frame, fill: Palette.swatch(row * columns + column))
            }
        }
    }

    /// An embedded picture scaled to cover `frame` (aspect fill), clipped to it.
    private func drawImage(_ svg: inout SVGBuilder, _ image: EmbeddedImage, in frame: Rect, radius: Double, clipID: String) {
        guard frame.width > 0, frame.height > 0 else { return }
        svg.clipRect(id: clipID, frame, radius: radius)
        svg.open(clip: clipID)
        svg.image(image, frame)
        svg.close()
    }
}
