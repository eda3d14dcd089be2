import Foundation
import TabStageModel

/// What a step presents: sheets with their detents, popovers and other presentation styles, and the split view.
extension ScenarioParser {
    static let sheetKeys = ScenarioKeys.sheet.names

    /// The argument tables of the steps that may produce frames, which take `frames: true`.
    private static let frameStepTables: [String: KeyTable] = [
        "drag": ScenarioKeys.drag, "release": ScenarioKeys.release, "scroll": ScenarioKeys.scroll, "select": ScenarioKeys.select,
        "wait": ScenarioKeys.wait, "scrollToTop": ScenarioKeys.scrollToTop,
    ]

    /// A step's `frames: true`. A step that cannot produce a frame (a scroll, select or
    /// scrollToTop without `animated: true`) is refused: it would keep nothing.
    static func framesAreReferences(_ keyword: String, _ argument: YAMLValue, kind: ScenarioStep.Kind) throws(ScenarioError)
        -> Bool
    {
        guard let table = frameStepTables[keyword], case .mapping = argument.node else { return false }
        guard let value = try argument.mapping(allowed: table.names)["frames"], try value.bool() else { return false }
        switch kind {
        case .action(.container(.scroll)), .action(.container(.scrollBy)), .action(.container(.select)),
            .action(.container(.scrollToTop)):
            throw value.error(
                "'\(keyword)' without 'animated: true' produces no frame for 'frames' to keep", expected: "animated: true, or no 'frames'")
        default:
            return true
        }
    }

    /// Detents, the grabber and edge attachment belong to UISheetPresentationController (iOS 15).
    static func requireSheetDetents(_ version: IOSVersion, at value: YAMLValue, what: String) throws(ScenarioError) {
        guard !version.hasSheetDetents else { return }
        throw value.error(
            "\(what) needs iOS 15 or later, the scenario targets iOS \(version)",
            expected: "iOSVersion: 15 or later, or no sheet settings")
    }

    /// The request, and the control named as its source (the request's `source` is then nil
    /// until the runner resolves the name).
    static func parsePresentation(
        _ value: YAMLValue, iOSVersion: IOSVersion
    ) throws(ScenarioError) -> (PresentationRequest, ControlName?) {
        let fields = try value.mapping(allowed: ScenarioKeys.presentation.names)
        for key in sheetKeys {
            if let field = fields[key] { try requireSheetDetents(iOSVersion, at: field, what: "'\(key)'") }
        }
        let styles = PresentationStyle.allCases.map(\.rawValue)
        let style = try fields.required("style", oneOf(styles)).choice(PresentationStyle.self)
        let adaptation = try fields["adapt"]?.choice(PresentationAdaptation.self) ?? .automatic
        var source: Rect?
        var control: ControlName?
        let sourceExpected = "source: {x, y, width, height} in window points, or a control: \(ControlName.shapes)"
        if let sourceValue = fields["source"], case .scalar = sourceValue.node {
            let name = try sourceValue.string()
            guard let parsed = ControlName(name) else {
                let words = ["follow", "back", "search", "more"]
                throw sourceValue.error("'source' cannot be '\(quoted(name))'" + didYouMean(name, words), expected: sourceExpected)
            }
            control = parsed
        } else if let sourceValue = fields["source"] {
            let rect = try sourceValue.mapping(allowed: ScenarioKeys.sourceRect.names)
            let point = "a number of points within the window limit"
            let limit = -ScenarioLimits.maxWindowSide...ScenarioLimits.maxWindowSide
            source = Rect(
                x: try rect.required("x", point).number(in: limit, point), y: try rect.required("y", point).number(in: limit, point),
                width: try rect["width"]?.number(in: 0...ScenarioLimits.maxWindowSide, "a width from 0") ?? 0,
                height: try rect["height"]?.number(in: 0...ScenarioLimits.maxWindowSide, "a height from 0") ?? 0)
        } else if style == .popover {
            throw value.error("a popover needs a 'source' to point at", expected: sourceExpected)
        }
        var size: Size?
        if let sizeValue = fields["size"] {
            let box = try sizeValue.mapping(allowed: ScenarioKeys.size.names)
            size = Size(
                width: try positive(try box.required("width", "a width in points"), max: ScenarioLimits.maxWindowSide),
                height: try positive(try box.required("height", "a height in points"), max: ScenarioLimits.maxWindowSide))
        }
        var request = PresentationRequest(style: style, adaptation: adaptation, source: source, size: size, sheet: try parseSheet(fields))
        request.content = try fields["content"].map { v throws(ScenarioError) in try parsePresentedContent(v, iOSVersion: iOSVersion) }
        if let placement = fields["placement"] {
            guard iOSVersion.hasSheetPlacement else {
                throw placement.error(
                    "'placement' (preferredPlacement) needs iOS 27 or later, the scenario targets iOS \(iOSVersion)",
                    expected: "iOSVersion: 27, or no placement")
            }
            request.placement = try placement.choice(SheetPlacement.self)
        }
        return (request, control)
    }

