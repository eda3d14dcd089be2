import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario

/// What moves in a scenario between two iOS releases: the scenario run on each, and each
/// snapshot's layout compared with the engine `verify` uses, in the same words. What a team
/// checks before raising its SDK or deployment target.
package struct Drift: Sendable {
    /// A release as `--from` and `--to` name it: `18`, `26`, or `26-compatibility` for an app
    /// that sets `UIDesignRequiresCompatibility` (iOS 26's rules with the iOS 18 look).
    package struct Release: Sendable, Hashable, CustomStringConvertible {
        package var major: Int
        package var designCompatibility: Bool

        /// The spelling of an app keeping the old look.
        package static let compatibilitySuffix = "-compatibility"

        package init(major: Int, designCompatibility: Bool = false) {
            self.major = major
            self.designCompatibility = designCompatibility
        }

        /// Parses `18`, `26`, `26-compatibility`; nil for anything else.
        package init?(parsing text: String) {
            var digits = Substring(text)
            var compatibility = false
            if digits.hasSuffix(Self.compatibilitySuffix) {
                digits = digits.dropLast(Self.compatibilitySuffix.count)
                compatibility = true
            }
            guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy(\.isASCII), let major = Int(digits) else { return nil }
            self.init(major: major, designCompatibility: compatibility)
        }

        package var description: String { "\(major)\(designCompatibility ? Self.compatibilitySuffix : "")" }
        /// "iOS 26 with designCompatibility", for headings.
        package var title: String { "iOS \(major)\(designCompatibility ? " with designCompatibility" : "")" }
    }

    /// One snapshot on both releases.
    package struct Entry: Sendable {
        package var name: String
        package var moves: LayoutComparison
        package var from: StageState
        package var to: StageState
    }

    package var scenario: String
    package var from: Release
    package var to: Release
    package var entries: [Entry]
    /// The look both runs draw with.
    package var fromLook: Look
    package var toLook: Look

    /// Runs `scenario` on both releases and compares each snapshot's layout.
    ///
    /// - Throws: A located `ScenarioError` where the scenario cannot run on one of them.
    package init(_ scenario: Scenario, from: Release, to: Release, tolerance: Double = LayoutComparison.defaultTolerance)
        throws(ScenarioError)
    {
        let old = try ScenarioRunner.run(
            try ScenarioParser.release(of: scenario, iOSVersion: from.major, designCompatibility: from.designCompatibility),
            measuring: TextMeasurer.shared)
        let new = try ScenarioRunner.run(
            try ScenarioParser.release(of: scenario, iOSVersion: to.major, designCompatibility: to.designCompatibility),
            measuring: TextMeasurer.shared)
        self.scenario = old.scenario.name
        self.from = from
        self.to = to
        fromLook = old.scenario.look
        toLook = new.scenario.look
        // The same steps give the same snapshots, in the same order, on both releases.
        entries = zip(old.snapshots, new.snapshots).map { a, b in
            let before = LayoutReference(a.state, layout: StageLayout(a.state, look: old.scenario.look, measuring: TextMeasurer.shared))
            let after = LayoutReference(b.state, layout: StageLayout(b.state, look: new.scenario.look, measuring: TextMeasurer.shared))
            return Entry(name: a.name, moves: LayoutComparison(before, after, tolerance: tolerance), from: a.state, to: b.state)
        }
    }

    /// Snapshots whose layout moves between the releases.
    package var moved: Int { entries.filter { !$0.moves.isEmpty }.count }

    /// One outcome per snapshot for the side-by-side page: a moved one "fails" with its moves,
    /// its two pictures as the pair the page shows.
    package func pageEntries() throws(WorkflowError) -> [Verification] {
        try entries.map { entry throws(WorkflowError) in
            var outcome = SnapshotOutcome(
                group: scenario, name: entry.name, status: entry.moves.isEmpty ? .matched : .failed(entry.moves.summary))
            outcome.geometry = entry.moves.lines
            outcome.moved = entry.moves.moves.count
            outcome.geometryBoxes = entry.moves.boxes
            outcome.canvas = SVGSnapshot.canvasSize(entry.to)
            guard !entry.moves.isEmpty else { return Verification(outcome: outcome) }
            let images = SnapshotImages(
                expected: try SnapshotRenderer.render(entry.from, look: fromLook).png,
                actual: try SnapshotRenderer.render(entry.to, look: toLook).png)
            return Verification(outcome: outcome, images: images)
        }
    }
}
