import TabStageModel

extension StageLayout {
    /// `cappedText` warnings: parts whose height the scenario fixes, drawn with their text held at
    /// XXXL (`fixedHeightTextCategory`) in a window at an accessibility size (AX1 to AX5), whose
    /// text would need more room than that height gives at the window's size. In UIKit such a
    /// header or row would clip or overflow; in tabstage the picture just does not grow, and this
    /// says why. One warning for the header and one per shown tab of fixed-height rows, each with
    /// what the text needs at the window's size against the height it has and the fix: `height:
    /// fit` for the header, no `rowHeight` (or `rowHeightRatio`) for rows, which then size
    /// themselves.
    ///
    /// What the text needs is measured by the code that lays out what a self-sizing part shows:
    /// the header's `fittingHeaderHeight` with its text at the window's size, a row's
    /// `RowContentLayout.fittingHeight` (templates that size their rows: the others keep a fixed
    /// height whatever the scenario says, and are not checked). Nothing is said at XS to XXXL,
    /// where the fixed height draws the window's own size, nor when the height is enough.
    ///
    /// - Parameters:
    ///   - stage: The state this layout was made from.
    ///   - look: The scenario's header and row content and theme.
    ///   - measuring: The text widths the layout draws with.
    /// - Returns: The header's warning first, then the rows' in the order of the pages shown.
    public func fixedHeightWarnings(_ stage: StageState, look: Look, measuring: some TextMeasuring) -> [LayoutWarning] {
        let category = stage.window.traits.contentSizeCategory
        let capped = fixedHeightTextCategory
        guard category > capped, showsContainer else { return [] }
        var warnings: [LayoutWarning] = []
        let container = stage.container
        if !look.header.sizesToFitText, container.geometry.placement == .top {
            var fitting = look
            fitting.header.sizesToFitText = true
            let needs = Self.fittingHeaderHeight(stage, look: fitting, measuring: measuring)
            let has = container.config.header.height
            if needs > has + Self.fixedHeightTolerance {
                warnings.append(
                    LayoutWarning(
                        element: "header", kind: .cappedText,
                        text:
                            "the header draws its text at \(capped.rawValue), not \(category.rawValue): at \(category.rawValue) it needs \(decimalText(needs, decimals: 1)) pt and its fixed height gives \(decimalText(has, decimals: 1)) pt (height: fit sizes the header to its text)"
                    ))
            }
        }
        let rowMeasuring = measuring.measuring(fonts: look.theme.fonts)
        var seen: Set<Int> = []
        for page in pages.pages where seen.insert(page.tab).inserted {
            let tab = page.tab
            guard case .list(let rows, let height) = container.config.tabs[tab].content, let content = look.rowContent(tab: tab)
            else { continue }
            let key: String
            switch height {
            case .fixed: key = "rowHeight"
            case .ratio: key = "rowHeightRatio"
            case .selfSizing: continue
            }
            let has = container.geometry.tabs[tab].rowHeight
            // The items the rows show (they repeat to fill the rows), each at the window's size.
            var tallest: (row: Int, needs: Double)?
            for (row, item) in content.items.prefix(rows).enumerated() {
                guard
                    let needs = RowContentLayout.fittingHeight(
                        content.template, item: item, width: pages.rowWidth, textCategory: category, measuring: rowMeasuring)
                else { break }
                if needs > tallest?.needs ?? -.infinity { tallest = (row, needs) }
            }
            guard let tallest, tallest.needs > has + Self.fixedHeightTolerance else { continue }
            let needs = (tallest.needs * 10).rounded(.up) / 10
            warnings.append(
                LayoutWarning(
                    element: "rows-\(tab)", kind: .cappedText,
                    text:
                        "the rows of '\(container.config.tabs[tab].title)' draw their text at \(capped.rawValue), not \(category.rawValue): at \(category.rawValue) row \(tallest.row) needs \(decimalText(needs, decimals: 1)) pt and their fixed \(key) gives \(decimalText(has, decimals: 1)) pt (drop \(key) so the rows size themselves)"
                ))
        }
        return warnings
    }

    /// How much more than a fixed height a part may need before it counts (rounding).
    static let fixedHeightTolerance = 0.001
}
