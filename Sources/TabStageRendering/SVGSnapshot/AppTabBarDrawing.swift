import TabStageLayout
import TabStageModel

extension Scene {
    /// The app's tab bar over the container (inside a pushed-back presenter, as it is part of it).
    func drawAppTabBar(_ svg: inout SVGBuilder) {
        guard let bar = layout.appTabBar else { return }
        let frame = bar.frame
        let dark = stage.window.traits.userInterfaceStyle == .dark
        switch bar.style {
        case .classic:
            svg.rect(frame, fill: palette.tabBar, id: "app-tab-bar")
            svg.rect(Rect(x: frame.x, y: frame.y, width: frame.width, height: 0.5), fill: palette.separator)
        case .floating:
            drawGlass(&svg, frame: frame, radius: bar.cornerRadius, id: "app-tab-bar")
            if let circle = bar.searchButton {
                drawGlass(&svg, frame: circle, radius: circle.height / 2, id: "app-tab-search")
            }
            if let selection = bar.selection {
                svg.rect(
                    selection, fill: dark ? "#ffffff" : "#000000", radius: selection.height / 2,
                    opacity: dark ? PresentationChrome.glassDarkPillOpacity : PresentationChrome.glassPillOpacity)
            }
        }
        // The floating bar's unselected items are the system's near-black (near-white in dark
        // appearance) whatever the look; the classic bar keeps the look's secondary text.
        let unselected =
            bar.style == .classic
            ? palette.secondaryText : dark ? AppTabBarLayout.floatingDarkUnselectedColor : AppTabBarLayout.floatingUnselectedColor
        for item in bar.items {
            let color = item.selected ? palette.accent : unselected
            if let glyph = item.glyph {
                drawGlyph(&svg, glyph, of: item, color: color, id: "app-tab-\(item.index)")
            } else {
                let dot = item.dot
                svg.circle(cx: dot.center.x, cy: dot.center.y, r: dot.radius, fill: color, id: "app-tab-\(item.index)")
            }
            if let baseline = item.titleBaseline {
                svg.label(
                    item.title, x: item.titleX, y: baseline, font: bar.titleFont, fill: color, anchor: item.titleCentered ? .middle : .start
                )
            }
        }
    }

