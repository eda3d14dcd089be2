import Foundation
import PropertyBased
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import Testing

package enum Fixtures {
    /// The repository root, found from this file's path.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    package static func device(_ id: String) -> Device { DeviceCatalog.device(id: id)! }

    /// iOS 18's settings: the last release with Split View's fixed sizes.
    package static let iOS18 = DisplaySettings(iOSVersion: IOSVersion(18))

    /// Split View and Slide Over keep their iOS 18 sizes in fixtures: their settings move to
    /// iOS 18 when they name a release with windows (every other setting kept).
    package static func splitViewSettings(_ settings: DisplaySettings, _ mode: Multitasking) -> DisplaySettings {
        guard mode != .full, mode != .window, settings.iOSVersion.hasWindows else { return settings }
        var split = settings
        split.iOSVersion = IOSVersion(18)
        return split
    }

    /// A window; a Split View or Slide Over mode without settings is iOS 18's (the release of
    /// the published width tables), full screen the default release's.
    package static func window(
        _ id: String, _ orientation: Orientation = .portrait, _ mode: Multitasking = .full,
        settings: DisplaySettings? = nil, override: TraitOverride = .none
    ) -> WindowEnvironment {
        try! WindowEnvironment(
            device: device(id), orientation: orientation, multitasking: mode,
            settings: splitViewSettings(settings ?? DisplaySettings(), mode), traitOverride: override)
    }

    /// The issue's worked example: header 220/44, tab bar 44, Posts 30×100, Media 15×100, Likes 4×100.
    package static func issueConfig(_ shortContent: ShortContent = .extend, overscroll: Overscroll = .pin) -> ContainerConfig {
        ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44, overscroll: overscroll),
            shortContent: shortContent,
            tabs: [
                TabConfig(title: "Posts", content: .list(rows: 30, rowHeight: .fixed(100))),
                TabConfig(title: "Media", content: .list(rows: 15, rowHeight: .fixed(100))),
                TabConfig(title: "Likes", content: .list(rows: 4, rowHeight: .fixed(100))),
            ])
    }

    /// The issue's header content: the name and handle `issueConfig` is drawn with.
    package static let issueLook = Look(header: HeaderContent(title: "Jane", subtitle: "@jane"))

    package static func iphone14Stage(_ config: ContainerConfig = issueConfig(), _ orientation: Orientation = .portrait) -> StageState {
        StageState(window: window("iphone-14", orientation), container: config)
    }

    /// A stepping stage holding `state`, drawn with `look` (the default look unless given):
    /// what the snapshot API takes, as a state alone carries no look.
    package static func stage(_ state: StageState, look: Look = Look()) -> Stage {
        Stage(window: state.window, container: state.container.config, look: look, measuring: TextMeasurer.shared)
            .replacingState(state)
    }

    package static func apply(_ state: StageState, _ actions: ContainerAction...) -> StageState {
        actions.reduce(state) { StageState.reduce($0, .container($1)).0 }
    }

    /// The look `yaml(...)` parses to without `extra` keys: its header's name and handle.
    package static let yamlLook = Look(header: HeaderContent(title: "Jane Appleseed", subtitle: "@jane"))

    /// iphone-14's points and safe areas drawn at 1× (390 × 844 px, a ninth of its 3× pixels):
    /// for the workflow's tests (record, verify, reports, accept), whose checks hold at any
    /// scale, so that each render costs a ninth.
    package static let smallDevice = "{width: 390, height: 844, scale: 1, safeArea: {top: 47, bottom: 34}, cornerRadius: 47.33}"

    /// A scenario around the issue's container, with `steps` as YAML lines.
    package static func yaml(device: String = "iphone-14", extra: String = "", steps: [String] = ["- snapshot: start"]) -> String {
        """
        device: \(device)
        \(extra)
        container:
          header: {height: 220, minHeight: 44, title: "Jane Appleseed", subtitle: "@jane"}
          tabs:
            - {title: Posts, rows: 30, rowHeight: 100}
            - {title: Media, rows: 15, rowHeight: 100}
            - {title: Likes, rows: 4, rowHeight: 100}
        steps:
        \(steps.map { "  " + $0 }.joined(separator: "\n"))
        """
    }

    package static func parse(_ text: String, file: String = "test.yaml") throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(text, file: file, defaultName: "test")
    }

    /// The message a refused scenario gives, or nil when it was accepted.
    package static func refusal(_ text: String) -> String? {
        do {
            _ = try ScenarioRunner.run(try parse(text))
            return nil
        } catch {
            return error.description
        }
    }
}

