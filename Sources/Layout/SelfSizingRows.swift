import Adaptive
import Look
import ScrollableTab

/// Self-sizing rows, measured: the heights of the rows of tabs whose rows are
/// `RowHeight.selfSizing`, worked out from the look's row content with the text widths the
/// layout draws with, at the width `PagesLayout` gives rows and the text size it draws them at.
/// The model holds only the numbers; this is what `StageState.reduce(_:_:sizingRows:)` is
/// handed (the Simulation layer builds one from the scenario's look and measurer).
public enum SelfSizingRows {
    /// Each self-sizing tab's row heights by tab index, one per item (the items repeat to fill
    /// the rows, and so do the heights): the item's `RowContentLayout.fittingHeight` (post,
    /// plain and media rows) at the window's text size, which self-sizing rows follow through
    /// the accessibility sizes. A tab with no item, or a template that does not size its rows,
    /// is left out (its rows stay at UITableView's estimated 44 pt).
    ///
    /// - Parameters:
    ///   - container: The container laid out in the environment to measure for.
    ///   - look: The scenario's row content and theme fonts.
    ///   - measuring: The text widths the layout uses.
    /// - Returns: The heights by tab index, for `RowHeight.selfSizing`.
    public static func heights(of container: ContainerState, look: Look, measuring: some TextMeasuring) -> [Int: [Double]] {
        let measuring = measuring.measuring(fonts: look.theme.fonts)
        let category = container.environment.traits.contentSizeCategory
        let width = PagesLayout.rowColumns(container.geometry, readableCategory: category).width
        var heights: [Int: [Double]] = [:]
        for (index, tab) in container.config.tabs.enumerated() {
            guard case .list(let rows, let rowHeight) = tab.content, case .selfSizing = rowHeight,
                let content = look.rowContent(tab: index)
            else { continue }
            // The category `PagesLayout` draws these rows at: one rule, so a row is as tall as
            // what is drawn in it.
            let textCategory = StageLayout.rowTextCategory(category, rowHeight: rowHeight)
            let items = content.items.prefix(max(rows, 1)).compactMap { item in
                RowContentLayout.fittingHeight(content.template, item: item, width: width, textCategory: textCategory, measuring: measuring)
            }
            guard !items.isEmpty, items.count == min(max(rows, 1), content.items.count) else { continue }
            heights[index] = items
        }
        return heights
    }
}
