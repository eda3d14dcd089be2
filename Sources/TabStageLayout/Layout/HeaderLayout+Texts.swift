import TabStageModel

/// The profile's lines: the name beside or under the follow button, the handle, the bio and the counts.
extension HeaderLayout {
    /// The room a navigation bar's title may take along `band`: from `margin` inside its edges,
    /// and `gap` clear of every button on the title's side of the band's middle (the innermost
    /// one counts).
    static func navigationTitleRoom(_ buttons: [Rect], band: Rect, margin: Double, gap: Double) -> ClosedRange<Double> {
        let middle = band.midX
        let low = buttons.filter { $0.midX < middle }.map { $0.maxX + gap }.max() ?? band.x + margin
        let high = buttons.filter { $0.midX >= middle }.map { $0.x - gap }.min() ?? band.maxX - margin
        return low...max(low, high)
    }

    /// Where UINavigationBar centres a title `width` wide: on the bar's `middle` when it fits
    /// there between the buttons, otherwise as near the middle as lets it fit in `room` (a title
    /// wider than the room, `cut` to it, is centred in it). On an iPhone SE (375 pt) on iOS 26,
    /// back at 16–60 and search and more at 259–359 leave 60 + 12 = 72 to 259 − 12 = 247: a
    /// 125 pt title does not fit about 187.5 (59.5 to the right) and is drawn about
    /// 247 − 62.5 = 184.5, whole.
    static func navigationTitleCentre(width: Double, room: ClosedRange<Double>, middle: Double, cut: Bool = false) -> Double {
        let half = width / 2
        guard !cut, width < room.upperBound - room.lowerBound else { return (room.lowerBound + room.upperBound) / 2 }
        return min(max(middle, room.lowerBound + half), room.upperBound - half)
    }

    /// The counts line: "1,024 Following  ·  12.5K Followers".
    static func statsLine(_ stats: [Stat]) -> String {
        stats.map(statText).joined(separator: "  ·  ")
    }

    static func statText(_ stat: Stat) -> String { stat.label.isEmpty ? stat.value : "\(stat.value) \(stat.label)" }

    /// The name's baseline and width. The name shares its line with the button only when the
    /// button's middle lies within the name's line box (side by side), and then stops 8 pt
    /// before it. A button on the row above that merely reaches into the line (by 1 pt at the
    /// default size, by more at larger text) pushes the name just below it instead, so the
    /// name gets the full width under the avatar and button row, as on the X profile.
    /// `ascent` is how far the line reaches above its baseline: three quarters of the size (the
    /// box the overlap check uses), or the verified badge's top when that is higher. With
    /// `besideButton` false (accessibility text sizes, where a row of name and button becomes a
    /// column, as Apple advises for horizontal layouts) any button in the line pushes the name
    /// under it.
    package static func nameLine(
        top: Double, nameSize: Double, ascent: Double, room: Double, button: Rect?, besideButton: Bool = true
    ) -> (baseline: Double, room: Double) {
        let baseline = top + 6 + nameSize
        guard let button else { return (baseline, room) }
        let lineTop = baseline - ascent, lineBottom = baseline + 0.25 * nameSize
        if besideButton, button.midY >= lineTop, button.midY <= lineBottom { return (baseline, max(0, room - button.width - 8)) }
        // Reaching in by the tolerance or more pushes (with title2 at L the button reaches in by
        // exactly 0.5 pt: 42 − (30 + 6 + 22 − 16.5), which must not depend on rounding).
        if button.maxY > lineTop + ElementCheck.tolerance - 1e-9, button.y < lineBottom {
            return (button.maxY + (besideButton ? 0 : Self.nameGapUnderButton) + ascent, room)
        }
        return (baseline, room)
    }

    /// (assumed) At accessibility sizes the name goes under the button with this much room
    /// between the button's bottom and the top of the name's line, as stacked controls keep a
    /// gap; Apple publishes no value for this layout.
    public static let nameGapUnderButton = 8.0

