import TabStageLayout
import TabStageModel

/// A layout warning at a step that takes a snapshot: what a person would see cut or overlapping.
public struct RunWarning: Sendable, Hashable {
    /// The step's index in the scenario, from 0.
    public var step: Int
    /// The snapshot the step writes.
    public var snapshot: String
    /// What is wrong.
    public var warning: LayoutWarning

    /// `warning` at step `step`, which writes snapshot `snapshot`.
    public init(step: Int, snapshot: String, warning: LayoutWarning) {
        self.step = step
        self.snapshot = snapshot
        self.warning = warning
    }

    /// One line for stderr: `scenario: step N (snapshot NAME): ELEMENT: KIND: TEXT`.
    public func line(scenario: String) -> String {
        "\(scenario): step \(step) (snapshot \(snapshot)): \(warning.element): \(warning.kind.rawValue): \(warning.text)"
    }
}

/// One layout warning said once for every snapshot that shows it: a header too short for its
/// text is too short at every snapshot, and six copies of one line hide the others.
package struct GroupedRunWarning: Sendable, Hashable {
    /// A snapshot step: its index in the scenario and the snapshot's name.
    package struct Snapshot: Sendable, Hashable {
        /// The step's index, from 0.
        package var step: Int
        /// The snapshot's name.
        package var name: String
    }

    /// The snapshots that show it, in step order.
    package var snapshots: [Snapshot]
    /// What is wrong.
    package var warning: LayoutWarning

    /// How many snapshots a line names before it says "and N more".
    static let namedSnapshots = 4

    /// One line for stderr: `scenario: step N (snapshot NAME): …` for one snapshot, and
    /// `scenario: snapshots A (step 0), B (step 3) and C (step 5): …` for several.
    package func line(scenario: String) -> String {
        let what = "\(warning.element): \(warning.kind.rawValue): \(warning.text)"
        guard snapshots.count > 1 else {
            return "\(scenario): step \(snapshots[0].step) (snapshot \(snapshots[0].name)): " + what
        }
        var named = snapshots.prefix(Self.namedSnapshots).map { "\($0.name) (step \($0.step))" }
        let rest = snapshots.count - named.count
        if rest > 0 { named.append("\(rest) more") }
        let list = named.dropLast().joined(separator: ", ") + " and " + named[named.count - 1]
        return "\(scenario): snapshots \(list): " + what
    }
}

/// The layout checks of a scenario's snapshot steps.
public enum RunWarnings {
    /// The warnings of one step's layout; none for a step without a snapshot (nothing is drawn).
    public static func of(_ record: StepRecord, layout: StageLayout) -> [RunWarning] {
        guard let name = record.step.snapshotName else { return [] }
        return layout.warnings.map { RunWarning(step: record.index, snapshot: name, warning: $0) }
    }

    /// The warnings of one step's layout (`layout`, made from `record.drawnState` with `look`),
    /// then its fixed heights that hold text at XXXL in a window at an accessibility size
    /// (`StageLayout.fixedHeightWarnings`); none for a step without a snapshot.
    public static func of(_ record: StepRecord, layout: StageLayout, look: Look, measuring: some TextMeasuring) -> [RunWarning] {
        guard let name = record.step.snapshotName else { return [] }
        let warnings = layout.warnings + layout.fixedHeightWarnings(record.drawnState, look: look, measuring: measuring)
        return warnings.map { RunWarning(step: record.index, snapshot: name, warning: $0) }
    }

    /// The same warning (element, kind and words) at several snapshots, once, in the order each
    /// was first seen; each snapshot is named once however often it shows the warning.
    package static func grouped(_ warnings: [RunWarning]) -> [GroupedRunWarning] {
        var groups: [GroupedRunWarning] = []
        var index: [LayoutWarning: Int] = [:]
        for warning in warnings {
            if let at = index[warning.warning] {
                // The same words twice in one snapshot (ten equal counts, each cut) name it once.
                guard groups[at].snapshots.last?.step != warning.step else { continue }
                groups[at].snapshots.append(.init(step: warning.step, name: warning.snapshot))
            } else {
                index[warning.warning] = groups.count
                groups.append(GroupedRunWarning(snapshots: [.init(step: warning.step, name: warning.snapshot)], warning: warning.warning))
            }
        }
        return groups
    }

