import TabStageLayout
import TabStageModel

extension Scene {
    /// The split view's primary column: a navigation list with a large title, the first row selected.
    func drawSplitPrimary(_ svg: inout SVGBuilder) {
        guard let frame = layout.split?.primaryFrame, let column = layout.primaryColumn else { return }
        let dark = stage.window.traits.userInterfaceStyle == .dark
        let anchor = SVGBuilder.Anchor(column.textAnchor)
        svg.clipRect(id: "primary-clip", frame)
        svg.open("primary", clip: "primary-clip")
        svg.rect(frame, fill: dark ? "#1c1c1e" : "#f2f2f7")
        svg.label(
            column.title.text, x: column.titleX, y: column.titleBaseline, font: PrimaryColumnLayout.titleFont, fill: palette.text,
            anchor: anchor, id: "primary-title")
        for item in column.rows {
            if item.selected { svg.rect(item.frame, fill: palette.accent, radius: 10) }
            svg.label(
                item.label.text, x: item.labelX, y: item.labelBaseline, font: PrimaryColumnLayout.rowFont,
                fill: item.selected ? "#ffffff" : palette.text, anchor: anchor)
        }
        svg.close()
        if let divider = column.divider {
            svg.rect(divider, fill: dark ? "#38383a" : "#c6c6c8", id: "split-divider")
        }
    }

    /// The presented controller above everything: dimming behind sheets and cards, the
    /// popover with its arrow and shadow (only its shadow falls on its source), or content covering
    /// the window. Presented surfaces use the elevated background in dark appearance and keep
    /// a hairline edge, so they do not melt into a black presenter.
    func drawPresentation(_ svg: inout SVGBuilder) {
        guard let layout = layout.presentation, let chrome = self.layout.presentationChrome else { return }
        let frame = layout.frame
        svg.open("presentation")
        if chrome.dimmed {
            svg.rect(Rect(size: windowSize), fill: "#000000", id: "dim", opacity: chrome.dimmingOpacity)
        }
        if chrome.material == .glass && layout.appearance != .fullScreen {
            drawGlass(&svg, frame, chrome: chrome)
            svg.close()
            return
        }
        switch layout.appearance {
        case .fullScreen:
            drawPresentedContent(&svg, frame, insets: chrome.contentInsets, surface: palette.background)
        case .sheet, .card:
            // A bottom-attached sheet's clip reaches below the window, so only its top corners round.
            let clip = Rect(
                x: frame.x, y: frame.y, width: frame.width,
                height: frame.height + (chrome.roundsTopCornersOnly ? chrome.cornerRadius : 0))
            if chrome.castsShadow {
                svg.raw(shadowFilter)
                svg.open(filter: "presentation-shadow")
            } else {
                svg.open()
            }
            svg.clipRect(id: "sheet-clip", clip, radius: chrome.cornerRadius)
            svg.open("sheet", clip: "sheet-clip")
            drawPresentedContent(&svg, frame, insets: chrome.contentInsets, surface: elevatedSurface)
            if let grabber = chrome.grabber {
                svg.rect(grabber, fill: grabberColor, radius: grabber.height / 2, id: "grabber")
            }
            svg.close()
            svg.close()
            if dark { svg.rect(clip, fill: "none", radius: chrome.cornerRadius, id: "sheet-edge", stroke: "#38383a", strokeWidth: 0.5) }
        case .popover:
            svg.raw(shadowFilter)
            // Body and arrow are one outline, filled once, so no seam shows where they meet.
            let outline = PopoverArrow.outline(of: frame, radius: chrome.cornerRadius, arrow: self.layout.popoverArrow)
            svg.open("popover", filter: "presentation-shadow")
            svg.path(outline, fill: elevatedSurface, id: "arrow")
            svg.clipRect(id: "popover-clip", frame, radius: chrome.cornerRadius)
            svg.open(clip: "popover-clip")
            drawPresentedContent(&svg, frame, insets: chrome.contentInsets, surface: elevatedSurface)
            svg.close()
            svg.close()
            if dark {
                svg.raw("<path id=\"popover-edge\" d=\"\(outline)\" fill=\"none\" stroke=\"#38383a\" stroke-width=\"0.5\"/>\n")
            }
        }
        svg.close()
    }

    private var dark: Bool { stage.window.traits.userInterfaceStyle == .dark }

    /// The grabber's colour: #5A5A5F in dark appearance; in light #C7C7CC before iOS 26 and
    /// `PresentationChrome.glassGrabberColor` on Liquid Glass.
    private var grabberColor: String {
        if dark { return "#5a5a5f" }
        return stage.window.settings.iOSVersion.design == .liquidGlass ? PresentationChrome.glassGrabberColor : "#c7c7cc"
    }

