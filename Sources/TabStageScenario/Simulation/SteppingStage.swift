import TabStageLayout
import TabStageModel

/// A stage driven step by step, in the vocabulary of a scenario's steps: what a test author
/// holds. `apply(_:)` runs a step as `tabstage run` does (a `release` or an animated scroll runs
/// to rest within the step, a `wait` gives its frames), `advance(seconds:)`,
/// `advance(frames:)` and `settle()` let time pass in ticks of 1/`fps` seconds, and `state` is
/// the reducer's state after the last step. The scenario runner is a loop over this type, so a
/// step refused here is refused with the words `tabstage run` prints.
///
/// Time moves only through those ticks; there are no clocks. Every frame since the last
/// `takeFrames()` is kept, so a test that lets a lot of time pass should take them now and then.
public struct Stage: Sendable {
    /// The most physics frames one stage may produce (in all, over its life), so a runaway
    /// loop of waits stops with an error instead of running for hours.
    public static let maxFrames = 100_000

    /// The stage after the last step: window, container, presentation.
    public private(set) var state: StageState
    /// The theme, header content and row content: drawing data the layout and the painter read
    /// beside `state`; no step changes it.
    public let look: Look
    /// Frames per second: the length of one tick is 1/fps seconds.
    public let fps: Int
    /// The text widths the layout uses, which decide where a named popover source is.
    public let measuring: any TextMeasuring
    /// Physics frames produced since the stage was made.
    public private(set) var frameCount = 0
    private var pendingFrames: [Frame] = []
    /// The self-sizing rows' heights measured so far, shared by every copy of the stage, and
    /// the characters measuring them took, held to `SelfSizingRows.maxMeasuredCharacters`.
    private let rowMeasurements: SelfSizingRows.Measurements

    /// This stage with `state` in place of its own, the look, fps and text widths kept: how a
    /// full-content snapshot draws the expanded state with the stage's look.
    package func replacingState(_ state: StageState) -> Stage {
        var copy = self
        copy.state = state
        return copy
    }

    /// A stage at rest in a window.
    ///
    /// - Parameters:
    ///   - window: The window and its traits.
    ///   - container: The container's configuration.
    ///   - split: The split view the container is the secondary column of, if any.
    ///   - look: The theme, header content and row content.
    ///   - fps: Ticks per second (a scenario's `fps`), from 1 to `ScenarioLimits.maxFPS`.
    ///   - measuring: The text widths the layout uses (Raster's `TextMeasurer.shared` for what
    ///     is rendered).
    ///   - appTabBar: The app's tab bar the container is a tab of, if any (its `items` not
    ///     empty, `selected` one of them).
    public init(
        window: WindowEnvironment, container: ContainerConfig, split: SplitConfig? = nil, look: Look, fps: Int = 60,
        measuring: any TextMeasuring, appTabBar: AppTabBarConfig? = nil
    ) {
        self.init(
            window: window, container: container, split: split, look: look, fps: fps, measuring: measuring, appTabBar: appTabBar,
            rowMeasurements: SelfSizingRows.Measurements())
    }

    /// A stage at rest whose self-sizing rows are measured into `rowMeasurements` (and held
    /// to their budget).
    package init(
        window: WindowEnvironment, container: ContainerConfig, split: SplitConfig?, look: Look, fps: Int,
        measuring: any TextMeasuring, appTabBar: AppTabBarConfig?, rowMeasurements measurements: SelfSizingRows.Measurements
    ) {
        precondition((1...ScenarioLimits.maxFPS).contains(fps), "fps must be from 1 to \(ScenarioLimits.maxFPS)")
        if let appTabBar {
            precondition(appTabBar.items.indices.contains(appTabBar.selected), "appTabBar.selected must name one of its items")
        }
        var container = container
        if look.header.sizesToFitText {
            // `height: fit`: the expanded height is the one that holds the header's text in this
            // window. The header does not depend on the rows, so they are measured once, below.
            let unsized = StageState(window: window, container: container, split: split, appTabBar: appTabBar)
            container.header.height = StageLayout.fittingHeaderHeight(unsized, look: look, measuring: measuring)
        }
        rowMeasurements = measurements
        state = StageState(
            window: window, container: container, split: split, appTabBar: appTabBar,
            sizingRows: Self.sizingRows(look: look, measuring: measuring, measurements: measurements))
        self.look = look
        self.fps = fps
        self.measuring = measuring
    }

    /// Measures the container's self-sizing rows (`post`, `plain` and `media` rows without a
    /// `rowHeight`) with the look's content and these text widths, as the layout draws them.
    private static func sizingRows(look: Look, measuring: any TextMeasuring, measurements: SelfSizingRows.Measurements) -> RowSizing {
        { container in SelfSizingRows.heights(of: container, look: look, measuring: measuring, measurements: measurements) }
    }

