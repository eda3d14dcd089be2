import Adaptive
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

/// Limits that keep a scenario from asking for more than a machine can give (DESIGN.md).
public enum ScenarioLimits {
    public static let maxWindowSide: Double = 4096
    public static let maxScale: Double = 4
    public static let maxTabs = 1000
    public static let maxRows = 1_000_000
    public static let maxFPS = 240
    /// Pixels in one rendered image (the same limit Raster enforces when it allocates).
    public static let maxPixels = 64_000_000
}
