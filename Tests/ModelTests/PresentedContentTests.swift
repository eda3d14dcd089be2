import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

@Suite struct PresentedContentTests {
    /// The last state of a scenario (iPad Pro 11", the issue's container) after `steps`.
    func finalState(_ extra: String = "", steps: [String]) throws -> StageState {
        let scenario = try Fixtures.parse(Fixtures.yaml(device: "ipad-pro-11", extra: extra, steps: steps + ["- snapshot: end"]))
        return try #require(try ScenarioRunner.records(scenario, measuring: FixedAdvanceMeasurer()).last).state
    }

    @Test func popoverRowsShowTheScenariosContentAndTruncateWithAnEllipsis() throws {
        let state = try finalState(steps: [
            "- present: {style: popover, source: {x: 600, y: 300, width: 40, height: 40}, size: {width: 200, height: 300}, content: {title: Account, items: [Mute, \"Copy link to this profile\", {title: Block, destructive: true}]}}"
        ])
        // 8.5 pt per character at 17 pt.
        let layout = StageLayout(state, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer(advance: 0.5))
        #expect(layout.presentation?.frame.width == 200)
        #expect(layout.presentationChrome?.contentInsets == EdgeInsets())
        let list = try #require(layout.presentedList)
        // Labels start at the 16 pt margin (no icon) and get 200 − 16 − 16 = 168 pt: 19
        // characters at 8.5 pt. "Copy link to this" + "…" is 18 (153 pt); "Copy link to this p…"
        // would be 20 (170 pt).
        #expect(list.rows.map(\.label.text) == ["Mute", "Copy link to this…", "Block"])
        #expect(list.rows.map(\.destructive) == [false, false, true])
        #expect(list.title.text == "Account")
        #expect(
            layout.warnings.contains(
                LayoutWarning(
                    element: "presented-row-1", kind: .truncated, text: "'Copy link to this profile' is truncated to 'Copy link to this…'"))
        )
    }

    @Test func presentedRowsStopAboveTheBottom() throws {
        let items = (1...9).map { "R\($0)" }.joined(separator: ", ")
        let state = try finalState(steps: [
            "- present: {style: popover, source: {x: 600, y: 300, width: 40, height: 40}, size: {width: 200, height: 300}, content: {title: T, items: [\(items)]}}"
        ])
        // On iOS 26's glass bar (16 + 44 + 16 = 76 tall) the first row is 76 + 12 = 88 below the
        // top: rows at 88, 136, 184 and 232; 232 + 44 = 276 ≤ 300, 280 + 44 = 324 is not.
        let layout = StageLayout(state, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer())
        #expect(layout.presentedList?.rows.count == 4)
        // The five rows left out warn, with the height that shows all nine: the popover has no
        // insets, so 88 + 8 × 48 + 44 = 516 pt.
        #expect(
            layout.warnings.contains(
                LayoutWarning(
                    element: "presented-rows", kind: .truncated,
                    text: "5 of 9 rows do not fit the presented screen and are not drawn (a 516 pt tall screen shows them all)")))
    }

    @Test func splitPrimaryItemsTruncateAndWarn() throws {
        let long = String(repeating: "a", count: 40)
        let state = try finalState("split: {primaryTitle: Lists, primaryItems: [Home, \(long)]}", steps: [])
        let layout = StageLayout(state, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer(advance: 0.5))
        let list = try #require(layout.primaryColumn)
        // The automatic primary column is 320 pt: labels get 320 − 2 × 10 − 2 × 16 = 268 pt, 31
        // characters at 8.5 pt: 30 letters and "…".
        #expect(list.rows.map(\.label.text) == ["Home", String(repeating: "a", count: 30) + "…"])
        #expect(layout.warnings.contains { $0.element == "primary-row-1" && $0.kind == .truncated })
        #expect(!layout.warnings.contains { $0.element == "primary-row-0" })
    }

    @Test func thePrimaryColumnsLargeTitleSitsUnderTheReleasesBar() throws {
        // iPad Pro 11", iOS 17: the 24 pt status bar, a 44 pt bar, the title's baseline 34 pt
        // below it (24 + 44 + 34 = 102) and the rows below the 52 pt band: 24 + 44 + 52 = 120.
        let old = try finalState("iOSVersion: 17\nsplit: {primaryTitle: Lists}", steps: [])
        let classic = try #require(StageLayout(old, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer()).primaryColumn)
        #expect(old.window.safeArea.top == 24 && classic.titleBaseline == 102 && classic.rows.first?.frame.y == 120)
        // iOS 26: the 32 pt top inset, a 54 pt bar (measured on the iOS 26 simulator, with 52
        // more for a large title): baseline 32 + 54 + 34 = 120, rows from 32 + 54 + 52 = 138.
        let new = try finalState("iOSVersion: 26\nsplit: {primaryTitle: Lists}", steps: [])
        let glass = try #require(StageLayout(new, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer()).primaryColumn)
        #expect(new.window.safeArea.top == 32 && glass.titleBaseline == 120 && glass.rows.first?.frame.y == 138)
    }

    @Test func withoutContentThePopoverShowsTheStandardOptions() throws {
        let state = try finalState(steps: ["- present: {style: popover, source: {x: 600, y: 300, width: 40, height: 40}}"])
        let list = try #require(StageLayout(state, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer()).presentedList)
        #expect(list.title.text == "Options")
        #expect(list.rows.first?.label.text == "Share profile")
    }
}
