import Adaptive
import Assets
import Foundation
import Look
import Presentation
import RowTemplates
import ScrollableTab
import Stage
import Yams

/// Scenario text -> validated `Scenario`. Every refusal is a `ScenarioError` pointing at the
/// offending key or value.
public enum ScenarioParser {
    static let topLevelKeys = ScenarioKeys.scenario.names
    /// The keys a step may start with, for messages and shell completions.
    public static let stepKeywords = ScenarioKeys.steps.names
    /// The longest `wait`, in seconds.
    static let maxWaitSeconds = 60.0
    /// Fastest fling accepted, in points per second (a real one tops out near 10,000).
    static let maxVelocity = 100_000.0

    /// Parses and validates scenario text (YAML, or JSON, which YAML includes) into a scenario
    /// the runner can run without further checks.
    ///
    /// - Parameters:
    ///   - text: The scenario file's contents.
    ///   - file: The path shown in errors.
    ///   - defaultName: Used when the file has no `name` (the file's base name).
    ///   - assetFolder: Where the files the scenario names (templates, items, images, fonts) are
    ///     read from. `ScenarioLoader` passes the scenario file's folder. Nil (scenario text with
    ///     no file behind it) refuses every file reference with a located error instead of
    ///     guessing a folder such as the current directory.
    /// - Returns: The validated scenario.
    /// - Throws: A `ScenarioError` located at the first problem, with what would be accepted.
    public static func parse(_ text: String, file: String, defaultName: String, assetFolder: AssetFolder? = nil) throws(ScenarioError)
        -> Scenario
    {
        try parse(text, file: file, defaultName: defaultName, assetFolder: assetFolder, variant: nil)
    }

