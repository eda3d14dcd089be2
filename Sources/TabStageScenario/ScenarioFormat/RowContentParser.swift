import Foundation
import TabStageLayout
import TabStageModel
import Yams

extension ScenarioParser {
    static let builtInTemplates = ["post", "media", "plain", "grid"]
    static let itemKeys = ScenarioKeys.item.names
    /// Items per tab, whether written inline or in a file.
    static let maxItems = 1000

    /// A list tab's `template` and `items`, or nil when it gives neither (placeholder posts).
    static func parseRowContent(
        template: YAMLValue?, items: YAMLValue?, owner: YAMLValue, probes: inout TemplateProbes, cost: inout DrawingCost.RowCost?
    ) throws(ScenarioError) -> RowContent? {
        guard template != nil || items != nil else { return nil }
        guard let items else {
            throw owner.error(
                "\(owner.quotedPath) has a 'template' but no 'items'",
                expected: "items: [{title, subtitle, text, time, image}] or items: FILE.yaml")
        }
        let rowTemplate = try template.map { v throws(ScenarioError) in try parseTemplate(v) } ?? .post
        let parsedItems = try parseItems(items, imageUse: rowTemplate == .grid ? .gridCell : .row)
        if case .custom(let source, let file) = rowTemplate, template != nil {
            cost = try probes.probe(source: source, file: file, items: parsedItems, at: items)
        }
        return RowContent(template: rowTemplate, items: parsedItems)
    }

    /// `post`, `media`, `plain`, `grid`, or a `.svg.mustache` file in the scenario's folder.
    static func parseTemplate(_ value: YAMLValue) throws(ScenarioError) -> RowTemplate {
        let name = try value.string()
        switch name {
        case "post": return .post
        case "media": return .media
        case "plain": return .plain
        case "grid": return .grid
        default: break
        }
        guard name.hasSuffix(".mustache") else {
            throw value.error(
                "unknown template '\(quoted(name))'" + didYouMean(name, builtInTemplates),
                expected: "\(oneOf(builtInTemplates)), or a FILE.svg.mustache in the scenario's folder")
        }
        let bytes = try value.assetFile(.template)
        guard let source = String(validating: bytes, as: UTF8.self) else {
            throw value.error("the template '\(quoted(name))' is not UTF-8 text", expected: "a UTF-8 Mustache template")
        }
        return .custom(source: source, file: templatePath(name, value))
    }

    /// The template's path as messages show it: the scenario's folder joined with the reference.
    static func templatePath(_ reference: String, _ value: YAMLValue) -> String {
        guard let folder = value.assets?.path, folder != "." else { return reference }
        return folder.hasSuffix("/") ? folder + reference : folder + "/" + reference
    }

    /// Refuses a template whose rows, as many as one snapshot can show at `rowHeight`, would
    /// together exceed a snapshot budget (`DrawingCost.SnapshotBudget`). No window is taller
    /// than the device's longer side; rows sized by a ratio are counted in the narrowest window
    /// a device has (320 pt, an iPad's Slide Over, or the device's shorter side if less), and
    /// never under `ScenarioLimits.minRowHeight`. `drawings` is how often a snapshot draws the
    /// container: twice under a floating glass tab bar, which blurs a second copy behind it.
    static func checkSnapshotBudget(
        _ cost: DrawingCost.RowCost, rowHeight: RowHeight, device: Device, drawings: Int = 1, at value: YAMLValue
    ) throws(ScenarioError) {
        let tallest = max(device.size.width, device.size.height)
        let height: Double
        switch rowHeight {
        case .fixed(let points): height = points
        case .ratio(let ratio):
            height = max(ScenarioLimits.minRowHeight, ratio * min(320, device.size.width, device.size.height))
        case .selfSizing(let heights):
            height = max(ScenarioLimits.minRowHeight, heights.min() ?? 44)
        }
        let rows = DrawingCost.rowsDrawn(rowHeight: height, maxWindowSide: tallest)
        guard let (what, estimate, limit) = DrawingCost.snapshotProblem(cost, rows: rows * drawings) else { return }
        let perRow =
            [
                "elements": cost.elements, "dash segments": cost.dashSegments, "path segments": cost.vertices,
                "characters of text": cost.text,
                "bytes": cost.bytes,
            ][what] ?? cost.layers
        let kind =
            { () -> String in
                if case .ratio = rowHeight { return "rows sized by rowHeightRatio (counted at \(format(height)) pt)" }
                return "\(format(height))-pt rows"
            }() + (drawings > 1 ? " (each drawn twice: again, blurred, behind the glass tab bar)" : "")
        throw value.error(
            "the template draws \(perRow) \(what) a row, and one snapshot can show \(rows) \(kind): \(estimate == Int.max ? "too many" : String(estimate)) \(what), over the limit",
            expected: "at most \(limit) \(what) of template rows in one snapshot: taller rows, or a lighter template")
    }

