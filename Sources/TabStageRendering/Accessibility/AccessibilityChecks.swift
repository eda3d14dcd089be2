import Foundation
import TabStageLayout
import TabStageModel

/// The accessibility checks of one screen, as layout warnings: hit areas under 44 × 44 pt
/// (Apple's Human Interface Guidelines), text contrast under WCAG 2.x AA (4.5:1, or 3:1 for
/// large text) against the theme colour behind it (or, over the banner's picture, against the
/// pixels behind it, given as a `Backdrop`), and elements with no label. Pure.
package enum AccessibilityChecks {
    /// The least hit area Apple's Human Interface Guidelines give for a control, in points a side.
    package static let minimumHitSide = 44.0

    /// Every warning for `elements` (from `AccessibilityTree.elements(stage, look:, layout:)`), in
    /// reading order: an element's hit area, then its contrast, then its label.
    ///
    /// - Parameters:
    ///   - stage: The state the snapshot shows.
    ///   - look: What it is drawn with.
    ///   - layout: Its layout.
    ///   - elements: Its accessibility elements, in reading order.
    ///   - backdrop: The window drawn without the texts that lie over the banner's picture
    ///     (`needsBackdrop`), which they are measured against
    ///     (`Contrast.ratio(foreground:over:in:)`); nil leaves them unchecked.
    /// - Returns: The warnings, in reading order.
    package static func warnings(
        _ stage: StageState, look: Look, layout: StageLayout, elements: [AccessibilityElement], backdrop: Backdrop? = nil
    ) -> [LayoutWarning] {
        let style = stage.window.traits.userInterfaceStyle
        let themeColors = look.theme.colors(for: style)
        let palette = Palette.forStyle(style, theme: themeColors)
        let styles = TextStyles(stage, look: look, layout: layout, palette: palette, banner: themeColors.banner)
        let frames = Dictionary(layout.elements.map { ($0.name, $0.frame) }, uniquingKeysWith: { first, _ in first })
        var warnings: [LayoutWarning] = []
        var checkedPages: Set<String> = []
        for element in elements {
            if element.traits.contains(.button) {
                // The control's whole frame, however much of it is seen: a tab's is its cell.
                let drawn =
                    tabCell(element.element, layout) ?? appTabCell(element.element, layout) ?? frames[element.element] ?? element.frame
                let hit = HitArea.frame(of: element.element, drawn: drawn, content: look.header)
                if hit.width < minimumHitSide - 0.005 || hit.height < minimumHitSide - 0.005 {
                    warnings.append(
                        LayoutWarning(
                            element: element.element, kind: .smallHitArea,
                            text:
                                "'\(element.label)' is a \(number(hit.width)) × \(number(hit.height)) pt hit area, under the \(Int(minimumHitSide)) × \(Int(minimumHitSide)) pt minimum"
                        ))
                }
            }
            // A page's rows share their colours: its first row seen speaks for all.
            var isFirstOfPage = true
            if element.element.hasPrefix("row-") {
                let page = String(element.element.split(separator: "-").dropFirst().first ?? "")
                isFirstOfPage = checkedPages.insert(page).inserted
            }
            if isFirstOfPage {
                for text in styles.texts(of: element) {
                    let ratio: Double, against: String
                    if text.overPicture {
                        guard let backdrop, let measured = Contrast.ratio(foreground: text.foreground, over: backdrop, in: element.frame)
                        else { continue }
                        ratio = measured.ratio
                        against =
                            "\(text.foreground) over the banner picture: \(measured.background), the \(Contrast.backdropPercentile)th percentile of the \(measured.pixels) pixels behind it"
                    } else {
                        guard let themed = text.ratio() else { continue }
                        ratio = themed
                        against = "\(text.foreground) on \(text.worstBackground ?? "")"
                    }
                    let minimum = Contrast.minimum(size: text.size, bold: text.bold)
                    guard ratio < minimum - 0.005 else { continue }
                    let large = Contrast.isLarge(size: text.size, bold: text.bold) ? "large " : ""
                    warnings.append(
                        LayoutWarning(
                            element: element.element, kind: .lowContrast,
                            text:
                                "'\(text.what)' has a contrast of \(ratioText(ratio)) (\(against)), under the \(ratioText(minimum)) minimum for \(number(text.size)) pt \(text.bold ? "bold " : "")\(large)text"
                        ))
                }
            }
            if element.label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                warnings.append(
                    LayoutWarning(
                        element: element.element, kind: .missingLabel,
                        text: "\(element.element) has no accessibility label: VoiceOver reads nothing for it (give it text)"))
            }
        }
        return warnings
    }

    /// Whether `elements` hold a text drawn over the banner's picture, whose contrast needs the
    /// pixels behind it (a `Backdrop`): the navigation title of a header with a banner image.
    package static func needsBackdrop(_ stage: StageState, look: Look, elements: [AccessibilityElement]) -> Bool {
        guard case .image = look.theme.colors(for: stage.window.traits.userInterfaceStyle).banner else { return false }
        return elements.contains { $0.element == backdropTextElement }
    }

    /// The element whose text lies over the banner: the navigation title.
    static let backdropTextElement = "nav-title"

    /// `layout` without the texts drawn over the banner's picture: what a `Backdrop` is drawn from.
    package static func withoutBackdropTexts(_ layout: StageLayout) -> StageLayout {
        var copy = layout
        copy.header.navigationTitleOpacity = 0
        return copy
    }

    /// The whole cell of tab `name` (`tab-N`) in window coordinates, scrolled out of the bar or not.
    static func tabCell(_ name: String, _ layout: StageLayout) -> Rect? {
        guard name.hasPrefix("tab-"), let index = Int(name.dropFirst(4)), layout.tabBar.cells.indices.contains(index) else { return nil }
        let cell = layout.tabBar.cells[index], origin = layout.containerFrame
        return Rect(x: origin.x + cell.x, y: origin.y + layout.tabBar.top + cell.y, width: cell.width, height: cell.height)
    }

    /// The whole cell of the app tab bar's item `name` (`app-tab-N`): a classic bar's cell, the
    /// floating capsule's cell, the minimized capsule or the search circle.
    static func appTabCell(_ name: String, _ layout: StageLayout) -> Rect? {
        guard name.hasPrefix("app-tab-"), let index = Int(name.dropFirst(8)) else { return nil }
        return layout.appTabBar?.items.first(where: { $0.index == index })?.frame
    }

    /// `4.5:1`, with two decimals when they matter.
    static func ratioText(_ ratio: Double) -> String { decimalText(ratio, decimals: 2) + ":1" }

    /// Points with at most two decimals.
    static func number(_ value: Double) -> String { decimalText(value, decimals: 2) }
}