    /// The id of the group holding the window's content when a glass surface shows it blurred.
    static let glassBackdropID = "window-content"

    /// A Liquid Glass surface, drawn cheaply and deterministically: the window's content again,
    /// blurred (`glassBlur` under a popover, `glassSheetBlur` under a sheet; the filter's region is the surface's box, so the blur costs its area
    /// only), the tint over it (`PresentationChrome.tintOpacity`: nearly opaque on a floating
    /// sheet, less on a popover, so the content stays faintly visible through it), the presented screen, then the
    /// specular rim (`drawGlassRim`). The dimming stays behind the glass.
    /// All of it is clipped to the surface's shape: top and bottom corners may differ (a
    /// floating sheet's bottom ones follow the display's), and a popover's arrow is part of it.
    private func drawGlass(_ svg: inout SVGBuilder, _ frame: Rect, chrome: PresentationChrome) {
        let popover = chrome.appearance == .popover
        let outline =
            popover
            ? PopoverArrow.outline(of: frame, radius: chrome.cornerRadius, arrow: self.layout.popoverArrow)
            : roundedRectPath(frame, top: chrome.cornerRadius, bottom: chrome.bottomCornerRadius)
        let blur = popover ? PresentationChrome.glassBlur : PresentationChrome.glassSheetBlur
        let margin = 3 * blur + PresentationRules.arrowDepth
        if chrome.castsShadow { svg.raw(shadowFilter) }
        svg.raw(
            "<defs><filter id=\"glass-blur\" filterUnits=\"userSpaceOnUse\" x=\"\(n(frame.x - margin))\" y=\"\(n(frame.y - margin))\" "
                + "width=\"\(n(frame.width + 2 * margin))\" height=\"\(n(frame.height + 2 * margin))\" color-interpolation-filters=\"sRGB\">"
                + "<feGaussianBlur stdDeviation=\"\(n(blur))\"/></filter>"
                + "<clipPath id=\"glass-clip\"><path d=\"\(outline)\"/></clipPath></defs>\n")
        svg.open(popover ? "popover" : "sheet", filter: chrome.castsShadow ? "presentation-shadow" : nil)
        svg.open("glass", clip: "glass-clip")
        // The glass lies above the dimming and shows the undimmed content through its tint, so
        // its body and its bar read as one surface.
        svg.raw("<use href=\"#\(Self.glassBackdropID)\" filter=\"url(#glass-blur)\"/>\n")
        let box = popover ? outlineBox(frame) : frame
        svg.rect(box, fill: glassTint, id: "presented", opacity: glassOpacity)
        // A floating sheet's content is laid out unscaled and drawn scaled about its centre.
        if let presentation = layout.presentation, presentation.drawnScale != 1 {
            svg.open(transform: Self.scaleAbout(presentation.frame, presentation.drawnScale))
            drawPresentedContent(&svg, presentation.laidOutFrame, insets: chrome.contentInsets, surface: nil)
            svg.close()
        } else {
            drawPresentedContent(&svg, frame, insets: chrome.contentInsets, surface: nil)
        }
        if let grabber = chrome.grabber {
            svg.rect(grabber, fill: grabberColor, radius: grabber.height / 2, id: "grabber")
        }
        svg.close()
        svg.close()
        drawGlassRim(&svg, outline: outline, bounds: frame, clip: "glass-clip", id: "glass-rim")
    }

    /// An SVG transform scaling by `scale` about `frame`'s centre (4 decimals: 386 / 402 is 0.9602).
    static func scaleAbout(_ frame: Rect, _ scale: Double) -> String {
        let cx = n(frame.midX), cy = n(frame.midY)
        return "translate(\(cx) \(cy)) scale(\(decimalText(scale, decimals: 4))) translate(-\(cx) -\(cy))"
    }

    /// The attribute that draws the window's content at its own size inside a floating sheet's
    /// scaled content (the inverse scale about the same centre); empty elsewhere.
    var unscaledBackdrop: String {
        guard let presentation = layout.presentation, presentation.drawnScale != 1 else { return "" }
        return " transform=\"\(Self.scaleAbout(presentation.frame, 1 / presentation.drawnScale))\""
    }

    /// The popover's frame grown by the arrow's depth on every side: a box that holds the arrow.
    private func outlineBox(_ frame: Rect) -> Rect {
        let depth = PresentationRules.arrowDepth
        return Rect(x: frame.x - depth, y: frame.y - depth, width: frame.width + 2 * depth, height: frame.height + 2 * depth)
    }

    /// How opaque the glass's tint is, as the layout decided it (`PresentationChrome.tintOpacity`):
    /// a floating sheet's base is far more opaque than a popover's.
    private var glassOpacity: Double { layout.presentationChrome?.tintOpacity ?? 1 }

