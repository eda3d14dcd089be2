import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// A height the scenario fixes holds its text at XXXL; in a window at an accessibility size
/// (AX1 to AX5) a `cappedText` warning says so when the text would need more room than that
/// height, with both numbers worked out by hand below (`FixedAdvanceMeasurer`: a character is
/// half its font's size wide).
@Suite struct FixedHeightTextTests {
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    /// Ravi's header (name, handle, the two default counts, Follow) over one tab of `rows`.
    static func look(fits: Bool = false, rows: RowContent? = nil) -> Look {
        var content = HeaderContent(title: "Ravi", subtitle: "@ravi")
        content.sizesToFitText = fits
        return Look(header: content, rowContent: [rows])
    }

    static func state(
        _ category: ContentSizeCategory, header: Double, rowHeight: RowHeight = .fixed(100), rows: Int = 30,
        orientation: Orientation = .portrait
    ) -> StageState {
        let config = ContainerConfig(
            header: HeaderConfig(height: header, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: rows, rowHeight: rowHeight))])
        let window = Fixtures.window("iphone-15", orientation, settings: DisplaySettings(contentSizeCategory: category))
        return StageState(window: window, container: config)
    }

    static func warnings(_ state: StageState, look: Look) -> [LayoutWarning] {
        StageLayout(state, look: look, measuring: half).fixedHeightWarnings(state, look: look, measuring: half)
    }

    /// A post of `words` 9-letter words.
    static func post(words: Int) -> RowItem {
        RowItem(title: "Ada", subtitle: "@ada", text: Array(repeating: "aaaaaaaaa", count: words).joined(separator: " "), time: "2h")
    }

    /// The header's need is the fitted height `HeaderFitTests` works out for the same content on an
    /// iPhone 15: 386 pt at AX3 (the name under a 55 pt Follow, the counts on two lines, 16 pt
    /// below them), against the 240 pt the scenario fixed. At L the fixed header draws L's own
    /// size (it would need 251 pt, 11 more than it has: that is an `overlap`, not this warning).
    @Test func aFixedHeaderTooShortForAnAccessibilitySizeSaysWhatItNeeds() {
        let ax3 = Self.warnings(Self.state(.AX3, header: 240), look: Self.look())
        #expect(
            ax3 == [
                LayoutWarning(
                    element: "header", kind: .cappedText,
                    text:
                        "the header draws its text at XXXL, not AX3: at AX3 it needs 386 pt and its fixed height gives 240 pt (height: fit sizes the header to its text)"
                )
            ])
        #expect(Self.warnings(Self.state(.L, header: 240), look: Self.look()).isEmpty)
        #expect(Self.warnings(Self.state(.XXXL, header: 240), look: Self.look()).isEmpty)
        // 386 pt is enough: the fixed height holds the text at AX3, nothing to say.
        #expect(Self.warnings(Self.state(.AX3, header: 386), look: Self.look()).isEmpty)
        #expect(Self.warnings(Self.state(.AX3, header: 385), look: Self.look()).map(\.element) == ["header"])
        // A header sized to its text grows at every size.
        #expect(Self.warnings(Self.state(.AX3, header: 386), look: Self.look(fits: true)).isEmpty)
    }

    /// Post rows of a fixed height on an iPhone 15 (text column 393 − 68 − 16 = 309 pt). At XXXL
    /// (subheadline 21 pt on 28, action bar 28 pt) 29 characters fit a line: one or three 9-letter
    /// words take one line, 12 + 21 + 28 + 4 + 8 + 28 + 12 = 113 pt. At AX3 subheadline is 36 pt on
    /// 43 (18 pt a character: 17 fit, one word a line); from AX1 on the handle and time take a
    /// 43 pt line of their own under the name, and the action bar stays at its XXXL 28 pt. One
    /// line needs 12 + 36 + 43 (handle) + 43 + 4 + 8 + 28 + 12 = 186 pt and three lines
    /// 186 + 2 × 43 = 272. The tallest is row 1's.
    @Test func fixedPostRowsTooShortForAnAccessibilitySizeSayWhatTheyNeed() {
        let rows = RowContent(template: .post, items: [Self.post(words: 1), Self.post(words: 3)])
        // A 400 pt header holds the 386 its text needs at AX3: only the rows warn.
        let state = Self.state(.AX3, header: 400, rowHeight: .fixed(120))
        let layout = StageLayout(state, look: Self.look(rows: rows), measuring: Self.half)
        // 113 ≤ 120: no row is cut at XXXL. (The header's counts line is: 35 characters × 10.5 =
        // 367.5 pt, wider than 393 − 32 = 361.)
        #expect(layout.warnings.map(\.element) == ["stats"], "\(layout.warnings)")
        #expect(
            layout.fixedHeightWarnings(state, look: Self.look(rows: rows), measuring: Self.half) == [
                LayoutWarning(
                    element: "rows-0", kind: .cappedText,
                    text:
                        "the rows of 'Posts' draw their text at XXXL, not AX3: at AX3 row 1 needs 272 pt and their fixed rowHeight gives 120 pt (drop rowHeight so the rows size themselves)"
                )
            ])
        // 108 pt rows of one-word posts: already too short at XXXL (113 pt, the text is cut and
        // says so), and at AX3 they would need 186.
        let short = Self.state(.AX3, header: 400, rowHeight: .fixed(108))
        let oneWord = Self.look(rows: RowContent(template: .post, items: [Self.post(words: 1)]))
        let cut = StageLayout(short, look: oneWord, measuring: Self.half)
        #expect(cut.warnings.map(\.text).contains { $0.hasSuffix("which needs 113 pt (rowHeight)") }, "\(cut.warnings)")
        #expect(
            cut.fixedHeightWarnings(short, look: oneWord, measuring: Self.half).map(\.text) == [
                "the rows of 'Posts' draw their text at XXXL, not AX3: at AX3 row 0 needs 186 pt and their fixed rowHeight gives 108 pt (drop rowHeight so the rows size themselves)"
            ])
        // Tall enough (272), at XXXL, rows that size themselves, placeholder rows, and an item no
        // row shows (one row: only the one-word post): nothing.
        #expect(Self.warnings(Self.state(.AX3, header: 400, rowHeight: .fixed(272)), look: Self.look(rows: rows)).isEmpty)
        #expect(Self.warnings(Self.state(.XXXL, header: 400, rowHeight: .fixed(108)), look: Self.look(rows: rows)).isEmpty)
        #expect(Self.warnings(Self.state(.AX3, header: 400, rowHeight: .selfSizing([272, 186])), look: Self.look(rows: rows)).isEmpty)
        #expect(Self.warnings(Self.state(.AX3, header: 400, rowHeight: .fixed(100)), look: Self.look()).isEmpty)
        #expect(
            Self.warnings(Self.state(.AX3, header: 400, rowHeight: .fixed(185), rows: 1), look: Self.look(rows: rows)).map(\.text) == [
                "the rows of 'Posts' draw their text at XXXL, not AX3: at AX3 row 0 needs 186 pt and their fixed rowHeight gives 185 pt (drop rowHeight so the rows size themselves)"
            ])
    }

    /// Rows sized by `rowHeightRatio` are fixed too, and the hint names that key: 0.25 × 393 =
    /// 98.25 pt, under the 186 a one-word post needs at AX3.
    @Test func ratioRowsNameTheirKey() {
        let rows = RowContent(template: .post, items: [Self.post(words: 1)])
        #expect(
            Self.warnings(Self.state(.AX3, header: 400, rowHeight: .ratio(0.25)), look: Self.look(rows: rows)).map(\.text) == [
                "the rows of 'Posts' draw their text at XXXL, not AX3: at AX3 row 0 needs 186 pt and their fixed rowHeightRatio gives 98.3 pt (drop rowHeightRatio so the rows size themselves)"
            ])
    }

    /// From a scenario: one line for both snapshots (the warning is the same at each), in the
    /// format `run` prints; the trace keeps an entry per snapshot.
    @Test func aScenarioSaysItOnceForEverySnapshot() throws {
        let text = """
            name: capped
            device: iphone-15
            contentSizeCategory: AX3
            container:
              header: {height: 240, minHeight: 44, title: Ravi, subtitle: "@ravi"}
              tabs:
                - {title: Posts, rows: 30, rowHeight: 100}
            steps:
              - snapshot: expanded
              - scroll: {to: 400}
              - snapshot: collapsed
            """
        let scenario = try Fixtures.parse(text)
        let capped = try RunWarnings.check(scenario, measuring: Self.half).filter { $0.warning.kind == .cappedText }
        #expect(capped.map(\.snapshot) == ["expanded", "collapsed"])
        #expect(
            RunWarnings.grouped(capped).map { $0.line(scenario: "capped") } == [
                "capped: snapshots expanded (step 0) and collapsed (step 2): header: cappedText: the header draws its text at XXXL, not AX3: at AX3 it needs 386 pt and its fixed height gives 240 pt (height: fit sizes the header to its text)"
            ])
        let trace = try Trace.text(scenario, measuring: Self.half)
        #expect(trace.components(separatedBy: "\"kind\": \"cappedText\"").count - 1 == 2)
        // With `height: fit` the header takes those 386 pt and nothing is capped.
        let fit = try Fixtures.parse(text.replacingOccurrences(of: "height: 240", with: "height: fit"))
        #expect(try RunWarnings.check(fit, measuring: Self.half).allSatisfy { $0.warning.kind != .cappedText })
        #expect(try ScenarioRunner.run(fit, measuring: Self.half).snapshots.first?.state.container.headerHeight == 386)
    }

    /// A presented list follows the window's category as the container's self-sizing parts do: at
    /// AX3 body is 40 pt on 48, so a row is 48 + 2 × 11 = 70 pt (44 at L: 22 + 22; at XS body's
    /// 19 pt line gives 41, held at the 44 pt minimum). An iPhone sheet (iOS 17) draws its rows
    /// 70 pt tall with 40 pt labels, 74 pt apart.
    @Test func aSheetsRowsGrowWithTheCategory() throws {
        for (category, height, size) in [(ContentSizeCategory.AX3, 70.0, 40.0), (.L, 44, 17), (.XS, 44, 14)] {
            let window = Fixtures.window("iphone-15", settings: DisplaySettings(contentSizeCategory: category, iOSVersion: IOSVersion(17)))
            let stage = StageState.reduce(
                Self.state(category, header: 400).with(window: window), .present(PresentationRequest(style: .pageSheet))
            ).0
            let list = try #require(StageLayout(stage, look: Look(), measuring: Self.half).presentedList)
            #expect(list.rowHeight == height && list.rowFont.size == size, "\(category)")
            let first = try #require(list.rows.first), second = try #require(list.rows.dropFirst().first)
            #expect(first.frame.height == height && second.frame.y - first.frame.y == height + 4, "\(category)")
        }
    }

    /// iOS 26: a popover without a size is as tall as its rows at the window's category. The six
    /// standard rows take 88 + 5 × 48 + 44 = 372 pt at L and 88 + 5 × 74 + 70 = 528 at AX3, so
    /// every row is drawn (in L's 372 pt the fourth row, from 88 + 3 × 74 = 310 to 380, and the two
    /// after it would fall off).
    @Test func aGlassPopoverFitsItsRowsAtTheCategory() throws {
        #expect(PresentedContent.standard.glassFittingHeight(category: .L) == 372)
        #expect(PresentedContent.standard.glassFittingHeight == 372)
        #expect(PresentedContent.standard.glassFittingHeight(category: .AX3) == 528)
        let settings = DisplaySettings(contentSizeCategory: .AX3, iOSVersion: IOSVersion(26))
        let window = Fixtures.window("ipad-pro-13", .landscape, settings: settings)
        var request = PresentationRequest(style: .popover)
        request.source = Rect(x: 600, y: 100, width: 44, height: 44)
        let stage = StageState.reduce(Self.state(.AX3, header: 400).with(window: window), .present(request)).0
        #expect(stage.presentation?.layout.frame.height == 528)
        let list = try #require(StageLayout(stage, look: Look(), measuring: Self.half).presentedList)
        #expect(list.rows.count == 6 && list.hiddenRows == 0)
        #expect(list.rows.allSatisfy { $0.frame.height == 70 })
    }
}

extension StageState {
    /// The same container in `window`.
    fileprivate func with(window: WindowEnvironment) -> StageState {
        StageState(window: window, container: container.config)
    }
}
