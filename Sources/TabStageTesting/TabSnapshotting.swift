import Foundation
import ImageDiff
import Layout
import Raster
import Simulation
import SnapshotWorkflow
import Stage

/// How `assertTabSnapshot(of:as:named:)` turns a value into references and compares it, in the
/// manner of swift-snapshot-testing's `Snapshotting`: a value you pass, `pullback` to snapshot
/// another type, `+` to check several ways in one assertion (`.trace + .png`).
///
/// - `png(threshold:budget:scale:)`: the SVG and its PNG, checked as `tabstage verify` checks
///   them (SVG text first, then pixels with the perceptual diff and the budget).
/// - `svg`: the SVG text alone, compared line by line.
/// - `trace`: the state's numbers as `trace.json` words them (window, traits, container,
///   presentation, split), compared as text.
/// - `accessibility`: the accessibility elements in VoiceOver's reading order as
///   `NAME.accessibility.json`, one element a line, compared as text.
public struct TabSnapshotting<Value>: Sendable {
    /// One way of checking: the file it owns and how it compares.
    struct Check: Sendable {
        var run: @Sendable (Value, SnapshotReference, inout AtomicWriter) throws(WorkflowError) -> Verification
    }

    let checks: [Check]

    /// A strategy for another type: `transform` turns it into this strategy's value
    /// (`TabSnapshotting<StageState>.png().pullback(\Stage.state)`).
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

extension TabSnapshotting where Value == StageState {
    /// The SVG and the PNG at the device's scale, as `tabstage verify` checks them.
    public static var png: TabSnapshotting { .png() }

    /// The SVG and its PNG: equal SVG text (with the reference PNG's size and SVG digest
    /// checked) passes at once; otherwise the pixels are compared with the perceptual diff.
    ///
    /// - Parameters:
    ///   - threshold: Per-pixel perceptual difference (0...1) below which pixels count as equal.
    ///   - budget: How many differing pixels still pass.
    ///   - scale: Pixels per point of the PNG; the device's display scale when nil.
    /// - Returns: The strategy, to pass as `as:` or to combine with `+`.
    public static func png(threshold: Double = 0.1, budget: DiffBudget = DiffBudget(), scale: Double? = nil) -> TabSnapshotting {
        TabSnapshotting(checks: [
            Check { state, reference, writer throws(WorkflowError) in
                // Pixels are compared even when the SVG matches in CI, where references may come
                // from a pull request (see `PixelCheck`).
                let verifier = Verifier(
                    store: reference.store, mode: reference.mode, diffOptions: .init(threshold: threshold), budget: budget,
                    checksPixels: PixelCheck.required(environment: ProcessInfo.processInfo.environment), scale: scale)
                return try verifier.verify(state, group: reference.group, name: reference.name, writer: &writer)
            }
        ])
    }

    /// The SVG text alone in `NAME.svg`, diffed line by line; no rendering.
    public static var svg: TabSnapshotting {
        TabSnapshotting(checks: [
            Check { state, reference, writer throws(WorkflowError) in
                try textCheck(SnapshotRenderer.svg(state), extension: "svg", reference, &writer)
            }
        ])
    }

