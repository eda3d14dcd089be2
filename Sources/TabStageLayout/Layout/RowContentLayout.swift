import TabStageModel

/// One item of a post's action bar, in the row's coordinates as drawn (mirrored in
/// right-to-left layouts).
package struct PostAction: Sendable, Hashable {
    /// The actions, in the bar's order.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case reply, repost, like, views, share
    }
    /// Which action.
    package var kind: Kind
    /// The glyph's square.
    package var glyph: Rect
    /// The count after the glyph (secondary, tabular digits); nil without one.
    package var count: FittedText?
    /// Where the count is drawn: anchored at its leading edge, 4 pt after the glyph.
    package var countPlacement: PlacedText
}

/// Where a data row's text and picture go, in the row's own coordinates as drawn: mirrored in
/// right-to-left layouts, each text anchored at its leading edge (its right edge in
/// right-to-left), so the painter draws the frames as they are. Built-in templates only; a
/// Mustache template lays out its own row.
public struct RowContentLayout: Sendable, Hashable {
    /// The post's name, the plain row's title or the media row's caption.
    package var title: FittedText?
    /// The handle after a post's name (cut first when the line is short), or the subtitle
    /// line (plain).
    package var detail: FittedText?
    /// "· 2h" after a post's handle, whole; nil without a time.
    package var time: FittedText?
    /// Where `time` is drawn (in `detailFont`).
    package var timePlacement: PlacedText
    /// A post's action bar: reply, repost, like, views and share, each a glyph and a count.
    package var actions: [PostAction] = []
    /// The action bar's counts: footnote with tabular digits.
    public var actionFont: TextFont
    /// The bottom separator's thickness: one pixel at the display's scale under a post
    /// (1/3 pt at 3×), 0.5 pt under a plain row.
    public var separatorThickness = 0.5
    /// The bottom separator as drawn: `separatorThickness` tall along the row's bottom, from
    /// `separatorInset` on the leading side to the trailing edge; nil for media rows, which
    /// run edge to edge.
    public var separator: Rect?
    /// Post text lines the row had no room for (its last line shown ends in "…"): the least
    /// row height that shows every line (and the picture), or nil when nothing is cut.
    public var textCutNeeds: Double?
    /// Where `title` is drawn: its leading edge, baseline and font (`titleFont`).
    package var titlePlacement: PlacedText
    /// Where `detail` is drawn (in `detailFont`).
    package var detailPlacement: PlacedText
    /// A post's text, wrapped at word boundaries: every line it has while the row holds them
    /// (see `postHeight`); the last line ends in "…" when the row cuts it.
    public var lines: [String]
    /// Where each of `lines` is drawn (in `textFont`), `lineHeight` apart.
    package var linePlacements: [PlacedText] = []
    /// Baseline to baseline of the text lines.
    public var lineHeight: Double
    /// The picture's frame (post: under the text; media: the whole row); nil without one.
    public var image: Rect?
    /// The post's avatar: centre and radius.
    public var avatarCenter: Point
    /// The avatar's radius.
    public var avatarRadius: Double
    /// A post's initial inside its avatar: centred, its baseline 0.35 × the radius below the
    /// centre, in the monogram face at the radius.
    package var avatarInitial: PlacedText {
        PlacedText(
            x: avatarCenter.x, baseline: avatarCenter.y + avatarRadius * 0.35, anchor: .middle,
            font: TextStyle.headline.font(for: .L).monogram(size: avatarRadius))
    }
    /// The fonts used, so the painter draws what was measured. The title's: subheadline
    /// semibold (post name, media caption) or body (plain row).
    public var titleFont: TextFont
    /// The detail line's: subheadline (tabular digits in a post's "handle · time").
    public var detailFont: TextFont
    /// The post text's: subheadline.
    public var textFont: TextFont
    /// The title's size in points.
    public var titleSize: Double { titleFont.size }
    /// The detail line's size in points.
    public var detailSize: Double { detailFont.size }
    /// The post text's size in points.
    public var textSize: Double { textFont.size }
    /// The Dynamic Type category the row's text is drawn at: the window's in a self-sizing row,
    /// up to XXXL in a row of a fixed height (`StageLayout.rowTextCategory(_:rowHeight:)`).
    public var textCategory: ContentSizeCategory

