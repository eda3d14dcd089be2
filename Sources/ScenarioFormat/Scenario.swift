import Adaptive
import Look
import ScrollableTab
import Stage

/// A parsed, validated scenario: everything the runner needs, nothing left to check.
public struct Scenario: Sendable, Hashable {
    public var name: String
    public var file: String
    public var device: Device
    public var orientation: Orientation
    public var multitasking: Multitasking
    public var settings: DisplaySettings
    public var traitOverride: TraitOverride
    /// Frames per second for physics steps.
    public var fps: Int
    public var container: ContainerConfig
    /// The container as a split view's secondary column, if configured.
    public var split: SplitConfig?
    public var steps: [ScenarioStep]
    /// Where the file sets the device, for errors about the first window's images.
    public var deviceLocation: SourceLocation? = nil
    /// The theme and the header's content.
    public var look = Look()

    /// The window the scenario starts in (validated at parse time, so it exists).
    public func initialWindow() throws(MultitaskingUnavailable) -> WindowEnvironment {
        try WindowEnvironment(
            device: device, orientation: orientation, multitasking: multitasking,
            settings: settings, traitOverride: traitOverride)
    }
}

public struct ScenarioStep: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Write the current state as `NAME.svg` / `NAME.png`.
        case snapshot(String)
        case action(StageAction)
    }

    public var kind: Kind
    /// The step's keyword as written (`snapshot`, `scroll`, …), for the trace.
    public var keyword: String
    public var location: SourceLocation

    public var snapshotName: String? {
        if case .snapshot(let name) = kind { return name }
        return nil
    }
}

/// Limits that keep a scenario from asking for more than a machine can give (listed in the
/// Scenario Format article, "Limits", and the README).
public enum ScenarioLimits {
    public static let maxWindowSide: Double = 4096
    public static let maxScale: Double = 4
    /// Fewer pixels per point than this make images too coarse to compare.
    public static let minScale: Double = 0.1
    public static let maxTabs = 1000
    public static let maxRows = 1_000_000
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
    public static let maxSteps = 10_000
    public static let maxSnapshots = 1000
    /// Steps × tabs: trace.json lists every tab at every step, about 310 bytes each (199 steps
    /// × 1,000 tabs measured 61.9 MB), so this bounds a trace near 62 MB.
    public static let maxTraceTabEntries = 200_000
}

/// Rows sized by `rowHeightRatio` get their height from the container's width, which each
/// window decides: the first one under `ScenarioLimits.minRowHeight`, worded for a message.
/// The parser checks the first window; the runner every window a step reaches.
public enum RowHeightCheck {
    public static func shortRow(_ state: StageState) -> (tab: Int, message: String, expected: String)? {
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
