import TabStageLayout
import TabStageModel

/// A run's `trace.json` made while its steps streamed by (`Trace.Writer` fed by
/// `ScenarioRunner.record`'s `observing`) and kept by whoever made it, or the refusal of the
/// step that took it over `Trace.maxBytes` (nothing after it was made).
package struct MadeTrace: Sendable {
    /// Whether its steps carry `frameStates`.
    package var frames: Bool
    /// The step that took the trace over its budget, when one did.
    package var problem: ScenarioError?
    /// Hands the trace's bytes, in order and in pieces, to the writer given.
    package var replay: @Sendable (([UInt8]) throws -> Void) throws -> Void

    /// A trace made (or refused at `problem`), read back through `replay`.
    package init(frames: Bool, problem: ScenarioError?, replay: @escaping @Sendable (([UInt8]) throws -> Void) throws -> Void) {
        self.frames = frames
        self.problem = problem
        self.replay = replay
    }
}

/// `trace.json`: the keys and their order are part of the product contract (Scenario Format article, "The trace").
public enum Trace {
    /// Bytes one `trace.json` may take, counted as it is made (once before anything is
    /// written, again while it is written): the 200,000 tab entries
    /// steps × tabs allows, at about 310 bytes each, take about 62 MB; long tab titles and
    /// `--frames` add to that.
    public static let maxBytes = 100_000_000

    /// The whole trace as one JSON tree, for short runs inspected in memory.
    package static func json(_ scenario: Scenario, measuring: some TextMeasuring) throws(ScenarioError) -> JSON {
        var steps: [JSON] = []
        var warnings: [RunWarning] = []
        for record in try ScenarioRunner.record(scenario, measuring: measuring).timeline.steps {
            let layout = StageLayout(record.state, look: scenario.look, measuring: measuring)
            let drawn = record.step.fullContent ? StageLayout(record.drawnState, look: scenario.look, measuring: measuring) : layout
            steps.append(step(record, layout: layout, drawn: drawn))
            warnings += RunWarnings.of(record, layout: drawn, look: scenario.look, measuring: measuring)
        }
        return .object([
            ("scenario", .string(scenario.name)),
            ("iOSVersion", .number(Double(scenario.settings.iOSVersion.major))),
            ("device", .string(scenario.device.id)),
            ("steps", .array(steps)),
            ("warnings", .array(warnings.map(warning))),
        ])
    }

    /// The trace's text, in memory: `stream` collected.
    public static func text(_ scenario: Scenario, frames: Bool = false, measuring: some TextMeasuring) throws(ScenarioError) -> String {
        var text = ""
        do {
            try stream(scenario, frames: frames, measuring: measuring) { text += $0 }
        } catch let error as ScenarioError {
            throw error
        } catch {
            preconditionFailure("only a sink throws other errors")  // this one does not
        }
        return text
    }

    /// Runs the scenario and hands `trace.json`'s text to `sink` one step at a time (see
    /// `stream(_:frames:measuring:into:)` for a run already recorded). Returns the warnings.
    @discardableResult
    public static func stream(
        _ scenario: Scenario, frames: Bool = false, measuring: some TextMeasuring, into write: (String) throws -> Void
    ) throws -> [RunWarning] {
        // Made as the steps stream by: no state is kept for the trace.
        var writer = Writer(scenario, frames: frames)
        try writer.begin(into: write)
        try withoutActuallyEscaping(write) { write in
            _ = try ScenarioRunner.record(
                scenario, measuring: measuring, keepingFrames: frames, keeping: .snapshots,
                observing: { record, stepFrames in try writer.add(record, frames: stepFrames, measuring: measuring, into: write) })
        }
        return try writer.finish(into: write)
    }

    /// Hands a recorded run's `trace.json` text to `sink` one step at a time, so the text is
    /// never held whole. The pieces join into exactly `json(_:).text()` plus a final newline:
    /// the pretty-printer's layout of the five-key top object and its list of step objects,
    /// written out here. Warnings (a few per snapshot at most) are kept until the steps are
    /// written. Returns them.
    ///
    /// With `frames`, every step with frames carries `frameStates`, one entry per frame, read
    /// from the run's recorded frames (`run` must be recorded keeping them).
    ///
    /// The bytes handed to `sink` are counted as they are written: a step that takes the trace
    /// over `maxBytes` throws a `ScenarioError` at that step, with the size so far and the
    /// whole run's estimate, before its piece is handed on.
    @discardableResult
    package static func stream(
        _ run: ScenarioRun, frames: Bool = false, measuring: some TextMeasuring, into write: (String) throws -> Void
    ) throws -> [RunWarning] {
        precondition(!frames || run.timeline.keepsFrames, "the trace's frameStates need a run recorded keeping its frames")
        precondition(run.timeline.keepsAllSteps, "the trace of a recorded run needs every step's record")
        var writer = Writer(run.scenario, frames: frames)
        try writer.begin(into: write)
        for record in run.timeline.steps {
            try writer.add(record, frames: run.timeline.frames(ofStep: record.index), measuring: measuring, into: write)
        }
        return try writer.finish(into: write)
    }

