import TabStageLayout
import TabStageModel

/// A parsed, validated scenario: everything the runner needs, nothing left to check.
public struct Scenario: Sendable, Hashable {
    /// The scenario's name: the folder its outputs go to.
    public var name: String
    /// The file it was read from, for messages.
    public var file: String
    /// The device it runs on.
    public var device: Device
    /// The starting orientation.
    public var orientation: Orientation
    /// Full screen, or an iPad multitasking window (`window`: an iPadOS 26 window of `windowSize`).
    public var multitasking: Multitasking
    /// Text size, direction, appearance and iOS release.
    public var settings: DisplaySettings
    /// Whether the container gives its children phone-like traits.
    public var traitOverride: TraitOverride
    /// Frames per second for physics steps.
    public var fps: Int
    /// The container: header, tab bar and tabs.
    public var container: ContainerConfig
    /// The container as a split view's secondary column, if configured.
    public var split: SplitConfig?
    /// The steps, run in order.
    public var steps: [ScenarioStep]
    /// Where the file sets the device, for errors about the first window's images.
    public var deviceLocation: SourceLocation? = nil
    /// The theme and the header's content.
    public var look = Look()
    /// The app's own tab bar the container is a tab of, if the scenario has one.
    public var appTabBar: AppTabBarConfig? = nil
    /// The scenario's `variants`, validated value by value; `ScenarioVariants` (Simulation)
    /// expands them into one scenario per variant. Nil for a scenario without variants and for
    /// each expanded variant.
    package var variants: VariantSpec? = nil
    /// Which variant this scenario is, for one expanded from a scenario's `variants`.
    package var variant: VariantIdentity? = nil
    /// The text the scenario was parsed from, kept when it has variants: each variant is parsed
    /// again from it with the variant's values in place, so every rule of every key holds.
    package var source: ScenarioSource? = nil
    /// Where the scenario's files (templates, items, pictures, fonts) were read from, a
    /// variant's too: its log of the files read is what a verify report records.
    package var assetFolder: AssetFolder? = nil
    /// `frames: true`: every physics frame of the run is a reference (`record` keeps them in
    /// `frames/`, `verify` compares each); a step's own `frames: true` makes only its frames so.
    public var framesAreReferences = false
    /// The size of the iPadOS 26 window the scenario starts in (`multitasking: {width, height}`);
    /// nil for the named modes.
    public var windowSize: Size? = nil

    /// `verify: {geometryTolerance}`: the points this scenario's layout may move and still match
    /// its layout references; nil for the default (`GeometryTolerance.default`). An explicit
    /// `--geometry-tolerance` on the command line wins over it.
    public var geometryTolerance: Double? = nil

    /// Whether any of the run's frames are references (`frames: true` on the scenario or a step).
    public var hasFrameReferences: Bool { framesAreReferences || steps.contains(where: \.framesAreReferences) }

    /// The window the scenario starts in (validated at parse time, so it exists).
    public func initialWindow() throws(MultitaskingUnavailable) -> WindowEnvironment {
        try WindowEnvironment(
            device: device, orientation: orientation, multitasking: multitasking, windowSize: windowSize,
            settings: settings, traitOverride: traitOverride)
    }
}

/// One step of a scenario: a snapshot or an action, with where the file says it.
public struct ScenarioStep: Sendable, Hashable {
    /// What the step does.
    public enum Kind: Sendable, Hashable {
        /// Write the current state as `NAME.svg` / `NAME.png`.
        case snapshot(String)
        case action(StageAction)
    }

    /// What the step does.
    public var kind: Kind
    /// The step's keyword as written (`snapshot`, `scroll`, …), for the trace.
    public var keyword: String
    /// Where the step is written, for errors and the trace.
    public var location: SourceLocation
    /// A `present` step's `source` given as a control's name: the runner resolves it to that
    /// control's frame in the state before the step (the model only ever sees a rect).
    public var sourceControl: ControlName? = nil
    /// A snapshot step's `fullContent: true`: the picture shows the selected tab's every row
    /// below the expanded header (`StageState.expandedToContent()`).
    public var fullContent = false
    /// A step's `frames: true`: the frames it produces are references.
    public var framesAreReferences = false