    /// A plain row's subtitle did not fit under its title at this row height, so only the
    /// title is drawn (`plainTwoLineHeight` is the least height that holds both).
    public var subtitleDropped = false
    /// A post's picture that the row is too short to show at 16:9 under the text, so it is
    /// left out (nil when it shows or there is none).
    public var leftOutPicture: LeftOutPicture?

    /// What a post row left out, and what would show it.
    public struct LeftOutPicture: Sendable, Hashable {
        /// The width the picture would take.
        public var width: Double
        /// The least row height that shows it: the text's lines above it, the picture at 16:9,
        /// the 12 pt bottom margin.
        public var rowHeight: Double
    }
    /// Where the row's bottom separator starts from the leading edge: at the text, as UIKit
    /// insets a plain cell's separator; 0 (full width) for posts.
    public var separatorInset = 0.0

    /// A plain row's text starts this far from its leading edge (UIKit's layout margin).
    public static let plainMargin = 16.0
    /// Between the title's line and the subtitle's.
    static let plainLineGap = 3.0
    /// The least room above and below a plain row's two lines.
    static let plainMinimumMargin = 4.0

    /// A line of text is 1.2 × its size tall, the baseline 0.95 × the size below its top (the
    /// proportions of San Francisco, so rows keep iOS's spacing whatever font draws them).
    static func lineHeight(_ size: Double) -> Double { 1.2 * size }
    static func ascent(_ size: Double) -> Double { 0.95 * size }

    /// The least row height that shows a plain row's title (body) and subtitle (subheadline) at
    /// `category`: 49.4 pt at the default size (a 44 pt row shows the title alone),
    /// 1.2 × 17 + 3 + 1.2 × 15 + 2 × 4.
    public static func plainTwoLineHeight(category: ContentSizeCategory = .L) -> Double {
        lineHeight(TextStyle.body.font(for: category).size) + plainLineGap
            + lineHeight(TextStyle.subheadline.font(for: category).size) + 2 * plainMinimumMargin
    }

    /// A self-sizing row is never shorter than this: UITableView's default row height, which is
    /// also the HIG's least tappable height.
    public static let minimumRowHeight = 44.0

    /// The height a self-sizing plain row takes at `category`: UITableViewCell's default 44 pt,
    /// or its lines with the plain row's least margins when they need more. The title alone
    /// needs 1.2 × body + 2 × 4 (35.6 pt at XXXL, 56 pt at AX3: 1.2 × 40 + 8); title and
    /// subtitle `plainTwoLineHeight` (49.4 pt at the default size). So a row without a subtitle
    /// is 44 pt from XS to AX1 and grows from AX2 on.
    public static func plainHeight(hasSubtitle: Bool, category: ContentSizeCategory) -> Double {
        let lines =
            hasSubtitle
            ? plainTwoLineHeight(category: category)
            : lineHeight(TextStyle.body.font(for: category).size) + 2 * plainMinimumMargin
        return max(minimumRowHeight, lines)
    }

    /// A media row's caption sits on the picture, its baseline this far above the row's bottom.
    static let mediaCaptionInset = 16.0

    /// The height a self-sizing media row takes at `category`: 44 pt, or, with a caption, what
    /// the caption needs on the picture when that is more: its baseline 16 pt above the bottom,
    /// its ascent (0.95 × subheadline) and 4 pt above it. 34.25 pt at the default size (16 +
    /// 14.25 + 4) and 39.95 pt at XXXL, so 44; 54.2 pt at AX3 (16 + 0.95 × 36 + 4).
    public static func mediaHeight(hasCaption: Bool, category: ContentSizeCategory) -> Double {
        guard hasCaption else { return minimumRowHeight }
        let caption = TextStyle.subheadline.font(for: category).size
        return max(minimumRowHeight, mediaCaptionInset + ascent(caption) + plainMinimumMargin)
    }