    /// A list of item mappings, or the name of a YAML or JSON file holding one.
    /// Images in an items file are read from the scenario's folder, like every file the
    /// scenario names, wherever the items file itself is.
    static func parseItems(_ value: YAMLValue, imageUse: ImageUse) throws(ScenarioError) -> [RowItem] {
        if case .scalar = value.node {
            let name = try value.string()
            guard [".yaml", ".yml", ".json"].contains(where: { name.lowercased().hasSuffix($0) }) else {
                throw value.error(
                    "items file '\(quoted(name))' is not .yaml, .yml or .json", expected: "a list of items, or a FILE.yaml|json")
            }
            guard let assets = value.assets else { return try parseItemsFile(name, value, imageUse: imageUse) }
            return try assets.parsedFiles.value(name, kind: "items as \(imageUse)") { () throws(ScenarioError) in
                try parseItemsFile(name, value, imageUse: imageUse)
            }
        }
        return try parseItemList(value, imageUse: imageUse)
    }

    /// The items of the file `name` that `value` names.
    private static func parseItemsFile(_ name: String, _ value: YAMLValue, imageUse: ImageUse) throws(ScenarioError) -> [RowItem] {
        let bytes = try value.assetFile(.items)
        let path = templatePath(name, value)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ScenarioError(SourceLocation(file: path), "the items file is not UTF-8 text", expected: "a UTF-8 YAML or JSON file")
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ScenarioError(SourceLocation(file: path), "the items file is empty", expected: "a list of items")
            }
            root = node
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw YAMLSyntaxErrors.error(error, file: path, text: text)
        }
        return try parseItemList(YAMLValue(root, path: "items", file: path, assets: value.assets), imageUse: imageUse)
    }

    private static func parseItemList(_ value: YAMLValue, imageUse: ImageUse) throws(ScenarioError) -> [RowItem] {
        let list = try value.sequence()
        guard !list.isEmpty else { throw value.error("\(value.quotedPath) is empty", expected: "at least one item") }
        guard list.count <= maxItems else {
            throw value.error("\(value.quotedPath) has \(list.count) items, over the limit", expected: "at most \(maxItems) items")
        }
        var items: [RowItem] = []
        for entry in list {
            let fields = try entry.mapping(allowed: itemKeys)
            var item = RowItem()
            item.title = try fields["title"]?.text() ?? ""
            item.subtitle = try fields["subtitle"]?.text() ?? ""
            item.text = try fields["text"]?.text() ?? ""
            item.time = try fields["time"]?.text() ?? ""
            item.counts = RowItem.Counts(
                replies: try fields["replies"]?.text() ?? "", reposts: try fields["reposts"]?.text() ?? "",
                likes: try fields["likes"]?.text() ?? "", views: try fields["views"]?.text() ?? "")
            if let image = fields["image"] {
                item.image = try image.assetImage(use: imageUse)
            }
            items.append(item)
        }
        return items
    }

    /// `present`'s `content: {title, items: [TEXT | {title, destructive, image}], doneButton,
    /// closeButton, scrollEdgeEffect}`; `closeButton` and `scrollEdgeEffect` only from iOS 26.
    static func parsePresentedContent(_ value: YAMLValue, iOSVersion: IOSVersion) throws(ScenarioError) -> PresentedContent {
        let fields = try value.mapping(allowed: ScenarioKeys.presentedContent.names)
        var content = PresentedContent(title: try fields["title"]?.text() ?? "", items: [], doneButton: try fields["doneButton"]?.bool())
        if let effect = fields["scrollEdgeEffect"] {
            guard iOSVersion.usesLiquidGlass else {
                throw effect.error(
                    "'scrollEdgeEffect' needs iOS 26 or later, the scenario targets iOS \(iOSVersion)",
                    expected: "iOSVersion: 26 or later, or no scrollEdgeEffect")
            }
            content.scrollEdgeEffect = try effect.choice(ScrollEdgeEffectStyle.self)
        }
        if let close = fields["closeButton"] {
            guard iOSVersion.usesLiquidGlass else {
                throw close.error(
                    "'closeButton' needs iOS 26 or later, the scenario targets iOS \(iOSVersion)",
                    expected: "iOSVersion: 26 or later, or no closeButton")
            }
            content.closeButton = try close.bool()
        }
        guard let items = fields["items"] else { return content }
        for entry in try items.sequence() {
            if case .mapping = entry.node {
                let item = try entry.mapping(allowed: ScenarioKeys.presentedItem.names)
                content.items.append(
                    PresentedContent.Item(
                        title: try item.required("title", "the row's title").text(), destructive: try item["destructive"]?.bool() ?? false,
                        image: try item["image"].map { v throws(ScenarioError) in try v.assetImage(use: .symbol) }))
            } else {
                content.items.append(PresentedContent.Item(title: try entry.text()))
            }
        }
        guard content.items.count <= 100 else {
            throw items.error("\(items.quotedPath) has \(content.items.count) rows, over the limit", expected: "at most 100 rows")
        }
        return content
    }

    /// A list of texts (split view rows).
    static func parseTitles(_ value: YAMLValue, limit: Int) throws(ScenarioError) -> [String] {
        let list = try value.sequence()
        guard !list.isEmpty else { throw value.error("\(value.quotedPath) is empty", expected: "at least one title") }
        guard list.count <= limit else {
            throw value.error("\(value.quotedPath) has \(list.count) titles, over the limit", expected: "at most \(limit) titles")
        }
        var titles: [String] = []
        for entry in list { titles.append(try entry.text()) }
        return titles
    }
}

