import Adaptive
import Layout
import ScrollableTab

private let optionTitles = ["Share profile", "Copy link to profile", "Add to list", "Mute", "Block", "Report"]

extension Scene {
    /// The split view's primary column: a navigation list with a large title, the first row selected.
    func drawSplitPrimary(_ svg: inout SVGBuilder) {
        guard let split = layout.split, let frame = split.primaryFrame, let config = stage.split else { return }
        let dark = stage.window.traits.userInterfaceStyle == .dark
        svg.clipRect(id: "primary-clip", frame)
        svg.open("primary", clip: "primary-clip")
        svg.rect(frame, fill: dark ? "#1c1c1e" : "#f2f2f7")
        let inset = stage.window.safeArea.top
        let edge = frame.x == 0 ? stage.window.safeArea.left : 0
        let title = Rect(x: frame.x + edge, y: frame.y, width: frame.width - edge, height: frame.height)
        let at = leading(16, in: title.width)
        svg.label(config.primaryTitle, x: title.x + at.x, y: inset + 44 + 34, size: 34, fill: palette.text, bold: true, anchor: at.anchor, id: "primary-title")
        var y = inset + 44 + 52
        for row in 0..<config.primaryRows where y < frame.maxY {
            let selected = row == 0 && !split.collapsed
            let cell = Rect(x: title.x + 10, y: y, width: title.width - 20, height: 44)
            if selected { svg.rect(cell, fill: palette.accent, radius: 10) }
            let text = leading(16, in: cell.width)
            svg.label("\(config.primaryTitle) \(row + 1)", x: cell.x + text.x, y: y + 28, size: 17,
                      fill: selected ? "#ffffff" : palette.text, anchor: text.anchor)
            y += 44
        }
        svg.close()
        if !split.collapsed {
            let divider = frame.x == 0 ? frame.maxX - 0.5 : frame.x
            svg.rect(Rect(x: divider, y: 0, width: 0.5, height: frame.height), fill: dark ? "#38383a" : "#c6c6c8", id: "split-divider")
        }
    }

    /// The presented controller above everything: dimming for sheets, the popover with its
    /// arrow and shadow pointing at the highlighted source, or content covering the window.
    func drawPresentation(_ svg: inout SVGBuilder) {
        guard let layout = layout.presentation else { return }
        let window = Rect(size: windowSize)
        svg.open("presentation")
        switch layout.style {
        case .formSheet, .pageSheet:
            svg.rect(window, fill: "#000000", id: "dim", opacity: 0.4)
            svg.raw(shadowFilter)
            svg.open(filter: "presentation-shadow")
            svg.clipRect(id: "sheet-clip", layout.frame, radius: 12)
            svg.open("sheet", clip: "sheet-clip")
            drawPresentedContent(&svg, layout.frame, topInset: 0, translucent: false)
            svg.close()
            svg.close()
        case .fullScreen:
            drawPresentedContent(&svg, layout.frame, topInset: stage.window.safeArea.top, translucent: false)
        case .overFullScreen:
            drawPresentedContent(&svg, layout.frame, topInset: stage.window.safeArea.top, translucent: true)
        case .popover:
            if let source = layout.source {
                svg.rect(Rect(x: source.x - 2, y: source.y - 2, width: source.width + 4, height: source.height + 4),
                         fill: palette.accent, radius: 8, id: "source", opacity: 0.15, stroke: palette.accent, strokeWidth: 2)
            }
            svg.raw(shadowFilter)
            svg.open("popover", filter: "presentation-shadow")
            if let arrow = self.layout.popoverArrow { svg.path(popoverArrow(arrow), fill: palette.background, id: "arrow") }
            svg.clipRect(id: "popover-clip", layout.frame, radius: 13)
            svg.open(clip: "popover-clip")
            drawPresentedContent(&svg, layout.frame, topInset: 0, translucent: false)
            svg.close()
            svg.close()
        }
        svg.close()
    }

    /// Blur, offset and fade the alpha, then draw the graphic over it (librsvg 2.54 has no
    /// feDropShadow). In sRGB, so the content's colours pass through the filter unchanged.
    private var shadowFilter: String {
        "<defs><filter id=\"presentation-shadow\" x=\"-20%\" y=\"-20%\" width=\"140%\" height=\"140%\" color-interpolation-filters=\"sRGB\">"
            + "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"14\"/><feOffset dy=\"6\" result=\"blur\"/>"
            + "<feComponentTransfer><feFuncA type=\"linear\" slope=\"0.25\"/></feComponentTransfer>"
            + "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter></defs>\n"
    }

    /// The arrow's triangle as path data.
    private func popoverArrow(_ arrow: PopoverArrow) -> String {
        let p = arrow.points
        return "M\(n(p[0].x)) \(n(p[0].y))L\(n(p[1].x)) \(n(p[1].y))L\(n(p[2].x)) \(n(p[2].y))Z"
    }

    /// A generic options screen: a navigation bar with Done and a list of actions.
    private func drawPresentedContent(_ svg: inout SVGBuilder, _ frame: Rect, topInset: Double, translucent: Bool) {
        svg.rect(frame, fill: palette.background, id: "presented", opacity: translucent ? 0.82 : nil)
        let bar = frame.y + topInset
        svg.label("Options", x: frame.midX, y: bar + 29, size: 17, fill: palette.text, bold: true, anchor: .middle, id: "presented-title")
        let done = trailing(16, in: frame.width)
        svg.label("Done", x: frame.x + done.x, y: bar + 29, size: 17, fill: palette.accent, bold: true, anchor: done.anchor)
        svg.rect(Rect(x: frame.x, y: bar + 44, width: frame.width, height: 0.5), fill: palette.separator)
        var y = bar + 56
        for (index, title) in optionTitles.enumerated() where y + 44 <= frame.maxY {
            let icon = Rect(x: frame.x + mirrored(16, width: 30, in: frame.width), y: y + 7, width: 30, height: 30)
            svg.rect(icon, fill: Palette.swatch(index + 2), radius: 7)
            let label = leading(60, in: frame.width)
            svg.label(title, x: frame.x + label.x, y: y + 28, size: 17, fill: index >= 4 ? "#f4212e" : palette.text, anchor: label.anchor)
            svg.rect(Rect(x: frame.x + (rtl ? 0 : 60), y: y + 44, width: frame.width - 60, height: 0.5), fill: palette.separator)
            y += 48
        }
    }
}
