import Foundation
import TabStageLayout
import TabStageModel
import Yams

/// Scenario text -> validated `Scenario`. Every refusal is a `ScenarioError` pointing at the
/// offending key or value.
public enum ScenarioParser {
    static let topLevelKeys = ScenarioKeys.scenario.names
    /// The keys a step may start with, for messages and shell completions.
    public static let stepKeywords = ScenarioKeys.steps.names
    /// The longest `wait`, in seconds.
    package static let maxWaitSeconds = 60.0
    /// Fastest fling accepted, in points per second (a real one tops out near 10,000).
    package static let maxVelocity = 100_000.0

    /// Parses and validates scenario text (YAML, or JSON, which YAML includes) into a scenario
    /// the runner can run without further checks.
    ///
    /// - Parameters:
    ///   - text: The scenario file's contents.
    ///   - file: The path shown in errors.
    ///   - defaultName: Used when the file has no `name` (the file's base name).
    /// - Returns: The validated scenario. Text with no file behind it has no folder to read the
    ///   files a scenario names from, so every file reference (a template, items, an image, a
    ///   font) is refused with a located error instead of guessing a folder such as the current
    ///   directory. A scenario file is read with its folder by `Stage(scenario:)` (TabStage) or
    ///   `ScenarioLoader.load(path:)` (TabStageRendering).
    /// - Throws: A `ScenarioError` located at the first problem, with what would be accepted.
    public static func parse(_ text: String, file: String, defaultName: String) throws(ScenarioError) -> Scenario {
        try parse(text, file: file, defaultName: defaultName, assetFolder: nil, variant: nil)
    }

    /// `parse(_:file:defaultName:)` reading the files the scenario names (templates, items,
    /// images, fonts) from `assetFolder`, which `ScenarioLoader` makes from the scenario file's
    /// folder; nil refuses every file reference.
    package static func parse(_ text: String, file: String, defaultName: String, assetFolder: AssetFolder?) throws(ScenarioError)
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
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
    var isFailure: Bool { !isSuccess }
}
