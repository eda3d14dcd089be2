import TabStageLayout
import TabStageModel

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
        let shift = header.profileOffset.y
        svg.clipRect(id: "header-clip", header.frame)
        svg.open("header", clip: "header-clip")
        svg.rect(header.frame, fill: palette.background)

        // Liquid Glass: what slides under the banner fades out below its edge (a luminance mask,
        // hidden at the banner's bottom edge, whole at the band's bottom).
        if let fade = header.profileEdgeFade {
            let box = header.frame
            svg.raw(
                "<defs><linearGradient id=\"profile-edge-fade\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                    + "<stop offset=\"0\" stop-color=\"#000000\"/><stop offset=\"1\" stop-color=\"#ffffff\"/></linearGradient>"
                    + "<mask id=\"profile-edge-mask\" maskUnits=\"userSpaceOnUse\" x=\"\(n(box.x))\" y=\"\(n(box.y))\" "
                    + "width=\"\(n(box.width))\" height=\"\(n(box.height))\">"
                    + "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" fill=\"#ffffff\"/>"
                    + "<rect x=\"\(n(fade.x))\" y=\"\(n(fade.y))\" width=\"\(n(fade.width))\" height=\"\(n(fade.height))\" "
                    + "fill=\"url(#profile-edge-fade)\"/></mask></defs>\n")
            svg.raw("<g mask=\"url(#profile-edge-mask)\">\n")
        }
        // The avatar rides with the profile but is drawn outside it, under or over the cover.
        svg.open("profile", transform: shift != 0 ? "translate(0,\(n(shift)))" : nil)
        drawProfileText(&svg)
        if let button = header.followButton { drawFollowButton(&svg, button) }
        svg.close()
        if !header.avatarOverCover { drawAvatar(&svg) }
        if header.profileEdgeFade != nil { svg.raw("</g>\n") }
        drawCover(&svg, header.cover)
        if header.avatarOverCover { drawAvatar(&svg) }

        let titleOpacity = header.navigationTitleOpacity
        if titleOpacity > 0, !look.header.title.isEmpty {
            let origin = header.navigationTitleOrigin
            svg.label(
                header.navigationTitle.text, x: origin.x, y: origin.y, font: header.navigationTitleFont,
                fill: "#ffffff", anchor: .middle, id: "nav-title", opacity: titleOpacity)
            if let subtitle = header.navigationSubtitle, let origin = header.navigationSubtitleOrigin {
                svg.label(
                    subtitle.text, x: origin.x, y: origin.y, font: header.navigationSubtitleFont, fill: "#ffffff", anchor: .middle,
                    id: "nav-subtitle", opacity: titleOpacity)
            }
        }
        drawNavButtons(&svg)
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
        drawAvatar(&svg)
        drawProfileText(&svg)
        if let button = header.followButton { drawFollowButton(&svg, button) }
        svg.close()
        drawNavButtons(&svg)
        if let separator = header.separator { svg.rect(separator, fill: palette.separator) }
        svg.close()
    }

    /// The art is clipped to the band, so it never tints what is drawn below it.
    private func drawCover(_ svg: inout SVGBuilder, _ frame: Rect) {
        svg.clipRect(id: "cover-clip", frame)
        svg.open("cover", clip: "cover-clip")
        let blur = layout.header.coverBlur, dim = layout.header.coverDim
        if blur > 0 {
            // X's collapsed bar: the banner blurred (drawn past the band by three deviations so
            // its edges stay opaque) and dimmed under the white title.
            let reach = 3 * blur
            let wide = Rect(x: frame.x - reach, y: frame.y - reach, width: frame.width + 2 * reach, height: frame.height + 2 * reach)
            svg.raw(
                "<defs><filter id=\"cover-blur\" filterUnits=\"userSpaceOnUse\" x=\"\(n(wide.x))\" y=\"\(n(wide.y))\" "
                    + "width=\"\(n(wide.width))\" height=\"\(n(wide.height))\" color-interpolation-filters=\"sRGB\">"
                    + "<feGaussianBlur stdDeviation=\"\(n(blur))\"/></filter></defs>\n")
            // The sharp banner underneath: the renderer blurs only what lies on the canvas, so
            // the blur thins out toward the window's top edge, where this shows through.
            for blurred in [false, true] {
                if blurred { svg.open(filter: "cover-blur") }
                switch themeColors.banner {
                case .image(let image):
                    svg.rect(wide, fill: palette.coverStart)
                    svg.image(image, wide, id: blurred ? nil : "banner-image")
                default:
                    svg.rect(wide, fill: "url(#cover-gradient)")
                }
                if blurred { svg.close() }
            }
            svg.rect(frame, fill: "#000000", opacity: dim)
            if let scrim = layout.header.statusBarScrim {
                // Liquid Glass: darker still under the status bar, solid over its top half and
                // fading out at the safe area's top.
                svg.raw(
                    "<defs><linearGradient id=\"status-bar-scrim-fade\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                        + "<stop offset=\"0\" stop-color=\"#000000\" stop-opacity=\"\(n(layout.header.statusBarScrimOpacity))\"/>"
                        + "<stop offset=\"0.5\" stop-color=\"#000000\" stop-opacity=\"\(n(layout.header.statusBarScrimOpacity))\"/>"
                        + "<stop offset=\"1\" stop-color=\"#000000\" stop-opacity=\"0\"/></linearGradient></defs>\n")
                svg.rect(scrim, fill: "url(#status-bar-scrim-fade)", id: "status-bar-scrim")
            }
            svg.close()
            return
        }
        switch themeColors.banner {
        case .image(let image):
            // Aspect-fill, so a stretched header shows the picture bigger, as on X.
            svg.rect(frame, fill: palette.coverStart)
            svg.image(image, frame, id: "banner-image")
            svg.close()
            return
        case .colors:
            svg.rect(frame, fill: "url(#cover-gradient)")
            svg.close()
            return
        case nil:
            svg.rect(frame, fill: "url(#cover-gradient)")
        }
        // Art that scales with the band (aspect-fill), so a stretched header shows bigger art.
        let unit = max(frame.width, frame.height)
        svg.circle(cx: frame.x + frame.width * 0.82, cy: frame.y + frame.height * 0.35, r: unit * 0.22, fill: "#ffffff", opacity: 0.12)
        svg.circle(cx: frame.x + frame.width * 0.12, cy: frame.maxY, r: unit * 0.18, fill: "#ffffff", opacity: 0.1)
        svg.close()
    }

    /// A head and shoulders, as Contacts draws a person without a usable name: for an avatar
    /// whose name has no letter or digit to take initials from.
    func drawPersonGlyph(_ svg: inout SVGBuilder, cx: Double, cy: Double, r: Double) {
        svg.circle(cx: cx, cy: cy - 0.2 * r, r: 0.3 * r, fill: "#ffffff", opacity: 0.9)
        let left = cx - 0.56 * r, right = cx + 0.56 * r, bottom = cy + 0.62 * r, top = cy + 0.1 * r
        svg.path(
            "M\(n(left)) \(n(bottom))C\(n(left)) \(n(top)) \(n(right)) \(n(top)) \(n(right)) \(n(bottom))Z", fill: "#ffffff",
            opacity: 0.9)
    }

    /// The avatar where the layout draws it (`HeaderLayout.drawnAvatarCenter`).
    private func drawAvatar(_ svg: inout SVGBuilder) {
        let center = layout.header.drawnAvatarCenter, radius = layout.header.avatarRadius
        let title = look.header.title
        svg.open("avatar")
        switch look.header.avatar {
        case .initials(let given, let color):
            svg.circle(cx: center.x, cy: center.y, r: radius, fill: color?.svg ?? "#f4a261", stroke: palette.background, strokeWidth: 4)
            if let initials = given.flatMap({ $0.isEmpty ? nil : $0 }) ?? Avatar.initials(of: title) {
                svg.label(initials, at: layout.header.avatarInitials, fill: "#ffffff")
            } else {
                drawPersonGlyph(&svg, cx: center.x, cy: center.y, r: radius)
            }
        case .image(let image):
            let box = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
            svg.circleClip(id: "avatar-clip", cx: center.x, cy: center.y, r: radius)
            svg.open(clip: "avatar-clip")
            svg.rect(box, fill: palette.skeleton)
            svg.image(image, box, id: "avatar-image")
            svg.close()
            svg.circle(cx: center.x, cy: center.y, r: radius, fill: "none", stroke: palette.background, strokeWidth: 4)
        }
        svg.close()
    }

    /// X's badge: a scalloped tint-coloured seal with a white check, drawn as paths.
    private func drawVerifiedBadge(_ svg: inout SVGBuilder, _ frame: Rect) {
        let cx = frame.midX, cy = frame.midY, outer = frame.width / 2, inner = outer * 0.82
        var d = ""
        // Sixteen points 22.5° apart, clockwise from the top; sines written out (no libm).
        let quarter = [0, 0.3826834, 0.7071068, 0.9238795, 1, 0.9238795, 0.7071068, 0.3826834]
        func sine(_ step: Int) -> Double { step < 8 ? quarter[step] : -quarter[step - 8] }
        for point in 0..<16 {
            let r = point % 2 == 0 ? outer : inner
            d += (point == 0 ? "M" : "L") + "\(n(cx + r * sine(point))),\(n(cy - r * sine((point + 4) % 16)))"
        }
        svg.path(d + "Z", fill: palette.accent, id: "verified")
        let u = frame.width / 20
        svg.strokedPath(
            "M\(n(cx - 4.5 * u)),\(n(cy + 0.2 * u))L\(n(cx - 1.2 * u)),\(n(cy + 3.4 * u))L\(n(cx + 4.8 * u)),\(n(cy - 3.4 * u))",
            stroke: "#ffffff", width: 2.2 * u)
    }

    /// Round translucent buttons with white glyphs over the banner (paths, not font glyphs).
    private func drawNavButtons(_ svg: inout SVGBuilder) {
        for item in layout.header.navButtons {
            let f = item.frame, cx = item.frame.midX, cy = item.frame.midY, u = f.width / 32
            svg.circle(cx: cx, cy: cy, r: f.width / 2, fill: "#0f1419", id: "nav-\(item.button.rawValue)", opacity: 0.6)
            switch item.button {
            case .back:
                // The arrow points toward the leading edge.
                let s = item.glyphScaleX
                svg.strokedPath(
                    "M\(n(cx + 7 * u * s)),\(n(cy))L\(n(cx - 7 * u * s)),\(n(cy))M\(n(cx - 1 * u * s)),\(n(cy - 6 * u))"
                        + "L\(n(cx - 7 * u * s)),\(n(cy))L\(n(cx - 1 * u * s)),\(n(cy + 6 * u))",
                    stroke: "#ffffff", width: 2 * u)
            case .search:
                let r = 5.5 * u, lx = cx - 1.5 * u, ly = cy - 1.5 * u
                svg.strokedPath(
                    "M\(n(lx - r)),\(n(ly))A\(n(r)),\(n(r)) 0 1 0 \(n(lx + r)),\(n(ly))A\(n(r)),\(n(r)) 0 1 0 \(n(lx - r)),\(n(ly))"
                        + "M\(n(lx + 0.7 * r + 0.8 * u)),\(n(ly + 0.7 * r + 0.8 * u))L\(n(cx + 7 * u)),\(n(cy + 7 * u))",
                    stroke: "#ffffff", width: 2 * u)
            case .more:
                for dx in [-6.0, 0, 6] { svg.circle(cx: cx + dx * u, cy: cy, r: 1.8 * u, fill: "#ffffff") }
            }
        }
    }

    /// Name, handle and counts where the layout put them, as fitted there.
    private func drawProfileText(_ svg: inout SVGBuilder) {
        var ids: Set<String> = []
        for text in layout.header.texts {
            let id = ids.insert(text.element).inserted ? text.element : nil
            let fill = text.accent ? palette.accent : text.secondary ? palette.secondaryText : palette.text
            svg.label(
                text.fitted.text, x: text.x, y: text.baseline, font: text.font, fill: fill, anchor: SVGBuilder.Anchor(text.anchor), id: id)
        }
        for glyph in layout.header.glyphs {
            let colour = glyph.glyph == .link ? palette.accent : palette.secondaryText
            switch glyph.glyph {
            case .location: Glyphs.location(&svg, glyph.frame, colour: colour)
            case .link: Glyphs.link(&svg, glyph.frame, colour: colour)
            case .joined: Glyphs.calendar(&svg, glyph.frame, colour: colour)
            }
        }
        if let badge = layout.header.verifiedBadge { drawVerifiedBadge(&svg, badge) }
    }

    private func drawFollowButton(_ svg: inout SVGBuilder, _ frame: Rect) {
        let outlined = layout.header.followButtonOutlined
        if outlined {
            // X's Edit profile / Following: the background, a hairline border, the label's colour.
            let inset = Rect(x: frame.x + 0.5, y: frame.y + 0.5, width: frame.width - 1, height: frame.height - 1)
            svg.rect(
                inset, fill: palette.background, radius: inset.height / 2, id: "follow", stroke: palette.secondaryText, strokeWidth: 1)
        } else {
            svg.rect(frame, fill: palette.button, radius: frame.height / 2, id: "follow")
        }
        guard let title = layout.header.followTitle, let baseline = layout.header.followTitleBaseline else { return }
        svg.label(
            title.text, x: frame.midX, y: baseline, font: layout.header.followFont, fill: outlined ? palette.text : palette.background,
            anchor: .middle)
    }
}