/// Stops a test whose meaning depends on a font of the system (one tabstage must *not* draw
/// with) when that font is missing, instead of letting it pass for the wrong reason.
package func requireSystemFont(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let present = FileManager.default.fileExists(atPath: path)
    try #require(present, "\(path) is missing: install fonts-dejavu-core (Scripts/setup.sh does)", sourceLocation: sourceLocation)
}

/// Equality within floating-point noise, for values worked out by hand.
package func expectClose(
    _ actual: Double, _ expected: Double, _ tolerance: Double = 1e-9, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(abs(actual - expected) <= tolerance, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
}

/// Runs a program to its end and returns its exit status and both outputs. stderr is drained on
/// another thread while stdout is read, so a chatty program cannot fill one pipe and stall.
package func runProcess(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let errorData = DrainedPipe(err)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = errorData.wait()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}

/// A pipe read to its end on a background thread.
private final class DrainedPipe: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        Thread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Runs with the measurer that renders, as the command line does: the tests' shorthand.
extension ScenarioRunner {
    package static func run(_ scenario: Scenario) throws(ScenarioError) -> ScenarioRun {
        try run(scenario, measuring: TextMeasurer.shared)
    }

    package static func records(_ scenario: Scenario) throws(ScenarioError) -> [StepRecord] {
        try records(scenario, measuring: TextMeasurer.shared)
    }

    package static func run(
        _ scenario: Scenario, frames sink: ((Int, StageState) throws -> Void)?, steps stepSink: (StepRecord) throws -> Void = { _ in }
    ) throws -> ScenarioRun {
        try run(scenario, measuring: TextMeasurer.shared, frames: sink, steps: stepSink)
    }
}

/// Property checks whose randomness comes from one seed that is printed with the test's name, and
/// that `TABSTAGE_SEED=<seed>` replays case for case (run the one test with `--filter`): a
/// failure seen once can be seen again. Case `i` draws from Xoshiro seeded with (seed, i), so
/// each case is reproducible on its own. No shrinking: the failing input is in the messages.
package func seededPropertyCheck<Value, Shrinks>(
    count: Int, input: Generator<Value, Shrinks>, test: String = #function, perform body: (Value) async throws -> Void
) async rethrows {
    let seed = PropertySeed.current
    print("property seed \(seed) for \(test): replay with TABSTAGE_SEED=\(seed)")
    for index in 0..<count {
        // SplitMix64 spreads (seed, case) over Xoshiro's four state words, so neighbouring cases
        // and seeds start far apart.
        var mix = seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            mix &+= 0x9E37_79B9_7F4A_7C15
            var z = mix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var rng = Xoshiro(seed: (next(), next(), next(), next()))
        try await body(input.run(using: &rng))
    }
}

/// The seed of this run's property checks: `TABSTAGE_SEED` when it is set (a decimal UInt64),
/// otherwise a new random one.
package enum PropertySeed {
    package static let current: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["TABSTAGE_SEED"] {
            guard let seed = UInt64(text) else {
                fatalError("TABSTAGE_SEED must be a decimal number from 0 to \(UInt64.max), not '\(text)'")
            }
            return seed
        }
        return UInt64.random(in: 0...UInt64.max)
    }()
}
