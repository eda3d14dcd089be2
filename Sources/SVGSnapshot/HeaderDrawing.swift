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
        drawProfileText(&svg)
        if let button = header.followButton { drawFollowButton(&svg, button) }
        svg.close()
        if !header.avatarOverCover { drawAvatar(&svg, center: avatarCenter, radius: header.avatarRadius) }
        drawCover(&svg, header.cover)
        if header.avatarOverCover { drawAvatar(&svg, center: avatarCenter, radius: header.avatarRadius) }

        let titleOpacity = header.navigationTitleOpacity
        if titleOpacity > 0, !container.config.header.title.isEmpty {
            let middle = header.navigationTitleMiddle, size = header.navigationTitleSize
            svg.label(
                header.navigationTitle.text, x: width / 2, y: middle + size * 0.36, size: size,
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
        drawProfileText(&svg)
        if let button = header.followButton { drawFollowButton(&svg, button) }
        svg.close()
        if let separator = header.separator { svg.rect(separator, fill: palette.separator) }
        svg.close()
    }

    /// The art is clipped to the band, so it never tints what is drawn below it.
    private func drawCover(_ svg: inout SVGBuilder, _ frame: Rect) {
        svg.clipRect(id: "cover-clip", frame)
        svg.open("cover", clip: "cover-clip")
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

    /// Name, handle and counts where the layout put them, as fitted there.
    private func drawProfileText(_ svg: inout SVGBuilder) {
        var ids: Set<String> = []
        for text in layout.header.texts {
            let id = ids.insert(text.element).inserted ? text.element : nil
            svg.label(
                text.fitted.text, x: text.x, y: text.baseline, size: text.size, fill: text.secondary ? palette.secondaryText : palette.text,
                bold: text.bold, anchor: rtl ? .end : .start, id: id)
        }
    }

    private func drawFollowButton(_ svg: inout SVGBuilder, _ frame: Rect) {
        svg.rect(frame, fill: palette.button, radius: frame.height / 2, id: "follow")
        let size = layout.header.followFontSize
        svg.label("Follow", x: frame.midX, y: frame.midY + size * 0.36, size: size, fill: palette.background, bold: true, anchor: .middle)
    }
}