    /// The snapshot's name for a snapshot step; nil for actions.
    public var snapshotName: String? {
        if case .snapshot(let name) = kind { return name }
        return nil
    }
}

/// Limits that keep a scenario from asking for more than a machine can give (listed in the
/// Scenario Format article, "Limits", and the README).
public enum ScenarioLimits {
    /// The most values a walk over a parsed YAML text of `bytes` bytes visits: more than its
    /// text could write out means YAML aliases (`*name`) repeat values, and a few nested ones
    /// would otherwise make a walk take hours.
    static func maxValues(textBytes bytes: Int) -> Int { 2 * bytes + 64 }

    /// The longest window side in points.
    public static let maxWindowSide: Double = 4096
    /// The largest render scale.
    public static let maxScale: Double = 4
    /// Fewer pixels per point than this make images too coarse to compare.
    public static let minScale: Double = 0.1
    /// The most tabs a container may have.
    public static let maxTabs = 1000
    /// The most rows a tab may have.
    public static let maxRows = 1_000_000
    /// The highest frame rate for physics steps.
    public static let maxFPS = 240
    /// Pixels in one rendered image (the same limit Raster enforces when it allocates).
    public static let maxPixels = 64_000_000
    /// Pixels on one side of a rendered image (the same limit Raster enforces): a 4,096 pt
    /// window at scale 4. cairo itself stops at 32,767.
    public static let maxPixelSide = 16_384
    /// Rows shorter than a point would put millions of rows on one screen.
    public static let minRowHeight: Double = 1
    /// Characters in any text drawn (titles, subtitles, tab titles): text layout time grows
    /// with it, and no header shows more.
    public static let maxTextLength = 1000
    /// Characters in a scenario or snapshot name.
    public static let maxNameCharacters = 128
    /// UTF-8 bytes in a name: the longest file made from one, a frame `NAME-100000.png`, must
    /// stay within the 255-byte file-name limit of common file systems (255 − 11).
    public static let maxNameBytes = 244
    /// Mappings and lists nested in one another, the top level counting as one.
    public static let maxNesting = 1000
    /// The most steps a scenario may have.
    public static let maxSteps = 10_000
    /// The most snapshot steps a scenario may have.
    public static let maxSnapshots = 1000
    /// Variants of one scenario (`variants`), however they are written: each is simulated and
    /// rendered on its own, so a scenario costs this many runs at most.
    public static let maxVariants = 64
    /// Steps × tabs: trace.json lists every tab at every step, about 310 bytes each (199 steps
    /// × 1,000 tabs measured 61.9 MB), so this bounds a trace near 62 MB.
    public static let maxTraceTabEntries = 200_000
}

/// Rows sized by `rowHeightRatio` get their height from the container's width, which each
/// window decides: the first one under `ScenarioLimits.minRowHeight`, worded for a message.
/// The parser checks the first window; the runner every window a step reaches.
package enum RowHeightCheck {
    /// The first tab whose ratio-sized rows are too short in this state, worded for an error.
    package static func shortRow(_ state: StageState) -> (tab: Int, message: String, expected: String)? {
        let config = state.container.config
        for (index, metrics) in state.container.geometry.tabs.enumerated() {
            guard case .list(_, .ratio(let ratio)) = config.tabs[index].content, metrics.rowHeight < ScenarioLimits.minRowHeight else {
                continue
            }
            let width = state.container.geometry.size.width
            let minimumRatio = (ScenarioLimits.minRowHeight / width * 10_000).rounded(.up) / 10_000
            return (
                index,
                "tab '\(quoted(config.tabs[index].title))' would have rows \(format(metrics.rowHeight)) pt tall (rowHeightRatio \(format(ratio)) × container width \(format(width)))",
                "rows at least \(format(ScenarioLimits.minRowHeight)) pt tall: a rowHeightRatio of at least \(decimalText(minimumRatio, decimals: 4))"
            )
        }
        return nil
    }
}

/// How far a layout may move and still match its reference, in points.
public enum GeometryTolerance {
    /// A layout file keeps two decimals, so 0.01 pt is the smallest move it can show: the
    /// default compares layouts exactly as written.
    public static let `default` = 0.01
    /// The largest tolerance accepted: far beyond any screen (a window is at most 4,096 pt), so
    /// a larger value is a typo, not a choice.
    public static let maximum: Double = 1000
}