    /// The lines a post's name line takes at `category`: 2 at the accessibility sizes (AX1 to
    /// AX5) when the post has a handle or a time, which then go on a line of their own under the
    /// name, as a row of labels stacks at those sizes (the header's name goes under its button
    /// there too; assumed for X's timeline); 1 otherwise, "Name @handle · 2h" on one line.
    public static func nameLines(_ item: RowItem, category: ContentSizeCategory) -> Int {
        category > .XXXL && !(item.subtitle.isEmpty && item.time.isEmpty) ? 2 : 1
    }

    /// The category a post's action bar (its glyphs and counts) takes its size from: the row's,
    /// up to XXXL. At the accessibility sizes the text keeps growing and wraps to more lines,
    /// while the bar, like X's, grows no further (assumed): its five actions keep room for
    /// their counts in a phone's text column, spread by their widths when a count needs more
    /// than an even share (`actionSlots`).
    public static func actionBarCategory(_ category: ContentSizeCategory) -> ContentSizeCategory {
        category.clamped(to: .XS ... .XXXL)
    }

    /// Post geometry as the X timeline draws it: a 40 pt avatar 16 pt from the leading edge
    /// and 12 pt from the top, text 12 pt after it, 15 pt text on 20 pt lines.
    static let avatarDiameter = 40.0
    /// The action bar's glyphs: 18 pt squares at the default size (footnote's size × 18/13).
    static func actionGlyphSide(_ font: TextFont) -> Double { (font.size * 18 / 13).rounded() }
    /// The action bar's height: 20 pt, or footnote's line height when that is taller.
    static func actionBarHeight(_ font: TextFont) -> Double { max(20, font.lineHeight, actionGlyphSide(font) + 2) }

    /// The height a post row needs to show `lines` lines of text, a picture `pictureHeight`
    /// tall (0 without one) and the action bar, at `category`: the top margin and name line
    /// (12 + the name's size to its baseline), the lines on the text's line height, 8 pt to the
    /// picture and 8 pt after the text (or picture) to the 20 pt action bar, 12 pt below it.
    /// At the default size: 71 + 20 × lines without a picture (111 pt for two lines), 75 + 20 ×
    /// lines + the picture with one. A self-sizing row is this tall (`fittingHeight`); a row of
    /// a fixed `rowHeight` shorter than this cuts the text with "…" and warns.
    /// `nameLines` is 2 when the handle and time take a line of their own under the name
    /// (`nameLines(_:category:)`): one more text line.
    public static func postHeight(lines: Int, pictureHeight: Double = 0, category: ContentSizeCategory = .L, nameLines: Int = 1)
        -> Double
    {
        let text = TextStyle.subheadline.font(for: category)
        let action = TextStyle.footnote.font(for: actionBarCategory(category)).monospacedDigits
        let lastBaseline = 12 + text.size + Double(max(1, nameLines) - 1 + lines) * text.lineHeight
        let contentBottom = pictureHeight > 0 ? lastBaseline + 8 + pictureHeight : lastBaseline + 4
        return contentBottom + 8 + actionBarHeight(action) + 12
    }
    /// The height a self-sizing row of `template` takes to show all of `item` at `width`: for a
    /// post, `postHeight` of the lines and picture the post is laid out with when nothing cuts
    /// it (the same layout that draws the row, so a row this tall shows exactly those lines);
    /// for a plain row `plainHeight`, for a media row `mediaHeight`; nil for grid rows (squares)
    /// and Mustache templates, whose rows keep a fixed height.
    public static func fittingHeight(
        _ template: RowTemplate, item: RowItem, width: Double, textCategory: ContentSizeCategory, measuring: some TextMeasuring
    ) -> Double? {
        switch template {
        case .post:
            let unbounded = RowContentLayout(
                template, item: item, width: width, height: .greatestFiniteMagnitude, textCategory: textCategory,
                mirroring: Mirroring(rtl: false), measuring: measuring)
            return postHeight(
                lines: unbounded.lines.count, pictureHeight: unbounded.image?.height ?? 0, category: textCategory,
                nameLines: nameLines(item, category: textCategory))
        case .plain: return plainHeight(hasSubtitle: !item.subtitle.isEmpty, category: textCategory)
        case .media: return mediaHeight(hasCaption: !item.title.isEmpty, category: textCategory)
        case .grid, .custom: return nil
        }
    }