    /// An item's symbol, drawn in a 24 pt box scaled to the item's icon frame (the floating
    /// capsule's 28 pt box draws it 28 / 24 as large): simple filled
    /// shapes drawn for tabstage, standing for the SF Symbols an app would pick (house.fill,
    /// magnifyingglass, bell.fill, envelope.fill, person.fill), or the title's first letter. The
    /// classic bar and the floating capsule use the same shapes.
    private func drawGlyph(
        _ svg: inout SVGBuilder, _ glyph: AppTabBarLayout.Glyph, of item: AppTabBarLayout.Item, color: String, id: String
    ) {
        let box = item.icon
        let scale = box.width / 24
        let open = "<g id=\"\(id)\" transform=\"translate(\(n(box.x)),\(n(box.y))) scale(\(n(scale)))\" "
        let filled = open + "fill=\"\(color)\" fill-rule=\"evenodd\">"
        switch glyph {
        case .house:
            // A roof with rounded eaves over a body whose door is cut out of the bottom.
            svg.raw(
                filled
                    + "<path d=\"M12 3.2L2.6 11.1A1 1 0 0 0 3.9 12.6L5 11.7V19.5A1.5 1.5 0 0 0 6.5 21H10V15.5H14V21H17.5A1.5 1.5 0 0 0 19 19.5V11.7"
                    + "L20.1 12.6A1 1 0 0 0 21.4 11.1Z\"/></g>\n")
        case .magnifyingGlass:
            // A ring and a rounded handle at 45°.
            svg.raw(
                filled
                    + "<path d=\"M10.5 2.8A7.7 7.7 0 1 1 10.5 18.2A7.7 7.7 0 1 1 10.5 2.8ZM10.5 5.2A5.3 5.3 0 1 0 10.5 15.8A5.3 5.3 0 1 0 10.5 5.2Z\"/>"
                    + "<path d=\"M15.2 17L17 15.2L21.1 19.3A1.27 1.27 0 0 1 19.3 21.1Z\"/></g>\n")
        case .bell:
            svg.raw(
                filled
                    + "<path d=\"M12 2.5A1.3 1.3 0 0 1 13.3 3.8V4.3A6 6 0 0 1 18 10.2V14.6L20 17.2V18.4H4V17.2L6 14.6V10.2A6 6 0 0 1 10.7 4.3V3.8"
                    + "A1.3 1.3 0 0 1 12 2.5Z\"/><path d=\"M9.6 19.6H14.4A2.4 2.4 0 0 1 9.6 19.6Z\"/></g>\n")
        case .envelope:
            // A letter with its flap: the fold is cut out as a thin V.
            svg.raw(
                filled
                    + "<path d=\"M4.5 5H19.5A2 2 0 0 1 21.5 7V17A2 2 0 0 1 19.5 19H4.5A2 2 0 0 1 2.5 17V7A2 2 0 0 1 4.5 5Z"
                    + "M4.2 7.4L12 13.3L19.8 7.4L19.8 8.9L12 14.8L4.2 8.9Z\"/></g>\n")
        case .person:
            svg.raw(
                filled
                    + "<circle cx=\"12\" cy=\"7.8\" r=\"4.3\"/><path d=\"M3.5 20.6C3.5 16.4 7.3 13.9 12 13.9C16.7 13.9 20.5 16.4 20.5 20.6Z\"/></g>\n"
            )
        case .initial(let letter):
            let placed = item.initialText
            svg.label(letter, x: placed.x, y: placed.baseline, font: placed.font, fill: color, anchor: .middle, id: id)
        }
    }

    /// iOS 26's soft scroll edge effect along the window's bottom edge, under the floating tab
    /// bar and whatever floats above it (`AppTabBarLayout.edgeEffect`): the content again,
    /// blurred, shown through a mask that rises from nothing at the band's top to all of it at
    /// the bottom (a progressive blur), then the background fading in over it to the effect's
    /// opacity at the glass's bottom edge (`solidFrom`) and holding it below. The blur reads
    /// only `blurRegion`.
    func drawBottomEdgeEffect(_ svg: inout SVGBuilder) {
        guard let effect = layout.appTabBar?.edgeEffect else { return }
        let band = effect.frame, region = effect.blurRegion
        // The fade's full opacity from the glass's bottom edge, as a fraction of the band.
        let solid = band.height > 0 ? min(1, max(0, (effect.solidFrom - band.y) / band.height)) : 1
        svg.raw(
            "<defs><filter id=\"app-tab-bar-edge-blur\" filterUnits=\"userSpaceOnUse\" x=\"\(n(region.x))\" y=\"\(n(region.y))\" "
                + "width=\"\(n(region.width))\" height=\"\(n(region.height))\" color-interpolation-filters=\"sRGB\">"
                + "<feGaussianBlur stdDeviation=\"\(n(effect.blur))\"/></filter>"
                + "<linearGradient id=\"app-tab-bar-edge-ramp\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                + "<stop offset=\"0\" stop-color=\"#000000\"/><stop offset=\"1\" stop-color=\"#ffffff\"/></linearGradient>"
                + "<mask id=\"app-tab-bar-edge-mask\" maskUnits=\"userSpaceOnUse\" x=\"\(n(band.x))\" y=\"\(n(band.y))\" "
                + "width=\"\(n(band.width))\" height=\"\(n(band.height))\">"
                + "<rect x=\"\(n(band.x))\" y=\"\(n(band.y))\" width=\"\(n(band.width))\" height=\"\(n(band.height))\" "
                + "fill=\"url(#app-tab-bar-edge-ramp)\"/></mask>"
                + "<linearGradient id=\"app-tab-bar-edge\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                + "<stop offset=\"0\" stop-color=\"\(palette.background)\" stop-opacity=\"0\"/>"
                + "<stop offset=\"\(decimalText(solid, decimals: 4))\" stop-color=\"\(palette.background)\" stop-opacity=\"\(n(effect.opacity))\"/>"
                + "<stop offset=\"1\" stop-color=\"\(palette.background)\" stop-opacity=\"\(n(effect.opacity))\"/>"
                + "</linearGradient></defs>\n")
        svg.raw("<g id=\"app-tab-bar-edge-blurred\" mask=\"url(#app-tab-bar-edge-mask)\">\n")
        svg.rect(band, fill: palette.background)
        svg.raw("<use href=\"#container\" filter=\"url(#app-tab-bar-edge-blur)\"/>\n")
        svg.raw("</g>\n")
        svg.rect(band, fill: "url(#app-tab-bar-edge)", id: "app-tab-bar-edge-effect")
    }

