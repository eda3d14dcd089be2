import Adaptive
import ScrollableTab

extension Scene {
    func drawHeader(_ svg: inout SVGBuilder) {
        switch geometry.placement {
        case .top: drawTopHeader(&svg)
        case .side: drawSideHeader(&svg)
        }
    }

    /// Where the cover art ends when the header is fully expanded.
    private var expandedCoverBottom: Double {
        safeArea.top + 0.38 * (geometry.expandedHeaderHeight - safeArea.top)
    }

    /// Twitter-style: the profile scrolls up under a cover band that shrinks to the collapsed
    /// height and shows the title; pulled down (stretch), the cover grows.
    private func drawTopHeader(_ svg: inout SVGBuilder) {
        let width = size.width
        let shift = headerHeight - geometry.expandedHeaderHeight
        let coverBottom = max(geometry.collapsedHeaderHeight, expandedCoverBottom + shift)
        let progress = container.collapseProgress
        let header = Rect(x: 0, y: 0, width: width, height: headerHeight)
        svg.clipRect(id: "header-clip", header)
        svg.open("header", clip: "header-clip")
        svg.rect(header, fill: palette.background)

        // Content keeps clear of the side safe areas (the sensor housing in landscape).
        let leadingInset = 16 + (rtl ? safeArea.right : safeArea.left)
        let trailingInset = 16 + (rtl ? safeArea.left : safeArea.right)
        let avatarRadius = 30.0
        let avatarCenter = (x: mirrored(leadingInset + avatarRadius, in: width), y: expandedCoverBottom + shift)
        let avatarOverCover = progress <= 0.5
        svg.open("profile", transform: shift != 0 ? "translate(0,\(n(shift)))" : nil)
        drawProfileText(&svg, top: expandedCoverBottom + avatarRadius, width: width, leadingInset: leadingInset)
        drawFollowButton(&svg, top: expandedCoverBottom + 10, width: width, trailingInset: trailingInset)
        svg.close()
        if !avatarOverCover { drawAvatar(&svg, center: avatarCenter, radius: avatarRadius) }
        drawCover(&svg, Rect(x: 0, y: 0, width: width, height: coverBottom))
        if avatarOverCover { drawAvatar(&svg, center: avatarCenter, radius: avatarRadius) }

        // The collapsed band doubles as a navigation bar: its title fades in near the end.
        let titleOpacity = min(max(progress * 4 - 3, 0), 1)
        if titleOpacity > 0, !container.config.header.title.isEmpty {
            let middle = safeArea.top + (coverBottom - safeArea.top) / 2
            svg.label(container.config.header.title, x: width / 2, y: middle + 6 * fixedHeightTypeScale, size: 17 * fixedHeightTypeScale,
                      fill: "#ffffff", bold: true, anchor: .middle, id: "nav-title", opacity: titleOpacity)
        }
        svg.close()
    }

    /// The compact-height layout: a fixed column on the leading side (trailing in RTL).
    private func drawSideHeader(_ svg: inout SVGBuilder) {
        let width = geometry.sideWidth
        let x = rtl ? size.width - width : 0
        let column = Rect(x: x, y: 0, width: width, height: size.height)
        svg.clipRect(id: "header-clip", column)
        svg.open("header", clip: "header-clip")
        svg.rect(column, fill: palette.background)
        let coverBottom = max(safeArea.top + 60, size.height * 0.34)
        drawCover(&svg, Rect(x: x, y: 0, width: width, height: coverBottom))
        let radius = 30.0
        let inset = (rtl ? safeArea.right : safeArea.left) + 16
        svg.open("profile", transform: x != 0 ? "translate(\(n(x)),0)" : nil)
        drawAvatar(&svg, center: (mirrored(inset + radius, in: width), coverBottom), radius: radius)
        drawProfileText(&svg, top: coverBottom + radius, width: width, leadingInset: inset)
        svg.close()
        svg.rect(Rect(x: rtl ? x : x + width - 0.5, y: 0, width: 0.5, height: size.height), fill: palette.separator)
        svg.close()
    }