    /// The row the tab pages draw for `item` in a `width` × `height` row of `template` at
    /// `textCategory`, left to right at 2× (what a self-sizing row of `fittingHeight` shows).
    public static func laidOut(
        _ template: RowTemplate, item: RowItem, width: Double, height: Double, textCategory: ContentSizeCategory,
        measuring: some TextMeasuring
    ) -> RowContentLayout {
        RowContentLayout(
            template, item: item, width: width, height: height, textCategory: textCategory, mirroring: Mirroring(rtl: false),
            measuring: measuring)
    }

    /// A post picture spans the text column up to this width: the text column of X's 600 pt
    /// timeline, so a wide iPad row shows a picture, not a band.
    public static let postPictureMaxWidth = 516.0
    /// A post picture is cropped no wider than 16:9, as X's timeline crops a landscape picture.
    public static let postPictureWidestAspect = 16.0 / 9.0

    init(
        _ template: RowTemplate, item: RowItem, width: Double, height: Double, textCategory: ContentSizeCategory,
        displayScale: Double = 2, mirroring: Mirroring, measuring: some TextMeasuring
    ) {
        self.textCategory = textCategory
        let subheadline = TextStyle.subheadline.font(for: textCategory)
        actionFont = TextStyle.footnote.font(for: Self.actionBarCategory(textCategory)).monospacedDigits
        titleFont = subheadline.emphasized
        detailFont = subheadline.monospacedDigits
        textFont = subheadline
        lineHeight = subheadline.lineHeight
        titlePlacement = .leading(16, in: width, baseline: 0, font: titleFont, mirroring: mirroring)
        detailPlacement = .leading(16, in: width, baseline: 0, font: detailFont, mirroring: mirroring)
        timePlacement = .leading(0, in: width, baseline: 0, font: detailFont, mirroring: mirroring)
        lines = []
        avatarRadius = 0
        avatarCenter = Point(x: 0, y: 0)
        switch template {
        case .post:
            layOutPost(item, width: width, height: height, category: textCategory, mirroring: mirroring, measuring: measuring)
            separatorThickness = 1 / max(displayScale, 1)
        case .plain:
            // UIListContentConfiguration.subtitleCell: the title in body (17 pt), the subtitle in
            // subheadline (15 pt) 3 pt below its line, the pair centred in the row, 16 pt margins.
            titleFont = TextStyle.body.font(for: textCategory)
            detailFont = subheadline
            let titleSize = titleFont.size, detailSize = detailFont.size
            let available = max(0, width - 2 * Self.plainMargin)
            title = FittedText(item.title, font: titleFont, available: available, measuring: measuring)
            let titleLine = Self.lineHeight(titleSize), detailLine = Self.lineHeight(detailSize)
            let pair = titleLine + Self.plainLineGap + detailLine
            // Two lines need their height plus 4 pt above and below; a shorter row shows the title
            // alone rather than letting the lines overlap or leave the row.
            let twoLinesFit = pair + 2 * Self.plainMinimumMargin <= height + 0.001
            if item.subtitle.isEmpty || !twoLinesFit {
                titlePlacement = .leading(
                    Self.plainMargin, in: width, baseline: (height - titleLine) / 2 + Self.ascent(titleSize), font: titleFont,
                    mirroring: mirroring)
                subtitleDropped = !item.subtitle.isEmpty
            } else {
                let top = (height - pair) / 2
                titlePlacement = .leading(
                    Self.plainMargin, in: width, baseline: top + Self.ascent(titleSize), font: titleFont, mirroring: mirroring)
                detail = FittedText(item.subtitle, font: detailFont, available: available, measuring: measuring)
                detailPlacement = .leading(
                    Self.plainMargin, in: width, baseline: top + titleLine + Self.plainLineGap + Self.ascent(detailSize),
                    font: detailFont, mirroring: mirroring)
            }
            separatorInset = Self.plainMargin
        case .media:
            image = Rect(x: 0, y: 0, width: width, height: max(0, height - 1))
            if !item.title.isEmpty {
                title = FittedText(item.title, font: titleFont, available: max(0, width - 32), measuring: measuring)
                titlePlacement = .leading(
                    16, in: width, baseline: height - Self.mediaCaptionInset, font: titleFont, mirroring: mirroring)
            }
        case .grid, .custom:
            break
        }
        if template == .post || template == .plain {
            // Inset to the text on its leading side, as UIKit insets a plain cell's separator.
            let inset = min(separatorInset, width)
            separator = Rect(
                x: mirroring.x(inset, width: width - inset, in: width), y: height - separatorThickness, width: width - inset,
                height: separatorThickness)
        }
    }