    /// `trace.json` made one step at a time as the steps stream by (`ScenarioRunner.record`'s
    /// `observing`), so a run need not keep every state for its trace; `stream` feeds it a
    /// recorded run's steps. The pieces are the same bytes either way: the pretty-printer's
    /// layout of the five-key top object and its list of step objects, written out here.
    /// Bytes are counted as they are handed on: the step that takes the trace over `maxBytes`
    /// throws a `ScenarioError` at that step (the size so far and the whole run's estimate)
    /// before its piece is handed on.
    package struct Writer {
        let scenario: Scenario
        let frames: Bool
        /// Bytes handed on so far.
        package private(set) var written = 0
        private var first = true
        /// The warnings of the steps added, written after the steps (a few per snapshot at most).
        private var warnings: [RunWarning] = []

        /// A writer for `scenario`'s trace; `frames` adds each step's `frameStates`.
        package init(_ scenario: Scenario, frames: Bool) {
            self.scenario = scenario
            self.frames = frames
        }

        private mutating func sink(_ piece: String, step: Int? = nil, into write: (String) throws -> Void) throws {
            written += piece.utf8.count
            if written > maxBytes, let step {
                // The steps so far, extrapolated over every step: the whole run's estimate.
                let estimate = Int(Double(written) / Double(step + 1) * Double(max(scenario.steps.count, step + 1)))
                throw ScenarioError(
                    scenario.steps[step].location,
                    "trace.json reaches \(written) bytes at step \(step) of \(scenario.steps.count) (about \(estimate) for the whole run), over the limit of \(maxBytes) bytes",
                    expected: "a trace of at most \(maxBytes) bytes: fewer steps or tabs, shorter tab titles, or no --frames")
            }
            try write(piece)
        }

        /// The top object's first keys, up to the step list.
        package mutating func begin(into write: (String) throws -> Void) throws {
            try sink(
                "{\n  \"scenario\": " + JSON.string(scenario.name).text() + ",\n  \"iOSVersion\": "
                    + JSON.number(Double(scenario.settings.iOSVersion.major)).text() + ",\n  \"device\": "
                    + JSON.string(scenario.device.id).text() + ",\n  \"steps\": ", into: write)
        }

        /// One step's entry; `frames` are the step's physics frames (read only with `frames`).
        package mutating func add(
            _ record: StepRecord, frames stepFrames: ArraySlice<RecordedFrame>, measuring: some TextMeasuring,
            into write: (String) throws -> Void
        ) throws {
            let layout = StageLayout(record.state, look: scenario.look, measuring: measuring)
            let drawn = record.step.fullContent ? StageLayout(record.drawnState, look: scenario.look, measuring: measuring) : layout
            let frameStates =
                frames
                ? stepFrames.map { frameState($0.sample(fps: scenario.fps, look: scenario.look, measuring: measuring)) } : nil
            try sink(
                (first ? "[\n    " : ",\n    ") + step(record, layout: layout, drawn: drawn, frameStates: frameStates).text(indent: 2),
                step: record.index, into: write)
            warnings += RunWarnings.of(record, layout: drawn, look: scenario.look, measuring: measuring)
            first = false
        }

        /// The step list's end and the warnings; returns the warnings.
        package mutating func finish(into write: (String) throws -> Void) throws -> [RunWarning] {
            try sink(
                (first ? "[],\n  \"warnings\": " : "\n  ],\n  \"warnings\": ") + JSON.array(warnings.map(warning)).text(indent: 1)
                    + "\n}\n",
                into: write)
            return warnings
        }
    }

    static func warning(_ warning: RunWarning) -> JSON {
        .object([
            ("step", .number(Double(warning.step))),
            ("snapshot", .string(warning.snapshot)),
            ("element", .string(warning.warning.element)),
            ("kind", .string(warning.warning.kind.rawValue)),
            ("text", .string(warning.warning.text)),
        ])
    }

