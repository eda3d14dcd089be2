import PropertyBased
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// Self-sizing rows follow Dynamic Type at every size, as a self-sizing cell whose labels adjust
/// to the content size category does; rows of a fixed `rowHeight` stop at XXXL. Numbers by hand
/// from the Dynamic Type table (body 17 pt at L, 23 at XXXL, 28 at AX1, 33 at AX2, 40 at AX3;
/// subheadline 15 on 20 at L, 21 on 28 at XXXL, 36 on 43 at AX3; footnote 19 on 24 at XXXL)
/// and half-size advances (a character is 0.5 × the font size wide). An iPhone 15 row is 393 pt
/// wide; a post's text column 393 − 68 − 16 = 309 pt.
@Suite struct RowDynamicTypeTests {
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    /// `words` 9-letter words.
    static func text(words: Int) -> String { Array(repeating: "aaaaaaaaa", count: words).joined(separator: " ") }

    /// An iPhone 15 at `category` whose only tab shows `items` in `template` rows of `rowHeight`.
    static func stage(
        _ template: RowTemplate, _ items: [RowItem], category: ContentSizeCategory, rowHeight: RowHeight = .selfSizing([]),
        device: String = "iphone-15"
    ) -> Stage {
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: [TabConfig(title: "Rows", content: .list(rows: 12, rowHeight: rowHeight))])
        let look = Look(header: HeaderContent(title: "J", subtitle: "@j"), rowContent: [RowContent(template: template, items: items)])
        let window = Fixtures.window(device, settings: DisplaySettings(contentSizeCategory: category))
        return Stage(window: window, container: config, look: look, measuring: half)
    }

    static func layout(_ stage: Stage) -> StageLayout {
        StageLayout(stage.state, look: stage.look, measuring: half)
    }

    /// A plain row is UITableViewCell's default 44 pt until its lines need more, with 4 pt above
    /// and below them. Title alone (1.2 × body + 8): L 20.4 + 8 = 28.4, XXXL 27.6 + 8 = 35.6,
    /// AX1 33.6 + 8 = 41.6, all 44; AX2 39.6 + 8 = 47.6; AX3 48 + 8 = 56; AX5 63.6 + 8 = 71.6.
    /// Title and subtitle (+ 3 + 1.2 × subheadline): L 20.4 + 3 + 18 + 8 = 49.4, AX3
    /// 48 + 3 + 43.2 + 8 = 102.2.
    @Test func aPlainRowIs44PtUntilItsTextNeedsMore() {
        let alone: [(ContentSizeCategory, Double)] = [
            (.XS, 44), (.L, 44), (.XXXL, 44), (.AX1, 44), (.AX2, 47.6), (.AX3, 56), (.AX5, 71.6),
        ]
        for (category, height) in alone {
            let fitting = RowContentLayout.fittingHeight(
                .plain, item: RowItem(title: "Studio"), width: 393, textCategory: category, measuring: Self.half)
            expectClose(fitting ?? .nan, height, 1e-9)
        }
        let pair = RowItem(title: "Studio", subtitle: "Lisbon")
        for (category, height) in [(ContentSizeCategory.L, 49.4), (.AX3, 102.2)] {
            let fitting = RowContentLayout.fittingHeight(.plain, item: pair, width: 393, textCategory: category, measuring: Self.half)
            expectClose(fitting ?? .nan, height, 1e-9)
        }
    }

    /// A media row's caption sits on its picture, its baseline 16 pt above the bottom with its
    /// ascent (0.95 × subheadline) and 4 pt above: L 16 + 14.25 + 4 = 34.25 and XXXL
    /// 16 + 19.95 + 4 = 39.95, so 44; AX3 16 + 34.2 + 4 = 54.2. Without a caption, 44.
    @Test func aMediaRowIs44PtUntilItsCaptionNeedsMore() {
        let caption = RowItem(title: "Glazing day")
        for (category, height) in [(ContentSizeCategory.L, 44.0), (.XXXL, 44), (.AX3, 54.2)] {
            let fitting = RowContentLayout.fittingHeight(.media, item: caption, width: 393, textCategory: category, measuring: Self.half)
            expectClose(fitting ?? .nan, height, 1e-9)
        }
        #expect(RowContentLayout.fittingHeight(.media, item: RowItem(), width: 393, textCategory: .AX5, measuring: Self.half) == 44)
        #expect(RowContentLayout.fittingHeight(.grid, item: caption, width: 393, textCategory: .AX3, measuring: Self.half) == nil)
    }

    /// A post at AX3: 36 pt text on 43 pt lines; the action bar stops at XXXL (footnote 19 on 24,
    /// glyphs round(19 × 18 / 13) = 26 pt, bar max(20, 24, 26 + 2) = 28 pt). A post needs
    /// 12 + 36 + 43 × lines + 4 + 8 + 28 + 12 = 100 + 43 × lines, and at an accessibility size
    /// its handle and time take a line of their own under the name: 43 more. The 309 pt column
    /// holds 309 / 18 = 17 characters: one 9-letter word a line (two are 19). So with a handle
    /// one word takes 100 + 43 + 43 = 186 pt, four 315, twelve 659; without a handle or time,
    /// one word 143.
    @Test func aPostRowGrowsThroughTheAccessibilitySizes() throws {
        #expect(RowContentLayout.postHeight(lines: 1, category: .AX3) == 143)
        #expect(RowContentLayout.postHeight(lines: 1, category: .AX3, nameLines: 2) == 186)
        let items = [1, 4, 12].map { RowItem(title: "Ada", subtitle: "@ada", text: Self.text(words: $0), time: "2h") }
        let stage = Self.stage(.post, items, category: .AX3)
        #expect(stage.state.container.geometry.tabs[0].rowHeights == [186, 315, 659])
        let bare = Self.stage(.post, [RowItem(title: "Ada", text: Self.text(words: 1))], category: .AX3)
        #expect(bare.state.container.geometry.tabs[0].rowHeights == [143])
        // Drawn at the category it was measured at: every line, nothing cut.
        let layout = Self.layout(stage)
        let rows = try #require(layout.pages.pages.first?.rows)
        #expect(rows.prefix(3).map(\.height) == [186, 315, 659])
        let post = try #require(rows[1].content)
        #expect(post.textCategory == .AX3 && post.textSize == 36 && post.titleSize == 36)
        #expect(post.lines.count == 4 && post.textCutNeeds == nil)
        // The name on its line (baseline 12 + 36 = 48), "@ada · 2h" 43 pt lower at 91 from the
        // text's edge (16 + 40 + 12 = 68), the text's first line 43 pt lower again.
        #expect(post.titlePlacement.baseline == 48 && post.detailPlacement.baseline == 91 && post.detailPlacement.x == 68)
        #expect(post.linePlacements.first?.baseline == 134)
        // The space before "· 2h" grows with the text: 4 pt at L's 15 pt, 4 × 36 / 15 = 9.6 pt
        // at AX3, after "@ada" (4 × 18 = 72 pt): 68 + 72 + 9.6 = 149.6.
        #expect(abs(post.timePlacement.x - 149.6) < 1e-9, "\(post.timePlacement.x)")
        #expect(post.actionFont.size == 19 && post.actions.first?.glyph.width == 26)
        // The action bar's glyphs sit in the 28 pt bar above the 12 pt bottom margin: the bar
        // starts at 315 − 12 − 28 = 275, the 26 pt glyph 1 pt into it.
        #expect(post.actions.first?.glyph.y == 276)
        // The accessibility elements and the warnings read the same heights.
        let frames = layout.elements.filter { $0.name.hasPrefix("row-0-") }.map(\.frame.height)
        #expect(Array(frames.prefix(2)) == [186, 315])
        #expect(!layout.warnings.contains { $0.element.hasPrefix("row-") })
    }

    /// A `rowHeight` keeps the row's text at XXXL whatever the category: subheadline 21 pt at
    /// AX3, a plain title in body 23 pt; the rows stay the height asked.
    @Test func aFixedHeightRowStillDrawsAtXXXL() throws {
        let post = Self.stage(.post, [RowItem(title: "Ada", text: Self.text(words: 1))], category: .AX3, rowHeight: .fixed(200))
        let row = try #require(Self.layout(post).pages.pages.first?.rows.first)
        #expect(row.height == 200 && row.content?.textCategory == .XXXL && row.content?.textSize == 21)
        let plain = Self.stage(.plain, [RowItem(title: "Studio")], category: .AX5, rowHeight: .fixed(64))
        let plainRow = try #require(Self.layout(plain).pages.pages.first?.rows.first)
        #expect(plainRow.height == 64 && plainRow.content?.titleSize == 23)
    }

    /// A plain tab without a rowHeight (the parser's default for `plain`): rows of 44 and
    /// 49.4 pt at L, 56 and 102.2 at AX3, the subtitle shown at both sizes and no warning.
    @Test func plainRowsSizeThemselvesAtEverySize() throws {
        let items = [RowItem(title: "Studio"), RowItem(title: "Studio", subtitle: "Lisbon")]
        for (category, heights) in [(ContentSizeCategory.L, [44, 49.4]), (.AX3, [56, 102.2])] {
            let stage = Self.stage(.plain, items, category: category)
            let measured = stage.state.container.geometry.tabs[0].rowHeights
            #expect(measured.count == 2)
            for (got, want) in zip(measured, heights) { expectClose(got, want, 1e-9) }
            let layout = Self.layout(stage)
            let rows = try #require(layout.pages.pages.first?.rows)
            #expect(rows[1].content?.detail?.text == "Lisbon" && rows[1].content?.subtitleDropped == false)
            #expect(rows[0].content?.titleSize == TextStyle.body.font(for: category).size)
            #expect(!layout.warnings.contains { $0.element.hasPrefix("row-") })
        }
    }

    /// Turned to landscape and back, the rows are measured again at the window's category: the
    /// same heights at AX3 after the round trip. A container relayout to a new category (the
    /// environment's traits) measures them again too: a one-word post is 91 pt at L
    /// (71 + 20) and 143 at AX3.
    @Test func aRotationOrACategoryChangeMeasuresAgain() throws {
        let items = [RowItem(title: "Ada", text: Self.text(words: 1))]
        var stage = Self.stage(.post, items, category: .AX3)
        try stage.apply(.rotate(.landscape))
        try stage.apply(.rotate(.portrait))
        #expect(stage.state.container.geometry.tabs[0].rowHeights == [143])

        let atL = Self.stage(.post, items, category: .L)
        #expect(atL.state.container.geometry.tabs[0].rowHeights == [91])
        var environment = atL.state.container.environment
        environment.traits.contentSizeCategory = .AX3
        let look = atL.look
        let (next, _) = StageState.reduce(
            atL.state, .container(.layout(environment)),
            sizingRows: { SelfSizingRows.heights(of: $0, look: look, measuring: Self.half) })
        #expect(next.container.geometry.tabs[0].rowHeights == [143])
    }

    /// Any category, template, width and text: a self-sizing row is never shorter than what it
    /// draws. A post shows every line with its action bar inside the row; a plain row keeps its
    /// subtitle and both lines inside; a media row's caption starts inside the row.
    @Test func aSelfSizingRowIsNeverShorterThanItsText() async {
        let categories = ContentSizeCategory.allCases
        let input = zip(
            Gen.int(in: 0...(categories.count - 1)), Gen.int(in: 0...2), Gen.int(in: 0...60), Gen.double(in: 200...1200), Gen.bool)
        await seededPropertyCheck(count: 200, input: input) { categoryIndex, kind, words, width, subtitle in
            let category = categories[categoryIndex]
            let template: RowTemplate = [.post, .plain, .media][kind]
            let item = RowItem(
                title: "Ada Lovelace", subtitle: subtitle ? "@ada" : "", text: Self.text(words: words), time: "2h",
                counts: RowItem.Counts(replies: "24", reposts: "130", likes: "1.2K", views: "40K"))
            let height = RowContentLayout.fittingHeight(template, item: item, width: width, textCategory: category, measuring: Self.half)
            guard let height else {
                Issue.record("\(template) sizes itself")
                return
            }
            #expect(height >= RowContentLayout.minimumRowHeight)
            let row = RowContentLayout.laidOut(
                template, item: item, width: width, height: height, textCategory: category, measuring: Self.half)
            let what = "\(template) at \(category), \(words) words, \(width) pt"
            switch template {
            case .post:
                #expect(row.textCutNeeds == nil && row.leftOutPicture == nil, "\(what)")
                let bottom = row.actions.map(\.glyph.maxY).max() ?? 0
                #expect(bottom <= height - 12 + 1e-9, "\(what)")
                if let last = row.linePlacements.last {
                    #expect(last.baseline + 0.25 * row.textSize <= (row.actions.first?.glyph.y ?? height), "\(what)")
                }
            case .plain:
                #expect(!row.subtitleDropped, "\(what)")
                let top = row.titlePlacement.baseline - 0.95 * row.titleSize
                let last =
                    subtitle ? row.detailPlacement.baseline + 0.25 * row.detailSize : row.titlePlacement.baseline + 0.25 * row.titleSize
                #expect(top >= -1e-9 && last <= height + 1e-9, "\(what)")
            default:
                #expect(row.titlePlacement.baseline - 0.95 * row.titleSize >= -1e-9, "\(what)")
            }
        }
    }
}