    /// A rectangle's outline as path data, its top corners rounded by `top` and its bottom ones by
    /// `bottom` (each at most half the shorter side).
    private func roundedRectPath(_ r: Rect, top: Double, bottom: Double) -> String {
        let limit = min(r.width, r.height) / 2
        let t = min(top, limit), b = min(bottom, limit)
        return "M\(n(r.x + t)) \(n(r.y))H\(n(r.maxX - t))A\(n(t)) \(n(t)) 0 0 1 \(n(r.maxX)) \(n(r.y + t))"
            + "V\(n(r.maxY - b))A\(n(b)) \(n(b)) 0 0 1 \(n(r.maxX - b)) \(n(r.maxY))"
            + "H\(n(r.x + b))A\(n(b)) \(n(b)) 0 0 1 \(n(r.x)) \(n(r.maxY - b))"
            + "V\(n(r.y + t))A\(n(t)) \(n(t)) 0 0 1 \(n(r.x + t)) \(n(r.y))Z"
    }

    /// The colour of Liquid Glass's tint: white in light appearance, `glassDarkTint` in dark.
    private var glassTint: String { dark ? PresentationChrome.glassDarkTint : "#ffffff" }

    /// UIKit's elevated system background in dark appearance; the base background in light.
    private var elevatedSurface: String { dark ? "#1c1c1e" : palette.background }

    /// Blur, offset and fade the alpha, then draw the graphic over it (librsvg 2.54 has no
    /// feDropShadow). In sRGB, so the content's colours pass through the filter unchanged.
    private var shadowFilter: String {
        "<defs><filter id=\"presentation-shadow\" x=\"-20%\" y=\"-20%\" width=\"140%\" height=\"140%\" color-interpolation-filters=\"sRGB\">"
            + "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"14\"/><feOffset dy=\"6\" result=\"blur\"/>"
            + "<feComponentTransfer><feFuncA type=\"linear\" slope=\"0.25\"/></feComponentTransfer>"
            + "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter></defs>\n"
    }

    /// A generic options screen: a navigation bar with Done and a list of actions, where the
    /// layout put them (the list stops above the bottom inset, the home indicator). Rows have
    /// no icon, as an iOS list without images; separators start at the labels.
    private func drawPresentedContent(_ svg: inout SVGBuilder, _ surfaceFrame: Rect, insets: EdgeInsets, surface: String?) {
        if let surface { svg.rect(surfaceFrame, fill: surface, id: "presented") }
        guard let list = layout.presentedList else { return }
        if let glass = list.glass {
            // On glass the scroll edge effect is the glass again, without the rows under it.
            drawGlassBarContent(&svg, list, glass, surface: surface)
            return
        }
        svg.label(
            list.title.text, x: list.contentFrame.midX, y: list.titleBaseline, font: PresentedListLayout.titleFont, fill: palette.text,
            anchor: .middle, id: "presented-title")
        if let done = list.doneText {
            svg.label("Done", at: done, fill: palette.accent)
        }
        svg.rect(list.barSeparator, fill: palette.separator)
        drawPresentedRows(&svg, list)
    }

    /// The presented list's rows: image, label and separator each. On Liquid Glass the last row
    /// has none: the list ends on the glass, not on a hairline.
    func drawPresentedRows(_ svg: inout SVGBuilder, _ list: PresentedListLayout) {
        for (index, row) in list.rows.enumerated() {
            let last = index == list.rows.count - 1
            if let box = row.imageFrame, let image = row.image {
                svg.image(image, box, id: "presented-image-\(index)", fit: true)
            }
            svg.label(
                row.label.text, x: row.labelX, y: row.labelBaseline, font: list.rowFont,
                fill: row.destructive ? "#f4212e" : palette.text, anchor: SVGBuilder.Anchor(list.labelAnchor))
            if !(last && list.glass != nil) { svg.rect(row.separator, fill: palette.separator) }
        }
    }
}