    /// One step's entry; `drawn` is the layout its snapshot draws (the full content's, for a
    /// `fullContent` snapshot), whose elements it lists.
    static func step(_ record: StepRecord, layout: StageLayout, drawn: StageLayout? = nil, frameStates: [JSON]? = nil) -> JSON {
        var fields: [(String, JSON)] = [
            ("index", .number(Double(record.index))), ("action", .string(record.step.keyword)),
            ("line", .number(Double(record.step.location.line))), ("column", .number(Double(record.step.location.column))),
        ]
        if let name = record.step.snapshotName { fields.append(("snapshot", .string(name))) }
        if record.step.fullContent, let drawn {
            fields.append(
                ("fullContent", .object([("width", .number(drawn.windowSize.width)), ("height", .number(drawn.windowSize.height))])))
        }
        if let frames = record.frames {
            fields.append(("frames", .number(Double(frames))))
            if let frameStates { fields.append(("frameStates", .array(frameStates))) }
        }
        fields.append(
            ("state", state(record.state, layout: layout, lifecycle: record.lifecycle, presentedLifecycle: record.presentedLifecycle)))
        if record.step.snapshotName != nil { fields.append(("elements", .array((drawn ?? layout).drawnElements.map(element)))) }
        return .object(fields)
    }

    /// One entry of a snapshot step's `elements`.
    static func element(_ element: DrawnElement) -> JSON {
        .object([("id", .string(element.id)), ("kind", .string(element.kind.rawValue)), ("frame", rect(element.frame))])
    }

    /// One frame's entry in `frameStates`.
    package static func frameState(_ sample: FrameSample) -> JSON {
        .object([
            ("time", .number(sample.time)),
            ("contentOffsetY", .number(sample.contentOffsetY)),
            ("velocity", .number(sample.velocity)),
            ("headerHeight", .number(sample.headerHeight)),
            ("collapseProgress", .number(sample.collapseProgress)),
            ("tabBarOffsetX", .number(sample.tabBarOffsetX)),
        ])
    }

    package static func state(
        _ stage: StageState, layout: StageLayout, lifecycle: [LifecycleCallback], presentedLifecycle: [LifecycleCallback] = []
    ) -> JSON {
        let window = stage.window
        var fields: [(String, JSON)] = [
            ("window", .object([("width", .number(window.window.width)), ("height", .number(window.window.height))])),
            ("safeArea", insets(window.safeArea)),
            ("traits", traits(window.traits)),
            ("childTraits", traits(window.childTraits)),
            ("container", container(stage.container, layout)),
        ]
        // Only iPadOS 26 windows have these keys, so every other trace keeps its bytes.
        if let controls = window.windowControls {
            fields.insert(("windowFrame", rect(window.frame)), at: 1)
            fields.insert(("windowControls", windowControls(window, controls)), at: 3)
        }
        // Only scenarios with an app tab bar have the key, so every other trace keeps its bytes.
        if let bar = layout.appTabBar, let behavior = stage.appTabBarBehavior { fields.append(("appTabBar", appTabBar(bar, behavior))) }
        return .object(
            fields + [
                (
                    "presentation",
                    stage.presentation.map { presentation($0, chrome: layout.presentationChrome, lifecycle: presentedLifecycle) } ?? .null
                ),
                ("split", layout.split.map(split) ?? .null),
                ("lifecycle", .array(lifecycle.map { .string($0.rawValue) })),
            ])
    }

    /// The app's tab bar: how it looks, the minimize behaviour in effect, whether it is
    /// minimized and where it is.
    static func appTabBar(_ bar: AppTabBarLayout, _ behavior: TabBarMinimizeBehavior) -> JSON {
        .object([
            ("style", .string(bar.style.rawValue)),
            ("minimizeBehavior", .string(behavior.rawValue)),
            ("minimized", .bool(bar.minimized)),
            ("frame", rect(bar.frame)),
        ])
    }

    /// `lifecycle` lists the presented controller's callbacks this step caused; `cornerRadius`
    /// and `material` come from the drawn chrome.
    static func presentation(_ presentation: PresentationState, chrome: PresentationChrome?, lifecycle: [LifecycleCallback]) -> JSON {
        let layout = presentation.layout
        var fields: [(String, JSON)] = [
            ("requestedStyle", .string(layout.requestedStyle.rawValue)),
            ("style", .string(layout.style.rawValue)),
            ("appearance", .string(layout.appearance.rawValue)),
            ("detent", layout.detent.map { .string($0.rawValue) } ?? .null),
            ("dimmed", .bool(layout.dimmed)),
            ("frame", rect(layout.frame)),
            (
                "cornerRadius",
                .object([
                    ("top", .number(chrome?.cornerRadius ?? 0)), ("bottom", .number(chrome?.bottomCornerRadius ?? 0)),
                ])
            ),
            ("material", .string(layout.material.rawValue)),
            ("arrowDirection", .string(layout.arrowDirection.rawValue)),
        ]
        if let source = layout.source, layout.style == .popover { fields.append(("sourceRect", rect(source))) }
        fields.append(("lifecycle", .array(lifecycle.map { .string($0.rawValue) })))
        return .object(fields)
    }

