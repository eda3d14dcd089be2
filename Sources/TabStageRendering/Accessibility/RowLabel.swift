import Foundation
import TabStageLayout
import TabStageModel

/// A row's combined label: a table cell is one element that reads its labels in order.
enum RowLabel {
    /// The texts row `row` of tab `tabIndex` shows, joined with ", "; empty when it shows none
    /// (a custom template's own text is not known, so its item's fields stand in).
    static func text(tab: TabConfig, content: RowContent?, tabIndex: Int, row: Int) -> String {
        if case .carousel = tab.content { return "\(tab.title) \(row + 1)" }
        guard let content else {
            // The sample post PageDrawing draws: the author and the age.
            let seed = row + tabIndex * 3
            return "\(samplePostNames[seed % samplePostNames.count].0), \(row % 23 + 1)h"
        }
        let columns = content.template == .grid ? RowTemplate.gridColumns : 1
        let parts = (0..<columns).compactMap { content.item(row: row, column: $0) }.flatMap { item -> [String] in
            switch content.template {
            case .plain: [item.title, item.subtitle]
            case .media, .grid: [item.title]
            case .post, .custom: [item.title, item.subtitle, item.time, item.text]
            }
        }
        return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