    /// A post as X's timeline draws it: the avatar, "Name @handle · 2h" on one line (the
    /// handle cut first), the text's lines, a picture at 16:9 under them, the action bar.
    private mutating func layOutPost(
        _ item: RowItem, width: Double, height: Double, category: ContentSizeCategory, mirroring: Mirroring,
        measuring: some TextMeasuring
    ) {
        let radius = min(Self.avatarDiameter / 2, max(4, (height - 24) / 2))
        avatarRadius = radius
        avatarCenter = Point(x: mirroring.x(16 + radius, in: width), y: 12 + radius)
        let textX = 16 + 2 * radius + 12
        let textWidth = max(0, width - textX - 16)
        let nameBaseline = 12 + titleFont.size
        let nameLines = Self.nameLines(item, category: category)
        // The last line of the name (the handle's under the name at accessibility sizes).
        let baseline = nameBaseline + Double(nameLines - 1) * lineHeight

        // The name line: the time whole, the name next, the handle in what is left. Stacked,
        // the name has its line to itself and the handle and time share the next.
        // 4 pt between name, handle and time at the default size, growing with the text above
        // it as the spaces of one "Name @handle · 2h" string would (assumed; never below 4 pt).
        let gap = 4.0 * max(1, detailFont.size / TextStyle.subheadline.font(for: .L).size)
        let stacked = nameLines > 1
        let timeText = item.time.isEmpty ? "" : "· " + item.time
        let timeWidth = timeText.isEmpty ? 0 : measuring.width(of: timeText, font: detailFont)
        let timeRoom = timeText.isEmpty ? 0 : timeWidth + gap
        let handleLeast = item.subtitle.isEmpty ? 0 : gap + measuring.width(of: FittedText.ellipsis, font: detailFont)
        let nameRoom = stacked ? textWidth : textWidth - timeRoom - handleLeast
        let name = FittedText(item.title, font: titleFont, available: max(0, nameRoom), measuring: measuring)
        title = item.title.isEmpty ? nil : name
        titlePlacement = .leading(textX, in: width, baseline: nameBaseline, font: titleFont, mirroring: mirroring)
        var at = textX + (item.title.isEmpty || stacked ? 0 : name.width + gap)
        if !item.subtitle.isEmpty {
            let handle = FittedText(
                item.subtitle, font: detailFont, available: max(0, textX + textWidth - at - timeRoom), measuring: measuring)
            detail = handle
            detailPlacement = .leading(at, in: width, baseline: baseline, font: detailFont, mirroring: mirroring)
            at += handle.width + gap
        } else {
            detailPlacement = .leading(at, in: width, baseline: baseline, font: detailFont, mirroring: mirroring)
        }
        if !timeText.isEmpty {
            time = FittedText(timeText, font: detailFont, available: max(0, textX + textWidth - at), measuring: measuring)
            timePlacement = .leading(at, in: width, baseline: baseline, font: detailFont, mirroring: mirroring)
        }

        // The text: every line while the row holds them with the picture and the action bar.
        let firstBaseline = baseline + lineHeight
        let all = Self.wrap(item.text, font: textFont, width: textWidth, maxLines: Self.maxPostLines, measuring: measuring)
        let barHeight = Self.actionBarHeight(actionFont)
        let step = lineHeight
        let lastBaseline: (Int) -> Double = { baseline + Double($0) * step }
        // `postHeight` is the one rule for what a post needs: the drawing, the warnings and
        // self-sizing rows (`fittingHeight`) all read it.
        func fits(_ count: Int, picture: Double) -> Bool {
            Self.postHeight(lines: count, pictureHeight: picture, category: category, nameLines: nameLines) <= height + 0.001
        }
        func shown(_ count: Int) -> [String] {
            count >= all.count
                ? all : Self.wrap(item.text, font: textFont, width: textWidth, maxLines: count, measuring: measuring)
        }
        var pictureHeight = 0.0
        var count = all.count
        let pictureWidth = min(textWidth, Self.postPictureMaxWidth)
        if item.image != nil, pictureWidth > 0 {
            // X crops a timeline picture to 16:9: the text gives up lines (down to one) before
            // the picture is left out.
            let picture = pictureWidth / Self.postPictureWidestAspect
            let least = min(all.count, 1)
            while count > least, !fits(count, picture: picture) { count -= 1 }
            if fits(count, picture: picture) {
                pictureHeight = picture
                image = Rect(
                    x: mirroring.x(textX, width: pictureWidth, in: width), y: lastBaseline(count) + 8, width: pictureWidth,
                    height: picture)
            } else {
                leftOutPicture = LeftOutPicture(
                    width: pictureWidth,
                    rowHeight: Self.postHeight(lines: least, pictureHeight: picture, category: category, nameLines: nameLines))
                count = all.count
            }
        }
        while count > 0, !fits(count, picture: pictureHeight) { count -= 1 }
        lines = shown(count)
        linePlacements = lines.indices.map { number in
            .leading(textX, in: width, baseline: firstBaseline + Double(number) * step, font: textFont, mirroring: mirroring)
        }
        if count < all.count {
            textCutNeeds = Self.postHeight(lines: all.count, pictureHeight: pictureHeight, category: category, nameLines: nameLines)
        }

        // The action bar, 8 pt under the content, across the column (up to the picture's
        // width): reply first, share at its end (`actionSlots`).
        let contentBottom = pictureHeight > 0 ? lastBaseline(count) + 8 + pictureHeight : lastBaseline(count) + 4
        let barTop = contentBottom + 8
        let side = Self.actionGlyphSide(actionFont)
        let barWidth = min(textWidth, Self.postPictureMaxWidth)
        let counts = [item.counts.replies, item.counts.reposts, item.counts.likes, item.counts.views, ""]
        let slots = Self.actionSlots(counts, side: side, barWidth: barWidth, font: actionFont, measuring: measuring)
        let glyphTop = barTop + (barHeight - side) / 2
        let countBaseline = LaidOutElement.centredBaseline(middle: barTop + barHeight / 2, size: actionFont.size)
        actions = PostAction.Kind.allCases.enumerated().map { index, kind in
            let x = textX + slots[index].x
            return PostAction(
                kind: kind, glyph: Rect(x: mirroring.x(x, width: side, in: width), y: glyphTop, width: side, height: side),
                count: slots[index].count,
                countPlacement: .leading(
                    x + side + Self.actionCountGap, in: width, baseline: countBaseline, font: actionFont, mirroring: mirroring))
        }
    }