/// One run of text of an element, with its colours.
struct StyledText {
    /// The text, for the warning.
    var what: String
    var size: Double
    var bold: Bool
    var foreground: String
    /// The colours behind it: one, or a banner gradient's stops (the worst is reported).
    var backgrounds: [String]
    /// Drawn over the banner's picture: measured against the pixels behind it, not `backgrounds`.
    var overPicture = false

    /// The lowest ratio over the backgrounds; nil when a colour is not a hex colour.
    func ratio() -> Double? {
        backgrounds.compactMap { Contrast.ratio(foreground: foreground, background: $0) }.min()
    }

    /// The background giving the lowest ratio.
    var worstBackground: String? {
        backgrounds.min {
            (Contrast.ratio(foreground: foreground, background: $0) ?? 99) < (Contrast.ratio(foreground: foreground, background: $1) ?? 99)
        }
    }
}

/// Which colours and sizes each element's text is drawn with, as the SVG painter draws them.
struct TextStyles {
    let stage: StageState
    let look: Look
    let layout: StageLayout
    let palette: Palette
    /// The banner's colours; nil for a picture, whose pixels are read instead.
    let bannerColors: [String]?

    init(_ stage: StageState, look: Look, layout: StageLayout, palette: Palette, banner: Banner?) {
        self.stage = stage
        self.look = look
        self.layout = layout
        self.palette = palette
        switch banner {
        case .colors(let colors) where !colors.isEmpty: bannerColors = colors.map(\.svg)
        case .image: bannerColors = nil
        default: bannerColors = [palette.coverStart, palette.coverEnd]
        }
    }

    func texts(of element: AccessibilityElement) -> [StyledText] {
        let name = element.element
        let background = palette.background
        if let text = layout.header.texts.first(where: { $0.element == name }) {
            return [
                StyledText(
                    what: element.label, size: text.size, bold: text.bold,
                    foreground: text.secondary ? palette.secondaryText : palette.text, backgrounds: [background])
            ]
        }
        switch name {
        case "follow":
            return [
                StyledText(
                    what: element.label, size: layout.header.followFontSize, bold: true, foreground: palette.background,
                    backgrounds: [palette.button])
            ]
        case "nav-title":
            guard let bannerColors else {
                return [
                    StyledText(
                        what: element.label, size: layout.header.navigationTitleSize, bold: true, foreground: "#ffffff", backgrounds: [],
                        overPicture: true)
                ]
            }
            return [
                StyledText(
                    what: element.label, size: layout.header.navigationTitleSize, bold: true, foreground: "#ffffff",
                    backgrounds: bannerColors)
            ]
        default: break
        }
        if name.hasPrefix("tab-") {
            let selected = element.traits.contains(.selected)
            return [
                StyledText(
                    what: element.label, size: layout.tabBar.fontSize, bold: selected,
                    foreground: selected ? palette.text : palette.secondaryText, backgrounds: [palette.tabBar])
            ]
        }
        if name.hasPrefix("row-") { return rowTexts(name, label: element.label) }
        return []
    }

    /// A row's secondary text, its least contrasting: a sample post's age, a built-in row's detail.
    private func rowTexts(_ name: String, label: String) -> [StyledText] {
        let parts = name.split(separator: "-")
        guard parts.count == 3, let tab = Int(parts[1]), let row = Int(parts[2]) else { return [] }
        let config = stage.container.config
        guard config.tabs.indices.contains(tab), stage.container.geometry.tabs[tab].cellSize == nil else { return [] }
        let age = TextStyle.footnote.font(for: layout.fixedHeightTextCategory)
        guard look.rowContent(tab: tab) != nil else {
            return [
                StyledText(
                    what: "\(row % 23 + 1)h", size: age.size, bold: age.isBold, foreground: palette.secondaryText,
                    backgrounds: [palette.background])
            ]
        }
        guard let page = layout.pages.pages.first(where: { $0.tab == tab }),
            let content = page.rows.first(where: { $0.index == row })?.content, let detail = content.detail
        else { return [] }
        return [
            StyledText(
                what: detail.original, size: content.detailSize, bold: false, foreground: palette.secondaryText,
                backgrounds: [palette.background])
        ]
    }
}
