import Foundation
import TabStageLayout
import TabStageModel

/// The `container:` mapping: the header's geometry and each tab's rows.
extension ScenarioParser {
    /// Also hands back each ratio-sized tab's `rowHeightRatio` value, by tab index, for errors
    /// about the rows it makes.
    /// The container, the `rowHeightRatio` values by tab (for the short-row check) and what
    /// each tab's rows show (drawing data, for the look).
    static func parseContainer(_ value: YAMLValue, device: Device, drawings: Int) throws(ScenarioError) -> (
        config: ContainerConfig, ratioValues: [Int: YAMLValue], rowContent: [RowContent?]
    ) {
        let fields = try value.mapping(allowed: containerKeys)
        var config = ContainerConfig(tabs: [])
        if let header = fields["header"] { config.header = try parseHeader(header, device: device) }
        if let tabBar = fields["tabBar"] {
            let bar = try tabBar.mapping(allowed: ScenarioKeys.tabBar.names)
            config.tabBar.height = try bar["height"].map { v throws(ScenarioError) in try positive(v) } ?? 44
            config.tabBar.compactHeight = try bar["compactHeight"].map { v throws(ScenarioError) in try positive(v) } ?? 32
            config.tabBar.layout = try bar["layout"]?.choice(TabBarMode.self) ?? .automatic
        }
        config.shortContent = try fields["shortContent"]?.choice(ShortContent.self) ?? .extend
        config.decelerationRate = try fields["decelerationRate"]?.choice(DecelerationRate.self) ?? .normal
        let tabsValue = try fields.required("tabs", "a list of tabs such as {title: Posts, rows: 40, rowHeight: 100}")
        let tabValues = try tabsValue.sequence()
        guard !tabValues.isEmpty else {
            throw tabsValue.error("'container.tabs' is empty", expected: "at least one tab")
        }
        guard tabValues.count <= ScenarioLimits.maxTabs else {
            throw tabsValue.error(
                "'container.tabs' has \(tabValues.count) tabs, over the limit", expected: "at most \(ScenarioLimits.maxTabs) tabs")
        }
        var totalRows = 0
        var ratioValues: [Int: YAMLValue] = [:]
        var probes = TemplateProbes()
        var rowContent: [RowContent?] = []
        for tabValue in tabValues {
            let (tab, content) = try parseTab(tabValue, device: device, drawings: drawings, probes: &probes)
            if let earlier = config.tabs.first(where: { $0.title == tab.title }) {
                throw tabValue.error(
                    "two tabs are titled '\(quoted(earlier.title))'", expected: "distinct tab titles, so 'select' can name them")
            }
            switch tab.content {
            case .list(let rows, _): totalRows += rows
            case .carousel(let sections, let items): totalRows += sections * items
            }
            if totalRows > ScenarioLimits.maxRows {
                throw tabValue.error(
                    "the tabs hold more than \(ScenarioLimits.maxRows) rows in all", expected: "at most \(ScenarioLimits.maxRows) rows")
            }
            if case .list(_, .ratio) = tab.content, let ratio = try tabValue.mapping(allowed: tabKeys)["rowHeightRatio"] {
                ratioValues[config.tabs.count] = ratio
            }
            config.tabs.append(tab)
            rowContent.append(content)
        }
        return (config, ratioValues, rowContent)
    }

    static func positive(_ value: YAMLValue, max: Double = ScenarioLimits.maxWindowSide * 1000) throws(ScenarioError) -> Double {
        let number = try value.number(in: 0...max, "a number above 0")
        if number == 0 { throw value.error("'\(value.path)' must be above 0", expected: "a number above 0") }
        return number
    }

    static let containerKeys = ScenarioKeys.container.names
    static let headerKeys = ScenarioKeys.headerGeometry.names

    private static func parseHeader(_ value: YAMLValue, device: Device) throws(ScenarioError) -> HeaderConfig {
        let fields = try value.mapping(allowed: headerKeys + headerContentKeys)
        var header = HeaderConfig()
        // `height: fit` leaves the default in place: the stage replaces it with the height that
        // holds the header's text, once it has a window and text widths.
        let fits = try fields["height"].map(heightFits) ?? false
        if let v = fields["height"], !fits { header.height = try positive(v, max: ScenarioLimits.maxWindowSide) }
        if let v = fields["minHeight"] {
            header.minHeight = try v.number(
                in: 0...ScenarioLimits.maxWindowSide, "a number of points from 0 to \(format(ScenarioLimits.maxWindowSide))")
        }
        header.overscroll = try fields["overscroll"]?.choice(Overscroll.self) ?? .pin
        header.snap = try fields["snap"]?.bool() ?? false
        header.compactHeightPlacement = try fields["compactHeightPlacement"]?.choice(CompactHeightPlacement.self) ?? .side
        if let v = fields["sideWidth"] { header.sideWidth = try positive(v, max: ScenarioLimits.maxWindowSide) }
        // The header must fit its collapsed height in every orientation the scenario may rotate to.
        let top = max(device.portraitSafeArea.top, device.landscapeSafeArea.top)
        let collapsed = top + header.minHeight
        if !fits, header.height < collapsed {
            throw (fields["height"] ?? value).error(
                "header height \(format(header.height)) is less than its collapsed height \(format(collapsed)) (safe-area top \(format(top)) + minHeight \(format(header.minHeight)))",
                expected: "a height of at least \(format(collapsed))")
        }
        return header
    }