    /// The state's numbers in `NAME.trace.json`, as a step of `trace.json` words them, diffed
    /// as text: offsets, insets, header height, traits, presentation, split view.
    public static var trace: TabSnapshotting {
        TabSnapshotting(checks: [
            Check { state, reference, writer throws(WorkflowError) in
                let layout = StageLayout(state, measuring: TextMeasurer.shared)
                let json = Trace.state(state, layout: layout, lifecycle: []).text() + "\n"
                return try textCheck(json, extension: "trace.json", reference, &writer)
            }
        ])
    }
}

extension TabSnapshotting where Value == StageState {
    /// The accessibility elements in `NAME.accessibility.json`, in VoiceOver's reading order,
    /// one element a line (label, value, traits, frame), diffed as text: a failed line names
    /// the element that changed.
    public static var accessibility: TabSnapshotting {
        TabSnapshotting(checks: [
            Check { state, reference, writer throws(WorkflowError) in
                try textCheck(AccessibilityOutputs.json(state), extension: "accessibility.json", reference, &writer)
            }
        ])
    }
}

extension TabSnapshotting where Value == StageState {
    /// `strategy` applied to the state's full content (`StageState.expandedToContent()`): the
    /// selected tab's every row below the expanded header as one long picture, the window's
    /// width, as a `snapshot: {name, fullContent: true}` step draws it
    /// (`assertTabSnapshot(of: state, as: .fullContent(.png))`).
    ///
    /// A state with a presentation or a swipe under way, or whose full content is taller than
    /// the rasterizer allows at the device's scale, fails with the reason and nothing is written.
    ///
    /// - Parameter strategy: How to check the long picture: `.png`, `.svg`, `.accessibility`…
    /// - Returns: The strategy, to pass as `as:` or to combine with `+`.
    public static func fullContent(_ strategy: TabSnapshotting) -> TabSnapshotting {
        TabSnapshotting(
            checks: strategy.checks.map { check in
                Check { state, reference, writer throws(WorkflowError) in
                    if let problem = state.fullContentProblem {
                        throw WorkflowError(
                            "the full content cannot be drawn: \(problem) (expected the container at rest: dismiss the presentation or finish the swipe first)",
                            kind: .badInput)
                    }
                    let expanded = state.expandedToContent()
                    if let problem = RenderOptions().fullContentProblem(expanded.window) { throw WorkflowError(problem, kind: .badInput) }
                    return try check.run(expanded, reference, &writer)
                }
            })
    }
}

extension TabSnapshotting where Value == Stage {
    /// The stage's state as `TabSnapshotting<StageState>.fullContent(_:)`: the selected tab's
    /// every row in one long picture (`assertTabSnapshot(of: stage, as: .fullContent(.png))`).
    ///
    /// - Parameter strategy: How to check the long picture of the stage's state.
    /// - Returns: The strategy, to pass as `as:` or to combine with `+`.
    public static func fullContent(_ strategy: TabSnapshotting<StageState>) -> TabSnapshotting {
        TabSnapshotting<StageState>.fullContent(strategy).pullback(\.state)
    }

    /// The stage's state as `TabSnapshotting<StageState>.accessibility`.
    public static var accessibility: TabSnapshotting { TabSnapshotting<StageState>.accessibility.pullback(\.state) }
    /// The stage's state as `TabSnapshotting<StageState>.png`.
    public static var png: TabSnapshotting { TabSnapshotting<StageState>.png.pullback(\.state) }
    /// The stage's state as `TabSnapshotting<StageState>.png(threshold:budget:scale:)`.
    public static func png(threshold: Double = 0.1, budget: DiffBudget = DiffBudget(), scale: Double? = nil) -> TabSnapshotting {
        TabSnapshotting<StageState>.png(threshold: threshold, budget: budget, scale: scale).pullback(\.state)
    }
    /// The stage's state as `TabSnapshotting<StageState>.svg`.
    public static var svg: TabSnapshotting { TabSnapshotting<StageState>.svg.pullback(\.state) }
    /// The stage's state as `TabSnapshotting<StageState>.trace`.
    public static var trace: TabSnapshotting { TabSnapshotting<StageState>.trace.pullback(\.state) }
}

/// A text reference `NAME.EXT` compared with `text`, recorded as the mode says (recording
/// counts as a failure, as for images).
private func textCheck(
    _ text: String, extension ext: String, _ reference: SnapshotReference, _ writer: inout AtomicWriter
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
    guard let data = FileManager.default.contents(atPath: path) else {
        guard reference.mode != .never else { return outcome(.failed("no reference at \(path) (record it with TABSTAGE_RECORD=missing)")) }
        return try record(reference.mode == .all ? "recorded \(path) (TABSTAGE_RECORD=all)" : "no reference was found; recorded \(path)")
    }
    if reference.mode == .all { return try record("recorded \(path) (TABSTAGE_RECORD=all)") }
    let old = String(decoding: data, as: UTF8.self)
    if old == text { return outcome(.matched) }
    let problem = "\(path) differs:\n" + SVGChanges.lines(from: old, to: text).joined(separator: "\n")
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
