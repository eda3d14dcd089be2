import Foundation
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageWorkflow

/// How `assertTabSnapshot(of:as:named:)` turns a value into references and compares it, in the
/// manner of swift-snapshot-testing's `Snapshotting`: a value you pass, `pullback` to snapshot
/// another type, `+` to check several ways in one assertion (`.trace + .png`).
///
/// - `png(threshold:budget:scale:geometryTolerance:)`: the layout, the SVG and its PNG, checked
///   as `tabstage verify` checks them (the layout first, then the SVG text, then pixels with the
///   perceptual diff and the budget).
/// - `svg`: the SVG text alone, compared line by line.
/// - `trace`: the state's numbers as `trace.json` words them (window, traits, container,
///   presentation, split), compared as text; a failure names each changed value by its path
///   (`container.tabs[1].contentHeight 216 → 540 (+324)`).
/// - `accessibility`: the accessibility elements in VoiceOver's reading order as
///   `NAME.accessibility.json`, one element a line, compared as text.
public struct TabSnapshotting<Value>: Sendable {
    /// One way of checking: the file it owns and how it compares.
    struct Check: Sendable {
        var run: @Sendable (Value, SnapshotReference, inout AtomicWriter) throws(WorkflowError) -> Verification
    }

    let checks: [Check]

    /// A strategy for another type: `transform` turns it into this strategy's value
    /// (`TabSnapshotting<Stage>.png().pullback { (screen: MyScreen) in screen.stage }`).
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) -> Value) -> TabSnapshotting<NewValue> {
        TabSnapshotting<NewValue>(
            checks: checks.map { check in
                .init { value, reference, writer throws(WorkflowError) in try check.run(transform(value), reference, &writer) }
            })
    }

    /// Both strategies, in order: `.trace + .png` checks the numbers, then the pixels.
    public static func + (lhs: TabSnapshotting, rhs: TabSnapshotting) -> TabSnapshotting {
        TabSnapshotting(checks: lhs.checks + rhs.checks)
    }
}

extension TabSnapshotting where Value == DrawnState {
    /// The SVG and its PNG: equal SVG text (with the reference PNG's size and SVG digest
    /// checked) passes at once; otherwise the pixels are compared with the perceptual diff.
    ///
    /// - Parameters:
    ///   - threshold: Per-pixel perceptual difference (0...1) below which pixels count as equal.
    ///   - budget: How many differing pixels still pass.
    ///   - scale: Pixels per point of the PNG; the device's display scale when nil.
    ///   - geometryTolerance: Points an element's edge or a layout value may move and still
    ///     match `NAME.layout.txt`.
    /// - Returns: The strategy, to pass as `as:` or to combine with `+`.
    static func png(
        threshold: Double = 0.1, budget: DiffBudget = DiffBudget(), scale: Double? = nil, geometryTolerance: Double = 0.01
    ) -> TabSnapshotting {
        TabSnapshotting(checks: [
            Check { drawn, reference, writer throws(WorkflowError) in
                // Pixels are compared even when the SVG matches in CI, where references may come
                // from a pull request (see `PixelCheck`).
                var verifier = Verifier(
                    store: reference.store, mode: reference.mode, diffOptions: .init(threshold: threshold), budget: budget,
                    checksPixels: PixelCheck.required(environment: ProcessInfo.processInfo.environment), scale: scale)
                verifier.geometryTolerance = geometryTolerance
                return try verifier.verify(drawn.state, look: drawn.look, group: reference.group, name: reference.name, writer: &writer)
            }
        ])
    }

    /// The SVG text alone in `NAME.svg`, diffed line by line; no rendering.
    static var svg: TabSnapshotting {
        TabSnapshotting(checks: [
            Check { drawn, reference, writer throws(WorkflowError) in
                try textCheck(SnapshotRenderer.svg(drawn.state, look: drawn.look), extension: "svg", reference, &writer)
            }
        ])
    }

