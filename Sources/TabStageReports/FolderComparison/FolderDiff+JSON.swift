import TabStageScenario
import TabStageWorkflow

extension FolderDiff {
    /// reg-cli's JSON (`passedItems`, `failedItems`, `newItems`, `deletedItems`, `expectedItems`,
    /// `actualItems`, `diffItems` as relative paths, and the folders), plus each compared file's
    /// pixel counts under `comparisons`.
    package static func json(_ items: [Item], expected: String, actual: String, report: String?) -> String {
        func paths(_ status: Status...) -> JSON { .array(items.filter { status.contains($0.status) }.map { .string($0.path) }) }
        let comparisons: [JSON] = items.compactMap { item in
            guard item.status == .passed || item.status == .changed else { return nil }
            var fields: [(String, JSON)] = [("path", .string(item.path)), ("status", .string(item.status.rawValue))]
            if let c = item.comparison {
                fields += [
                    ("width", .number(Double(c.width))), ("height", .number(Double(c.height))),
                    ("differentPixels", .number(Double(c.differentPixels))), ("antiAliasedPixels", .number(Double(c.antiAliasedPixels))),
                ]
            }
            if let problem = item.problem { fields.append(("problem", .string(problem))) }
            return .object(fields)
        }
        return JSON.object([
            ("passedItems", paths(.passed)),
            ("failedItems", paths(.changed)),
            ("newItems", paths(.new)),
            ("deletedItems", paths(.deleted)),
            ("expectedItems", paths(.passed, .changed, .deleted)),
            ("actualItems", paths(.passed, .changed, .new)),
            ("diffItems", paths(.changed)),
            ("expectedDir", .string(expected)),
            ("actualDir", .string(actual)),
            ("diffDir", report.map { .string($0) } ?? .null),
            ("comparisons", .array(comparisons)),
        ]).text() + "\n"
    }
}
