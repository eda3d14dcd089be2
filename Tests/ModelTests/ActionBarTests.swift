import TabStageLayout
import TabStageModel
import TabStageTestSupport
import Testing

/// A post's action bar keeps every count whole: today's fixed slots while the counts fit them,
/// the items at their measured widths with the room left spread between them when one would be
/// cut. Numbers worked out by hand with `FixedAdvanceMeasurer(advance: 0.6)`: 0.6 × 19 = 11.4 pt a
/// character in footnote at XXXL (the bar's size from XXXL on), 0.6 × 13 = 7.8 pt at L.
@Suite struct ActionBarTests {
    static let wide = FixedAdvanceMeasurer(advance: 0.6)
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    /// The third post of Examples/variants.yaml.
    static let item = RowItem(
        title: "Jane Appleseed", subtitle: "@jane",
        text: "A sticky tab bar should keep the selected tab in view, and centre it when it can.",
        time: "1d", counts: RowItem.Counts(replies: "8", reposts: "30", likes: "1.2K", views: "40K"))

    static func row(
        _ item: RowItem = item, width: Double = 402, category: ContentSizeCategory, measuring: some TextMeasuring = wide
    ) throws -> RowContentLayout {
        let height = try #require(
            RowContentLayout.fittingHeight(.post, item: item, width: width, textCategory: category, measuring: measuring))
        return RowContentLayout.laidOut(.post, item: item, width: width, height: height, textCategory: category, measuring: measuring)
    }

    /// The variants post at AX3 in a 402 pt phone: text at 16 + 40 + 12 = 68, a 402 − 68 − 16 =
    /// 318 pt column; footnote 19 pt, glyphs round(19 × 18 / 13) = 26 pt. The fixed slots are
    /// (318 − 26) / 4 = 73 pt apart and leave a count 73 − 26 − 8 = 39 pt: "1.2K" is 4 × 11.4 =
    /// 45.6 pt, which would be cut. So the items take their widths: reply 26 + 4 + 11.4 = 41.4,
    /// repost 26 + 4 + 22.8 = 52.8, like 26 + 4 + 45.6 = 75.6, views 26 + 4 + 34.2 = 64.2, share
    /// 26; 260 pt in all, (318 − 260) / 4 = 14.5 pt between them. Glyphs at 68, 68 + 41.4 + 14.5
    /// = 123.9, 123.9 + 52.8 + 14.5 = 191.2, 191.2 + 75.6 + 14.5 = 281.3 and 281.3 + 64.2 + 14.5
    /// = 360 = 68 + 318 − 26 (share at the column's end); "1.2K" whole at 191.2 + 26 + 4 = 221.2,
    /// 45.6 pt wide.
    @Test func aCountTooWideForItsSlotIsPlacedWhole() throws {
        let row = try Self.row(category: .AX3)
        #expect(row.actions.map { $0.count?.text } == ["8", "30", "1.2K", "40K", nil])
        #expect(row.actions.allSatisfy { $0.count?.isTruncated != true })
        for (action, x) in zip(row.actions, [68, 123.9, 191.2, 281.3, 360]) {
            expectClose(action.glyph.x, x, 1e-9)
            expectClose(action.glyph.width, 26, 1e-9)
        }
        let like = row.actions[2]
        expectClose(like.countPlacement.x, 221.2, 1e-9)
        expectClose(like.count?.width ?? .nan, 45.6, 1e-9)
        #expect(like.countPlacement.anchor == .start)
    }

    /// At the default size the same post keeps today's slots: glyphs round(13 × 18 / 13) = 18
    /// pt, (318 − 18) / 4 = 75 pt apart from 68 (68, 143, 218, 293), share at 68 + 300 = 368; a
    /// count has 75 − 18 − 8 = 49 pt and "1.2K" takes 4 × 7.8 = 31.2, so nothing moves: its count
    /// at 218 + 18 + 4 = 240.
    @Test func countsThatFitTheirSlotsKeepTheSlots() throws {
        let row = try Self.row(category: .L)
        for (action, x) in zip(row.actions, [68.0, 143, 218, 293, 368]) {
            expectClose(action.glyph.x, x, 1e-9)
            expectClose(action.glyph.width, 18, 1e-9)
        }
        #expect(row.actions[2].countPlacement.x == 240)
        #expect(row.actions.map { $0.count?.text } == ["8", "30", "1.2K", "40K", nil])
    }

    /// Right to left the bar is mirrored in the 402 pt row, each text anchored at its end: at
    /// XXXL (a fixed 300 pt row keeps the text there; the bar is the same as at AX3) the glyphs
    /// go to 402 − x − 26: 402 − 68 − 26 = 308, 402 − 123.9 − 26 = 252.1, 402 − 191.2 − 26 =
    /// 184.8, 402 − 281.3 − 26 = 94.7, share 402 − 360 − 26 = 16; "1.2K" ends at 402 − 221.2 =
    /// 180.8.
    @Test func aRightToLeftBarIsMirrored() throws {
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 3, rowHeight: .fixed(300)))])
        let look = Look(
            header: HeaderContent(title: "J", subtitle: "@j"), rowContent: [RowContent(template: .post, items: [Self.item])])
        var window = Fixtures.window("iphone-17", settings: DisplaySettings(contentSizeCategory: .XXXL))
        window.traits.layoutDirection = .rtl
        let layout = StageLayout(StageState(window: window, container: config), look: look, measuring: Self.wide)
        let row = try #require(layout.pages.pages.first?.rows.first?.content)
        for (action, x) in zip(row.actions, [308, 252.1, 184.8, 94.7, 16]) {
            expectClose(action.glyph.x, x, 1e-9)
        }
        expectClose(row.actions[2].countPlacement.x, 180.8, 1e-9)
        #expect(row.actions.allSatisfy { $0.countPlacement.anchor == .end })
        #expect(row.actions[2].count?.text == "1.2K")
    }

    /// When even the measured widths do not fit, the longest count is cut, only by what does not
    /// fit. A 265 pt row at L (half: 6.5 pt a character) has a 265 − 68 − 16 = 181 pt column;
    /// the slots leave (181 − 18) / 4 − 26 = 14.75 pt, too little for "1.2K" (26). Whole, the
    /// items are 28.5 + 35 + 48 + 41.5 + 18 = 171 pt, 171 + 4 × 4 − 181 = 6.5 pt too many: "1.2K"
    /// gets 26 − 6.5 = 19.5 pt, "1.…" (3 × 6.5 = 19.5). Then 164.5 pt of items and (181 − 164.5)
    /// / 4 = 4.125 pt between them: glyphs at 68, 68 + 32.625 = 100.625, 68 + 71.75 = 139.75,
    /// 139.75 + 41.5 + 4.125 = 185.375 and 68 + 163 = 231 (share at the end); the others whole.
    @Test func onlyTheLongestCountIsCutWhenNothingElseFits() throws {
        let row = try Self.row(width: 265, category: .L, measuring: Self.half)
        #expect(row.actions.map { $0.count?.text } == ["8", "30", "1.…", "40K", nil])
        for (action, x) in zip(row.actions, [68, 100.625, 139.75, 185.375, 231]) {
            expectClose(action.glyph.x, x, 1e-9)
            expectClose(action.glyph.width, 18, 1e-9)
        }
    }

    /// At every size, in a 402 pt phone, the variants' counts are whole and each ends at least
    /// 4 pt before the next glyph.
    @Test func noCountIsCutOrOverlapsAtAnySize() throws {
        for category in ContentSizeCategory.allCases {
            let row = try Self.row(category: category)
            #expect(row.actions.allSatisfy { $0.count?.isTruncated != true }, "\(category)")
            for (action, next) in zip(row.actions, row.actions.dropFirst()) {
                let end = action.countPlacement.x + (action.count?.width ?? -4)
                #expect(end + 4 <= next.glyph.x + 1e-9, "\(category)")
            }
        }
    }
}