    /// Liquid Glass, cheaply and deterministically: the faint shadow measured under the
    /// capsule, the container behind `frame` lightly blurred and clipped to the capsule, the
    /// tint over it (so the content shows through at 0.6 of its contrast in light appearance,
    /// 0.294 in dark), then the specular rim (`drawGlassRim`). The numbers are `PresentationChrome`'s and `AppTabBarLayout`'s.
    func drawGlass(_ svg: inout SVGBuilder, frame: Rect, radius: Double, id: String) {
        let dark = stage.window.traits.userInterfaceStyle == .dark
        let blur = PresentationChrome.glassBlur, reach = 3 * blur
        let shadow = AppTabBarLayout.shadowBlur, shadowReach = 3 * shadow
        svg.raw(
            "<defs><filter id=\"\(id)-blur\" filterUnits=\"userSpaceOnUse\" x=\"\(n(frame.x - reach))\" y=\"\(n(frame.y - reach))\" "
                + "width=\"\(n(frame.width + 2 * reach))\" height=\"\(n(frame.height + 2 * reach))\" color-interpolation-filters=\"sRGB\">"
                + "<feGaussianBlur stdDeviation=\"\(n(blur))\"/></filter>"
                + "<filter id=\"\(id)-shadow\" filterUnits=\"userSpaceOnUse\" x=\"\(n(frame.x - shadowReach))\" "
                + "y=\"\(n(frame.y - shadowReach))\" width=\"\(n(frame.width + 2 * shadowReach))\" "
                + "height=\"\(n(frame.height + 2 * shadowReach + AppTabBarLayout.shadowOffset))\">"
                + "<feGaussianBlur stdDeviation=\"\(n(shadow))\"/></filter></defs>\n")
        svg.raw(
            "<rect x=\"\(n(frame.x))\" y=\"\(n(frame.y + AppTabBarLayout.shadowOffset))\" width=\"\(n(frame.width))\" "
                + "height=\"\(n(frame.height))\" rx=\"\(n(radius))\" fill=\"#000000\" fill-opacity=\"\(n(AppTabBarLayout.shadowOpacity))\" "
                + "filter=\"url(#\(id)-shadow)\"/>\n")
        svg.clipRect(id: "\(id)-clip", frame, radius: radius)
        svg.open(id, clip: "\(id)-clip")
        svg.rect(frame, fill: palette.background)
        if layout.showsContainer { svg.raw("<use href=\"#container\" filter=\"url(#\(id)-blur)\"/>\n") }
        svg.rect(
            frame, fill: dark ? PresentationChrome.glassDarkTint : "#ffffff",
            opacity: dark ? PresentationChrome.glassTintOpacity : PresentationChrome.glassLightTintOpacity)
        svg.close()
        let r = min(radius, frame.width / 2, frame.height / 2)
        drawGlassRim(
            &svg,
            outline: "M\(n(frame.x + r)) \(n(frame.y))H\(n(frame.maxX - r))A\(n(r)) \(n(r)) 0 0 1 \(n(frame.maxX - r)) \(n(frame.maxY))"
                + "H\(n(frame.x + r))A\(n(r)) \(n(r)) 0 0 1 \(n(frame.x + r)) \(n(frame.y))Z",
            bounds: frame, clip: "\(id)-clip", id: "\(id)-rim", contour: false)
    }