    /// Why the self-sizing rows could not all be measured, when measuring them passed
    /// `SelfSizingRows.maxMeasuredCharacters` (their heights are then not the posts' own).
    package var rowSizingProblem: (message: String, expected: String)? {
        guard rowMeasurements.isOverBudget else { return nil }
        let limit = rowMeasurements.budget
        return (
            "the self-sizing post rows need more than \(limit) characters of text measured "
                + "(\(rowMeasurements.measuredCharacters) counted: each distinct post's name, handle, time and text, once per row width "
                + "and text size, the file's variants together)",
            "at most \(limit) characters: fewer or shorter distinct items, a rowHeight, or fewer window sizes or variants"
        )
    }

    /// A stage at rest on a device: the device's window in `orientation` and `multitasking`.
    ///
    /// - Throws: A `ScenarioError` at the caller's line when the device offers no such window
    ///   (multitasking on an iPhone, a Slide Over window in portrait…).
    public init(
        device: Device, orientation: Orientation = .portrait, multitasking: Multitasking = .full,
        settings: DisplaySettings = DisplaySettings(), traitOverride: TraitOverride = .none,
        container: ContainerConfig, split: SplitConfig? = nil, look: Look, fps: Int = 60, measuring: any TextMeasuring,
        appTabBar: AppTabBarConfig? = nil, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ScenarioError) {
        let window: WindowEnvironment
        do {
            window = try WindowEnvironment(
                device: device, orientation: orientation, multitasking: multitasking, settings: settings, traitOverride: traitOverride)
        } catch {
            throw ScenarioError(Self.location(filePath, line, column), error.description, expected: "multitasking: full")
        }
        self.init(window: window, container: container, split: split, look: look, fps: fps, measuring: measuring, appTabBar: appTabBar)
    }

    /// A catalog device by id (`tabstage devices`), as a scenario's `device:` names it.
    ///
    /// - Throws: A `ScenarioError` at the caller's line for an unknown id (with the closest
    ///   one) or a window the device does not offer.
    public init(
        device id: String, orientation: Orientation = .portrait, multitasking: Multitasking = .full,
        settings: DisplaySettings = DisplaySettings(), traitOverride: TraitOverride = .none,
        container: ContainerConfig, split: SplitConfig? = nil, look: Look, fps: Int = 60, measuring: any TextMeasuring,
        appTabBar: AppTabBarConfig? = nil, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ScenarioError) {
        guard let device = DeviceCatalog.device(id: id) else {
            throw ScenarioError(
                Self.location(filePath, line, column), "unknown device '\(quoted(id))'" + deviceSuggestion(id),
                expected: "a device id from 'tabstage devices'")
        }
        try self.init(
            device: device, orientation: orientation, multitasking: multitasking, settings: settings, traitOverride: traitOverride,
            container: container, split: split, look: look, fps: fps, measuring: measuring, appTabBar: appTabBar, filePath: filePath,
            line: line, column: column)
    }

    /// The stage a scenario starts with: its window, container, split view, look and fps. Its
    /// steps are not run; `apply(_:)` each of `scenario.steps` to run them.
    ///
    /// - Throws: A `ScenarioError` at the top of the file when the first window cannot exist.
    public init(scenario: Scenario, measuring: any TextMeasuring) throws(ScenarioError) {
        try self.init(scenario: scenario, measuring: measuring, rowMeasurements: nil)
    }

    /// The stage a scenario starts with, measuring its self-sizing rows into `rowMeasurements`
    /// when given: the variants of one file share them, and so their budget.
    package init(scenario: Scenario, measuring: any TextMeasuring, rowMeasurements: SelfSizingRows.Measurements?) throws(ScenarioError) {
        let window: WindowEnvironment
        do {
            window = try scenario.initialWindow()
        } catch {
            throw ScenarioError(SourceLocation(file: scenario.file), error.description)
        }
        self.init(
            window: window, container: scenario.container, split: scenario.split, look: scenario.look, fps: scenario.fps,
            measuring: measuring, appTabBar: scenario.appTabBar, rowMeasurements: rowMeasurements ?? SelfSizingRows.Measurements())
    }