    /// The gap between an action's glyph and its count, and the least room after a count
    /// before the next glyph.
    static let actionCountGap = 4.0

    /// Where the action bar's five items go, left to right from the bar's leading edge (the
    /// caller mirrors them), and their counts as drawn. X's bar never cuts a count:
    /// - When every count fits its fixed slot, the slots: four glyphs (barWidth − side) / 4
    ///   apart, share at the bar's end, each count with the slot's room after its glyph and
    ///   4 pt on either side (at the default size in a 402 pt phone's 318 pt column, 75 pt
    ///   apart and 49 pt for a count).
    /// - Otherwise the items take their measured widths (glyph, 4 pt and the count) and the
    ///   room left is spread evenly between them, as a stack view with equal spacing: the
    ///   first item at the bar's start, share at its end, at least 4 pt between items.
    /// - Only when even that does not fit (a very narrow row) the longest count is cut with
    ///   "…", then the next longest, never a glyph.
    static func actionSlots(
        _ counts: [String], side: Double, barWidth: Double, font: TextFont, measuring: some TextMeasuring
    ) -> [(x: Double, count: FittedText?)] {
        let gap = actionCountGap
        let last = counts.count - 1
        let spacing = max(0, barWidth - side) / Double(max(1, last))
        let slotRoom = max(0, spacing - side - 2 * gap)
        let inSlots = counts.map { $0.isEmpty ? nil : FittedText($0, font: font, available: slotRoom, measuring: measuring) }
        func slotX(_ index: Int) -> Double { index == last ? max(0, barWidth - side) : Double(index) * spacing }
        guard inSlots.contains(where: { $0?.isTruncated == true }) else {
            return inSlots.enumerated().map { (x: slotX($0.offset), count: $0.element) }
        }
        var fitted = counts.map {
            $0.isEmpty ? nil : FittedText($0, font: font, available: .greatestFiniteMagnitude, measuring: measuring)
        }
        func itemWidth(_ index: Int) -> Double { side + (fitted[index].map { gap + $0.width } ?? 0) }
        func overflow() -> Double {
            counts.indices.reduce(0) { $0 + itemWidth($1) } + Double(last) * gap - barWidth
        }
        // Cut the longest count first (the earliest of equals), only by what does not fit.
        var cut = Set<Int>()
        while overflow() > 0.001 {
            let widths = fitted.indices.compactMap { index in
                cut.contains(index) ? nil : fitted[index].map { (index: index, width: $0.width) }
            }
            guard let longest = widths.max(by: { $0.width < $1.width || ($0.width == $1.width && $0.index > $1.index) }) else {
                break
            }
            cut.insert(longest.index)
            fitted[longest.index] = FittedText(
                counts[longest.index], font: font, available: max(0, longest.width - overflow()), measuring: measuring)
        }
        let between = max(0, -overflow() / Double(max(1, last)) + gap)
        var x = 0.0
        return counts.indices.map { index in
            defer { x += itemWidth(index) + between }
            return (x: index == last ? max(0, barWidth - side) : x, count: fitted[index])
        }
    }

    /// The most lines a post's text is wrapped to.
    static let maxPostLines = 40

    /// Greedy word wrap into at most `maxLines` lines of `width`; the last line ends in "…"
    /// when words are left over. A word wider than a line is cut with "…" on its own line.
    static func wrap(_ text: String, font: TextFont, width: Double, maxLines: Int, measuring: some TextMeasuring) -> [String] {
        guard maxLines > 0, width > 0 else { return [] }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        var lines: [String] = []
        var index = 0
        while index < words.count, lines.count < maxLines {
            var line = words[index]
            index += 1
            while index < words.count, measuring.width(of: line + " " + words[index], font: font) <= width + 0.001 {
                line += " " + words[index]
                index += 1
            }
            let isLast = lines.count == maxLines - 1
            if isLast && index < words.count {
                let rest = ([line] + words[index...]).joined(separator: " ")
                line = FittedText(rest, font: font, available: width, measuring: measuring).text
                index = words.count
            } else if measuring.width(of: line, font: font) > width + 0.001 {
                line = FittedText(line, font: font, available: width, measuring: measuring).text
            }
            lines.append(line)
        }
        return lines
    }
}