    static func split(_ layout: SplitLayout) -> JSON {
        .object([
            ("collapsed", .bool(layout.collapsed)),
            ("primaryWidth", .number(layout.primaryWidth)),
            ("shown", .string(layout.shown.rawValue)),
        ])
    }

    static func insets(_ insets: EdgeInsets) -> JSON {
        .object([
            ("top", .number(insets.top)), ("left", .number(insets.left)),
            ("bottom", .number(insets.bottom)), ("right", .number(insets.right)),
        ])
    }

    /// The window controls' corner and the safe area UIKit's corner-adapted layout regions give
    /// around it (`safeAreaInsets` itself leaves the controls out).
    static func windowControls(_ window: WindowEnvironment, _ corner: Rect) -> JSON {
        .object([
            ("frame", rect(corner)),
            ("horizontalCornerAdaptation", insets(window.cornerAdaptedSafeArea(.horizontal))),
            ("verticalCornerAdaptation", insets(window.cornerAdaptedSafeArea(.vertical))),
        ])
    }

    static func rect(_ rect: Rect) -> JSON {
        .object([
            ("x", .number(rect.x)), ("y", .number(rect.y)),
            ("width", .number(rect.width)), ("height", .number(rect.height)),
        ])
    }

    static func traits(_ traits: TraitCollection) -> JSON {
        .object([
            ("idiom", .string(traits.idiom.rawValue)),
            ("horizontalSizeClass", .string(traits.horizontalSizeClass.rawValue)),
            ("verticalSizeClass", .string(traits.verticalSizeClass.rawValue)),
            ("displayScale", .number(traits.displayScale)),
            ("orientation", .string(traits.orientation.rawValue)),
            ("layoutDirection", .string(traits.layoutDirection.rawValue)),
            ("contentSizeCategory", .string(traits.contentSizeCategory.rawValue)),
            ("userInterfaceStyle", .string(traits.userInterfaceStyle.rawValue)),
        ])
    }

    static func container(_ container: ContainerState, _ layout: StageLayout) -> JSON {
        let geometry = container.geometry
        let indicator = layout.tabBar.indicator
        let tabs: [JSON] = zip(container.config.tabs, zip(geometry.tabs, container.offsets)).map { config, pair in
            let (metrics, offset) = pair
            var fields: [(String, JSON)] = [
                ("title", .string(config.title)),
                ("contentOffsetY", .number(offset)),
                ("contentInsetTop", .number(metrics.contentInsetTop)),
                ("contentInsetBottom", .number(metrics.contentInsetBottom)),
                ("contentHeight", .number(metrics.contentHeight)),
                ("minOffsetY", .number(metrics.minOffsetY)),
                ("maxOffsetY", .number(metrics.maxOffsetY)),
                ("rowHeight", .number(metrics.rowHeight)),
            ]
            if metrics.hasRowHeights {
                // Self-sizing rows: each item's row height, repeating as the items do.
                fields.append(("rowHeights", .array(metrics.rowHeights.map(JSON.number))))
            }
            if let cell = metrics.cellSize {
                fields.append(("cellSize", .object([("width", .number(cell.width)), ("height", .number(cell.height))])))
            }
            return .object(fields)
        }
        return .object([
            ("frame", rect(layout.containerFrame)),
            ("headerPlacement", .string(layout.header.placement.rawValue)),
            ("headerHeight", .number(layout.header.height)),
            ("tabBarTop", .number(layout.tabBar.top)),
            ("tabBarHeight", .number(layout.tabBar.height)),
            ("tabBarHidden", .bool(layout.tabBar.isHidden)),
            ("tabBarLayout", .string(layout.tabBar.mode.rawValue)),
            ("tabBarOffsetX", .number(layout.tabBar.offsetX)),
            ("tabFrames", .array(layout.tabBar.cells.map { .object([("x", .number($0.x)), ("width", .number($0.width))]) })),
            ("collapseProgress", .number(layout.header.collapseProgress)),
            ("selectedTab", .number(Double(container.selectedTab))),
            ("stackAxis", .string(layout.header.stackAxis.rawValue)),
            ("indicator", .object([("x", .number(indicator.x)), ("width", .number(indicator.width))])),
            ("bioLines", .number(Double(layout.header.bioLineCount))),
            ("bioCut", .bool(layout.header.bioIsCut)),
            ("tabs", .array(tabs)),
        ])
    }
}
