import Foundation
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// Post rows without a `rowHeight` are as tall as their posts, as UITableView's self-sizing
/// cells are. Numbers by hand with `FixedAdvanceMeasurer` (half the size a character: 7.5 pt at
/// subheadline's 15 pt). On an iPhone 15 (393 pt wide) a post's text column is 393 − 68 − 16 =
/// 309 pt: 41 characters, so four 9-letter words a line (4 × 9 + 3 = 39 characters; five would
/// be 49). A post needs 71 + 20 × lines pt at the default size: 91, 131 and 171 pt for 1, 3
/// and 5 lines.
@Suite struct SelfSizingRowTests {
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    /// A post of `words` 9-letter words.
    static func post(words: Int, title: String = "Ada") -> RowItem {
        RowItem(title: title, subtitle: "@ada", text: Array(repeating: "aaaaaaaaa", count: words).joined(separator: " "), time: "2h")
    }

    /// Posts of 1, 3 and 5 lines (4, 12 and 20 words) repeated over `rows` rows of one tab (no
    /// tab bar) under a 220 pt header that collapses to 59 + 44 = 103 pt.
    static func stage(rows: Int = 7, rowHeight: RowHeight = .selfSizing([]), device: String = "iphone-15") throws -> Stage {
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: rows, rowHeight: rowHeight))])
        let items = [post(words: 4), post(words: 12), post(words: 20)]
        let look = Look(header: HeaderContent(title: "J", subtitle: "@j"), rowContent: [RowContent(template: .post, items: items)])
        return try Stage(device: device, container: config, look: look, measuring: half)
    }

    /// The rule in the docs, checked against the layout that draws the row: 71 + 20 × lines.
    @Test func aPostRowIsAsTallAsItsLines() {
        for (words, height) in [(4, 91.0), (12, 131.0), (20, 171.0)] {
            let fitting = RowContentLayout.fittingHeight(
                .post, item: Self.post(words: words), width: 393, textCategory: .L, measuring: Self.half)
            #expect(fitting == height, "\(words) words")
        }
        // Grid rows are squares: they do not size to their content.
        #expect(
            RowContentLayout.fittingHeight(.grid, item: Self.post(words: 4), width: 393, textCategory: .L, measuring: Self.half) == nil)
    }

    /// At XXXL (the largest size rows are drawn at) subheadline is 21 pt on 28 pt lines and
    /// footnote 19 pt on 24: the action bar is max(20, 24, round(19 × 18 / 13) + 2 = 28) = 28 pt.
    /// One line: 12 + 21 + 28 + 4 + 8 + 28 + 12 = 113 pt, each more 28. The 309 pt column holds
    /// 29 characters at 10.5 pt: three 9-letter words a line (29 characters, 304.5 pt), so four
    /// words take two lines: 141 pt.
    @Test func theLineHeightScalesWithTheTextStyle() {
        #expect(RowContentLayout.postHeight(lines: 1, category: .XXXL) == 113)
        let height = RowContentLayout.fittingHeight(.post, item: Self.post(words: 4), width: 393, textCategory: .XXXL, measuring: Self.half)
        #expect(height == 141)
    }

    /// Seven rows repeat 91, 131, 171: content 91 + 131 + 171 + 91 + 131 + 171 + 91 = 877 pt;
    /// row 4 starts at 91 + 131 + 171 + 91 = 484. At rest the rows start under the 220 pt header:
    /// tops 220, 311, 442, 613, 704, 835 (row 6 would start at 1006, under the 852 pt screen).
    @Test func theContentHeightIsTheSumOfTheRows() throws {
        let stage = try Self.stage()
        let metrics = stage.state.container.geometry.tabs[0]
        #expect(metrics.rowHeights == [91, 131, 171])
        #expect(metrics.contentHeight == 877)
        #expect(metrics.top(ofRow: 4) == 484)
        #expect(metrics.height(ofRow: 5) == 171)
        #expect(metrics.row(atContentY: 483.9) == 3 && metrics.row(atContentY: 484) == 4)
        #expect(metrics.rowHeight == 171)  // the tallest
        let layout = StageLayout(stage.state, look: stage.look, measuring: Self.half)
        let rows = try #require(layout.pages.pages.first?.rows)
        #expect(rows.map(\.index) == [0, 1, 2, 3, 4, 5])
        #expect(rows.map(\.top) == [220, 311, 442, 613, 704, 835])
        #expect(rows.map(\.height) == [91, 131, 171, 91, 131, 171])
        // Every line drawn, nothing cut, no warning asking for a rowHeight.
        #expect(rows.map { $0.content?.lines.count } == [1, 3, 5, 1, 3, 5])
        #expect(rows.allSatisfy { $0.content?.textCutNeeds == nil })
        #expect(!layout.warnings.contains { $0.text.contains("rowHeight") })
        // The accessibility elements have the rows' own frames.
        let frames = layout.elements.filter { $0.name.hasPrefix("row-0-") }.map(\.frame)
        #expect(frames.map(\.y) == [220, 311, 442, 613, 704, 835])
        #expect(frames.map(\.height) == [91, 131, 171, 91, 131, 171])
        // A popover from row 2 points at its own 171 pt frame.
        var presenting = stage
        try presenting.apply(.present(PresentationRequest(style: .popover), from: .row(tab: 0, row: 2)))
        #expect(presenting.state.presentation?.request.source == Rect(x: 0, y: 442, width: 393, height: 171))
        // Scrolled to the bottom: maxOffsetY = 877 + 34 − 852 = 59; the band starts under the
        // collapsed header (103): rows whose span passes content y 59 + 103 = 162 on: row 1
        // (91…222) at 91 − 59 = 32, then 163, 334, 425, 556, 727.
        var scrolled = stage
        try scrolled.apply(.scroll(to: 1000))
        #expect(scrolled.state.container.selectedOffset == 59)
        let bottom = StageLayout(scrolled.state, look: stage.look, measuring: Self.half)
        #expect(bottom.pages.pages.first?.rows.map(\.index) == [1, 2, 3, 4, 5, 6])
        #expect(bottom.pages.pages.first?.rows.map(\.top) == [32, 163, 334, 425, 556, 727])
    }

    /// A `rowHeight` keeps every row that tall: 7 × 111 = 777 pt, the 5-line post cut to 2
    /// lines with the warning naming the 171 pt it needs.
    @Test func anExplicitRowHeightKeepsItsMeaning() throws {
        let stage = try Self.stage(rowHeight: .fixed(111))
        let metrics = stage.state.container.geometry.tabs[0]
        #expect(metrics.rowHeights.isEmpty && metrics.contentHeight == 777 && metrics.top(ofRow: 4) == 444)
        let layout = StageLayout(stage.state, look: stage.look, measuring: Self.half)
        let rows = try #require(layout.pages.pages.first?.rows)
        #expect(rows.map(\.height).allSatisfy { $0 == 111 })
        #expect(rows[2].content?.lines.count == 2 && rows[2].content?.textCutNeeds == 171)
    }

    /// Turned to landscape the rows are measured again at their new width. The header moves to
    /// the side (compact height): 0.35 × 852 = 298.2 pt, the pages 553.8 pt from x 298.2 to
    /// the screen's right edge, less the 59 pt right safe area: rows 494.8 pt wide, a
    /// 494.8 − 84 = 410.8 pt column (54 characters, five words a line: 49 characters). So 4, 12
    /// and 20 words take 1, 3 and 4 lines: 91, 131, 151 pt.
    @Test func aRotationMeasuresTheRowsAgain() throws {
        var stage = try Self.stage()
        try stage.apply(.rotate(.landscape))
        let metrics = stage.state.container.geometry.tabs[0]
        #expect(metrics.rowHeights == [91, 131, 151])
        #expect(metrics.contentHeight == 91 + 131 + 151 + 91 + 131 + 151 + 91)
        try stage.apply(.rotate(.portrait))
        #expect(stage.state.container.geometry.tabs[0].rowHeights == [91, 131, 171])
    }

    /// A size change keeps the row at the tab bar's edge at the same fraction of its height.
    /// Rows of 100 and 200 pt (repeating: tops 0, 100, 300, 400, …), collapsed with content y
    /// 450 at the edge (offset 450 − 103 = 347): row 3, a quarter down its 200 pt. Measured
    /// again as 50 and 100 pt, row 3 starts at 50 + 100 + 50 = 200 and is 100 pt tall, so the
    /// edge shows content y 225: offset 225 − 103 = 122.
    @Test func aRelayoutKeepsTheSameRowAtTheEdge() {
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 40, rowHeight: .selfSizing([100, 200])))])
        let window = Fixtures.window("iphone-15")
        var state = StageState(window: window, container: config)
        state = StageState.reduce(state, .container(.scroll(to: 347))).0
        #expect(state.container.headerHeight == 103)
        let environment = state.container.environment
        let (next, _) = StageState.reduce(state, .container(.layout(environment)), sizingRows: { _ in [0: [50, 100]] })
        #expect(next.container.geometry.tabs[0].rowHeights == [50, 100])
        #expect(next.container.geometry.tabs[0].contentHeight == 20 * 150)
        #expect(next.container.selectedOffset == 122)
        // Without a measurer the heights stay.
        let (kept, _) = StageState.reduce(state, .container(.layout(environment)))
        #expect(kept.container.geometry.tabs[0].rowHeights == [100, 200] && kept.container.selectedOffset == 347)
    }

    /// The trace gives each item's row height beside the content height.
    @Test func theTraceListsTheRowHeights() throws {
        let yaml = """
            name: posts
            device: iphone-15
            container:
              header: {height: 220, minHeight: 44}
              tabs:
                - title: Posts
                  rows: 3
                  items:
                    - {title: Ada, text: "aaaaaaaaa aaaaaaaaa aaaaaaaaa aaaaaaaaa aaaaaaaaa"}
                    - {title: Ada, text: "aaaaaaaaa"}
            steps:
              - snapshot: top
            """
        let scenario = try Fixtures.parse(yaml)
        guard case .list(3, .selfSizing(let unmeasured)) = scenario.container.tabs[0].content else {
            Issue.record("a post tab without rowHeight sizes itself")
            return
        }
        #expect(unmeasured.isEmpty)
        let data = Data(try Trace.text(scenario, measuring: Self.half).utf8)
        let trace = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let steps = try #require(trace["steps"] as? [[String: Any]])
        let state = try #require(steps.first?["state"] as? [String: Any])
        let tab = try #require(((state["container"] as? [String: Any])?["tabs"] as? [[String: Any]])?.first)
        // Five words: two lines (111 pt); one word: one line (91 pt); rows 111, 91, 111.
        #expect(tab["rowHeights"] as? [Double] == [111, 91])
        #expect(tab["contentHeight"] as? Double == 313)
    }

    /// Two tabs showing the same three posts (the same items file) measure each post once, and a
    /// rotation back to a width measured before measures nothing again. A post counts its
    /// name, handle, text and time: "Ada" 3 + "@ada" 4 + "2h" 2 = 9, plus 4, 12 and 20 words
    /// of 9 letters with a space between (39, 119 and 199): 48 + 128 + 208 = 384 characters.
    @Test func postsAreMeasuredOncePerWidth() throws {
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: ["A", "B"].map { TabConfig(title: $0, content: .list(rows: 7, rowHeight: .selfSizing([]))) })
        let items = [Self.post(words: 4), Self.post(words: 12), Self.post(words: 20)]
        let look = Look(rowContent: Array(repeating: RowContent(template: .post, items: items), count: 2))
        let portrait = try Stage(device: "iphone-15", container: config, look: look, measuring: Self.half)
        let measurements = SelfSizingRows.Measurements()
        let heights = SelfSizingRows.heights(of: portrait.state.container, look: look, measuring: Self.half, measurements: measurements)
        #expect(heights == [0: [91, 131, 171], 1: [91, 131, 171]])
        #expect(measurements.measuredCharacters == 384)
        _ = SelfSizingRows.heights(of: portrait.state.container, look: look, measuring: Self.half, measurements: measurements)
        #expect(measurements.measuredCharacters == 384)
        // Landscape rows are 494.8 pt wide (aRotationMeasuresTheRowsAgain): a new width, 384 more.
        var landscape = portrait
        try landscape.apply(.rotate(.landscape))
        let turned = SelfSizingRows.heights(of: landscape.state.container, look: look, measuring: Self.half, measurements: measurements)
        #expect(turned == [0: [91, 131, 151], 1: [91, 131, 151]])
        #expect(measurements.measuredCharacters == 768 && !measurements.isOverBudget)
    }

    /// A scenario of `posts` distinct posts of 4 × 1,000 characters each, rotated to landscape
    /// and back twice.
    static func longPosts(_ posts: Int) -> String {
        func field(_ letter: Character, _ index: Int) -> String {
            // 995 letters, a space and the index in 4 digits: 1,000 characters, each post distinct.
            String(repeating: letter, count: 995) + " " + String(format: "%04d", index)
        }
        let items = (0..<posts).map { index in
            "        - {title: \(field("a", index)), subtitle: \(field("b", index)), text: \(field("c", index)), time: \(field("d", index))}"
        }
        return """
            name: posts
            device: iphone-15
            container:
              tabs:
                - title: Posts
                  rows: \(posts)
                  items:
            \(items.joined(separator: "\n"))
            steps:
              - rotate: landscape
              - rotate: portrait
              - rotate: landscape
              - rotate: portrait
              - snapshot: top
            """
    }

    /// Measuring self-sizing posts is held to 2,000,000 characters in a run. 250 posts of 4,000
    /// characters are 1,000,000 a width: portrait and landscape make exactly 2,000,000, and the
    /// rotations back measure nothing again, so the run passes. 251 posts are 1,004,000 a width:
    /// in landscape 249 more posts make 2,000,000 and the 250th would pass the budget, so the
    /// count stops at 2,000,000 + 4,000 and the first rotation is refused at its line (the items
    /// take lines 8 to 8 + 250 = 258, `steps:` 259: the rotate is 260).
    @Test func measuringPostsIsBounded() throws {
        #expect(SelfSizingRows.maxMeasuredCharacters == 2_000_000)
        let fits = try Fixtures.parse(Self.longPosts(250))
        _ = try ScenarioRunner.run(fits, measuring: Self.half)
        let over = try Fixtures.parse(Self.longPosts(251))
        #expect {
            _ = try ScenarioRunner.run(over, measuring: Self.half)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("test.yaml:260:5: error: rotate: the self-sizing post rows need more than 2000000 characters")
                && text.contains("(2004000 counted") && !text.contains("\n")
        }
    }

    /// A first window whose posts already pass the budget is refused at the device line.
    /// 501 posts of 4,000 characters: 500 fit (2,000,000), the 501st would make 2,004,000.
    @Test func measuringTheFirstWindowIsBounded() throws {
        let over = try Fixtures.parse(Self.longPosts(501))
        #expect {
            _ = try ScenarioRunner.run(over, measuring: Self.half)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("test.yaml:2:9: error: the self-sizing post rows need more than 2000000 characters")
                && text.contains("(2004000 counted")
        }
    }
}
