import Foundation
import PropertyBased
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

@testable import TabStageTesting

/// The `.trace` strategy's failure names the values that changed by their path, largest first,
/// as verify names a layout's values; a reference it cannot read falls back to the line diff.
@Suite struct TraceChangesTests {
    /// A trace state with two tabs, as `Trace.state` nests it (`container.tabs[N].…`).
    static func state(headerHeight: Double, firstTitle: String, mediaHeight: Double) -> JSON {
        .object([
            (
                "container",
                .object([
                    ("headerHeight", .number(headerHeight)),
                    (
                        "tabs",
                        .array([
                            .object([("title", .string(firstTitle)), ("contentHeight", .number(216))]),
                            .object([("title", .string("Media")), ("contentHeight", .number(mediaHeight))]),
                        ])
                    ),
                ])
            )
        ])
    }

    @Test func changedValuesAreNamedByPathLargestFirst() throws {
        let old = Self.state(headerHeight: 240, firstTitle: "Posts", mediaHeight: 216).text() + "\n"
        let new = Self.state(headerHeight: 230, firstTitle: "Home", mediaHeight: 540)
        // A word that changed has no size and comes first; then 540 − 216 = +324; then
        // 230 − 240 = −10. Names are padded to the longest shown, at most 24 columns:
        // "container.tabs[0].title" is 23 characters (2 spaces), "container.headerHeight" 22
        // (3 spaces), "container.tabs[1].contentHeight" 31 (over 24: one space).
        #expect(
            TraceChanges.lines(reference: old, now: new) == [
                "3 values changed",
                "container.tabs[0].title  \"Posts\" → \"Home\"",
                "container.tabs[1].contentHeight 216 → 540 (+324)",
                "container.headerHeight   240 → 230 (-10)",
            ])
    }

    @Test func whatItCannotNameFallsBackToTheLineDiff() {
        let now = Self.state(headerHeight: 240, firstTitle: "Posts", mediaHeight: 216)
        // 216.004 rounds to 216.00 in the layout's precision: nothing to name.
        let tiny = Self.state(headerHeight: 240, firstTitle: "Posts", mediaHeight: 216.004).text()
        #expect(TraceChanges.lines(reference: tiny, now: now) == nil)
        // Not JSON, trailing text, a bad escape, and nesting far deeper than the reader's bound
        // (64): nil, never a crash.
        for text in [
            "{", "{\"a\": 1} x", "{\"a\": \"\\q\"}", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
        ] {
            #expect(TraceChanges.lines(reference: text, now: now) == nil)
        }
        #expect(
            TraceJSONReader.parse("{\"a\": \"\\ud83d\\ude00\\n\", \"b\": [1.5, -2e1, true, null]}")
                == .object([("a", .string("😀\n")), ("b", .array([.number(1.5), .number(-20), .bool(true), .null]))]))
    }

    /// Any one value changed by at least 0.01 is named with its exact change, and nothing else.
    @Test func anySingleChangedValueIsNamedAlone() async throws {
        await seededPropertyCheck(
            count: 200, input: zip(Gen.int(in: 1...12), Gen.int(in: 0...100), Gen.int(in: 0...500_000), Gen.int(in: 1...100_000), Gen.bool)
        ) { tabs, pick, hundredths, deltaHundredths, negative in
            func trace(_ heights: [Int]) -> JSON {
                .object([
                    ("container", .object([("tabs", .array(heights.map { .object([("contentHeight", .number(Double($0) / 100))]) }))]))
                ])
            }
            let old = (0..<tabs).map { hundredths + $0 }
            var new = old
            let index = pick % tabs
            let delta = deltaHundredths * (negative ? -1 : 1)
            new[index] += delta
            let (from, to) = (Double(old[index]) / 100, Double(new[index]) / 100)
            let name = "container.tabs[\(index)].contentHeight"
            let change =
                "\(LayoutComparison.number(from)) → \(LayoutComparison.number(to)) (\(delta > 0 ? "+" : "")\(LayoutComparison.number(Double(delta) / 100)))"
            #expect(TraceChanges.lines(reference: trace(old).text(), now: trace(new)) == ["1 value changed", name + " " + change])
        }
    }

    /// Through the strategy: a drag that shrinks the header names its numbers, not a line.
    @Test func theStrategysFailureNamesThePaths() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = ContainerConfig(
            header: HeaderConfig(height: 240, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 40, rowHeight: .fixed(108)))])
        var stage = try Stage(device: "iphone-15", container: container)
        withRecordingIssue("recorded") {
            assertTabSnapshot(of: stage, as: .trace, named: "top", record: .missing, snapshotDirectory: folder.path)
        }
        try stage.apply(.drag(dy: 120))
        // The failure is a known issue; what it says is checked outside, where a wrong word fails.
        var outcomes: [SnapshotOutcome] = []
        withKnownIssue("the numbers changed") {
            outcomes = assertTabSnapshot(of: stage, as: .trace, named: "top", record: .never, snapshotDirectory: folder.path)
        }
        guard case .failed(let message) = outcomes.first?.status else {
            Issue.record("no failure")
            return
        }
        let lines = message.split(separator: "\n").map(String.init)
        // One tab: the tab bar is hidden, so the offset is −H = −240; a 120 pt drag up makes it
        // −120 (+120), the header and the bar's top 240 − 120 = 120 (−120), and the collapse
        // progress 120 / (240 − Hc) with Hc = 59 + 44 = 103: 120 / 137 = 0.876 → 0.88. Equal
        // sizes keep the trace's order; names are padded to 24 columns (22 + 3, 19 + 6; longer
        // names get one space).
        #expect(
            lines.dropFirst() == [
                "container.headerHeight   240 → 120 (-120)",
                "container.tabBarTop      240 → 120 (-120)",
                "container.tabs[0].contentOffsetY -240 → -120 (+120)",
                "container.collapseProgress 0 → 0.88 (+0.88)",
            ], "\(message)")
        #expect(lines.first?.hasSuffix("top.trace.json differs: 4 values changed") == true, "\(message)")
        #expect(!message.contains("@@ line"))
    }
}
