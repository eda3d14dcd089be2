import Foundation
import TabStageModel
import TabStageRendering
import TabStageScenario

/// A scenario read for driving a container: its steps as calls on `DrivableContainer`, with
/// what is compared after each. The model runs the scenario once when the driver is made: it
/// gives the window a rotation or resize ends in and the rect a named popover source has, and
/// tells a `drag` it rubber-bands past a bound.
public struct ScenarioDriver: Sendable {
    /// The scenario (for a scenario with variants, the variant) the steps come from: what an
    /// in-memory container starts from (`Stage(scenario:measuring:)`).
    public let scenario: Scenario
    /// The scenario file's text, for each step's words in a divergence.
    package let source: String
    /// The plan tabstage's model makes for the scenario: what `tabstage plan` writes and
    /// `record(driving:)` plays.
    public let plan: DrivePlan
    /// The steps, in order.
    public var steps: [DrivenStep] { plan.steps }
    /// The name the observed trace carries: the scenario's, or `NAME@VARIANT` for a variant.
    public var traceName: String { scenario.name }
    /// How many tabs the scenario's container has.
    public var tabCount: Int { scenario.container.tabs.count }

    /// Reads a scenario and plans its steps.
    ///
    /// - Parameters:
    ///   - path: The scenario file; a relative path is read from the package root of `filePath`
    ///     (the folder holding Package.swift above it), as `assertConforms` reads it.
    ///   - variant: For a scenario with `variants`, which one to drive (`dark-AX3`).
    ///   - filePath: The calling file.
    /// - Throws: A `RecordingError` at the scenario's mistake, a variant not named (or not
    ///   found), or a step the model refuses.
    public init(scenario path: String, variant: String? = nil, filePath: StaticString = #filePath) throws(RecordingError) {
        try self.init(resolvedPath: Self.resolved(path, from: "\(filePath)"), named: path, variant: variant)
    }

    /// Reads a scenario at a path as given (relative to the working folder) and plans its steps;
    /// `named` is the path the plan records.
    package init(resolvedPath: String, named: String, variant: String?) throws(RecordingError) {
        do throws(ScenarioError) {
            let source = try ObservedTraceFile.text(path: resolvedPath, what: "a path to a .yaml, .yml or .json scenario")
            let loaded = try ScenarioLoader.load(path: resolvedPath)
            let scenario: Scenario
            if loaded.variants != nil {
                let names = try ScenarioVariants.expand(loaded).map { String($0.name.dropFirst(loaded.name.count + 1)) }
                guard let variant else {
                    throw ScenarioError(
                        SourceLocation(file: loaded.file), "the scenario '\(quoted(loaded.name))' has variants and none is named",
                        expected: "variant: " + oneOf(names))
                }
                guard names.contains(variant) else {
                    throw ScenarioError(
                        SourceLocation(file: loaded.file), "the scenario '\(quoted(loaded.name))' has no variant '\(quoted(variant))'",
                        expected: oneOf(names))
                }
                scenario = try ScenarioVariants.expand(loaded, only: variant)[0]
            } else {
                if let variant {
                    throw ScenarioError(
                        SourceLocation(file: loaded.file), "variant '\(quoted(variant))' is named, but the scenario has no 'variants'",
                        expected: "no variant")
                }
                scenario = loaded
            }
            self.scenario = scenario
            self.source = source
            let initial = try Stage(scenario: scenario, measuring: TextMeasurer.shared).state
            plan = DrivePlan(
                scenario: scenario.name, scenarioFile: named, window: DrivenSize(initial.window.window),
                tabs: scenario.container.tabs.map(\.title), steps: try Self.plan(scenario, source: source))
        } catch {
            throw RecordingError(error)
        }
    }

