import Foundation
import TabStageModel

/// Self-sizing rows, measured: the heights of the rows of tabs whose rows are
/// `RowHeight.selfSizing`, worked out from the look's row content with the text widths the
/// layout draws with, at the width the tab pages give rows and the text size they draw them at.
/// The model holds only the numbers; this is what `StageState.reduce(_:_:sizingRows:)` is
/// handed (the Simulation layer builds one from the scenario's look and measurer).
public enum SelfSizingRows {
    /// The most characters of post text a stage measures to size its rows, over its whole life:
    /// each distinct post (its name, handle, time and text) counts once per row width it is
    /// measured at. Wrapping a post measures its lines word by word, so without a bound 1,000
    /// tabs of 1,000 long posts each would take hours to lay out; 2,000,000 characters is
    /// 1,000 posts of 500 characters at four widths.
    public static let maxMeasuredCharacters = 2_000_000

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
        heights(of: container, look: look, measuring: measuring, measurements: nil)
    }

    /// The heights as `heights(of:look:measuring:)` works them out, reusing `measurements`:
    /// heights measured before for the same post at the same width (tabs sharing an items
    /// file, a rotation back), and the budget they count against (nil: every post measured
    /// afresh, unbounded). Once `measurements` is over its budget, the tabs not measured yet
    /// are left out.
    package static func heights(
        of container: ContainerState, look: Look, measuring: some TextMeasuring, measurements: Measurements?
    ) -> [Int: [Double]] {
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
            let used = content.items.prefix(max(rows, 1))
            var items: [Double] = []
            items.reserveCapacity(used.count)
            for item in used {
                let height: Double?
                if let measurements {
                    switch measurements.height(content.template, item: item, width: width, textCategory: textCategory, measuring: measuring)
                    {
                    case .measured(let measured): height = measured
                    case .overBudget: return heights
                    }
                } else {
                    height = RowContentLayout.fittingHeight(
                        content.template, item: item, width: width, textCategory: textCategory, measuring: measuring)
                }
                if let height { items.append(height) }
            }
            guard !items.isEmpty, items.count == min(max(rows, 1), content.items.count) else { continue }
            heights[index] = items
        }
        return heights
    }

    /// The self-sizing heights a stage has measured, by post and width, and the characters of
    /// text measuring them took, held to a budget. A reference type so that every copy of a
    /// stage shares what was measured; it locks, so a stage stays `Sendable`.
    package final class Measurements: @unchecked Sendable {
        private struct Key: Hashable {
            var title, subtitle, text, time: String
            var counts: RowItem.Counts
            var hasImage: Bool
            var width: Double
            var textCategory: ContentSizeCategory
        }

        /// The most characters this may measure; past it, `height` returns nil.
        package let budget: Int
        private let lock = NSLock()
        private var cache: [Key: Double] = [:]
        private var characters = 0
        private var refused: Int?

        /// Measurements that may measure at most `budget` characters of post text.
        package init(budget: Int = SelfSizingRows.maxMeasuredCharacters) {
            self.budget = budget
        }

        /// The characters measured so far, plus those of the post refused when one was.
        package var measuredCharacters: Int { lock.withLock { characters + (refused ?? 0) } }
        /// Whether a post was refused because measuring it would have passed the budget.
        package var isOverBudget: Bool { lock.withLock { refused != nil } }

        /// A post's fitting height at a width, or why there is none.
        enum Lookup {
            /// The height (nil when the template does not size its rows), measured now or before.
            case measured(Double?)
            /// Measuring this post would pass the budget; nothing more is measured.
            case overBudget
        }

        /// A post's fitting height at a width, measured once, or `.overBudget` when measuring it
        /// would pass the budget.
        func height(
            _ template: RowTemplate, item: RowItem, width: Double, textCategory: ContentSizeCategory, measuring: some TextMeasuring
        ) -> Lookup {
            // Plain and media rows draw one line a part (cut, not wrapped): cheap to measure
            // every time, and not what the budget is for.
            guard template == .post else {
                return .measured(
                    RowContentLayout.fittingHeight(template, item: item, width: width, textCategory: textCategory, measuring: measuring))
            }
            let key = Key(
                title: item.title, subtitle: item.subtitle, text: item.text, time: item.time, counts: item.counts,
                hasImage: item.image != nil, width: width, textCategory: textCategory)
            let cost = item.title.count + item.subtitle.count + item.text.count + item.time.count
            let cached: Double?? = lock.withLock {
                if let height = cache[key] { return .some(height) }
                guard refused == nil, characters + cost <= budget else {
                    if refused == nil { refused = cost }
                    return .none
                }
                characters += cost
                return .some(nil)
            }
            switch cached {
            case .none: return .overBudget
            case .some(.some(let height)): return .measured(height)
            case .some(.none):
                let height = RowContentLayout.fittingHeight(
                    template, item: item, width: width, textCategory: textCategory, measuring: measuring)
                if let height { lock.withLock { cache[key] = height } }
                return .measured(height)
            }
        }
    }
}
