import TabStageModel

/// The header's buttons: the follow button under the cover and the round buttons over the banner.
extension HeaderLayout {
    /// At least 96 × 32 pt at the default size (wider for a long title, up to 200 pt), 10 pt
    /// below the cover on the trailing side. A fixed header scales it whole with its text; in a
    /// header sized to its text (`fitsText`) only the title grows, as a button's text does under
    /// Dynamic Type: 16 pt each side and 6 pt above and below the line (32 pt at the default
    /// size, the line 20 pt), never under 96 × 32.
    static func followButton(
        _ title: String, font: TextFont, coverBottom: Double, width: Double, trailingInset: Double, typeScale: Double,
        fitsText: Bool = false, mirroring: Mirroring, measuring: some TextMeasuring, gap: Double = 10
    ) -> Rect {
        let padding = fitsText ? 1 : typeScale
        let titleWidth = measuring.width(of: title, font: font) + 32 * padding
        let buttonWidth = min(max(96 * padding, titleWidth), 200 * typeScale)
        let buttonHeight = fitsText ? max(32, font.lineHeight + 12) : 32 * typeScale
        return Rect(
            x: mirroring.x(width - trailingInset - buttonWidth, width: buttonWidth, in: width),
            y: coverBottom + gap, width: buttonWidth, height: buttonHeight)
    }

    /// `back` on the leading side, the others from the trailing edge inwards (the last listed
    /// outermost, as X puts "more" in the corner), centred in the top 44 pt of the band. iOS 26
    /// and later: 44 pt circles at the navigation bar's top (the safe area's top: y 62 on an
    /// iPhone 17 Pro), `glassNavButtonMargin` from the edges and `glassNavButtonGap` apart
    /// (measured: iOS 26 simulator).
    static func navButtons(
        _ buttons: [NavButton], band: Rect, top: Double, leadingInset: Double, trailingInset: Double, mirroring: Mirroring,
        liquidGlass: Bool = false
    ) -> [NavButtonFrame] {
        let size = liquidGlass ? glassNavButtonSize : navButtonSize, gap = liquidGlass ? glassNavButtonGap : 8.0
        let y = liquidGlass ? top : top + (44 - size) / 2
        let trailing = buttons.filter { $0 != .back }
        return buttons.map { button in
            let x: Double
            if button == .back {
                x = leadingInset
            } else {
                let fromEdge = Double(trailing.count - 1 - (trailing.firstIndex(of: button) ?? 0))
                x = band.width - trailingInset - size - fromEdge * (size + gap)
            }
            return NavButtonFrame(
                button: button, frame: Rect(x: band.x + mirroring.x(x, width: size, in: band.width), y: y, width: size, height: size),
                glyphScaleX: button == .back && mirroring.rtl ? -1 : 1)
        }
    }
}
