import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import Testing

/// iOS's text styles: Apple's Dynamic Type table per category, the style every element names,
/// tabular digits in counts and times, and the writing direction of right-to-left text.
@Suite struct TextStyleTests {
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    @Test func sizesFollowApplesTablePerCategory() {
        // Body runs 14 (XS) … 17 (L) … 53 (AX5), on 19 … 22 … 62 pt lines.
        #expect(TextStyle.body.font(for: .XS).size == 14)
        #expect(TextStyle.body.font(for: .L).size == 17 && TextStyle.body.font(for: .L).lineHeight == 22)
        #expect(TextStyle.body.font(for: .AX5).size == 53 && TextStyle.body.font(for: .AX5).lineHeight == 62)
        // Title 2: 19 on 24 at XS, 22 on 28 at L, 56 on 66 at AX5.
        #expect(TextStyle.title2.font(for: .XS).size == 19 && TextStyle.title2.font(for: .XS).lineHeight == 24)
        #expect(TextStyle.title2.font(for: .L).size == 22 && TextStyle.title2.font(for: .L).lineHeight == 28)
        #expect(TextStyle.title2.font(for: .AX5).size == 56)
        // The captions do not go below 11 pt: caption2 is 11 from XS to L, then 13 at XL.
        for category in [ContentSizeCategory.XS, .S, .M, .L] { #expect(TextStyle.caption2.font(for: category).size == 11) }
        #expect(TextStyle.caption2.font(for: .XL).size == 13)
        // Footnote is 12 at XS, S and M, 13 at L, 19 at XXXL.
        #expect(TextStyle.footnote.font(for: .M).size == 12 && TextStyle.footnote.font(for: .XXXL).size == 19)
        // At L the eleven styles are 34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11.
        #expect(TextStyle.all.map { $0.font(for: .L).size } == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
        // Every style grows (or stays) from one category to the next.
        for style in TextStyle.all {
            let sizes = ContentSizeCategory.allCases.map { style.font(for: $0).size }
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style.name)")
        }
    }

    @Test func weightsAndEmphasis() {
        // Regular everywhere but headline, which is semibold; titles emphasize to bold, the rest to semibold.
        #expect(TextStyle.all.filter { $0.weight != 400 }.map(\.name) == [.headline])
        #expect(TextStyle.headline.font(for: .L).weight == 600)
        #expect(TextStyle.title2.font(for: .L).emphasized.weight == 700)
        #expect(TextStyle.subheadline.font(for: .L).emphasized.weight == 600)
        #expect(TextStyle.subheadline.font(for: .L).emphasized.isBold)
        #expect(!TextStyle.body.font(for: .L).isBold)
    }

    @Test func trackingFromSFProsTable() {
        // Thousandths of an em times the size, to 0.01 pt: body 17 × −26 = −0.442 → −0.44;
        // subheadline 15 × −16 = −0.24; caption1 12 × 0 = 0; caption2 11 × 6 = 0.066 → 0.07;
        // title2 22 × −12 = −0.264 → −0.26; largeTitle 34 × 12 = 0.408 → 0.41.
        #expect(TextStyle.body.font(for: .L).tracking == -0.44)
        #expect(TextStyle.subheadline.font(for: .L).tracking == -0.24)
        #expect(TextStyle.caption1.font(for: .L).tracking == 0)
        #expect(TextStyle.caption2.font(for: .L).tracking == 0.07)
        #expect(TextStyle.title2.font(for: .L).tracking == -0.26)
        #expect(TextStyle.largeTitle.font(for: .L).tracking == 0.41)
        // 55 pt (title3 at AX5) is between the table's rows 54 and 56 and takes 54's: 55 × 6 = 0.33.
        #expect(TextStyle.title3.font(for: .AX5).tracking == 0.33)
    }