    /// Runs the scenario and checks every snapshot's layout.
    public static func check(_ scenario: Scenario, measuring: some TextMeasuring) throws -> [RunWarning] {
        try checkAll(scenario, measuring: measuring).layout
    }

    /// Runs the scenario once and checks every snapshot's layout and every `release`'s start.
    package static func checkAll(_ scenario: Scenario, measuring: some TextMeasuring) throws -> RunChecks {
        checkAll(try ScenarioRunner.record(scenario, measuring: measuring), measuring: measuring)
    }

    /// Checks a recorded run's snapshot layouts and `release` starts (found as it ran), reading
    /// its snapshot steps' records.
    package static func checkAll(_ run: ScenarioRun, measuring: some TextMeasuring) -> RunChecks {
        var checks = RunChecks()
        checks.releases = run.timeline.releases
        for record in run.timeline.steps {
            guard record.step.snapshotName != nil else { continue }
            let look = run.scenario.look
            checks.layout += of(
                record, layout: StageLayout(record.drawnState, look: look, measuring: measuring), look: look, measuring: measuring)
        }
        return checks
    }
}

/// What a scenario's run warns about.
package struct RunChecks: Sendable, Hashable {
    /// Layout warnings at snapshot steps.
    package var layout: [RunWarning] = []
    /// Releases that only spring back.
    package var releases: [ReleaseWarning] = []
}

/// A `release` that starts past a bound with a velocity pointing back into the content: UIKit
/// springs the offset back to the bound and the fling never happens. Almost always a `drag`
/// written with the wrong sign: `dy` is how much the offset grows, so a finger moving up the
/// screen (content scrolling up) is a positive `dy`, and a negative one pulls the content down.
package struct ReleaseWarning: Sendable, Hashable {
    /// Where the `release` is written.
    package var location: SourceLocation
    /// The release's velocity (pt/s, positive: the offset grows).
    package var velocity: Double
    /// How far past the bound the offset was, in points.
    package var overscroll: Double
    /// Whether that bound is the top (the content pulled down) rather than the bottom.
    package var atTop: Bool

    /// The warning for `step` when it is a release that starts in overscroll and points back
    /// into the content; nil otherwise.
    static func of(_ step: ScenarioStep, startingFrom state: StageState) -> ReleaseWarning? {
        guard case .action(.container(.release(let velocity))) = step.kind else { return nil }
        let container = state.container
        let tab = container.gesture?.tab ?? container.selectedTab
        let metrics = container.geometry.tabs[tab]
        let offset = container.offsets[tab]
        if offset < metrics.minOffsetY, velocity > 0 {
            return ReleaseWarning(location: step.location, velocity: velocity, overscroll: metrics.minOffsetY - offset, atTop: true)
        }
        if offset > metrics.maxOffsetY, velocity < 0 {
            return ReleaseWarning(location: step.location, velocity: velocity, overscroll: offset - metrics.maxOffsetY, atTop: false)
        }
        return nil
    }

    /// One line for stderr, located at the step.
    package var line: String {
        let bound = atTop ? "top" : "bottom"
        let pulled = atTop ? "a negative dy pulls the content down" : "a positive dy pushes the content up"
        return "\(location): release {velocity: \(decimalText(velocity, decimals: 2))} starts "
            + "\(decimalText(overscroll, decimals: 2)) pt past the \(bound) bound, so the offset springs back to the bound "
            + "instead of flinging (a drag's dy is how much the offset grows: \(pulled); check the drag's sign)"
    }
}