/// Each template checked once per distinct item list, however many tabs share it: the check
/// renders and parses the template for every class of item (`RowTemplateRenderer.probeCost`)
/// in both appearances, so ten tabs sharing a 1,000-item file checked it 20,000 times. The
/// bytes rendered to check are counted over the whole scenario and held to a budget.
struct TemplateProbes {
    /// Bytes of rows a scenario's template checks may render, every template and tab together:
    /// parsing and checking a row runs at about 3 MB a second, so this keeps the checks near
    /// a second (a 32 KB template with 1,000 items whose fields were attributes rendered 64 MB
    /// and took 12 s).
    static let maximumBytes = 4_000_000

    struct Key: Hashable {
        var source: String
        var items: [RowItem]
    }
    private var done: [Key: DrawingCost.RowCost] = [:]
    /// Rows rendered and checked so far.
    private(set) var checks = 0
    /// Bytes rendered to check templates so far.
    private(set) var bytes = 0

    /// The template's cost for these items, checked now or found from an earlier tab; a refusal
    /// is located in the template's file, the budget's at `location` (the tab's items).
    mutating func probe(source: String, file: String, items: [RowItem], at location: YAMLValue? = nil) throws(ScenarioError)
        -> DrawingCost.RowCost
    {
        let key = Key(source: source, items: items)
        if let known = done[key] { return known }
        switch RowTemplateRenderer.probeCost(source, items: items, byteBudget: Self.maximumBytes - bytes) {
        case .success(let probed):
            checks += probed.checks
            bytes += probed.bytes
            if let item = probed.stoppedAt {
                let message =
                    "checking the template '\(quoted(file))' against item \(item + 1) of \(items.count) takes the rows rendered to check templates to \(bytes) bytes, over the limit"
                let expected =
                    "at most \(Self.maximumBytes) bytes of rows checked per scenario; items that differ only in the length of the text they show are checked once: fewer distinct items, or a smaller template"
                guard let location else {
                    throw ScenarioError(SourceLocation(file: file, line: 1, column: 1), message, expected: expected)
                }
                throw location.error(message, expected: expected)
            }
            done[key] = probed.cost
            return probed.cost
        case .failure(let error):
            throw ScenarioError(
                SourceLocation(file: file, line: error.line ?? 1, column: error.column ?? 1), error.message, expected: error.expected)
        }
    }
}