    /// Liquid Glass's specular rim on the shape `outline` (clipped by `clip`, the same shape;
    /// `bounds` is its box): white fading inward from `glassRimOpacity` at the edge to nothing
    /// `glassRimWidth` in (three strokes centred on the edge, each showing half its width inside
    /// the clip). In light appearance, where that white rim vanishes over bright content, the
    /// edge is drawn as glass shows over it: a soft inner shade (`glassEdgeShadeOpacity` over
    /// `glassEdgeShadeWidth`, three black strokes), the specular highlight along the upper-left
    /// edge and half as bright along the lower-right one (`glassSpecularOpacity`), and the
    /// darker contour, a hairline just outside the edge.
    func drawGlassRim(_ svg: inout SVGBuilder, outline: String, bounds: Rect, clip: String, id: String, contour: Bool = true) {
        let dark = stage.window.traits.userInterfaceStyle == .dark
        let width = PresentationChrome.glassRimWidth, step = PresentationChrome.glassRimOpacity / 3
        let fractions = [1.0, 2.0 / 3, 1.0 / 3]
        func stroke(_ color: String, opacity: String, width: Double) {
            svg.raw(
                "<path d=\"\(outline)\" fill=\"none\" stroke=\"\(color)\" stroke-opacity=\"\(opacity)\" stroke-width=\"\(n(width))\"/>\n")
        }
        if !dark {
            let reach = min(PresentationChrome.glassSpecularReach, min(bounds.width, bounds.height) / 2)
            let bright = PresentationChrome.glassSpecularOpacity
            func gradient(_ name: String, from x: Double, _ y: Double, to x2: Double, _ y2: Double, opacity: Double) -> String {
                "<linearGradient id=\"\(id)-\(name)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(x))\" y1=\"\(n(y))\" x2=\"\(n(x2))\" "
                    + "y2=\"\(n(y2))\"><stop offset=\"0\" stop-color=\"#ffffff\" stop-opacity=\"\(n(opacity))\"/>"
                    + "<stop offset=\"1\" stop-color=\"#ffffff\" stop-opacity=\"0\"/></linearGradient>"
            }
            svg.raw(
                "<defs>" + gradient("specular", from: bounds.x, bounds.y, to: bounds.x + reach, bounds.y + reach, opacity: bright)
                    + gradient(
                        "specular-low", from: bounds.maxX, bounds.maxY, to: bounds.maxX - reach, bounds.maxY - reach, opacity: bright / 2)
                    + "</defs>\n")
        }
        svg.open(id, clip: clip)
        if !dark {
            let shade = PresentationChrome.glassEdgeShadeOpacity / 3
            for fraction in fractions {
                stroke("#000000", opacity: decimalText(shade, decimals: 3), width: 2 * PresentationChrome.glassEdgeShadeWidth * fraction)
            }
        }
        for fraction in fractions {
            stroke("#ffffff", opacity: decimalText(step, decimals: 3), width: 2 * width * fraction)
        }
        if !dark {
            for name in ["specular", "specular-low"] {
                svg.raw(
                    "<path d=\"\(outline)\" fill=\"none\" stroke=\"url(#\(id)-\(name))\" stroke-width=\"\(n(2 * width))\"/>\n")
            }
        }
        svg.close()
        if !dark && contour {
            // A 0.5 pt line centred on the edge: a quarter point of it falls outside the glass.
            svg.raw(
                "<path d=\"\(outline)\" fill=\"none\" stroke=\"#000000\" stroke-opacity=\"\(n(PresentationChrome.glassContourOpacity))\" "
                    + "stroke-width=\"0.5\"/>\n")
        }
    }
}