    /// The scenario's steps as driven steps: one model run, each step planned from its record
    /// as soon as it is done (no state is kept).
    static func plan(_ scenario: Scenario, source: String) throws(ScenarioError) -> [DrivenStep] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var steps: [DrivenStep] = []
        do {
            _ = try ScenarioRunner.run(scenario, measuring: TextMeasurer.shared, frames: nil) { record in
                let (action, comparison) = DrivenPlan.action(record.step, after: record)
                steps.append(
                    DrivenStep(
                        index: record.index, text: Conformance.stepText(lines, at: record.step.location) ?? record.step.keyword,
                        keyword: record.step.keyword, location: record.step.location.description, line: record.step.location.line,
                        action: action,
                        comparison: comparison))
            }
        } catch let error as ScenarioError {
            throw error
        } catch {
            preconditionFailure("only the model throws, and only ScenarioErrors")
        }
        return steps
    }

    /// `path` read from the package root above `file` when relative and a root exists.
    static func resolved(_ path: String, from file: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(path).path
            }
            folder.deleteLastPathComponent()
        }
        return path
    }
}

/// A scenario step as a call on the container, and what is compared after it.
enum DrivenPlan {
    static func action(_ step: ScenarioStep, after record: StepRecord) -> (DrivenAction?, StepComparison) {
        guard case .action(let action) = step.kind else { return (nil, .everyField) }
        switch action {
        case .container(let container): return containerAction(container, after: record)
        case .rotate(let orientation):
            return (.rotate(DrivenOrientation(orientation), window: DrivenSize(record.state.window.window)), .everyField)
        case .resize(let mode):
            return (.resize(window: DrivenSize(record.state.window.window), multitasking: DrivenMultitasking(mode)), .everyField)
        case .resizeWindow(let size): return (.resize(window: DrivenSize(size), multitasking: .window), .everyField)
        case .present(let request):
            // The model resolved a named source to the control's rect when the step ran.
            let resolved = record.state.presentation?.request ?? request
            return (.present(DrivenPresentation(resolved), sourceControl: step.sourceControl?.description), .everyField)
        case .selectDetent(let detent): return (.selectDetent(DrivenDetent(detent)), .everyField)
        case .dismiss: return (.dismiss, .everyField)
        }
    }

    static func containerAction(_ action: ContainerAction, after record: StepRecord) -> (DrivenAction?, StepComparison) {
        switch action {
        case .scroll(let offset): return (.scroll(to: offset, animated: false), .everyField)
        case .scrollBy(let delta): return (.scrollBy(delta, animated: false), .everyField)
        case .scrollToTop: return (.scrollToTop(animated: false), .everyField)
        case .animatedScroll(.offset(let offset)): return (.scroll(to: offset, animated: true), .restingState)
        case .animatedScroll(.by(let delta)): return (.scrollBy(delta, animated: true), .restingState)
        case .animatedScroll(.top): return (.scrollToTop(animated: true), .restingState)
        case .select(let tab): return (.select(tab: tab, animated: false), .everyField)
        case .tap(let tab): return (.select(tab: tab, animated: true), .restingState)
        case .swipe(let tab, let progress, let finish):
            let comparison: StepComparison =
                finish
                ? .everyField
                : .notRecorded("a swipe held part-way: no number the recorder reads shows the pages between two tabs")
            return (.swipe(toTab: tab, progress: progress, finish: finish), comparison)
        case .drag(let dy):
            let container = record.state.container
            let offset = container.selectedOffset, metrics = container.selectedMetrics
            guard offset >= metrics.minOffsetY, offset <= metrics.maxOffsetY else {
                return (
                    .drag(dy: dy),
                    .notRecorded("the model rubber-bands this drag past a bound: the system's resistance curve is not the model's")
                )
            }
            return (.drag(dy: dy), .everyField)
        case .release(let velocity): return (.release(velocity: velocity), .restingState)
        case .tick(let seconds): return (.wait(seconds: seconds), .everyField)
        case .setHeader(let height, let minHeight): return (.setHeader(height: height, minHeight: minHeight), .everyField)
        case .layout:
            // Not a step a scenario writes: rotations and resizes lay the container out.
            return (nil, .notRecorded("a layout pass is not a scenario step"))
        }
    }
}