    static func location(_ filePath: StaticString, _ line: UInt, _ column: UInt) -> SourceLocation {
        SourceLocation(file: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// A header that sizes itself to its text (`height: fit`) takes the height that holds it in
    /// the new window, as a self-sizing header lays out again when its width changes: the
    /// model's `setHeader`, which keeps the content where it was.
    private mutating func refitHeader() {
        guard look.header.sizesToFitText else { return }
        let height = StageLayout.fittingHeaderHeight(state, look: look, measuring: measuring)
        guard height != state.container.config.header.height else { return }
        let action = StageAction.container(.setHeader(height: height, minHeight: nil))
        guard state.problem(with: action) == nil else { return }
        state = StageState.reduce(state, action).0
    }

    // MARK: frames

    /// One physics frame: its number since the stage was made (from 1), the time it shows and
    /// the state after it.
    public struct Frame: Sendable, Hashable {
        /// The frame's number since the stage was made, from 1.
        public var number: Int
        /// Seconds since the stage was made: `number / fps`.
        public var time: Double
        /// The stage after the frame's tick (or the drag's move).
        public var state: StageState
    }

    /// The frames produced since the last call (or since the stage was made), in order, and
    /// forgets them.
    public mutating func takeFrames() -> [Frame] {
        defer { pendingFrames = [] }
        return pendingFrames
    }

    /// What one step caused.
    public struct StepResult: Sendable, Hashable {
        /// The container's UIKit callbacks, in order.
        public var lifecycle: [LifecycleCallback] = []
        /// The presented view controller's callbacks, in order.
        public var presentedLifecycle: [LifecycleCallback] = []
        /// Physics, animated and `wait` steps only: how many frames the step produced.
        public var frames: Int?
    }

    // MARK: stepping

    /// Applies a step as a scenario's step runs: its problem, if the model refuses it, is a
    /// `ScenarioError` at the caller's line with the words `tabstage run` prints
    /// (`select: there is no tab 5 (expected an index from 0 to 2)`).
    ///
    /// - Parameters:
    ///   - step: What to do: `.drag(dy: 120)`, `.release(velocity: 1800)`, `.select("Media")`…
    ///   - runToRest: A fling, bounce or animated scroll runs to its end within the step, as in
    ///     a scenario; false leaves it running for `advance(frames:)` or `settle()`.
    ///   - filePath: The calling file, for the error's location.
    ///   - line: The calling line, for the error's location.
    ///   - column: The calling column, for the error's location.
    /// - Returns: The callbacks and the number of frames the step caused.
    /// - Throws: A `ScenarioError` at the call when the model refuses the step (nothing changes
    ///   then), or when the stage would pass `maxFrames`.
    @discardableResult
    public mutating func apply(
        _ step: Step, runToRest: Bool = true, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ScenarioError) -> StepResult {
        let location = Self.location(filePath, line, column)
        return try keepingFrames { stage, frame in try stage.perform(step, at: location, runToRest: runToRest, frame: frame) }
    }

    /// Applies a scenario's step (a snapshot step changes nothing); its problem is located at the
    /// step's line in the file.
    @discardableResult
    public mutating func apply(_ step: ScenarioStep) throws(ScenarioError) -> StepResult {
        guard case .action(let action) = step.kind else { return StepResult() }
        let location = step.location, step = Step(action, keyword: step.keyword, source: step.sourceControl)
        return try keepingFrames { stage, frame in try stage.perform(step, at: location, frame: frame) }
    }

    /// Lets `seconds` pass as a `wait` step does: ⌈seconds × fps⌉ ticks (running animations go on).
    ///
    /// - Returns: The number of frames that passed.
    @discardableResult
    public mutating func advance(
        seconds: Double, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ScenarioError) -> Int {
        try apply(.wait(seconds: seconds), filePath: filePath, line: line, column: column).frames ?? 0
    }

    /// Lets `frames` ticks of 1/fps seconds pass.
    public mutating func advance(
        frames: Int, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ScenarioError) {
        let location = Self.location(filePath, line, column)
        guard frames >= 0 else { throw ScenarioError(location, "advance: \(frames) frames", expected: "a count of frames from 0") }
        var counted: Int?
        for _ in 0..<frames { try tickRecording(at: location, counting: &counted) }
    }

    /// Runs a fling, bounce or animated scroll to rest (nothing when none is running).
    ///
    /// - Returns: The number of frames it took.
    @discardableResult
    public mutating func settle(filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws(ScenarioError)
        -> Int
    {
        let location = Self.location(filePath, line, column)
        var counted: Int? = 0
        while state.container.isAnimating { try tickRecording(at: location, counting: &counted) }
        return counted ?? 0
    }

    private mutating func tickRecording(at location: SourceLocation, counting: inout Int?) throws(ScenarioError) {
        var count = counting
        try keepingFrames { stage, frame in try stage.tick(at: location, counting: &count, frame: frame) }
        counting = count
    }

    /// Runs `body` with a frame sink that keeps each frame for `takeFrames()`.
    private mutating func keepingFrames<Result>(
        _ body: (inout Stage, (Int, StageState) -> Void) throws -> Result
    ) throws(ScenarioError) -> Result {
        var kept: [Frame] = []
        let fps = fps
        defer { pendingFrames += kept }
        do {
            return try body(&self) { number, state in kept.append(Frame(number: number, time: Double(number) / Double(fps), state: state)) }
        } catch let error as ScenarioError {
            throw error
        } catch {
            preconditionFailure("only a frame sink throws other errors")  // this one does not
        }
    }

    /// One tick of 1/fps seconds, counted and handed to `frame`.
    private mutating func tick(at location: SourceLocation, counting: inout Int?, frame: (Int, StageState) throws -> Void) throws {
        state = StageState.reduce(state, .container(.tick(seconds: 1 / Double(fps)))).0
        try emitFrame(at: location, counting: &counting, frame: frame)
    }

    private mutating func emitFrame(at location: SourceLocation, counting: inout Int?, frame: (Int, StageState) throws -> Void) throws {
        frameCount += 1
        counting = (counting ?? 0) + 1
        guard frameCount <= Self.maxFrames else {
            throw ScenarioError(
                location, "the run needs more than \(Self.maxFrames) physics frames",
                expected: "at most \(Self.maxFrames) frames per run (lower fps or velocities)")
        }
        try frame(frameCount, state)
    }

    /// The index of the tab titled `title`, or the parser's words for a title no tab has.
    private func tabIndex(_ title: String, _ refuse: (String, String?) -> ScenarioError) throws(ScenarioError) -> Int {
        let titles = state.container.config.tabs.map(\.title)
        guard let index = titles.firstIndex(of: title) else {
            throw refuse("no tab is titled '\(quoted(title))'" + didYouMean(title, titles), oneOf(titles) + ", or an index")
        }
        return index
    }

    /// The one place a step changes the stage: the scenario runner calls it with its own frame
    /// sink (frames streamed, not kept), `apply(_:)` with one that keeps them.
    package mutating func perform(
        _ step: Step, at location: SourceLocation, runToRest: Bool = true, frame: (Int, StageState) throws -> Void
    ) throws -> StepResult {
        func refuse(_ message: String, _ expected: String?) -> ScenarioError {
            ScenarioError(location, "\(step.keyword): \(message)", expected: expected)
        }
        var action: StageAction
        switch step.kind {
        case .action(let resolved):
            action = resolved
        case .select(let title, let animated):
            let tab = try tabIndex(title, refuse)
            action = .container(animated ? .tap(tab) : .select(tab))
        case .swipe(let title, let progress, let finish):
            action = .container(.swipe(to: try tabIndex(title, refuse), progress: progress, finish: finish))
        case .invalid(let message, let expected):
            throw refuse(message, expected)
        }
        if let problem = state.problem(with: action) {
            throw refuse(problem.message, problem.expected)
        }
        if case .present(var request) = action, let control = step.source {
            // The model takes a rect: the name becomes the control's frame as drawn now.
            switch SourceControlResolution(control, in: state, layout: StageLayout(state, look: look, measuring: measuring)) {
            case .frame(let frame): request.source = frame
            case .problem(let problem): throw refuse(problem.message, problem.expected)
            }
            action = .present(request)
        }
        var result = StepResult()
        switch action {
        case .container(.tick(let seconds)):
            // `wait`: time passes in frames of 1/fps (running animations continue).
            result.frames = 0
            for _ in 0..<ScenarioRunner.waitFrameCount(seconds: seconds, fps: fps) {
                try tick(at: location, counting: &result.frames, frame: frame)
            }
        default:
            let (next, events) = StageState.reduce(
                state, action, sizingRows: Self.sizingRows(look: look, measuring: measuring, measurements: rowMeasurements))
            if let problem = rowSizingProblem { throw refuse(problem.message, problem.expected) }
            state = next
            for event in events {
                switch event {
                case .lifecycle(let callback): result.lifecycle.append(callback)
                case .presentedLifecycle(let callback): result.presentedLifecycle.append(callback)
                case .container: break
                }
            }
        }
        switch action {
        case .container(.drag):
            try emitFrame(at: location, counting: &result.frames, frame: frame)
        case .container(.release), .container(.animatedScroll), .container(.tap):
            // Flings, bounces and animated scrolls run to their end within the step.
            result.frames = 0
            while runToRest, state.container.isAnimating {
                try tick(at: location, counting: &result.frames, frame: frame)
            }
        case .rotate, .resize:
            if let short = RowHeightCheck.shortRow(state) { throw refuse(short.message, short.expected) }
            refitHeader()
        default:
            break
        }
        return result
    }
}

/// The `Stage` type for files that also import the `Stage` module, where `Stage.` in an
/// expression names the module.
typealias SteppingStage = Stage