    private static func parseSheet(_ fields: YAMLFields) throws(ScenarioError) -> SheetOptions {
        var detents: [SheetDetent] = [.large]
        if let list = fields["detents"] {
            let items = try list.sequence()
            guard !items.isEmpty else { throw list.error("'detents' is empty", expected: "[medium], [large] or [medium, large]") }
            detents = []
            for item in items {
                let detent = try item.choice(SheetDetent.self)
                if detents.contains(detent) { throw item.error("'\(detent.rawValue)' is listed twice", expected: "each detent once") }
                detents.append(detent)
            }
            detents.sort()
        }
        let selected = try fields["selectedDetent"]?.choice(SheetDetent.self)
        if let selected, !detents.contains(selected), let value = fields["selectedDetent"] {
            throw value.error(
                "the sheet has no \(selected.rawValue) detent", expected: "a detent listed in 'detents': " + listed(detents.map(\.rawValue))
            )
        }
        return SheetOptions(
            detents: detents, selectedDetent: selected, grabber: try fields["grabber"]?.bool() ?? false,
            largestUndimmedDetent: try fields["largestUndimmedDetent"]?.choice(SheetDetent.self),
            edgeAttachedInCompactHeight: try fields["edgeAttachedInCompactHeight"]?.bool() ?? false,
            widthFollowsPreferredContentSize: try fields["widthFollowsPreferredContentSize"]?.bool() ?? false)
    }

    static func parseSplit(_ value: YAMLValue) throws(ScenarioError) -> SplitConfig {
        let fields = try value.mapping(allowed: ScenarioKeys.split.names)
        var split = SplitConfig()
        split.primaryTitle = try fields["primaryTitle"]?.text() ?? split.primaryTitle
        if let items = fields["primaryItems"] {
            split.primaryItems = try parseTitles(items, limit: 1000)
            split.primaryRows = split.primaryItems.count
        }
        split.primaryRows = try fields["primaryRows"]?.integer(in: 0...1000, "a whole number from 0 to 1000") ?? split.primaryRows
        if let width = fields["primaryWidth"] {
            if case .scalar(let scalar) = width.node, width.tagName == .str {
                guard scalar.string == "automatic" else {
                    throw width.error(
                        "'split.primaryWidth' cannot be '\(quoted(scalar.string))'",
                        expected: "automatic, or a fraction of the window such as 0.35")
                }
            } else {
                let fraction = try width.number(in: 0...1, "automatic, or a fraction of the window from 0 to 1")
                split.primaryWidth = .fraction(fraction)
            }
        }
        let side = "a width in points from 0 to \(format(ScenarioLimits.maxWindowSide))"
        split.minimumPrimaryWidth = try fields["minimumPrimaryWidth"]?.number(in: 0...ScenarioLimits.maxWindowSide, side) ?? 0
        split.maximumPrimaryWidth =
            try fields["maximumPrimaryWidth"]?.number(in: 0...ScenarioLimits.maxWindowSide, side) ?? SplitConfig.automaticPrimaryWidth
        if split.minimumPrimaryWidth > split.maximumPrimaryWidth {
            throw (fields["minimumPrimaryWidth"] ?? value).error(
                "'split.minimumPrimaryWidth' \(format(split.minimumPrimaryWidth)) is above the maximum \(format(split.maximumPrimaryWidth))",
                expected: "minimumPrimaryWidth ≤ maximumPrimaryWidth")
        }
        split.collapse = try fields["collapse"]?.choice(SplitConfig.Collapse.self) ?? .primary
        return split
    }
}
