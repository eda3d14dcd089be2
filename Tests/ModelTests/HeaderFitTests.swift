import PropertyBased
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// `header: {height: fit}`: the header sizes itself to its text at every Dynamic Type size, with
/// heights worked out by hand from the Dynamic Type table (title2 22 pt at L, 44 at AX3;
/// subheadline 15 at L, 36 at AX3; body 17 at L, 40 at AX3) and half-size advances (a character
/// is 0.5 × the font size wide).
@Suite struct HeaderFitTests {
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    static let config = ContainerConfig(
        header: HeaderConfig(height: 300, minHeight: 44),
        tabs: ["Posts", "Likes"].map { TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100))) })

    /// Ravi's header: name, handle, the two default counts and Follow; it fits its text when `fits`.
    static func look(fits: Bool = true) -> Look {
        var content = HeaderContent(title: "Ravi", subtitle: "@ravi")
        content.sizesToFitText = fits
        return Look(header: content)
    }

    static func state(_ category: ContentSizeCategory, height: Double = 300, device: String = "iphone-15") -> StageState {
        var config = config
        config.header.height = height
        let window = Fixtures.window(device, settings: DisplaySettings(contentSizeCategory: category))
        return StageState(window: window, container: config)
    }

    /// iPhone 15 (393 pt wide, safe-area top 59) at L. The banner keeps 3:1: its bottom `c` is
    /// 393 / 3 = 131 (more than the collapsed 59 + 44 = 103), whatever the height. Follow is
    /// 96 × 32 ("Follow" is 6 × 7.5 + 32 = 77 pt, less than 96; 20 pt line + 12), 10 pt below
    /// c. The name's box (baseline c + 30 + 6 + 22 = c + 58, 16.5 pt above it) starts 0.5 pt
    /// above Follow's bottom c + 42, so its baseline moves to c + 42 + 16.5 = c + 58.5; the
    /// handle is 15 + 5 lower (c + 78.5), the counts 15 + 6 lower (c + 99.5), their box ending
    /// 0.25 × 15 below: c + 103.25. With 16 pt below that: H = 131 + 119.25 = 250.25, so 251.
    @Test func atTheDefaultSizeTheHeaderFitsItsThreeLines() {
        let height = StageLayout.fittingHeaderHeight(Self.state(.L), look: Self.look(), measuring: Self.half)
        #expect(height == 251)
        // At 251 the counts end at 131 + 103.25 = 234.25: 16.75 pt above the bottom.
        let layout = StageLayout(Self.state(.L, height: 251), look: Self.look(), measuring: Self.half)
        #expect(layout.header.cover.height == 131)
        let counts = layout.elements.first { $0.name == "stats" }?.frame
        expectClose(counts?.maxY ?? .nan, 234.25, 1e-6)
        #expect(layout.warnings.isEmpty)
    }

    /// AX3: the banner still ends at c = 131. Follow's title grows (subheadline semibold 36 pt on
    /// 43), its padding does not: 6 × 18 + 32 = 140 wide (more than 96), 43 + 12 = 55 tall, its
    /// bottom at c + 65. At an accessibility size the name never shares the button's row: its
    /// 44 pt line (ascent 33) goes 8 pt under it, baseline c + 65 + 8 + 33 = c + 106, and "Ravi"
    /// (4 × 22 = 88 pt) is whole. The handle (36 pt) is 36 + 5 lower, c + 147. The counts line
    /// (35 characters × 18 = 630 pt) is wider than the 393 − 32 = 361 pt room, so the counts take
    /// a line each: c + 189 and c + 230, the second's box ending 9 pt lower at c + 239.
    /// H = 131 + 239 + 16 = 386.
    @Test func atAX3TheHeaderGrowsWithItsText() throws {
        let height = StageLayout.fittingHeaderHeight(Self.state(.AX3), look: Self.look(), measuring: Self.half)
        #expect(height == 386)
        let layout = StageLayout(Self.state(.AX3, height: 386), look: Self.look(), measuring: Self.half)
        #expect(layout.headerTextCategory == .AX3)
        #expect(layout.header.cover.height == 131)
        let title = try #require(layout.header.texts.first { $0.element == "title" })
        #expect(title.size == 44 && !title.fitted.isTruncated)
        expectClose(title.baseline + layout.header.profileOffset.y, 131 + 106, 1e-6)
        let counts = layout.header.texts.filter { $0.element == "stats" }
        #expect(counts.map(\.fitted.text) == ["1,024 Following", "12.5K Followers"])
        expectClose(counts.last?.baseline ?? .nan, 131 + 230, 1e-6)
        let follow = try #require(layout.header.followButton)
        expectClose(follow.width, 140, 1e-9)
        expectClose(follow.height, 55, 1e-9)
        // The collapsed bar's title stays at XXXL's headline (23 pt), as the bars' titles do.
        #expect(layout.header.navigationTitleSize == 23)
        #expect(layout.warnings.isEmpty)
    }

    /// A fixed height keeps its meaning: text at XXXL (title2 28 pt) and no wrapping of the
    /// counts, whatever the category; the fitted height does not depend on the height asked.
    @Test func aFixedHeightKeepsItsTextAtXXXL() throws {
        let fixed = StageLayout(Self.state(.AX3, height: 491), look: Self.look(fits: false), measuring: Self.half)
        #expect(fixed.headerTextCategory == .XXXL)
        #expect(try #require(fixed.header.texts.first { $0.element == "title" }).size == 28)
        #expect(fixed.header.texts.filter { $0.element == "stats" }.count == 1)
        #expect(StageLayout.fittingHeaderHeight(Self.state(.AX3, height: 900), look: Self.look(), measuring: Self.half) == 386)
    }

    /// The stage takes the fitted height, and the model's rules hold on it: Hc = 59 + 44 = 103,
    /// the collapse range 386 − 103 = 283. A rotation measures again in the new window, and
    /// rotating back gives 386 again.
    @Test func theStageTakesTheFittedHeightAndKeepsItThroughARotation() throws {
        let window = Fixtures.window("iphone-15", settings: DisplaySettings(contentSizeCategory: .AX3))
        var stage = Stage(window: window, container: Self.config, look: Self.look(), measuring: Self.half)
        #expect(stage.state.container.config.header.height == 386)
        #expect(stage.state.container.headerHeight == 386)
        try stage.apply(.scroll(to: 1000))
        #expect(stage.state.container.headerHeight == 103)
        try stage.apply(.rotate(.landscape))
        try stage.apply(.rotate(.portrait))
        #expect(stage.state.container.config.header.height == 386)
        #expect(stage.state.container.headerHeight == 103)
        try stage.apply(.scrollToTop())
        #expect(stage.state.container.headerHeight == 386)
    }

    /// Any catalog device, window, category, split view and app tab bar, a bio of 0 to 40 words,
    /// verified or not, either header style: the fitted height is a whole number of points, at
    /// least the collapsed height in both orientations; on top, expanded, every line of the
    /// profile and its button end at least 16 pt above the header's bottom; and the model's
    /// invariants hold at that height through random steps.
    @Test func aFittedHeaderHoldsItsProfileAndTheModelsInvariants() async {
        let input = zip(RandomSetup.widened, Gen.int(in: 0...40), Gen.int(in: 0...3), RandomStep.widened.array(of: 1...8))
        await seededPropertyCheck(count: 300, input: input) { setup, words, flags, steps in
            var content = HeaderContent(
                title: "Ravi Kumar", subtitle: "@ravi", bio: Array(repeating: "tabs", count: words).joined(separator: " "),
                verified: flags & 1 != 0)
            content.sizesToFitText = true
            var theme = Theme()
            theme.style = flags & 2 != 0 ? .x : .standard
            let look = Look(theme: theme, header: content)
            let start = setup.stage
            let fitted = StageLayout.fittingHeaderHeight(start, look: look, measuring: Self.half)
            let device = start.window.device
            let collapsed = max(device.portraitSafeArea.top, device.landscapeSafeArea.top, start.window.safeArea.top) + setup.minHeight
            #expect(fitted.isFinite && fitted == fitted.rounded(.up) && fitted >= collapsed, "fitted \(fitted) for \(setup)")
            var config = start.container.config
            config.header.height = fitted
            var state = StageState(window: start.window, container: config, split: start.split, appTabBar: start.appTabBar?.config)
            if state.container.geometry.placement == .top {
                let header = StageLayout(state, look: look, measuring: Self.half).header
                let room = header.height - StageLayout.fittedHeaderBottomMargin + 1e-6
                for text in header.texts {
                    #expect(text.baseline + 0.25 * text.size + header.profileOffset.y <= room, "\(text.element) below the fit for \(setup)")
                }
                if let button = header.followButton {
                    #expect(button.maxY + header.profileOffset.y <= room, "button below the fit for \(setup)")
                }
            }
            ContainerPropertyTests.checkInvariants(state, during: .scroll(0), setup: setup)
            for step in steps {
                state = ContainerPropertyTests.apply(step, to: state, setup: setup)
            }
        }
    }

    /// The name goes under a button in its line at accessibility sizes, beside it otherwise.
    @Test func atAccessibilitySizesTheNameNeverSharesTheButtonsRow() {
        // Line box for baseline 100 + 6 + 20 = 126 and ascent 15: 111...131; the button's
        // middle (121) lies in it, its bottom at 137.
        let button = Rect(x: 200, y: 105, width: 96, height: 32)
        let beside = HeaderLayout.nameLine(top: 100, nameSize: 20, ascent: 15, room: 300, button: button)
        #expect(beside.baseline == 126 && beside.room == 196)
        let under = HeaderLayout.nameLine(top: 100, nameSize: 20, ascent: 15, room: 300, button: button, besideButton: false)
        // Under it, 8 pt below the button: 137 + 8 + 15.
        #expect(under.baseline == 137 + 8 + 15 && under.room == 300)
    }

    /// `height: fit` in a file: the look asks for it and the runner's stage takes it; another word
    /// is refused at its line with what the key takes.
    @Test func scenariosAskForItWithHeightFit() throws {
        let text = """
            device: iphone-15
            contentSizeCategory: AX3
            container:
              header: {height: fit, title: Ravi, subtitle: "@ravi"}
              tabs:
                - {title: Posts, rows: 30, rowHeight: 100}
            steps:
              - snapshot: expanded
            """
        let scenario = try ScenarioParser.parse(text, file: "fit.yaml", defaultName: "fit")
        #expect(scenario.look.header.sizesToFitText)
        let run = try ScenarioRunner.run(scenario, measuring: Self.half)
        #expect(run.snapshots.first?.state.container.headerHeight == 386)

        let wrong = text.replacingOccurrences(of: "height: fit", with: "height: fits")
        let error = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(wrong, file: "fit.yaml", defaultName: "fit") }
        #expect(
            error?.description
                == "fit.yaml:4:20: error: 'container.header.height' must be a number or fit, found the text 'fits' (expected a number above 0, or fit to size the header to its text)"
        )
        // A list is refused with both forms named, at the list's first column (20).
        let list = text.replacingOccurrences(of: "height: fit", with: "height: [fit]")
        let listError = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(list, file: "fit.yaml", defaultName: "fit") }
        #expect(
            listError?.description
                == "fit.yaml:4:20: error: 'container.header.height' must be a number or fit, found a list (expected a number above 0, or fit to size the header to its text)"
        )
        // minHeight names its whole range: "  header: {" is 11 columns, "height: fit, minHeight: "
        // 24 more, so the value starts at column 36.
        let tall = text.replacingOccurrences(of: "height: fit,", with: "height: fit, minHeight: 5000,")
        let tallError = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(tall, file: "fit.yaml", defaultName: "fit") }
        #expect(
            tallError?.description
                == "fit.yaml:4:36: error: 'container.header.minHeight' is 5000, out of range (expected a number of points from 0 to 4096)"
        )
    }
}