extension Scene {
    /// iOS 26 and later: the rows, then the scroll edge effect where a bar background was, then
    /// the title, Done as a prominent glass circle (tinted with the accent) around a checkmark,
    /// and close as a plain glass circle around a ✕.
    fileprivate func drawGlassBarContent(
        _ svg: inout SVGBuilder, _ list: PresentedListLayout, _ glass: PresentedListLayout.GlassNavigationBar, surface: String?
    ) {
        drawPresentedRows(&svg, list)
        let effect = glass.edgeEffectFrame
        // On an opaque surface the effect is that surface; on glass it is the glass again (the
        // blurred backdrop under the tint), so the bar and the body are one material.
        func fillEffect() {
            if let surface {
                svg.rect(effect, fill: surface, id: "scroll-edge-effect")
            } else {
                // Drawn in the window's coordinates even inside a floating sheet's scaled content.
                svg.raw("<use href=\"#\(Self.glassBackdropID)\"\(unscaledBackdrop) filter=\"url(#glass-blur)\"/>\n")
                svg.rect(effect, fill: glassTint, id: "scroll-edge-effect", opacity: glassOpacity)
            }
        }
        switch glass.edgeEffect {
        case .soft:
            // Opaque down to the bar's bottom, then fading out over the last `softFade` points.
            let solid = effect.height > 0 ? (effect.height - PresentedListLayout.GlassNavigationBar.softFade) / effect.height : 1
            if let surface {
                svg.raw(
                    "<defs><linearGradient id=\"scroll-edge-soft\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                        + "<stop offset=\"0\" stop-color=\"\(surface)\"/><stop offset=\"\(n(solid))\" stop-color=\"\(surface)\"/>"
                        + "<stop offset=\"1\" stop-color=\"\(surface)\" stop-opacity=\"0\"/></linearGradient></defs>\n")
                svg.rect(effect, fill: "url(#scroll-edge-soft)", id: "scroll-edge-effect")
            } else {
                // A luminance mask: white (shown) down to the bar's bottom, fading to black.
                svg.raw(
                    "<defs><linearGradient id=\"scroll-edge-soft\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                        + "<stop offset=\"0\" stop-color=\"#ffffff\"/><stop offset=\"\(n(solid))\" stop-color=\"#ffffff\"/>"
                        + "<stop offset=\"1\" stop-color=\"#000000\"/></linearGradient>"
                        + "<mask id=\"scroll-edge-mask\" maskUnits=\"userSpaceOnUse\" x=\"\(n(effect.x))\" y=\"\(n(effect.y))\" "
                        + "width=\"\(n(effect.width))\" height=\"\(n(effect.height))\">"
                        + "<rect x=\"\(n(effect.x))\" y=\"\(n(effect.y))\" width=\"\(n(effect.width))\" height=\"\(n(effect.height))\" "
                        + "fill=\"url(#scroll-edge-soft)\"/></mask></defs>\n")
                svg.raw("<g mask=\"url(#scroll-edge-mask)\">\n")
                fillEffect()
                svg.raw("</g>\n")
            }
        case .hard:
            fillEffect()
            svg.rect(list.barSeparator, fill: palette.separator)
        }
        svg.label(
            list.title.text, x: list.contentFrame.midX, y: list.titleBaseline, font: PresentedListLayout.titleFont, fill: palette.text,
            anchor: .middle, id: "presented-title")
        if let close = list.closeFrame, let button = glass.closeButton {
            drawGlassBarButton(&svg, button, symbol: close, prominent: false, id: "presented-close-button")
        }
        if let done = list.doneFrame, let button = glass.doneButton {
            drawGlassBarButton(&svg, button, symbol: done, prominent: true, id: "presented-done-button")
        }
    }

    /// A glass bar button (iOS 26 and later): a circle of glass with the glass's rim, its symbol
    /// drawn in `symbol`'s box (a 24 pt design scaled to it). Prominent (Done) is tinted with the
    /// accent under a white checkmark; plain (close) is the surface's glass shaded as a
    /// selection pill (`glassPillOpacity`) under a ✕ in the label colour.
    fileprivate func drawGlassBarButton(_ svg: inout SVGBuilder, _ button: Rect, symbol: Rect, prominent: Bool, id: String) {
        let r = button.height / 2
        if prominent {
            svg.rect(button, fill: palette.accent, radius: r, id: id)
        } else {
            svg.rect(
                button, fill: dark ? "#ffffff" : "#000000", radius: r, id: id,
                opacity: dark ? PresentationChrome.glassDarkPillOpacity : PresentationChrome.glassPillOpacity)
        }
        svg.circleClip(id: "\(id)-clip", cx: button.midX, cy: button.midY, r: r)
        let outline =
            "M\(n(button.midX)) \(n(button.y))A\(n(r)) \(n(r)) 0 0 1 \(n(button.midX)) \(n(button.maxY))"
            + "A\(n(r)) \(n(r)) 0 0 1 \(n(button.midX)) \(n(button.y))Z"
        drawGlassRim(&svg, outline: outline, bounds: button, clip: "\(id)-clip", id: "\(id)-rim")
        // checkmark and xmark: round-capped strokes about 2 pt wide once scaled.
        let path = prominent ? "M4 12.5L9.5 18L20 6" : "M6 6L18 18M18 6L6 18"
        let color = prominent ? "#ffffff" : palette.text
        svg.raw(
            "<path d=\"\(path)\" transform=\"translate(\(n(symbol.x)),\(n(symbol.y))) scale(\(n(symbol.width / 24)))\" fill=\"none\" "
                + "stroke=\"\(color)\" stroke-width=\"2.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\" "
                + "id=\"\(id)-symbol\"/>\n")
    }
}