    /// The state's numbers in `NAME.trace.json`, as a step of `trace.json` words them, diffed
    /// as text: offsets, insets, header height, traits, presentation, split view.
    static var trace: TabSnapshotting {
        TabSnapshotting(checks: [
            Check { drawn, reference, writer throws(WorkflowError) in
                let layout = StageLayout(drawn.state, look: drawn.look, measuring: TextMeasurer.shared)
                let state = Trace.state(drawn.state, layout: layout, lifecycle: [])
                // A failure names the values that changed by their path, as verify names a
                // layout's (`container.tabs[3].contentHeight 216 → 540 (+324)`).
                return try textCheck(state.text() + "\n", extension: "trace.json", reference, &writer) { old in
                    TraceChanges.lines(reference: old, now: state)
                }
            }
        ])
    }
}

extension TabSnapshotting where Value == DrawnState {
    /// The accessibility elements in `NAME.accessibility.json`, in VoiceOver's reading order,
    /// one element a line (label, value, traits, frame), diffed as text: a failed line names
    /// the element that changed.
    static var accessibility: TabSnapshotting {
        TabSnapshotting(checks: [
            Check { drawn, reference, writer throws(WorkflowError) in
                try textCheck(AccessibilityOutputs.json(drawn.state, look: drawn.look), extension: "accessibility.json", reference, &writer)
            }
        ])
    }
}

extension TabSnapshotting where Value == Stage {
    /// The SVG and the PNG at the device's scale, as `tabstage verify` checks them.
    public static var png: TabSnapshotting { .png() }

    /// The layout, the SVG and its PNG, drawn with the stage's look: `NAME.layout.txt` first,
    /// then equal SVG text (with the reference PNG's size and SVG digest checked) passes at
    /// once; otherwise the pixels are compared with the perceptual diff.
    ///
    /// - Parameters:
    ///   - threshold: Per-pixel perceptual difference (0...1) below which pixels count as equal.
    ///   - budget: How many differing pixels still pass.
    ///   - scale: Pixels per point of the PNG; the device's display scale when nil.
    ///   - geometryTolerance: Points an element's edge or a layout value may move and still
    ///     match `NAME.layout.txt`, which is compared before the pixels.
    /// - Returns: The strategy, to pass as `as:` or to combine with `+`.
    public static func png(
        threshold: Double = 0.1, budget: DiffBudget = DiffBudget(), scale: Double? = nil, geometryTolerance: Double = 0.01
    ) -> TabSnapshotting {
        TabSnapshotting<DrawnState>.png(threshold: threshold, budget: budget, scale: scale, geometryTolerance: geometryTolerance)
            .pullback { DrawnState($0) }
    }

    /// The SVG text alone in `NAME.svg`, drawn with the stage's look, diffed line by line; no rendering.
    public static var svg: TabSnapshotting { TabSnapshotting<DrawnState>.svg.pullback { DrawnState($0) } }

    /// The state's numbers in `NAME.trace.json`, as a step of `trace.json` words them, compared
    /// as text: offsets, insets, header height, traits, presentation, split view. A failure
    /// names each value that changed by its path, largest first.
    public static var trace: TabSnapshotting { TabSnapshotting<DrawnState>.trace.pullback { DrawnState($0) } }

    /// The accessibility elements in `NAME.accessibility.json`, in VoiceOver's reading order,
    /// one element a line (label, value, traits, frame), diffed as text: a failed line names
    /// the element that changed.
    public static var accessibility: TabSnapshotting { TabSnapshotting<DrawnState>.accessibility.pullback { DrawnState($0) } }
}

