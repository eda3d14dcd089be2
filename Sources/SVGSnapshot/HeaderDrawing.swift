import Adaptive
import ScrollableTab

extension Scene {
    func drawHeader(_ svg: inout SVGBuilder) {
        switch layout.header.placement {
        case .top: drawTopHeader(&svg)
        case .side: drawSideHeader(&svg)
        }
    }

    /// Twitter-style: the profile scrolls up under a cover band that shrinks to the collapsed
    /// height and shows the title; pulled down (stretch), the cover grows.
    private func drawTopHeader(_ svg: inout SVGBuilder) {
        let header = layout.header
        let width = header.frame.width
        let shift = header.profileOffset.y
        svg.clipRect(id: "header-clip", header.frame)
        svg.open("header", clip: "header-clip")
        svg.rect(header.frame, fill: palette.background)

        // The avatar rides with the profile but is drawn outside it, under or over the cover.
        let avatarCenter = (x: header.avatarCenter.x, y: header.avatarCenter.y + shift)
        svg.open("profile", transform: shift != 0 ? "translate(0,\(n(shift)))" : nil)
        drawProfileText(&svg, top: header.profileTextTop, width: width, leadingInset: header.leadingInset)
        if let button = header.followButton { drawFollowButton(&svg, button) }
        svg.close()
        if !header.avatarOverCover { drawAvatar(&svg, center: avatarCenter, radius: header.avatarRadius) }
        drawCover(&svg, header.cover)
        if header.avatarOverCover { drawAvatar(&svg, center: avatarCenter, radius: header.avatarRadius) }

        let titleOpacity = header.navigationTitleOpacity
        if titleOpacity > 0, !container.config.header.title.isEmpty {
            let middle = header.navigationTitleMiddle
            svg.label(container.config.header.title, x: width / 2, y: middle + 6 * fixedHeightTypeScale, size: 17 * fixedHeightTypeScale,
                      fill: "#ffffff", bold: true, anchor: .middle, id: "nav-title", opacity: titleOpacity)
        }
        svg.close()
    }

    /// The compact-height layout: a fixed column on the leading side (trailing in RTL).
    private func drawSideHeader(_ svg: inout SVGBuilder) {
        let header = layout.header
        let x = header.profileOffset.x
        svg.clipRect(id: "header-clip", header.frame)
        svg.open("header", clip: "header-clip")
        svg.rect(header.frame, fill: palette.background)
        drawCover(&svg, header.cover)
        svg.open("profile", transform: x != 0 ? "translate(\(n(x)),0)" : nil)
        drawAvatar(&svg, center: (header.avatarCenter.x, header.avatarCenter.y), radius: header.avatarRadius)
        drawProfileText(&svg, top: header.profileTextTop, width: header.profileWidth, leadingInset: header.leadingInset)
        svg.close()
        if let separator = header.separator { svg.rect(separator, fill: palette.separator) }
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

    /// Name, handle and counts: a row or a column, as the layout's stack axis says.
    private func drawProfileText(_ svg: inout SVGBuilder, top: Double, width: Double, leadingInset: Double) {
        let header = container.config.header
        let at = leading(leadingInset, in: width)
        let nameSize = 20 * fixedHeightTypeScale, detailSize = 15 * fixedHeightTypeScale, statsSize = 14 * fixedHeightTypeScale
        let stats = ("1,024 Following", "12.5K Followers")
        var y = top + 6 + nameSize
        if layout.header.stackAxis == .horizontal {
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
        if layout.header.placement == .side {
            // The side column is narrow: one count per line.
            svg.label(stats.0, x: at.x, y: y, size: statsSize, fill: palette.secondaryText, anchor: at.anchor, id: "stats")
            svg.label(stats.1, x: at.x, y: y + statsSize + 5, size: statsSize, fill: palette.secondaryText, anchor: at.anchor)
        } else {
            svg.label("\(stats.0)  ·  \(stats.1)", x: at.x, y: y, size: statsSize, fill: palette.secondaryText, anchor: at.anchor, id: "stats")
        }
    }

    private func drawFollowButton(_ svg: inout SVGBuilder, _ frame: Rect) {
        svg.rect(frame, fill: palette.button, radius: frame.height / 2, id: "follow")
        svg.label("Follow", x: frame.midX, y: frame.midY + 5, size: 14, fill: palette.background, bold: true, anchor: .middle)
    }
}
