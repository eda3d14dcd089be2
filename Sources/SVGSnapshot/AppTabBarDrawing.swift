import Adaptive
import Layout

extension Scene {
    /// The glass: what is behind the capsule, blurred and clipped to it, under a translucent
    /// tint and a thin rim. librsvg draws the blur once over the capsule's box.
    static let glassBlur = 8.0

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
            if let selection = bar.selection {
                let dark = stage.window.traits.userInterfaceStyle == .dark
                svg.rect(selection, fill: dark ? "#ffffff" : "#000000", radius: selection.height / 2, opacity: dark ? 0.14 : 0.07)
            }
        }
        for item in bar.items {
            let color = item.selected ? palette.accent : palette.secondaryText
            let icon = item.icon
            svg.circle(
                cx: icon.x + icon.width / 2, cy: icon.y + icon.height / 2, r: icon.width / 2 - 1, fill: color, id: "app-tab-\(item.index)")
            if let baseline = item.titleBaseline {
                svg.label(
                    item.title, x: item.titleX, y: baseline, font: bar.titleFont, fill: color, anchor: item.titleCentered ? .middle : .start
                )
            }
        }
    }

    /// Liquid Glass, cheaply and deterministically: the container behind `frame` blurred and
    /// clipped to the rounded box, a translucent tint over it and a thin rim.
    func drawGlass(_ svg: inout SVGBuilder, frame: Rect, radius: Double, id: String) {
        let dark = stage.window.traits.userInterfaceStyle == .dark
        let reach = 3 * Self.glassBlur
        svg.raw(
            "<defs><filter id=\"\(id)-blur\" filterUnits=\"userSpaceOnUse\" x=\"\(n(frame.x - reach))\" y=\"\(n(frame.y - reach))\" "
                + "width=\"\(n(frame.width + 2 * reach))\" height=\"\(n(frame.height + 2 * reach))\" color-interpolation-filters=\"sRGB\">"
                + "<feGaussianBlur stdDeviation=\"\(n(Self.glassBlur))\"/></filter></defs>\n")
        svg.clipRect(id: "\(id)-clip", frame, radius: radius)
        svg.open(id, clip: "\(id)-clip")
        svg.rect(frame, fill: palette.background)
        if layout.showsContainer { svg.raw("<use href=\"#container\" filter=\"url(#\(id)-blur)\"/>\n") }
        svg.rect(frame, fill: dark ? "#1c1c1e" : "#ffffff", opacity: dark ? 0.6 : 0.7)
        svg.close()
        svg.raw(
            "<rect x=\"\(n(frame.x + 0.25))\" y=\"\(n(frame.y + 0.25))\" width=\"\(n(frame.width - 0.5))\" height=\"\(n(frame.height - 0.5))\" "
                + "rx=\"\(n(max(0, radius - 0.25)))\" fill=\"none\" stroke=\"\(dark ? "#ffffff" : "#000000")\" stroke-opacity=\"\(dark ? "0.22" : "0.1")\" stroke-width=\"0.5\"/>\n"
        )
    }
}