    static func texts(
        _ header: HeaderConfig, content: HeaderContent, placement: HeaderPlacement, stackAxis: StackAxis, top: Double, width: Double,
        leadingInset: Double, trailingInset: Double, button: Rect?, textCategory: ContentSizeCategory, mirroring: Mirroring,
        measuring: some TextMeasuring
    ) -> (texts: [HeaderText], badge: Rect?, bioLines: Int) {
        let nameFont = nameStyle.font(for: textCategory).emphasized, detailFont = handleStyle.font(for: textCategory)
        let statsFont = countsStyle.font(for: textCategory).monospacedDigits, bioFont = bioStyle.font(for: textCategory)
        let nameSize = nameFont.size, detailSize = detailFont.size, statsSize = statsFont.size
        let room = max(0, width - leadingInset - trailingInset)
        // The badge follows the name; the name gives up room for it. Centred on the name's
        // lowercase letters, it reaches a little above the name's line box.
        let badgeSize = content.verified ? (0.9 * nameSize).rounded() : 0
        let badgeRoom = content.verified ? badgeSize + 4 : 0
        let ascent = max(0.75 * nameSize, 0.36 * nameSize + badgeSize / 2)
        let (nameBaseline, firstLineRoom) = nameLine(
            top: top, nameSize: nameSize, ascent: ascent, room: room, button: button, besideButton: textCategory <= .XXXL)
        func text(
            _ element: String, _ string: String, font: TextFont, secondary: Bool, at leading: Double, baseline: Double,
            room: Double
        ) -> HeaderText {
            let fitted = FittedText(string, font: font, available: max(0, room), measuring: measuring)
            return HeaderText(
                element: element, fitted: fitted, x: mirroring.x(leadingInset + leading, in: width), anchor: mirroring.leadingAnchor,
                baseline: baseline,
                font: font, secondary: secondary)
        }
        var lines = [
            text(
                "title", content.title, font: nameFont, secondary: false, at: 0, baseline: nameBaseline,
                room: firstLineRoom - badgeRoom)
        ]
        var badge: Rect?
        var nameEnd = lines[0].fitted.width
        if content.verified {
            badge = Rect(
                x: mirroring.x(leadingInset + nameEnd + 4, width: badgeSize, in: width), y: nameBaseline - 0.36 * nameSize - badgeSize / 2,
                width: badgeSize, height: badgeSize)
            nameEnd += badgeRoom
        }
        var baseline = nameBaseline
        if stackAxis == .horizontal {
            // The wide header: the handle follows the name on its row, if there is room.
            let start = nameEnd + 16
            if start < firstLineRoom, !content.subtitle.isEmpty {
                lines.append(
                    text(
                        "subtitle", content.subtitle, font: detailFont, secondary: true, at: start, baseline: baseline,
                        room: firstLineRoom - start))
            }
        } else {
            baseline += detailSize + 5
            lines.append(
                text("subtitle", content.subtitle, font: detailFont, secondary: true, at: 0, baseline: baseline, room: room))
        }
        let bio = BioWrapping(content.bio, font: bioFont, width: room, maxLines: content.bioLineLimit, measuring: measuring)
        for (index, line) in bio.lines.enumerated() {
            // The style's line height; the first line 4 pt further from the handle.
            baseline += index == 0 ? bioFont.lineHeight + 4 : bioFont.lineHeight
            lines.append(
                HeaderText(
                    element: "bio", fitted: line, x: mirroring.x(leadingInset, in: width), anchor: mirroring.leadingAnchor,
                    baseline: baseline, font: bioFont,
                    secondary: false))
        }
        let afterBio: Double = bio.lines.isEmpty ? 6 : 10
        // A header sized to its text wraps a counts line too wide for it, one count per line,
        // where a fixed header cuts it.
        let wrapsCounts =
            content.sizesToFitText && content.stats.count > 1
            && measuring.width(of: statsLine(content.stats), font: statsFont) > room + 0.001
        if placement == .side || wrapsCounts {
            // The side column is narrow: one count per line.
            for (index, stat) in content.stats.enumerated() {
                baseline += index == 0 ? statsSize + afterBio : statsSize + 5
                lines.append(
                    text("stats", statText(stat), font: statsFont, secondary: true, at: 0, baseline: baseline, room: room))
            }
        } else if !content.stats.isEmpty {
            baseline += statsSize + afterBio
            lines.append(
                text(
                    "stats", statsLine(content.stats), font: statsFont, secondary: true, at: 0, baseline: baseline, room: room
                ))
        }
        return (lines, badge, bio.lines.count)
    }
}