extension TabSnapshotting where Value == Stage {
    /// `strategy` applied to the stage's full content (`StageState.expandedToContent()`), drawn
    /// with the stage's look: the selected tab's every row below the expanded header as one
    /// long picture, the window's width, as a `snapshot: {name, fullContent: true}` step draws it
    /// (`assertTabSnapshot(of: stage, as: .fullContent(.png))`).
    ///
    /// A state with a presentation or a swipe under way, or whose full content is taller than
    /// the rasterizer allows at the device's scale, fails with the reason and nothing is written.
    ///
    /// - Parameter strategy: How to check the long picture of the stage.
    /// - Returns: The strategy, to pass as `as:` or to combine with `+`.
    public static func fullContent(_ strategy: TabSnapshotting) -> TabSnapshotting {
        TabSnapshotting(
            checks: strategy.checks.map { check in
                Check { stage, reference, writer throws(WorkflowError) in
                    try check.run(stage.replacingState(fullContentState(stage.state)), reference, &writer)
                }
            })
    }
}

/// The state expanded to its full content, or the reason it cannot be drawn that way.
private func fullContentState(_ state: StageState) throws(WorkflowError) -> StageState {
    if let problem = state.fullContentProblem {
        throw WorkflowError(
            "the full content cannot be drawn: \(problem) (expected the container at rest: dismiss the presentation or finish the swipe first)",
            kind: .badInput)
    }
    let expanded = state.expandedToContent()
    if let problem = RenderOptions().fullContentProblem(expanded.window) { throw WorkflowError(problem, kind: .badInput) }
    return expanded
}

/// A state and the look it is drawn with: what the strategies check.
struct DrawnState: Sendable {
    var state: StageState
    var look: Look

    /// A stepping stage's state, drawn with its look.
    init(_ stage: Stage) {
        state = stage.state
        look = stage.look
    }
}

/// A text reference `NAME.EXT` compared with `text`, recorded as the mode says (recording
/// counts as a failure, as for images).
private func textCheck(
    _ text: String, extension ext: String, _ reference: SnapshotReference, _ writer: inout AtomicWriter,
    changes: (String) -> [String]? = { _ in nil }
) throws(WorkflowError) -> Verification {
    let folder = reference.store.folder(reference.group)
    let path = "\(folder)/\(reference.name).\(ext)"
    func outcome(_ status: SnapshotOutcome.Status) -> Verification {
        Verification(outcome: SnapshotOutcome(group: reference.group, name: reference.name, status: status))
    }
    func record(_ message: String) throws(WorkflowError) -> Verification {
        try writer.createDirectory(folder)
        try writer.write(Array(text.utf8), to: path)
        return outcome(.recorded(message))
    }
    let old: String
    switch ReferenceText.read(reference.store, group: reference.group, file: "\(reference.name).\(ext)") {
    case .missing:
        guard reference.mode != .never else { return outcome(.failed("no reference at \(path) (record it with TABSTAGE_RECORD=missing)")) }
        return try record(reference.mode == .all ? "recorded \(path) (TABSTAGE_RECORD=all)" : "no reference was found; recorded \(path)")
    case .unreadable(let reason):
        let problem = "cannot read the reference \(path): \(reason)"
        guard reference.mode == .all || reference.mode == .failed else { return outcome(.failed(problem + " (re-record it)")) }
        return try record("\(problem); recorded it again")
    case .found(let text):
        old = text
    }
    if reference.mode == .all { return try record("recorded \(path) (TABSTAGE_RECORD=all)") }
    if old == text { return outcome(.matched) }
    // What every file of this kind tabstage writes starts with: an SVG's root, a JSON object.
    // A file that does not is shown by an excerpt only; a trace is named by its paths.
    let prefix = ext == "svg" ? "<svg" : "{"
    let problem: String
    if old.hasPrefix(prefix), let named = changes(old), let summary = named.first {
        problem = "\(path) differs: \(summary)\n" + named.dropFirst().joined(separator: "\n")
    } else {
        problem = ReferenceText.difference(path: path, old: old, new: text, writtenPrefix: prefix)
    }
    if reference.mode == .failed { return try record("\(problem)\nrecorded the new text (TABSTAGE_RECORD=failed)") }
    return outcome(.failed(problem))
}

/// Where one assertion's references are, and when to record them.
struct SnapshotReference: Sendable {
    var store: ReferenceStore
    var group: String
    var name: String
    var mode: RecordMode
}
