import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario

// `Stage` measures text as it is rendered unless told otherwise: these initializers give it
// Raster's `TextMeasurer.shared`, so a named popover source lands where the PNG draws it.
extension Stage {
    /// The stage a scenario file starts with (its steps not run), measuring text as it is
    /// rendered. Apply `scenario.steps` one by one, or steps of your own.
    ///
    /// - Parameter url: A scenario file (YAML or JSON); images and fonts it names are read
    ///   from its folder.
    /// - Throws: The `ScenarioError` `tabstage run` prints for that file.
    public init(scenario url: URL) throws(ScenarioError) {
        try self.init(scenario: ScenarioLoader.load(path: url.path), measuring: TextMeasurer.shared)
    }

    /// A stage at rest on a catalog device (`Stage(device: "iphone-15", container: profile)`),
    /// measuring text as it is rendered.
    ///
    /// - Throws: A `ScenarioError` at the caller's line for an unknown device id (with the
    ///   closest one) or a window the device does not offer.
    public init(
        device id: String, orientation: Orientation = .portrait, multitasking: Multitasking = .full,
        settings: DisplaySettings = DisplaySettings(), traitOverride: TraitOverride = .none,
        container: ContainerConfig, split: SplitConfig? = nil, look: Look = Look(), fps: Int = 60,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ScenarioError) {
        try self.init(
            device: id, orientation: orientation, multitasking: multitasking, settings: settings, traitOverride: traitOverride,
            container: container, split: split, look: look, fps: fps, measuring: TextMeasurer.shared, filePath: filePath, line: line,
            column: column)
    }

    /// A stage at rest in a window, measuring text as it is rendered.
    public init(window: WindowEnvironment, container: ContainerConfig, split: SplitConfig? = nil, look: Look = Look(), fps: Int = 60) {
        self.init(window: window, container: container, split: split, look: look, fps: fps, measuring: TextMeasurer.shared)
    }
}
