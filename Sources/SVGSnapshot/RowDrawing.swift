import Adaptive
import Layout
import Look
import RowTemplates
import ScrollableTab

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
            }
            // Outside the template's ids (all "row-T-R-…"), so a template's own id="clip" is no twin.
            let clip = "rowclip-\(tab)-\(row.index)"
            svg.clipRect(id: clip, Rect(x: 0, y: 0, width: width, height: height))
            svg.open(clip: clip)
            svg.raw(fragment + "\n")
            svg.close()
        case .post, .plain, .media:
            guard let layout = row.content, let item = content.item(row: row.index) else { return }
            drawBuiltInRow(
                &svg, layout, item: item, template: content.template, id: "row-\(tab)-\(row.index)", width: width, height: height)
        }
    }

    private var dark: Bool { stage.window.traits.userInterfaceStyle == .dark }

    private func drawBuiltInRow(
        _ svg: inout SVGBuilder, _ layout: RowContentLayout, item: RowItem, template: RowTemplate, id: String, width: Double, height: Double
    ) {
        if template != .media {
            // Inset to the text on its leading side, as UIKit insets a plain cell's separator.
            let inset = min(layout.separatorInset, width), thickness = layout.separatorThickness
            svg.rect(
                Rect(x: mirrored(inset, width: width - inset, in: width), y: height - thickness, width: width - inset, height: thickness),
                fill: palette.separator)
        }
        if let frame = layout.image, let image = item.image {
            let placed = Rect(x: mirrored(frame.x, width: frame.width, in: width), y: frame.y, width: frame.width, height: frame.height)
            drawImage(&svg, image, in: placed, radius: template == .media ? 0 : 12, clipID: id + "-image")
        } else if template == .media, let frame = layout.image {
            svg.rect(frame, fill: palette.skeleton)
        }
        if template == .post {
            let center = layout.avatarCenter
            let seed = item.title.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
            svg.circle(cx: mirrored(center.x, in: width), cy: center.y, r: layout.avatarRadius, fill: Palette.swatch(seed))
            if layout.avatarRadius >= 10 {
                if let initial = Avatar.initials(of: item.title, count: 1) {
                    let placed = layout.avatarInitial
                    svg.label(
                        initial, x: mirrored(placed.x, in: width), y: placed.baseline, font: placed.font, fill: "#ffffff", anchor: .middle)
                } else {
                    drawPersonGlyph(&svg, cx: mirrored(center.x, in: width), cy: center.y, r: layout.avatarRadius)
                }
            }
        }
        let captionColour = template == .media ? "#ffffff" : palette.text
        if let title = layout.title {
            let at = leading(layout.titleOrigin.x, in: width)
            svg.label(
                title.text, x: at.x, y: layout.titleOrigin.y, font: layout.titleFont, fill: captionColour, anchor: at.anchor)
        }
        if let detail = layout.detail {
            let at = leading(layout.detailOrigin.x, in: width)
            svg.label(
                detail.text, x: at.x, y: layout.detailOrigin.y, font: layout.detailFont, fill: palette.secondaryText, anchor: at.anchor)
        }
        if let time = layout.time {
            let at = leading(layout.timeOrigin.x, in: width)
            svg.label(time.text, x: at.x, y: layout.timeOrigin.y, font: layout.detailFont, fill: palette.secondaryText, anchor: at.anchor)
        }
        for action in layout.actions {
            let glyph = Rect(
                x: mirrored(action.glyph.x, width: action.glyph.width, in: width), y: action.glyph.y, width: action.glyph.width,
                height: action.glyph.height)
            let colour = palette.secondaryText
            switch action.kind {
            case .reply: Glyphs.reply(&svg, glyph, colour: colour)
            case .repost: Glyphs.repost(&svg, glyph, colour: colour)
            case .like: Glyphs.like(&svg, glyph, colour: colour)
            case .views: Glyphs.views(&svg, glyph, colour: colour)
            case .share: Glyphs.share(&svg, glyph, colour: colour)
            }
            if let count = action.count {
                let at = leading(action.countOrigin.x, in: width)
                svg.label(count.text, x: at.x, y: action.countOrigin.y, font: layout.actionFont, fill: colour, anchor: at.anchor)
            }
        }
        for (number, line) in layout.lines.enumerated() {
            let at = leading(layout.lineOrigin.x, in: width)
            svg.label(
                line, x: at.x, y: layout.lineOrigin.y + Double(number) * layout.lineHeight, font: layout.textFont, fill: palette.text,
                anchor: at.anchor)
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