    /// `parse`, or with `variant` the scenario's variant of that name: the text with the values
    /// the variant sets in place of the top-level keys (see `variant(of:named:settings:)`).
    static func parse(
        _ text: String, file: String, defaultName: String, assetFolder: AssetFolder?, variant: VariantIdentity?,
        release: (iOSVersion: Int, designCompatibility: Bool)? = nil
    ) throws(ScenarioError) -> Scenario {
        var root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ScenarioError(
                    SourceLocation(file: file), "the file is empty", expected: "a scenario mapping with 'container' and 'steps'")
            }
            root = node
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw YAMLSyntaxErrors.error(error, file: file, text: text)
        }

        try checkStructure(root, file: file, maxValues: ScenarioLimits.maxValues(textBytes: text.utf8.count))
        try checkIsScenario(root, file: file)
        if let variant { root = try substitute(variant, in: root, file: file) }
        if let release { root = setting(release, in: root) }
        let top = try YAMLValue(root, path: "", file: file, assets: assetFolder).mapping(allowed: topLevelKeys)
        var name = try top["name"]?.string() ?? defaultName
        try checkFileName(name, at: top["name"] ?? top.owner, what: "scenario name")
        if let variant { name += String(VariantIdentity.separator) + variant.name }
        let variants = try top["variants"].map { v throws(ScenarioError) in
            try parseVariants(v, designCompatibility: top["designCompatibility"])
        }

        let (device, deviceValue) = try parseDevice(
            top.required("device", "a device id such as iphone-15, or {width, height, scale, idiom, safeArea}"))
        let orientation = try top["orientation"]?.choice(Orientation.self) ?? .portrait
        let (multitasking, windowSize) = try top["multitasking"].map { v throws(ScenarioError) in try parseWindow(v) } ?? (.full, nil)
        let pseudoLocale = try top["pseudoLocale"]?.choice(PseudoLocale.self)
        var settings = DisplaySettings(
            contentSizeCategory: try top["contentSizeCategory"]?.choice(ContentSizeCategory.self) ?? .L,
            layoutDirection: try top["layoutDirection"]?.choice(LayoutDirection.self) ?? .ltr,
            appearance: try top["appearance"]?.choice(UserInterfaceStyle.self) ?? .light,
            iOSVersion: try parseIOSVersion(top["iOSVersion"], designCompatibility: top["designCompatibility"]))
        let traitOverride = try top["traitOverride"]?.choice(TraitOverride.self) ?? TraitOverride.none
        let fps = try top["fps"]?.integer(in: 1...ScenarioLimits.maxFPS, "a whole number from 1 to \(ScenarioLimits.maxFPS)") ?? 60

        if case .failure(let reason) = device.windowFrame(orientation, multitasking, size: windowSize, on: settings.iOSVersion) {
            let value = top["multitasking"].map { windowValue($0, reason) } ?? deviceValue
            throw value.error(reason.description, expected: multitaskingExpectation(device, orientation, reason, settings.iOSVersion))
        }

        let split = try top["split"].map { v throws(ScenarioError) in try parseSplit(v) }
        let containerValue = try top.required("container", "a mapping with 'tabs'")
        let appTabBar = try top["appTabBar"].map { v throws(ScenarioError) in try parseAppTabBar(v) }
        // The floating glass tab bar draws the container a second time, blurred behind it.
        let drawings = appTabBar != nil && settings.iOSVersion.usesLiquidGlass ? 2 : 1
        let parsedContainer = try parseContainer(containerValue, device: device, drawings: drawings)
        var container = parsedContainer.config
        let ratioValues = parsedContainer.ratioValues
        var look = Look(rowContent: parsedContainer.rowContent)
        if let theme = top["theme"] { look.theme = try parseTheme(theme) }
        if let header = try containerValue.mapping(allowed: containerKeys)["header"] {
            look.header = try parseHeaderContent(header.mapping(allowed: headerKeys + headerContentKeys))
        }
        let stepsValue = try top.required("steps", "a list of steps")
        let steps = try parseSteps(stepsValue, tabs: container.tabs, iOSVersion: settings.iOSVersion)
        try checkSize(steps: steps, tabs: container.tabs.count, at: stepsValue)
        // Steps name tabs as the scenario writes them: the pseudo-locale applies after them.
        if let pseudoLocale {
            (container, look) = pseudoLocale.apply(to: container, look: look)
            if pseudoLocale == .bidi { settings.layoutDirection = .rtl }
        }

        // Rows sized by the container's width: the first window decides here; the runner checks
        // every window a rotate or resize step reaches.
        if case .success(let frame) = device.windowFrame(orientation, multitasking, size: windowSize, on: settings.iOSVersion) {
            let window = try? WindowEnvironment(
                device: device, orientation: orientation, multitasking: multitasking, windowSize: windowSize,
                settings: settings, traitOverride: traitOverride)
            if let window, window.window == frame.size,
                let short = RowHeightCheck.shortRow(StageState(window: window, container: container, split: split)),
                let ratio = ratioValues[short.tab]
            {
                throw ratio.error(short.message, expected: short.expected)
            }
        }

        var scenario = Scenario(
            name: name, file: file, device: device, orientation: orientation, multitasking: multitasking,
            settings: settings, traitOverride: traitOverride, fps: fps, container: container, split: split, steps: steps,
            deviceLocation: deviceValue.location, look: look, appTabBar: appTabBar, windowSize: windowSize)
        scenario.variant = variant
        scenario.framesAreReferences = try top["frames"]?.bool() ?? false
        if let verify = top["verify"] {
            scenario.geometryTolerance = try verify.mapping(allowed: ScenarioKeys.verify.names)["geometryTolerance"]?.number(
                in: 0...GeometryTolerance.maximum, "a number of points from 0 to \(Int(GeometryTolerance.maximum))")
        }
        // The text is kept to parse it again: for each variant, and for another release (`drift`).
        scenario.variants = variants
        if variant == nil { scenario.source = ScenarioSource(text: text, defaultName: defaultName, assetFolder: assetFolder) }
        scenario.assetFolder = assetFolder
        return scenario
    }

    /// A file is read as a scenario only when its top level is a mapping with at least one of
    /// the scenario's keys. Anything else (a credentials line, a key file, an environment dump
    /// reached by a wrong path) is refused without quoting a character of it: the message gives
    /// only what the top level is and how long, so a file that is not a scenario never reaches
    /// a CI log. Files that are scenarios are quoted as usual (at most `maxQuotedLength`).
    private static func checkIsScenario(_ root: Node, file: String) throws(ScenarioError) {
        let location = SourceLocation(file: file, line: root.mark?.line ?? 1, column: root.mark?.column ?? 1)
        let keys = "keys " + topLevelKeys.joined(separator: ", ")
        switch root {
        case .mapping(let mapping):
            guard !mapping.contains(where: { topLevelKeys.contains($0.key.scalar?.string ?? "") }) else { return }
            throw ScenarioError(
                location,
                "the file is not a scenario: none of its \(mapping.count) top-level key(s) is a scenario key (not quoted: tabstage repeats nothing from a file that is not a scenario)",
                expected: keys)
        case .sequence: throw ScenarioError(location, "the scenario must be a mapping, found a list", expected: keys)
        case .alias: throw ScenarioError(location, "the scenario must be a mapping, found an alias", expected: keys)
        case .scalar(let scalar):
            let lines = scalar.string.split(separator: "\n", omittingEmptySubsequences: false).count
            throw ScenarioError(
                location,
                "the file is not a scenario: it is text of \(scalar.string.count) character(s) on \(lines) line(s), not a mapping (not quoted: tabstage repeats nothing from a file that is not a scenario)",
                expected: keys)
        }
    }

    /// Refuses what the typed reading below would misreport: custom YAML tags (`!custom foo`
    /// would read as plain text) and nesting deeper than `ScenarioLimits.maxNesting`, enforced
    /// here so the limit is exactly the documented one whatever the YAML library allows. Also
    /// refuses a document that holds more values than its text could write out (`maxValues`):
    /// YAML aliases repeat a value without copying its text, so a few nested aliases would
    /// otherwise make every walk over the scenario take hours.
    private static func checkStructure(_ root: Node, file: String, maxValues: Int) throws(ScenarioError) {
        var pending: [(Node, Int)] = [(root, 1)]
        var visited = 0
        while let (node, depth) = pending.popLast() {
            visited += 1
            if visited > maxValues {
                throw YAMLValue(node, path: "", file: file).error(
                    "YAML aliases (*name) repeat values here more often than the file could write them out",
                    expected: "a scenario without nested aliases; write repeated parts out")
            }
            let tag = node.tag.rawValue
            if !tag.hasPrefix("tag:yaml.org,2002:") {
                throw YAMLValue(node, path: "", file: file).error(
                    "the YAML tag '\(quoted(tag))' is not supported", expected: "a plain value without a '!' tag")
            }
            switch node {
            case .mapping(let mapping):
                if depth > ScenarioLimits.maxNesting { throw nestingError(node, file: file) }
                for (key, value) in mapping {
                    pending.append((value, depth + 1))
                    pending.append((key, depth + 1))
                }
            case .sequence(let sequence):
                if depth > ScenarioLimits.maxNesting { throw nestingError(node, file: file) }
                pending.append(contentsOf: sequence.reversed().map { ($0, depth + 1) })
            case .scalar, .alias:
                break
            }
        }
    }

    private static func nestingError(_ node: Node, file: String) -> ScenarioError {
        YAMLValue(node, path: "", file: file).error(
            "nested more than \(ScenarioLimits.maxNesting) levels deep",
            expected: "at most \(ScenarioLimits.maxNesting) nested mappings and lists")
    }

    /// Refused before running: the trace lists every tab at every step.
    private static func checkSize(steps: [ScenarioStep], tabs: Int, at value: YAMLValue) throws(ScenarioError) {
        if steps.count > ScenarioLimits.maxSteps {
            throw value.error("'steps' has \(steps.count) steps, over the limit", expected: "at most \(ScenarioLimits.maxSteps) steps")
        }
        let snapshots = steps.lazy.filter { $0.snapshotName != nil }.count
        if snapshots > ScenarioLimits.maxSnapshots {
            throw value.error(
                "'steps' has \(snapshots) snapshot steps, over the limit",
                expected: "at most \(ScenarioLimits.maxSnapshots) snapshots per scenario")
        }
        if steps.count * tabs > ScenarioLimits.maxTraceTabEntries {
            throw value.error(
                "\(steps.count) steps × \(tabs) tabs would write \(steps.count * tabs) tab entries to trace.json, over the limit",
                expected: "steps × tabs at most \(ScenarioLimits.maxTraceTabEntries)")
        }
    }

    /// A library's message may quote the file: one line, at most 200 characters.
    static func libraryText(_ text: String) -> String {
        let line = oneLine(text)
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }

    /// Errors are one line: any line breaks in a library's message become spaces.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// `multitasking:` or `resize:`: a named size, or `{width, height}` for an iPadOS 26 window
    /// (its limits are checked against the device and release where it is used).
    static func parseWindow(_ value: YAMLValue) throws(ScenarioError) -> (Multitasking, Size?) {
        guard case .mapping = value.node else { return (try value.choice(Multitasking.self), nil) }
        let window = try value.mapping(allowed: ScenarioKeys.window.names)
        let what = "a size in points from the minimum window to the screen's"
        let width = try window.required("width", what).number(in: 0...ScenarioLimits.maxWindowSide, what)
        let height = try window.required("height", what).number(in: 0...ScenarioLimits.maxWindowSide, what)
        return (.window, Size(width: width, height: height))
    }

    /// The value an unavailable window's error points at: the `width` or `height` out of range
    /// in a `{width, height}` mapping, else the value itself.
    static func windowValue(_ value: YAMLValue, _ reason: MultitaskingUnavailable) -> YAMLValue {
        guard case .windowOutOfRange(let size, let minimum, let screen) = reason,
            let fields = try? value.mapping(allowed: ScenarioKeys.window.names)
        else { return value }
        let widthFits = size.width >= minimum.width && size.width <= screen.width
        return (widthFits ? fields["height"] : fields["width"]) ?? value
    }

    private static func multitaskingExpectation(
        _ device: Device, _ orientation: Orientation, _ reason: MultitaskingUnavailable, _ release: IOSVersion
    ) -> String {
        if let expected = reason.windowsExpectation { return expected }
        if release.hasWindows && device.idiom == .pad { return "full, slide-over or a window {width: W, height: H}" }
        if device.idiom == .phone || device.windowSize(orientation, .half).isFailure && device.windowSize(orientation, .oneThird).isFailure
        {
            return "multitasking: full"
        }
        let modes = Multitasking.allCases.filter { device.windowSize(orientation, $0).isSuccess }.map(\.rawValue)
        return oneOf(modes)
    }

    // MARK: device

    private static let deviceKeys = ScenarioKeys.device.names

    static func parseDevice(_ value: YAMLValue) throws(ScenarioError) -> (Device, YAMLValue) {
        let ids = DeviceCatalog.all.map(\.id)
        if case .scalar = value.node {
            let id = try value.string()
            guard let device = DeviceCatalog.device(id: id) else {
                throw value.error(
                    "unknown device '\(quoted(id))'" + deviceSuggestion(id), expected: oneOf(ids) + ", or a custom {width, height, scale}")
            }
            return (device, value)
        }
        let fields = try value.mapping(allowed: deviceKeys)
        let side = 0.0...ScenarioLimits.maxWindowSide
        let sideText = "a number above 0 and at most \(format(ScenarioLimits.maxWindowSide)) (points)"
        let width = try fields.required("width", sideText).number(in: side, sideText)
        let height = try fields.required("height", sideText).number(in: side, sideText)
        for (number, key) in [(width, "width"), (height, "height")] where number == 0 {
            throw (fields[key] ?? value).error("'device.\(key)' must be above 0", expected: sideText)
        }
        let scaleText = "1, 2 or 3 (from \(format(ScenarioLimits.minScale)) to \(format(ScenarioLimits.maxScale)))"
        let scale = try fields["scale"]?.number(in: ScenarioLimits.minScale...ScenarioLimits.maxScale, scaleText) ?? 2
        for (points, key) in [(width, "width"), (height, "height")] where (points * scale).rounded() < 1 {
            throw (fields[key] ?? value).error(
                "a \(format(points)) pt device \(key) at scale \(format(scale)) is \(format((points * scale).rounded())) px, an empty image",
                expected: "a device at least 1 px a side (points × scale)")
        }
        let pixels = (width * scale).rounded() * (height * scale).rounded()
        if pixels > Double(ScenarioLimits.maxPixels) {
            throw (fields["scale"] ?? value).error(
                "a \(format(width))×\(format(height)) pt device at scale \(format(scale)) renders \(format(pixels)) pixels, over the limit",
                expected: "at most \(ScenarioLimits.maxPixels) pixels per image")
        }
        let idiom = try fields["idiom"]?.choice(Idiom.self) ?? .phone
        let portrait =
            try fields["safeArea"].map { v throws(ScenarioError) in try parseInsets(v, within: Size(width: width, height: height)) }
            ?? .zero
        let landscape =
            try fields["landscapeSafeArea"].map { v throws(ScenarioError) in try parseInsets(v, within: Size(width: height, height: width))
            }
            ?? defaultLandscapeSafeArea(portrait: portrait, idiom: idiom)
        let corner = try fields["cornerRadius"]?.number(in: 0...(min(width, height) / 2), "a radius from 0 to half the shorter side") ?? 0
        let device = Device(
            id: "custom", idiom: idiom, size: Size(width: width, height: height), scale: scale,
            portraitSafeArea: portrait, landscapeSafeArea: landscape, cornerRadius: corner,
            landscapeHomeIndicatorFollowsRelease: fields["landscapeSafeArea"] == nil)
        return (device, value)
    }

    /// The catalog's rules: an iPad keeps its insets; a phone with a sensor housing (top inset
    /// above a 20 pt status bar) gets 0 / T / 21 / T (20 at the bottom from iOS 26, applied
    /// per release by `Device.safeArea(_:on:)`); a home-button phone gets none.
    static func defaultLandscapeSafeArea(portrait: EdgeInsets, idiom: Idiom) -> EdgeInsets {
        if idiom == .pad { return portrait }
        guard portrait.top > 20 else { return .zero }
        return EdgeInsets(top: 0, left: portrait.top, bottom: portrait.bottom > 0 ? 21 : 0, right: portrait.top)
    }

    private static func parseInsets(_ value: YAMLValue, within size: Size) throws(ScenarioError) -> EdgeInsets {
        let fields = try value.mapping(allowed: ScenarioKeys.insets.names)
        func inset(_ key: String, _ limit: Double) throws(ScenarioError) -> Double {
            try fields[key]?.number(in: 0...limit, "a number from 0 to \(format(limit))") ?? 0
        }
        let insets = EdgeInsets(
            top: try inset("top", size.height), left: try inset("left", size.width),
            bottom: try inset("bottom", size.height), right: try inset("right", size.width))
        if insets.top + insets.bottom >= size.height || insets.left + insets.right >= size.width {
            throw value.error("'\(value.path)' leaves no room inside the screen", expected: "insets smaller than the screen")
        }
        return insets
    }

    // MARK: container

    /// Also hands back each ratio-sized tab's `rowHeightRatio` value, by tab index, for errors
    /// about the rows it makes.
    /// The container, the `rowHeightRatio` values by tab (for the short-row check) and what
    /// each tab's rows show (drawing data, for the look).
    private static func parseContainer(_ value: YAMLValue, device: Device, drawings: Int) throws(ScenarioError) -> (
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

    private static func positive(_ value: YAMLValue, max: Double = ScenarioLimits.maxWindowSide * 1000) throws(ScenarioError) -> Double {
        let number = try value.number(in: 0...max, "a number above 0")
        if number == 0 { throw value.error("'\(value.path)' must be above 0", expected: "a number above 0") }
        return number
    }

    private static let containerKeys = ScenarioKeys.container.names
    private static let headerKeys = ScenarioKeys.headerGeometry.names

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

    // MARK: steps

    static let iOSVersionExpectation =
        "a released major iOS version: \(IOSVersion.supported.first!) to 18, \(IOSVersion.supported.suffix(2).map(String.init).joined(separator: " or "))"

    /// `iOSVersion` (default `IOSVersion.default`) and `designCompatibility`: 19 to 25 were never
    /// released; `designCompatibility` needs the Liquid Glass design to opt out of (26) and is
    /// refused on 27, whose SDK ignores `UIDesignRequiresCompatibility`.
    static func parseIOSVersion(_ value: YAMLValue?, designCompatibility: YAMLValue?) throws(ScenarioError) -> IOSVersion {
        let supported = IOSVersion.supported
        let major = try value?.integer(in: supported.first!...supported.last!, iOSVersionExpectation) ?? IOSVersion.default.major
        if let value, IOSVersion.neverReleased.contains(major) {
            throw value.error(
                "iOS \(major) was never released: Apple went from iOS 18 to iOS 26 (2025)", expected: iOSVersionExpectation)
        }
        guard let designCompatibility, try designCompatibility.bool() else { return IOSVersion(major) }
        let version = IOSVersion(major, designCompatibility: true)
        if major >= IOSVersion.firstIgnoringDesignCompatibility {
            throw designCompatibility.error(
                "'designCompatibility' has no effect on iOS \(major): the iOS \(IOSVersion.firstIgnoringDesignCompatibility) SDK ignores UIDesignRequiresCompatibility",
                expected: "iOSVersion: \(IOSVersion.firstLiquidGlass) to keep the iOS 18 look, or no designCompatibility")
        }
        if major < IOSVersion.firstLiquidGlass {
            throw designCompatibility.error(
                "'designCompatibility' keeps the iOS 18 look on iOS \(IOSVersion.firstLiquidGlass); iOS \(major) has that look already",
                expected: "iOSVersion: \(IOSVersion.firstLiquidGlass) with designCompatibility, or no designCompatibility")
        }
        return version
    }

    private static func parseSteps(_ value: YAMLValue, tabs: [TabConfig], iOSVersion: IOSVersion) throws(ScenarioError) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        var snapshotNames: [String: SourceLocation] = [:]
        func parseStep(_ item: YAMLValue) throws(ScenarioError) {
            guard case .mapping(let mapping) = item.node, mapping.count == 1 else {
                throw item.error(
                    "each step must be a mapping with exactly one step name, found \(item.kindDescription)",
                    expected: "e.g. '- scroll: {to: 300}'; steps are \(stepKeywords.joined(separator: ", "))")
            }
            guard let (keyNode, _) = mapping.first else { return }
            if let word = keyNode.scalar?.string, !stepKeywords.contains(word) {
                throw YAMLValue(keyNode, path: item.path, file: item.location.file).error(
                    "unknown step '\(quoted(word))'" + didYouMean(word, stepKeywords), expected: oneOf(stepKeywords))
            }
            let fields = try item.mapping(allowed: stepKeywords)
            let (keyword, argument, keyLocation) = fields.fields[0]
            let kind: ScenarioStep.Kind
            var sourceControl: ControlName?
            var fullContent = false
            switch keyword {
            case "snapshot":
                var nameValue = argument
                if case .mapping = argument.node {
                    let snapshot = try argument.mapping(allowed: ScenarioKeys.snapshot.names)
                    nameValue = try snapshot.required("name", "a file name such as 'collapsed'")
                    fullContent = try snapshot["fullContent"]?.bool() ?? false
                }
                let name = try snapshotName(nameValue)
                if let first = snapshotNames[name] {
                    throw argument.error(
                        "snapshot '\(quoted(name))' is already taken at line \(first.line)", expected: "a unique snapshot name")
                }
                snapshotNames[name] = argument.location
                kind = .snapshot(name)
            case "scroll":
                let scroll = try argument.mapping(allowed: ScenarioKeys.scroll.names)
                let animated = try scroll["animated"]?.bool() ?? false
                switch (scroll["to"], scroll["by"]) {
                case (let to?, nil):
                    let y = try to.number()
                    kind = .action(.container(animated ? .animatedScroll(.offset(y)) : .scroll(to: y)))
                case (nil, let by?):
                    let delta = try by.number()
                    kind = .action(.container(animated ? .animatedScroll(.by(delta)) : .scrollBy(delta)))
                default:
                    throw argument.error(
                        "'scroll' takes exactly one of 'to' or 'by'",
                        expected: "{to: OFFSET} or {by: DELTA}, optionally with animated: true")
                }
            case "select":
                if case .mapping = argument.node {
                    let select = try argument.mapping(allowed: ScenarioKeys.select.names)
                    let tab = try tabIndex(try select.required("tab", "a tab index or title"), tabs: tabs)
                    let animated = try select["animated"]?.bool() ?? false
                    kind = .action(.container(animated ? .tap(tab) : .select(tab)))
                } else {
                    kind = .action(.container(.select(try tabIndex(argument, tabs: tabs))))
                }
            case "wait":
                let wait = try argument.mapping(allowed: ScenarioKeys.wait.names)
                let secondsText = "a time in seconds above 0 and at most \(format(maxWaitSeconds))"
                let seconds = try wait.required("seconds", secondsText).number(in: 0...maxWaitSeconds, secondsText)
                if seconds == 0 {
                    throw (wait["seconds"] ?? argument).error("'wait' of 0 seconds changes nothing", expected: secondsText)
                }
                kind = .action(.container(.tick(seconds: seconds)))
            case "drag":
                let drag = try argument.mapping(allowed: ScenarioKeys.drag.names)
                let maxDrag = ScenarioLimits.maxWindowSide * 100
                let dy = try drag.required("dy", "how much the offset grows in points (positive scrolls the content up), e.g. {dy: 120}")
                    .number(
                        in: -maxDrag...maxDrag, "how much the offset grows in points, from -\(format(maxDrag)) to \(format(maxDrag))")
                kind = .action(.container(.drag(dy: dy)))
            case "release":
                let release = try argument.mapping(allowed: ScenarioKeys.release.names)
                let velocityText = "a velocity in points per second from -\(format(maxVelocity)) to \(format(maxVelocity))"
                let velocity = try release["velocity"]?.number(in: -maxVelocity...maxVelocity, velocityText) ?? 0
                kind = .action(.container(.release(velocity: velocity)))
            case "swipe":
                let swipe = try argument.mapping(allowed: ScenarioKeys.swipe.names)
                let to = try tabIndex(try swipe.required("to", "a tab index or title"), tabs: tabs)
                let progress = try swipe.required("progress", "a fraction from 0 to 1").number(in: 0...1, "a fraction from 0 to 1")
                let finish = try swipe["finish"]?.bool() ?? false
                kind = .action(.container(.swipe(to: to, progress: progress, finish: finish)))
            case "rotate":
                kind = .action(.rotate(try argument.choice(Orientation.self)))
            case "resize":
                let (mode, size) = try parseWindow(argument)
                kind = .action(size.map(StageAction.resizeWindow) ?? .resize(mode))
            case "setHeader":
                let header = try argument.mapping(allowed: ScenarioKeys.setHeader.names)
                guard !header.keys.isEmpty else {
                    throw argument.error("'setHeader' changes nothing", expected: "height, minHeight or both")
                }
                let height = try header["height"].map { v throws(ScenarioError) in try positive(v, max: ScenarioLimits.maxWindowSide) }
                let minHeight = try header["minHeight"]?.number(
                    in: 0...ScenarioLimits.maxWindowSide, "a number of points from 0 to \(format(ScenarioLimits.maxWindowSide))")
                kind = .action(.container(.setHeader(height: height, minHeight: minHeight)))
            case "present":
                let (request, control) = try parsePresentation(argument, iOSVersion: iOSVersion)
                kind = .action(.present(request))
                sourceControl = control
            case "detent":
                try requireSheetDetents(iOSVersion, at: argument, what: "the 'detent' step")
                kind = .action(.selectDetent(try argument.choice(SheetDetent.self)))
            case "dismiss":
                if !argument.isNull { _ = try argument.mapping(allowed: []) }
                kind = .action(.dismiss)
            default:  // scrollToTop
                var animated = false
                if !argument.isNull {
                    animated = try argument.mapping(allowed: ScenarioKeys.scrollToTop.names)["animated"]?.bool() ?? false
                }
                kind = .action(.container(animated ? .animatedScroll(.top) : .scrollToTop))
            }
            var step = ScenarioStep(
                kind: kind, keyword: keyword, location: keyLocation, sourceControl: sourceControl, fullContent: fullContent)
            step.framesAreReferences = try framesAreReferences(keyword, argument, kind: kind)
            steps.append(step)
        }
        // Each step is checked on its own, so one run names up to `ScenarioError.maxReported`
        // mistakes in the steps, each at its line, instead of one fix per run.
        var errors: [ScenarioError] = []
        for item in try value.sequence() {
            do throws(ScenarioError) {
                try parseStep(item)
            } catch {
                errors.append(error)
            }
        }
        if var first = errors.first {
            first.further = Array(errors.dropFirst().prefix(ScenarioError.maxReported - 1))
            first.unreported = errors.count - 1 - first.further.count
            throw first
        }
        return steps
    }

    static let sheetKeys = ScenarioKeys.sheet.names

    /// The argument tables of the steps that may produce frames, which take `frames: true`.
    private static let frameStepTables: [String: KeyTable] = [
        "drag": ScenarioKeys.drag, "release": ScenarioKeys.release, "scroll": ScenarioKeys.scroll, "select": ScenarioKeys.select,
        "wait": ScenarioKeys.wait, "scrollToTop": ScenarioKeys.scrollToTop,
    ]

    /// A step's `frames: true`. A step that cannot produce a frame (a scroll, select or
    /// scrollToTop without `animated: true`) is refused: it would keep nothing.
    private static func framesAreReferences(_ keyword: String, _ argument: YAMLValue, kind: ScenarioStep.Kind) throws(ScenarioError)
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
    private static func requireSheetDetents(_ version: IOSVersion, at value: YAMLValue, what: String) throws(ScenarioError) {
        guard !version.hasSheetDetents else { return }
        throw value.error(
            "\(what) needs iOS 15 or later, the scenario targets iOS \(version)",
            expected: "iOSVersion: 15 or later, or no sheet settings")
    }

    /// The request, and the control named as its source (the request's `source` is then nil
    /// until the runner resolves the name).
    private static func parsePresentation(
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

    private static func parseSplit(_ value: YAMLValue) throws(ScenarioError) -> SplitConfig {
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

    private static func snapshotName(_ value: YAMLValue) throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = value.node, !value.isNull else {
            throw value.error("'snapshot' needs a name, found \(value.kindDescription)", expected: "a file name such as 'collapsed'")
        }
        try checkFileName(scalar.string, at: value, what: "snapshot name")
        return scalar.string
    }

    /// Names become file names: no paths, no hidden files, nothing a shell or a file system trips on.
    /// File systems count a name's bytes, not its characters.
    static func checkFileName(_ name: String, at value: YAMLValue, what: String) throws(ScenarioError) {
        let allowedPunctuation: Set<Character> = ["-", "_", "."]
        let rule = "1 to \(ScenarioLimits.maxNameCharacters) letters, digits, '-', '_' or '.', not starting with '.'"
        let plain =
            !name.isEmpty && name.prefix(ScenarioLimits.maxNameCharacters + 1).count <= ScenarioLimits.maxNameCharacters
            && !name.hasPrefix(".")
            && name.allSatisfy { $0.isLetter || $0.isNumber || allowedPunctuation.contains($0) }
        if !plain {
            throw value.error("\(what) '\(quoted(name))' is not a plain file name", expected: rule)
        }
        let bytes = name.utf8.count
        if bytes > ScenarioLimits.maxNameBytes {
            throw value.error(
                "\(what) '\(quoted(name))' is \(bytes) bytes in UTF-8, too long for a file name",
                expected: "at most \(ScenarioLimits.maxNameBytes) bytes, so NAME-100000.png fits the 255-byte file-name limit")
        }
    }

    private static func tabIndex(_ value: YAMLValue, tabs: [TabConfig]) throws(ScenarioError) -> Int {
        let titles = tabs.map(\.title)
        if value.tagName == .int {
            let index = try value.integer(in: Int.min...Int.max, "a tab index")
            guard tabs.indices.contains(index) else {
                let count = tabs.count == 1 ? "1 tab" : "\(tabs.count) tabs"
                throw value.error(
                    "there is no tab \(index) (the container has \(count))",
                    expected: "an index from 0 to \(tabs.count - 1), or a title: \(listed(titles))")
            }
            return index
        }
        let title = try value.string()
        guard let index = titles.firstIndex(of: title) else {
            throw value.error("no tab is titled '\(quoted(title))'" + didYouMean(title, titles), expected: oneOf(titles) + ", or an index")
        }
        return index
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
    var isFailure: Bool { !isSuccess }
}
