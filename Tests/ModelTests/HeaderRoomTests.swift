import TabStageLayout
import TabStageModel
import TabStageTestSupport
import Testing

/// Room in the profile header and in post rows, with frames worked out by hand (7.5 pt a
/// character at 15 pt, 11 pt at the name's 22 pt, title2): the name takes the full width under the avatar and
/// button row, content pushed below the expanded header is a warning that names the height it
/// needs, and a post picture is never a band.
@Suite struct HeaderRoomTests {
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    static func stage(
        _ device: String = "iphone-15", _ mode: Multitasking = .full, category: ContentSizeCategory = .L, height: Double = 300,
        title: String, content: HeaderContent
    ) -> (state: StageState, look: Look) {
        let config = ContainerConfig(
            header: HeaderConfig(height: height, minHeight: 44),
            tabs: ["Posts", "Likes"].map { TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100))) })
        let window = Fixtures.window(device, .portrait, mode, settings: DisplaySettings(contentSizeCategory: category))
        let look = Look(
            header: HeaderContent(
                title: title, subtitle: "@ravi", bio: content.bio, bioLines: content.bioLines, stats: content.stats,
                verified: content.verified))
        return (StageState(window: window, container: config), look)
    }

    /// The layout of a `stage(...)`, scrolled to `offset` when given.
    static func layout(_ stage: (state: StageState, look: Look), scrolledTo offset: Double? = nil) -> StageLayout {
        let state = offset.map { Fixtures.apply(stage.state, .scroll(to: $0)) } ?? stage.state
        return StageLayout(state, look: stage.look, measuring: half)
    }

    static func frame(_ name: String, in layout: StageLayout) -> Rect? {
        layout.elements.first { $0.name == name }?.frame
    }

    static func expectFrame(_ frame: Rect?, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        expectClose(frame?.x ?? .nan, x, 1e-6)
        expectClose(frame?.y ?? .nan, y, 1e-6)
        expectClose(frame?.width ?? .nan, width, 1e-6)
        expectClose(frame?.height ?? .nan, height, 1e-6)
    }

    // MARK: the name beside the button

    /// iPhone 15 (393 pt, safe top 59), a 300 pt header: the cover ends at 59 + 0.38 × 241 =
    /// 150.58. Follow: 96 × 32 pt (6 × 7.5 + 32 = 77 is less) at x 393 − 16 − 96 = 281, y
    /// 160.58, bottom 192.58. The text starts at 180.58, the name's (title2, 22 pt) baseline
    /// would be 180.58 + 6 + 22 = 208.58; the 20 pt badge (0.9 × 22 = 19.8, rounded) centred
    /// 7.92 pt above it reaches 17.92 pt above the baseline, to 190.66: the button's bottom
    /// reaches 1.92 pt into the line, while its middle (176.58) is above it. So the line moves
    /// under the button (baseline 192.58 + 17.92 = 210.5, box from 210.5 − 16.5 = 194) and the
    /// name gets the full 393 − 32 − 24 = 337 pt: 25 characters, 275 pt, fit.
    @Test func theNameUsesTheFullWidthUnderTheButtonsRow() throws {
        let layout = Self.layout(Self.stage(title: "Ravi Kumar-Lindqvist-Berg", content: HeaderContent(verified: true)))
        Self.expectFrame(Self.frame("follow", in: layout), 281, 160.58, 96, 32)
        Self.expectFrame(Self.frame("title", in: layout), 16, 194, 275, 22)
        Self.expectFrame(Self.frame("verified", in: layout), 295, 192.58, 20, 20)
        let title = try #require(layout.header.texts.first { $0.element == "title" })
        #expect(title.fitted.text == "Ravi Kumar-Lindqvist-Berg" && !title.fitted.isTruncated)
        // The handle 15 + 5 pt lower, the counts 15 + 6 pt below it: all inside the 300 pt header.
        expectClose(layout.header.texts.first { $0.element == "stats" }?.baseline ?? 0, 251.5, 1e-6)
        #expect(layout.warnings.isEmpty)
    }

    /// AX3: the header's button scales by 1.5 (28 / 17 = 1.65, held to 1.5 as rows are), its
    /// text stops at XXXL (title2 28 pt). A 340 pt header: the cover ends at 59 + 0.38 × 281 =
    /// 165.78. Follow is 96 × 1.5 = 144 by 48 at x 393 − 16 − 144 = 233, y 175.78, bottom
    /// 223.78, middle 199.78. The 28 pt name's 25 pt badge (0.9 × 28 = 25.2, rounded) reaches
    /// 0.36 × 28 + 12.5 = 22.58 pt above the baseline, so the line would start at 165.78 + 30 +
    /// 6 + 28 − 22.58 = 207.2: below the button's middle, above its bottom. The name moves under
    /// it (baseline 223.78 + 22.58 = 246.36, box from 246.36 − 21 = 225.36) and gets 361 − 29 =
    /// 332 pt: "Ravi Kumar-Lindqvist" is 20 × 14 = 280 pt and fits.
    @Test func atAX3TheNameStillTakesTheFullWidth() throws {
        let layout = Self.layout(
            Self.stage(category: .AX3, height: 340, title: "Ravi Kumar-Lindqvist", content: HeaderContent(stats: [], verified: true)))
        Self.expectFrame(Self.frame("follow", in: layout), 233, 175.78, 144, 48)
        Self.expectFrame(Self.frame("title", in: layout), 16, 225.36, 280, 28)
        Self.expectFrame(Self.frame("verified", in: layout), 300, 223.78, 25, 25)
        let title = try #require(layout.header.texts.first { $0.element == "title" })
        #expect(title.fitted.text == "Ravi Kumar-Lindqvist" && !title.fitted.isTruncated)
        #expect(layout.warnings.isEmpty)
    }

    /// iPad Pro 11" in a one-third window: 320 pt wide, safe top 24. The cover ends at 24 + 0.38
    /// × 276 = 128.88; Follow at x 320 − 16 − 96 = 208, y 138.88, bottom 170.88. Without a
    /// badge the name's box (three quarters of 22 pt above the baseline 158.88 + 28 = 186.88)
    /// starts at 170.38, 0.5 pt above the button's bottom (the tolerance, which pushes): the
    /// baseline moves to 170.88 + 16.5 = 187.38 and the name gets 320 − 32 = 288 pt, so "Ravi
    /// Kumar-Lindqvist" (20 × 11 = 220 pt) fits.
    @Test func inTheOneThirdIPadWindowTheNameIsNotCut() throws {
        let layout = Self.layout(Self.stage("ipad-pro-11", .oneThird, title: "Ravi Kumar-Lindqvist", content: HeaderContent()))
        expectClose(layout.header.cover.maxY, 128.88, 1e-6)
        Self.expectFrame(Self.frame("follow", in: layout), 208, 138.88, 96, 32)
        Self.expectFrame(Self.frame("title", in: layout), 16, 170.88, 220, 22)
        let title = try #require(layout.header.texts.first { $0.element == "title" })
        #expect(title.fitted.text == "Ravi Kumar-Lindqvist")
        #expect(layout.warnings.isEmpty)
    }

    /// The rule itself: a button whose middle lies in the name's line shares it (the name stops
    /// 8 pt before it); one only grazing the line pushes the name under it; one clear of it
    /// changes nothing.
    @Test func theNameLeavesRoomOnlyForAButtonOnItsLine() {
        // Line box for baseline 100 + 6 + 20 = 126 and ascent 15: 111...131.
        let beside = HeaderLayout.nameLine(
            top: 100, nameSize: 20, ascent: 15, room: 300, button: Rect(x: 200, y: 105, width: 96, height: 32))
        #expect(beside.baseline == 126 && beside.room == 196)
        let above = HeaderLayout.nameLine(
            top: 100, nameSize: 20, ascent: 15, room: 300, button: Rect(x: 200, y: 80, width: 96, height: 32))
        #expect(above.baseline == 127 && above.room == 300)
        let clear = HeaderLayout.nameLine(
            top: 100, nameSize: 20, ascent: 15, room: 300, button: Rect(x: 200, y: 70, width: 96, height: 32))
        #expect(clear.baseline == 126 && clear.room == 300)
        let none = HeaderLayout.nameLine(top: 100, nameSize: 20, ascent: 15, room: 300, button: nil)
        #expect(none.baseline == 126 && none.room == 300)
    }

    // MARK: content below the expanded header

    /// Nine-letter words, four to a 361 pt bio line (39 characters of 48).
    static let bio = (0..<12).map { String(repeating: String(UnicodeScalar(UInt8(97 + $0))), count: 9) }.joined(separator: " ")

    /// iPhone 15, 300 pt header, a three-line bio: the name's box starts 0.5 pt above Follow's
    /// bottom (192.58), so its baseline is 192.58 + 16.5 = 209.08; handle 229.08; bio 253.08
    /// (20 + 4 below), 273.08, 293.08 (subheadline's 20 pt lines; the last ends at 296.83,
    /// inside); counts 293.08 + 15 + 10 = 318.08, box 306.83...321.83, wholly below the 300 pt
    /// bottom. They sit 321.83 − 150.58 = 171.25 pt under the cover's bottom, and the cover
    /// takes 0.38 of every point added, so the header needs 59 + 171.25 / 0.62 = 335.21, at
    /// least 336 pt.
    @Test func countsPushedWhollyBelowTheHeaderWarnWithTheHeightItNeeds() {
        let content = HeaderContent(bio: Self.bio, bioLines: 3)
        let layout = Self.layout(Self.stage(title: "Ravi", content: content))
        Self.expectFrame(Self.frame("stats", in: layout), 16, 306.83, 35 * 7.5, 15)
        let expected = LayoutWarning(
            element: "stats", kind: .overlap,
            text: "stats is hidden under the tab bar: its area is too short (header.height needs at least 336 pt, or height: fit)")
        #expect(layout.warnings == [expected])

        // Collapsed, the profile scrolls under the navigation bar: the counts are still the one
        // fault (they stay 21.83 pt below the moving bottom), the name, handle and bio are not.
        let start = Self.stage(title: "Ravi", content: content)
        let collapsed = Self.layout(start, scrolledTo: start.state.container.geometry.collapsedOffsetY + 40)
        #expect(collapsed.warnings == [expected])

        // 336 pt holds them: the cover ends at 59 + 0.38 × 277 = 164.26, the counts at 335.51.
        let tall = Self.layout(Self.stage(height: 336, title: "Ravi", content: content))
        expectClose(Self.frame("stats", in: tall).map(\.maxY) ?? 0, 335.51, 1e-6)
        #expect(tall.warnings.isEmpty)
        let tallStart = Self.stage(height: 336, title: "Ravi", content: content)
        let tallCollapsed = Self.layout(tallStart, scrolledTo: tallStart.state.container.geometry.collapsedOffsetY + 40)
        #expect(tallCollapsed.warnings.isEmpty)
    }

    /// iPhone 15 in landscape (852 × 393, no top inset): the side column's cover ends at
    /// max(60, 0.34 × 393) = 133.62, the text starts at 163.62: name 163.62 + 6 + 22 = 191.62,
    /// handle 211.62, the first count 211.62 + 15 + 6 = 232.62, each next 15 + 5 lower: the
    /// ninth at 392.62 (box 381.37...396.37, 3.4 pt past the screen's 393), the tenth at 412.62
    /// (box 401.37...416.37, wholly past it). Follow goes 12 pt under it, at 428.37: off the screen.
    @Test func theSideColumnsContentPastTheScreensBottomIsAWarningNotSilence() {
        let content = HeaderContent(stats: (1...10).map { Stat(value: "\($0)", label: "") })
        let config = ContainerConfig(
            header: HeaderConfig(height: 300, minHeight: 44),
            tabs: ["Posts", "Likes"].map { TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100))) })
        var look = Look(header: content)
        look.header.title = "Ravi"
        look.header.subtitle = "@ravi"
        let stage = StageState(window: Fixtures.window("iphone-15", .landscape), container: config)
        let layout = StageLayout(stage, look: look, measuring: Self.half)
        #expect(layout.header.placement == .side)
        expectClose(Self.frame("follow", in: layout)?.y ?? 0, 428.37, 1e-6)
        let hint = "(the side column is as tall as the screen: a lower bioLines or fewer stats)"
        #expect(
            layout.warnings.contains(
                LayoutWarning(
                    element: "follow", kind: .overlap,
                    text: "follow is hidden under the screen's bottom edge: its area is too short \(hint)")))
        #expect(
            layout.warnings.contains(
                LayoutWarning(
                    element: "stats", kind: .overlap,
                    text: "stats runs 3.4 pt under the screen's bottom edge: its area is too short \(hint)")))
        #expect(
            layout.warnings.contains(
                LayoutWarning(
                    element: "stats", kind: .overlap, text: "stats is hidden under the screen's bottom edge: its area is too short \(hint)")
            ))
    }

    @Test func anElementWhollyBelowItsAreaIsHiddenUnderWhatIsThere() {
        // Clipped to 0...100: drawn at 104...120, nothing of it shows; scrolled wholly above
        // the clip (−40...−20) it is fine.
        let clip = Rect(x: 0, y: 0, width: 375, height: 100)
        let hidden = LaidOutElement(
            "stats", frame: Rect(x: 16, y: 104, width: 100, height: 16), clip: clip, underneath: "the tab bar", fix: "more room")
        let scrolledAway = LaidOutElement(
            "title", frame: Rect(x: 16, y: -40, width: 100, height: 20), clip: clip, underneath: "the tab bar")
        #expect(
            ElementCheck.warnings([hidden, scrolledAway]) == [
                LayoutWarning(
                    element: "stats", kind: .overlap, text: "stats is hidden under the tab bar: its area is too short (more room)")
            ])
    }

    // MARK: post pictures

    static func post(_ device: String, height: Double, rtl: Bool = false) -> RowContentLayout? {
        let picture = EmbeddedImage(width: 4, height: 3, dataURI: "data:image/png;base64,")
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 3, rowHeight: .fixed(height)))])
        let look = Look(
            header: HeaderContent(title: "J", subtitle: "@j"),
            rowContent: [RowContent(template: .post, items: [RowItem(title: "Ada", text: "Harbour", image: picture)])])
        var window = Fixtures.window(device)
        if rtl { window.traits.layoutDirection = .rtl }
        let layout = StageLayout(StageState(window: window, container: config), look: look, measuring: Self.half)
        return layout.pages.pages.first?.rows.first?.content
    }

    /// iPad Pro 11" (834 pt): the text column is 834 − 68 − 16 = 750 pt, the picture is capped
    /// at 516 pt and cropped to 16:9: 516 × 9 / 16 = 290.25 pt. One line of text: the name's
    /// baseline 12 + 15 = 27, the line's 47, the picture 8 pt below it at 55; then 8 pt, the
    /// 20 pt action bar and 12 pt: the row needs 55 + 290.25 + 40 = 385.25 pt. A 400 pt row shows
    /// it at (68, 55, 516, 290.25), the spare 14.75 pt below the action bar.
    @Test func anIPadPostPictureIsCappedAndNeverABand() throws {
        let row = try #require(Self.post("ipad-pro-11", height: 400))
        Self.expectFrame(row.image, 68, 55, 516, 290.25)
        #expect(row.leftOutPicture == nil && row.lines == ["Harbour"])
        expectClose(row.actions[0].glyph.y, 55 + 290.25 + 8 + 1, 1e-9)
    }

    /// A 180 pt row is too short even with one line, so the picture is left out and the row
    /// needs 385.25 pt; one warning for the tab, at its first row.
    @Test func aRowTooShortForItsPictureLeavesItOutAndWarns() throws {
        let row = try #require(Self.post("ipad-pro-11", height: 180))
        #expect(row.image == nil && row.lines == ["Harbour"])
        #expect(row.leftOutPicture?.width == 516 && row.leftOutPicture?.rowHeight == 385.25)
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 5, rowHeight: .fixed(180)))])
        let look = Look(
            header: HeaderContent(title: "J", subtitle: "@j"),
            rowContent: [
                RowContent(
                    template: .post,
                    items: [
                        RowItem(title: "Ada", text: "Harbour", image: EmbeddedImage(width: 4, height: 3, dataURI: "data:image/png;base64,"))
                    ])
            ])
        let layout = StageLayout(
            StageState(window: Fixtures.window("ipad-pro-11"), container: config), look: look, measuring: Self.half)
        #expect(
            layout.warnings == [
                LayoutWarning(
                    element: "row-0-0", kind: .truncated,
                    text:
                        "the posts of 'Posts' leave out their pictures: a 180 pt row is too short for a 516 pt wide picture at 16:9 under the text, which needs 385.3 pt (rowHeight)"
                )
            ])
    }

    /// iPhone 15: the column is 393 − 84 = 309 pt, under the cap; 16:9 is 173.8125 pt, so the
    /// row needs 55 + 173.8125 + 40 = 268.8125 pt: a 269 pt row shows it at (68, 55, 309,
    /// 173.8125) and a 268 pt one does not. Right to left the picture is laid out where it is
    /// drawn, 393 − 68 − 309 = 16 from the left.
    @Test func anIPhonePostPictureSpansTheColumnAtSixteenByNine() throws {
        let fits = try #require(Self.post("iphone-15", height: 269))
        Self.expectFrame(fits.image, 68, 55, 309, 173.8125)
        Self.expectFrame(try #require(Self.post("iphone-15", height: 269, rtl: true)).image, 16, 55, 309, 173.8125)
        let short = try #require(Self.post("iphone-15", height: 268))
        #expect(short.image == nil && short.leftOutPicture?.width == 309)
        expectClose(short.leftOutPicture?.rowHeight ?? 0, 268.8125, 1e-6)
    }
}