    private func drawCover(_ svg: inout SVGBuilder, _ frame: Rect) {
        svg.open("cover")
        svg.rect(frame, fill: "url(#cover-gradient)")
        // Art that scales with the band (aspect-fill), so a stretched header shows bigger art.
        let unit = max(frame.width, frame.height)
        svg.circle(cx: frame.x + frame.width * 0.82, cy: frame.y + frame.height * 0.35, r: unit * 0.22, fill: "#ffffff", opacity: 0.12)
        svg.circle(cx: frame.x + frame.width * 0.12, cy: frame.maxY, r: unit * 0.18, fill: "#ffffff", opacity: 0.1)
        svg.close()
    }

    private func drawAvatar(_ svg: inout SVGBuilder, center: (x: Double, y: Double), radius: Double) {
        let title = container.config.header.title
        svg.open("avatar")
        svg.circle(cx: center.x, cy: center.y, r: radius, fill: "#f4a261", stroke: palette.background, strokeWidth: 4)
        let initials = title.split(separator: " ").prefix(2).compactMap(\.first).map(String.init).joined()
        if !initials.isEmpty {
            svg.label(initials, x: center.x, y: center.y + radius * 0.3, size: radius * 0.8, fill: "#ffffff", bold: true, anchor: .middle)
        }
        svg.close()
    }

    /// Name, handle and counts: a row in regular width (stack axis horizontal), a column in
    /// compact width and in the side header.
    private func drawProfileText(_ svg: inout SVGBuilder, top: Double, width: Double, leadingInset: Double) {
        let header = container.config.header
        let at = leading(leadingInset, in: width)
        let nameSize = 20 * fixedHeightTypeScale, detailSize = 15 * fixedHeightTypeScale, statsSize = 14 * fixedHeightTypeScale
        let stats = ("1,024 Following", "12.5K Followers")
        var y = top + 6 + nameSize
        if stage.window.traits.horizontalSizeClass == .regular && geometry.placement == .top {
            // The renderer lays the runs out one after another; in RTL the name stays on the leading (right) side.
            var runs: [SVGBuilder.Span] = [
                .init(text: header.title, size: nameSize, fill: palette.text, bold: true),
                .init(text: header.subtitle, size: detailSize, fill: palette.secondaryText, gap: 16),
                .init(text: "\(stats.0)  ·  \(stats.1)", size: statsSize, fill: palette.secondaryText, gap: 24),
            ]
            if rtl {
                runs.reverse()
                for i in runs.indices { runs[i].gap = i == 0 ? 0 : 20 }
            }
            svg.spans(runs, x: at.x, y: y, anchor: at.anchor, id: "title")
            return
        }
        svg.label(header.title, x: at.x, y: y, size: nameSize, fill: palette.text, bold: true, anchor: at.anchor, id: "title")
        y += detailSize + 5
        svg.label(header.subtitle, x: at.x, y: y, size: detailSize, fill: palette.secondaryText, anchor: at.anchor, id: "subtitle")
        y += statsSize + 6
        if geometry.placement == .side {
            // The side column is narrow: one count per line.
            svg.label(stats.0, x: at.x, y: y, size: statsSize, fill: palette.secondaryText, anchor: at.anchor, id: "stats")
            svg.label(stats.1, x: at.x, y: y + statsSize + 5, size: statsSize, fill: palette.secondaryText, anchor: at.anchor)
        } else {
            svg.label("\(stats.0)  ·  \(stats.1)", x: at.x, y: y, size: statsSize, fill: palette.secondaryText, anchor: at.anchor, id: "stats")
        }
    }

    private func drawFollowButton(_ svg: inout SVGBuilder, top: Double, width: Double, trailingInset: Double) {
        let buttonWidth = 96.0, buttonHeight = 32.0
        let frame = Rect(x: mirrored(width - trailingInset - buttonWidth, width: buttonWidth, in: width), y: top, width: buttonWidth, height: buttonHeight)
        svg.rect(frame, fill: palette.button, radius: buttonHeight / 2, id: "follow")
        svg.label("Follow", x: frame.midX, y: frame.midY + 5, size: 14, fill: palette.background, bold: true, anchor: .middle)
    }
}
