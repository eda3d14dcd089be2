import Adaptive
import Layout

extension Scene {
    /// The app's tab bar over the container (inside a pushed-back presenter, as it is part of it).
    func drawAppTabBar(_ svg: inout SVGBuilder) {
        guard let bar = layout.appTabBar else { return }
        let frame = bar.frame
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
                let dark = stage.window.traits.userInterfaceStyle == .dark
                svg.rect(selection, fill: dark ? "#ffffff" : "#000000", radius: selection.height / 2, opacity: dark ? 0.14 : 0.07)
            }
        }
        for item in bar.items {
            let color = item.selected ? palette.accent : palette.secondaryText
            let icon = item.icon
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

    /// A floating item's symbol, drawn in a 24 pt box scaled to `box`: simple outlines standing
    /// for the SF Symbols an app would use (house, magnifyingglass, bell, person), or the
    /// title's first letter.
    private func drawGlyph(
        _ svg: inout SVGBuilder, _ glyph: AppTabBarLayout.Glyph, of item: AppTabBarLayout.Item, color: String, id: String
    ) {
        let box = item.icon
        let scale = box.width / 24
        let open = "<g id=\"\(id)\" transform=\"translate(\(n(box.x)),\(n(box.y))) scale(\(n(scale)))\" "
        let stroked = open + "fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        let filled = open + "fill=\"\(color)\">"
        switch glyph {
        case .house:
            svg.raw(stroked + "<path d=\"M3 11.5L12 4L21 11.5M5.5 9.5V20H10V14.5H14V20H18.5V9.5\"/></g>\n")
        case .magnifyingGlass:
            svg.raw(stroked + "<circle cx=\"10.5\" cy=\"10.5\" r=\"6.5\"/><path d=\"M15.5 15.5L20.5 20.5\" stroke-width=\"2.5\"/></g>\n")
        case .bell:
            svg.raw(
                filled
                    + "<path d=\"M12 3A6 6 0 0 0 6 9V15L4 17.5V18.5H20V17.5L18 15V9A6 6 0 0 0 12 3Z\"/><circle cx=\"12\" cy=\"20.5\" r=\"2\"/></g>\n"
            )
        case .person:
            svg.raw(filled + "<circle cx=\"12\" cy=\"8\" r=\"4.5\"/><path d=\"M3.5 21.5A8.5 7.5 0 0 1 20.5 21.5Z\"/></g>\n")
        case .initial(let letter):
            let placed = item.initialText
            svg.label(letter, x: placed.x, y: placed.baseline, font: placed.font, fill: color, anchor: .middle, id: id)
        }
    }

    /// Liquid Glass, cheaply and deterministically: a soft shadow under the shape, the
    /// container behind `frame` blurred and clipped to the rounded box, a translucent tint over
    /// it and a thin rim. The tint and blur are the presentations' (`PresentationChrome`), the
    /// shadow the tab bar's (`AppTabBarLayout`).
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
        svg.rect(frame, fill: dark ? "#1c1c1e" : "#ffffff", opacity: PresentationChrome.glassTintOpacity)
        svg.close()
        svg.raw(
            "<rect x=\"\(n(frame.x + 0.25))\" y=\"\(n(frame.y + 0.25))\" width=\"\(n(frame.width - 0.5))\" height=\"\(n(frame.height - 0.5))\" "
                + "rx=\"\(n(max(0, radius - 0.25)))\" fill=\"none\" stroke=\"\(dark ? "#ffffff" : "#000000")\" stroke-opacity=\"\(dark ? "0.22" : "0.1")\" stroke-width=\"0.5\"/>\n"
        )
    }
}