    /// Whether a header's `height` is the word `fit` (true) or a number (false, checked later).
    static func heightFits(_ value: YAMLValue) throws(ScenarioError) -> Bool {
        // A number is checked later; anything else but the word is refused naming both forms.
        if case .scalar = value.node, value.tagName == .int || value.tagName == .float { return false }
        guard case .scalar(let scalar) = value.node, value.tagName == .str, scalar.string == ScenarioKeys.fitHeight else {
            throw value.error(
                "'\(value.path)' must be a number or \(ScenarioKeys.fitHeight), found \(value.kindDescription)",
                expected: "a number above 0, or \(ScenarioKeys.fitHeight) to size the header to its text")
        }
        return true
    }

    private static let tabKeys = ScenarioKeys.tab.names

    /// A tab and what its list rows show (nil for placeholder posts and for carousels).
    private static func parseTab(_ value: YAMLValue, device: Device, drawings: Int, probes: inout TemplateProbes) throws(ScenarioError)
        -> (TabConfig, RowContent?)
    {
        let fields = try value.mapping(allowed: tabKeys)
        let title = try fields.required("title", "a tab title").text()
        let kind = try fields["kind"]?.choice(TabKind.self) ?? .list
        let countText = "a whole number from 0 to \(ScenarioLimits.maxRows)"
        switch kind {
        case .list:
            if fields["sections"] != nil {
                throw fields.keyError(
                    "sections", "'sections' belongs to carousel tabs", expected: "rows with rowHeight or rowHeightRatio, or kind: carousel")
            }
            var rowCost: DrawingCost.RowCost?
            let rowContent = try parseRowContent(
                template: fields["template"], items: fields["items"], owner: value, probes: &probes, cost: &rowCost)
            let rows = try fields.required("rows", countText).integer(in: 0...ScenarioLimits.maxRows, countText)
            let height: RowHeight
            switch (fields["rowHeight"], fields["rowHeightRatio"]) {
            case (let fixed?, nil):
                let rowText = "a row height from \(format(ScenarioLimits.minRowHeight)) to \(format(ScenarioLimits.maxWindowSide)) points"
                height = .fixed(try fixed.number(in: ScenarioLimits.minRowHeight...ScenarioLimits.maxWindowSide, rowText))
            case (nil, let ratio?): height = .ratio(try positive(ratio, max: 10))
            // A grid's rows are squares (a third of the width); post, plain and media rows size
            // themselves to their text, as self-sizing cells do (measured by the stage: a plain
            // or media row is never under UITableView's default 44 pt); placeholder posts and
            // Mustache templates keep UITableView's default row height.
            case (nil, nil):
                switch rowContent?.template {
                case .grid?: height = .ratio(1.0 / Double(RowTemplate.gridColumns))
                case .post?, .plain?, .media?: height = .selfSizing([])
                default: height = .fixed(44)
                }
            case (_, let ratio?):
                throw ratio.error("a tab takes either 'rowHeight' or 'rowHeightRatio', not both", expected: "one of them")
            }
            if let rowCost, let template = fields["template"] {
                try checkSnapshotBudget(rowCost, rowHeight: height, device: device, drawings: drawings, at: template)
            }
            return (TabConfig(title: title, content: .list(rows: rows, rowHeight: height)), rowContent)
        case .carousel:
            for key in ["rows", "rowHeight", "rowHeightRatio", "template"] where fields[key] != nil {
                throw fields.keyError(key, "'\(key)' belongs to list tabs", expected: "sections and items for kind: carousel")
            }
            let sections = try fields.required("sections", countText).integer(in: 0...ScenarioLimits.maxRows, countText)
            let items = try fields["items"]?.integer(in: 1...1000, "a whole number from 1 to 1000") ?? 8
            return (TabConfig(title: title, content: .carousel(sections: sections, items: items)), nil)
        }
    }

    enum TabKind: String, CaseIterable { case list, carousel }
}
