import TabStageLayout
import TabStageModel
import TabStageTestSupport
import Testing

/// The X-style header, indicator, post rows and compose button, with frames worked out by hand
/// (`FixedAdvanceMeasurer`: half the size a character, so 7.5 pt at 15 pt, 11 pt at title2's
/// 22 pt; semibold no wider).
@Suite struct XProfileTests {
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    static let content = HeaderContent(
        bio: "Hello", verified: true, location: "Paris", link: "x.dev", joined: "Joined 2009", posts: "1,204")

    static func stage(
        _ device: String = "iphone-15", height: Double = 400, appTabBar: Bool = false, tabs: [String] = ["Posts", "Likes"]
    ) -> StageState {
        let config = ContainerConfig(
            header: HeaderConfig(height: height, minHeight: 44),
            tabs: tabs.map { TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100))) })
        return StageState(
            window: Fixtures.window(device), container: config,
            appTabBar: appTabBar ? AppTabBarConfig(items: ["Home", "Search", "Profile"], selected: 2) : nil)
    }

    /// The look the stage is drawn with: Jane's header in `style`.
    static func look(style: ThemeStyle = .x, compose: Bool = false, button: String = HeaderContent.defaultButtonTitle) -> Look {
        var content = Self.content
        content.title = "Jane Appleseed"
        content.subtitle = "@jane"
        content.buttonTitle = button
        return Look(theme: Theme(style: style, compose: compose), header: content)
    }

    /// The layout of `stage(...)` drawn with `look(...)`.
    static func layout(
        _ device: String = "iphone-15", height: Double = 400, style: ThemeStyle = .x, compose: Bool = false, appTabBar: Bool = false,
        tabs: [String] = ["Posts", "Likes"], button: String = HeaderContent.defaultButtonTitle
    ) -> StageLayout {
        StageLayout(
            stage(device, height: height, appTabBar: appTabBar, tabs: tabs), look: look(style: style, compose: compose, button: button),
            measuring: half)
    }

    static func frame(_ name: String, in layout: StageLayout) -> Rect? { layout.elements.first { $0.name == name }?.frame }

    static func frames(_ name: String, in layout: StageLayout) -> [Rect] { layout.elements.filter { $0.name == name }.map(\.frame) }

    static func expectFrame(_ frame: Rect?, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        expectClose(frame?.x ?? .nan, x, 1e-6)
        expectClose(frame?.y ?? .nan, y, 1e-6)
        expectClose(frame?.width ?? .nan, width, 1e-6)
        expectClose(frame?.height ?? .nan, height, 1e-6)
    }

    // MARK: the header

    /// iPhone 15 (393 × 852 pt): the banner is 393 / 3 = 131 pt tall from the window's top
    /// (the collapsed bar, 59 + 44 = 103 pt, is shorter); the 80 pt avatar reaches 30 pt up into
    /// it, 16 pt in: (16, 101, 80, 80), below the back button (59 + 6 + 32 = 97). Follow is 96 ×
    /// 32 pt (45 + 32 = 77 is less), 12 pt under the banner at x 393 − 16 − 96 = 281.
    @Test func theBannerIsThreeToOneAndTheAvatarOverlapsItsBottomEdge() {
        let layout = Self.layout()
        Self.expectFrame(layout.header.cover, 0, 0, 393, 131)
        Self.expectFrame(Self.frame("avatar", in: layout), 16, 101, 80, 80)
        #expect(!layout.warnings.contains { $0.element == "avatar" })
        Self.expectFrame(Self.frame("follow", in: layout), 281, 143, 96, 32)
        #expect(layout.header.avatarRadius == 40 && !layout.header.followButtonOutlined)
    }

    /// A 1,032 pt wide iPad window keeps the 3:1: 1032 / 3 = 344 pt, not a flat band.
    @Test func aWideWindowKeepsTheBannersAspect() {
        let layout = Self.layout("ipad-pro-13", height: 600)
        expectClose(layout.header.cover.height, layout.header.cover.width / 3, 1e-9)
        expectClose(layout.header.cover.width, 1032, 1e-9)
    }

    /// Below the avatar (bottom 181) and the button (bottom 175): the name's line starts at
    /// max(181 + 8, 175 + 4) = 189, title2's 28 pt line puts its baseline at 189 + 28 − 5.5 =
    /// 211.5, so its box is y 195, 22 tall, 14 × 11 = 154 wide; the 20 pt badge 4 pt after it,
    /// centred 7.92 pt above the baseline (x 174, y 193.58). The handle's line starts at 217:
    /// baseline 217 + 20 − 3.75 = 233.25, box y 222. The bio 12 pt further (line 249, box 254).
    @Test func theNameHandleAndBioStackUnderTheAvatar() {
        let layout = Self.layout()
        Self.expectFrame(Self.frame("title", in: layout), 16, 195, 154, 22)
        Self.expectFrame(Self.frame("verified", in: layout), 174, 193.58, 20, 20)
        Self.expectFrame(Self.frame("subtitle", in: layout), 16, 222, 37.5, 15)
        Self.expectFrame(Self.frame("bio", in: layout), 16, 254, 37.5, 15)
    }

    /// The details' line starts 12 pt under the bio's (269 + 12 = 281), baseline 297.25; the
    /// 16 pt glyphs are centred 0.35 × 15 = 5.25 pt above it (middle 292, top 284). "Paris"
    /// follows its pin at 16 + 16 + 4 = 36; the link glyph 12 pt after it at 16 + 20 + 37.5 +
    /// 12 = 85.5, its text at 105.5; the calendar at 85.5 + 20 + 37.5 + 12 = 155, its text at 175
    /// (11 × 7.5 = 82.5 wide).
    @Test func theDetailsFollowTheirGlyphsOnOneLine() {
        let layout = Self.layout()
        Self.expectFrame(Self.frame("glyph-location", in: layout), 16, 284, 16, 16)
        Self.expectFrame(Self.frame("location", in: layout), 36, 286, 37.5, 15)
        Self.expectFrame(Self.frame("glyph-link", in: layout), 85.5, 284, 16, 16)
        Self.expectFrame(Self.frame("link", in: layout), 105.5, 286, 37.5, 15)
        Self.expectFrame(Self.frame("glyph-joined", in: layout), 155, 284, 16, 16)
        Self.expectFrame(Self.frame("joined", in: layout), 175, 286, 82.5, 15)
        #expect(layout.header.texts.first { $0.element == "link" }?.accent == true)
    }

    /// The counts' line starts at 301 + 12 = 313, baseline 329.25 (box 318): "1,024" bold at
    /// 16, "Following" 4 pt after it at 57.5, "12.5K" 12 pt after that at 57.5 + 67.5 + 12 =
    /// 137, "Followers" at 137 + 37.5 + 4 = 178.5. Numbers semibold with tabular digits, labels
    /// secondary.
    @Test func theCountsAreBoldNumbersWithSecondaryLabels() throws {
        let layout = Self.layout()
        let runs = Self.frames("stats", in: layout)
        #expect(runs.count == 4)
        Self.expectFrame(runs.first, 16, 318, 37.5, 15)
        Self.expectFrame(runs.dropFirst().first, 57.5, 318, 67.5, 15)
        Self.expectFrame(runs.dropFirst(2).first, 137, 318, 37.5, 15)
        Self.expectFrame(runs.last, 178.5, 318, 67.5, 15)
        let texts = layout.header.texts.filter { $0.element == "stats" }
        #expect(texts.map(\.font.weight) == [600, 400, 600, 400])
        #expect(texts.map(\.secondary) == [false, true, false, true])
        #expect(texts[0].font.tabularDigits)
    }

    /// The counts end at 333; the X banner does not grow with the header, so the least height
    /// that holds them is 333 pt, and a 330 pt header warns with it.
    @Test func aHeaderTooShortForTheProfileNamesTheHeightItNeeds() {
        let layout = Self.layout(height: 330)
        #expect(layout.warnings.contains { $0.element == "stats" && $0.text.contains("header.height needs at least 333 pt") })
        #expect(!Self.layout(height: 333).warnings.contains { $0.element == "stats" })
    }

    /// Any title but Follow draws the outlined button, as X's Edit profile and Following.
    @Test func editProfileIsOutlined() {
        #expect(Self.layout(button: "Edit profile").header.followButtonOutlined)
    }

    /// Collapsed (scrolled 600 pt): the band is the 103 pt bar; the title (headline, 22 pt
    /// line) and "1,204 posts" (footnote, 18 pt line) are centred together on the band's
    /// middle below the status bar, 59 + 44 / 2 = 81: the block starts at 81 − 20 = 61, the
    /// name's baseline 61 + 22 − 4.25 = 78.75, the count's 61 + 40 − 3.25 = 97.75. The banner is
    /// blurred by 10 pt and dimmed by 0.3.
    @Test func theCollapsedBarShowsTheNameOverThePostCountOnTheBlurredBanner() throws {
        let stage = Fixtures.apply(Self.stage(), .scroll(to: 600))
        let layout = StageLayout(stage, look: Self.look(), measuring: Self.half)
        #expect(layout.header.cover.height == 103)
        expectClose(layout.header.navigationTitleOrigin.y, 78.75, 1e-9)
        expectClose(try #require(layout.header.navigationSubtitleOrigin).y, 97.75, 1e-9)
        #expect(layout.header.navigationSubtitle?.text == "1,204 posts")
        #expect(layout.header.coverBlur == 10 && layout.header.coverDim == 0.3)
        #expect(Self.frame("nav-subtitle", in: layout) != nil)
        // Expanded, the banner is sharp.
        #expect(Self.layout().header.coverBlur == 0)
    }

    /// The standard style keeps its header: the cover takes 0.38 of the header below the safe
    /// area (59 + 0.38 × 341 = 188.58), the avatar 60 pt, no glyphs.
    @Test func theStandardStyleIsUnchanged() {
        let layout = Self.layout(style: .standard)
        expectClose(layout.header.cover.height, 188.58, 1e-9)
        #expect(layout.header.avatarRadius == 30 && layout.header.glyphs.isEmpty)
        #expect(layout.tabBar.indicator.height == 3)
    }

    // MARK: the indicator

    /// Two tabs fill the 393 pt bar: cells 196.5 wide. X: the indicator spans the selected
    /// title ("Posts", semibold 15 pt: 37.5 pt) centred in its cell, 4 pt tall on the bar's
    /// bottom edge: x (196.5 − 37.5) / 2 = 79.5. Half way to Likes (37.5 pt, centred at
    /// 294.75: x 276) it is at x 79.5 + (276 − 79.5) / 2 = 177.75, still 37.5 wide.
    @Test func theIndicatorIsAsWideAsTheTitleAndSlides() {
        let layout = Self.layout()
        Self.expectFrame(layout.tabBar.indicator, 79.5, 40, 37.5, 4)
        let swiping = Fixtures.apply(Self.stage(), .swipe(to: 1, progress: 0.5, finish: false))
        Self.expectFrame(StageLayout(swiping, look: Self.look(), measuring: Self.half).tabBar.indicator, 177.75, 40, 37.5, 4)
    }

    // MARK: the compose button

    /// iPhone 15 (safe bottom 34): 56 pt, 16 pt from the trailing edge and 16 pt above the
    /// bottom safe area: (393 − 16 − 56, 852 − 34 − 16 − 56) = (321, 746); the glyph a 24 pt
    /// square in its middle (337, 762).
    @Test func theComposeButtonFloatsAtTheTrailingBottom() {
        let layout = Self.layout(compose: true)
        Self.expectFrame(layout.composeButton, 321, 746, 56, 56)
        Self.expectFrame(layout.composeGlyph, 337, 762, 24, 24)
        Self.expectFrame(Self.frame("compose", in: layout), 321, 746, 56, 56)
        #expect(!layout.warnings.contains { $0.element == "compose" })
        #expect(Self.layout().composeButton == nil)
    }

    /// Above the app's tab bar: 16 pt above the bar's top edge.
    @Test func theComposeButtonSitsAboveTheAppTabBar() throws {
        let layout = Self.layout(compose: true, appTabBar: true)
        let bar = try #require(layout.appTabBar)
        expectClose(try #require(layout.composeButton).maxY, bar.frame.y - 16, 1e-9)
    }

    // MARK: posts

    static func post(_ item: RowItem, height: Double, device: String = "iphone-15", rtl: Bool = false) -> RowContentLayout? {
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 3, rowHeight: .fixed(height)))])
        let look = Look(header: HeaderContent(title: "J", subtitle: "@j"), rowContent: [RowContent(template: .post, items: [item])])
        var window = Fixtures.window(device)
        if rtl { window.traits.layoutDirection = .rtl }
        let layout = StageLayout(StageState(window: window, container: config), look: look, measuring: Self.half)
        return layout.pages.pages.first?.rows.first?.content
    }

    /// 71 + 20 × lines without a picture, 75 + 20 × lines + the picture with one (at L: 12 +
    /// 15 to the name's baseline, 20 a line, 4 descent or 8 + picture, 8, a 20 pt bar, 12).
    @Test func aPostsHeightComesFromItsLines() {
        #expect(RowContentLayout.postHeight(lines: 2) == 111)
        #expect(RowContentLayout.postHeight(lines: 5) == 171)
        #expect(RowContentLayout.postHeight(lines: 1, pictureHeight: 100) == 195)
    }

    /// Five lines of 41 characters (the 309 pt column holds 41 at 7.5 pt) in a 171 pt row: all
    /// five shown, baselines 47 … 127; the action bar 8 pt below the last descent: top 139,
    /// 18 pt glyphs at y 140, four of them (309 − 18) / 4 = 72.75 apart from x 68, share at
    /// 68 + 291 = 359. One pt shorter and the fifth line goes, with a warning naming 171 pt.
    @Test func aPostShowsEveryLineAndItsActionBar() throws {
        let word = String(repeating: "a", count: 9)
        let text = Array(repeating: word, count: 20).joined(separator: " ")  // 4 words a line: 5 lines
        let item = RowItem(title: "Ada", subtitle: "@ada", text: text, time: "2h", counts: .init(replies: "3", likes: "1.2K"))
        let row = try #require(Self.post(item, height: 171))
        #expect(row.lines.count == 5 && row.textCutNeeds == nil && !row.lines[4].hasSuffix("…"))
        #expect(row.actions.map(\.kind) == [.reply, .repost, .like, .views, .share])
        Self.expectFrame(row.actions[0].glyph, 68, 140, 18, 18)
        Self.expectFrame(row.actions[2].glyph, 68 + 2 * 72.75, 140, 18, 18)
        Self.expectFrame(row.actions[4].glyph, 359, 140, 18, 18)
        #expect(row.actions.map { $0.count?.text } == ["3", nil, "1.2K", nil, nil])
        #expect(row.actions[0].countPlacement.x == 68 + 18 + 4 && row.actions[0].countPlacement.anchor == .start)
        let short = try #require(Self.post(item, height: 170))
        #expect(short.lines.count == 4 && short.lines[3].hasSuffix("…") && short.textCutNeeds == 171)
    }

    /// "Ada" (7.5 × 3 = 22.5 pt, semibold) then the handle 4 pt later at 68 + 26.5 = 94.5 and
    /// "· 2h" after it. A handle too long for the 309 pt column is cut, the time kept whole:
    /// "· 2h" is 30 pt, so the handle gets 309 − 26.5 − 34 = 248.5 pt (33 characters with "…")
    /// and the time starts at 94.5 + 247.5 + 4 = 346.
    @Test func theHandleIsCutBeforeTheNameAndTheTime() throws {
        let item = RowItem(title: "Ada", subtitle: "@" + String(repeating: "h", count: 60), text: "Hi", time: "2h")
        let row = try #require(Self.post(item, height: 111))
        #expect(row.title?.text == "Ada" && row.title?.isTruncated == false)
        #expect(row.detailPlacement.x == 94.5 && row.detailPlacement.anchor == .start)
        #expect(row.detail?.isTruncated == true && row.detail?.width == 247.5)
        #expect(row.time?.text == "· 2h" && row.time?.isTruncated == false)
        #expect(row.timePlacement.x == 346)
    }

    /// Right to left, the layout hands the painter the post as drawn, each x mirrored in the
    /// 393 pt row and each text anchored at its end (its leading edge): the avatar's centre
    /// 393 − 36 = 357, the name ("Ada", 22.5 pt) at 393 − 68 = 325, the handle at
    /// 393 − (68 + 26.5) = 298.5, the time after "@ada" (30 pt) and 4 pt at
    /// 393 − (94.5 + 34) = 264.5, the text's lines at 325; the first glyph at 393 − 68 − 18 = 307, its
    /// count at 393 − 90 = 303, the share glyph at 393 − 359 − 18 = 16; the full-width
    /// separator at x 0. Baselines and tops do not move.
    @Test func aRightToLeftPostIsLaidOutMirrored() throws {
        let word = String(repeating: "a", count: 9)
        let text = Array(repeating: word, count: 20).joined(separator: " ")
        let item = RowItem(title: "Ada", subtitle: "@ada", text: text, time: "2h", counts: .init(replies: "3", likes: "1.2K"))
        let row = try #require(Self.post(item, height: 171, rtl: true))
        #expect(row.avatarCenter == Point(x: 357, y: 32))
        #expect(row.avatarInitial.x == 357 && row.avatarInitial.anchor == .middle)
        #expect(row.titlePlacement.x == 325 && row.titlePlacement.baseline == 27 && row.titlePlacement.anchor == .end)
        #expect(row.detailPlacement.x == 298.5 && row.detailPlacement.anchor == .end)
        #expect(row.timePlacement.x == 264.5 && row.timePlacement.anchor == .end)
        // Five lines, baselines 47 … 127, 20 pt apart.
        #expect(row.linePlacements.map(\.baseline) == [47, 67, 87, 107, 127])
        #expect(row.linePlacements.allSatisfy { $0.x == 325 && $0.anchor == .end })
        Self.expectFrame(row.actions[0].glyph, 307, 140, 18, 18)
        Self.expectFrame(row.actions[4].glyph, 16, 140, 18, 18)
        #expect(row.actions[0].countPlacement.x == 303 && row.actions[0].countPlacement.anchor == .end)
        Self.expectFrame(row.separator, 0, 171 - 1.0 / 3, 393, 1.0 / 3)
    }

    /// iPhone 15 is 3×: the separator under a post is one pixel, 1/3 pt.
    @Test func aPostsSeparatorIsOnePixel() throws {
        let row = try #require(Self.post(RowItem(title: "Ada", text: "Hi"), height: 111))
        expectClose(row.separatorThickness, 1.0 / 3, 1e-12)
    }
}