    static func layout(_ category: ContentSizeCategory, rtl: Bool = false, bio: String = "") -> StageLayout {
        let config = ContainerConfig(
            header: HeaderConfig(height: 300, minHeight: 44),
            tabs: ["Posts", "Likes"].map { TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100))) })
        let settings = DisplaySettings(contentSizeCategory: category, layoutDirection: rtl ? .rtl : .ltr)
        let stage = StageState(window: Fixtures.window("iphone-15", settings: settings), container: config)
        let look = Look(header: HeaderContent(title: "Jane Appleseed", subtitle: "@jane", bio: bio))
        return StageLayout(stage, look: look, measuring: half)
    }

    static func text(_ element: String, in layout: StageLayout) -> HeaderText? {
        layout.header.texts.first { $0.element == element }
    }

    @Test func everyElementNamesItsStyle() {
        let l = Self.layout(.L, bio: "Building tab containers.")
        // Header: name title2 bold 22, handle and bio subheadline 15, counts subheadline with tabular digits.
        #expect(Self.text("title", in: l)?.font == TextStyle.title2.font(for: .L).weight(700))
        #expect(Self.text("subtitle", in: l)?.font == TextStyle.subheadline.font(for: .L))
        #expect(Self.text("bio", in: l)?.font == TextStyle.subheadline.font(for: .L))
        #expect(Self.text("stats", in: l)?.font.style == .subheadline)
        #expect(Self.text("stats", in: l)?.font.tabularDigits == true)
        #expect(l.header.followFont == TextStyle.subheadline.font(for: .L).weight(600))
        #expect(l.header.navigationTitleFont == TextStyle.headline.font(for: .L))
        #expect(l.tabBar.font == TextStyle.subheadline.font(for: .L).weight(600))
        #expect(PresentedListLayout.titleFont.style == .headline && PresentedListLayout.rowFont.style == .body)
        #expect(PrimaryColumnLayout.titleFont == TextStyle.largeTitle.font(for: .L).weight(700))
        // The name's line: text top (cover 59 + 0.38 × (300 − 59) = 150.58, + the 30 pt avatar
        // radius = 180.58) + 6 + 22 = 208.58, its box from 208.58 − 0.75 × 22 = 192.08. The
        // 32 pt button 10 pt under the cover ends at 192.58, 0.5 pt into it: the name goes just
        // below it, 192.58 + 16.5 = 209.08; the handle one subheadline (15) + 5 below.
        expectClose(Self.text("title", in: l)?.baseline ?? .nan, 209.08, 1e-9)
        expectClose(Self.text("subtitle", in: l)?.baseline ?? .nan, 229.08, 1e-9)
        // The bio's first line: subheadline's 20 pt line height + 4 below the handle.
        expectClose(Self.text("bio", in: l)?.baseline ?? .nan, 253.08, 1e-9)
    }

    @Test func categoriesScaleTextWithinTheirRoom() {
        // XS: the name is title2 at XS (19), the tab titles subheadline at XS (12).
        let xs = Self.layout(.XS)
        #expect(Self.text("title", in: xs)?.size == 19)
        #expect(xs.tabBar.fontSize == 12)
        // AX5: tab titles stop at AX1 (subheadline 25), header text at XXXL (title2 28,
        // subheadline 21); the collapsed navigation title is headline at XXXL (23).
        let ax5 = Self.layout(.AX5)
        #expect(ax5.tabBar.fontSize == 25)
        #expect(Self.text("title", in: ax5)?.size == 28)
        #expect(Self.text("subtitle", in: ax5)?.size == 21)
        #expect(ax5.header.navigationTitleSize == 23)
    }

    static func svg(rtl: Bool, bio: String, title: String = "Jane Appleseed") -> String {
        let config = ContainerConfig(
            header: HeaderConfig(height: 300, minHeight: 44),
            tabs: ["Posts", "Likes"].map { TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100))) })
        let settings = DisplaySettings(layoutDirection: rtl ? .rtl : .ltr)
        let stage = StageState(window: Fixtures.window("iphone-15", settings: settings), container: config)
        let look = Look(header: HeaderContent(title: title, subtitle: "@jane", bio: bio))
        return SVGSnapshot.svg(stage, look: look, measuring: half)
    }

    /// The `<text …>` opening tag of the element with `id`.
    static func tag(_ id: String, in svg: String) -> String? {
        guard let start = svg.range(of: "<text id=\"\(id)\"") else { return nil }
        return String(svg[start.lowerBound..<(svg[start.upperBound...].firstIndex(of: ">") ?? svg.endIndex)])
    }

    @Test func svgTextCarriesItsStyle() {
        let svg = Self.svg(rtl: false, bio: "Hello.")
        #expect(svg.contains("font-family=\"Inter, sans-serif\""))
        // The name: title2 bold, 22 pt, tracking 22 × −12/1000 = −0.26.
        let name = Self.tag("title", in: svg) ?? ""
        #expect(name.contains("font-size=\"22\" font-weight=\"700\" letter-spacing=\"-0.26\""), "\(name)")
        #expect(name.hasSuffix("class=\"title2\""))
        // Counts: tabular digits, through the family that turns on tnum and the CSS property.
        let stats = Self.tag("stats", in: svg) ?? ""
        #expect(stats.contains("font-family=\"&apos;Inter Tabular&apos;, Inter, sans-serif\" font-variant-numeric=\"tabular-nums\""))
        // Tab titles: the selected one semibold, the other regular, both subheadline.
        #expect(Self.tag("tab-0", in: svg)?.contains("font-weight=\"600\"") == true)
        #expect(Self.tag("tab-1", in: svg)?.contains("font-weight") == false)
        #expect(Self.tag("tab-1", in: svg)?.hasSuffix("class=\"subheadline\"") == true)
        // Left to right: no direction written.
        #expect(!svg.contains("direction=\"rtl\""))
    }

    @Test func rightToLeftTextIsWrittenRightToLeft() {
        // A Hebrew bio in a right-to-left layout: written rtl, so "!" lands at its end (left);
        // its x is the right edge, now the logical start, so no text-anchor.
        let svg = Self.svg(rtl: true, bio: "שלום עולם!", title: "שירה כהן")
        let bio = Self.tag("bio", in: svg) ?? ""
        #expect(bio.contains("direction=\"rtl\""), "\(bio)")
        #expect(!bio.contains("text-anchor"))
        #expect(Self.tag("title", in: svg)?.contains("direction=\"rtl\"") == true)
        // The Latin handle keeps a left-to-right paragraph, right-aligned: text-anchor end, no direction.
        let handle = Self.tag("subtitle", in: svg) ?? ""
        #expect(!handle.contains("direction") && handle.contains("text-anchor=\"end\""), "\(handle)")
        // Counts start with digits and go on in Latin: left to right as well.
        #expect(Self.tag("stats", in: svg)?.contains("direction") == false)
        // A Hebrew bio in a left-to-right layout is still a right-to-left paragraph, anchored at its left edge.
        let ltr = Self.tag("bio", in: Self.svg(rtl: false, bio: "שלום עולם!")) ?? ""
        #expect(ltr.contains("direction=\"rtl\" text-anchor=\"end\""), "\(ltr)")
    }

    @Test func tabularDigitsAreWhatPangoMeasures() throws {
        // Inter's proportional 1 is narrower than its tabular 1; the measurer turns tnum on
        // through the same family the SVG names, and the renderer draws that width.
        let font = TextStyle.subheadline.font(for: .L)
        let proportional = TextMeasurer.shared.width(of: "1111", font: font)
        let tabular = TextMeasurer.shared.width(of: "1111", font: font.monospacedDigits)
        #expect(tabular > proportional + 1, "tabular \(tabular), proportional \(proportional)")
        // Tabular digits are all one width: "1111" and "0000" measure the same.
        expectClose(TextMeasurer.shared.width(of: "0000", font: font.monospacedDigits), tabular, 1e-9)
        // Semibold is its own face, between regular and bold.
        let regular = TextMeasurer.shared.width(of: "Highlights", font: font)
        let semibold = TextMeasurer.shared.width(of: "Highlights", font: font.weight(600))
        let bold = TextMeasurer.shared.width(of: "Highlights", font: font.weight(700))
        #expect(regular < semibold && semibold < bold, "\(regular) \(semibold) \(bold)")
        // Tracking adds its amount between characters, as Pango spaces letters for librsvg's
        // letter-spacing: −0.24 pt (−246 Pango units, −0.2402 pt) nine times in "Highlights" is 2.16 pt.
        var untracked = font
        untracked.tracking = 0
        expectClose(TextMeasurer.shared.width(of: "Highlights", font: untracked) - regular, 9 * 246 / 1024, 0.005)
    }
}
