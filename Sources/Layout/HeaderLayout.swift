import Adaptive
import ScrollableTab

/// How the header's name, handle and counts stack.
public enum StackAxis: String, Sendable, Hashable {
    /// One row: on top in regular width.
    case horizontal
    /// A column: in compact width, and always in the (narrow) side header.
    case vertical
}

/// The header's frames. `frame`, `cover` and `separator` are in container coordinates; the
/// profile (avatar, text, follow button) is laid out in its own coordinates, moved by
/// `profileOffset` (the stretch or collapse shift on top, the column's x at the side).
public struct HeaderLayout: Sendable, Hashable {
    /// On top (collapsing) or at the side (compact height).
    public var placement: HeaderPlacement
    /// The band on top (its current height) or the column at the side; content clips to it.
    public var frame: Rect
    /// The header's current height (may exceed H with `overscroll: stretch`).
    public var height: Double
    /// 0 expanded, 1 collapsed, below 0 stretched (`ContainerState.collapseProgress`).
    public var collapseProgress: Double
    /// Whether name, handle and counts share a row or stack.
    public var stackAxis: StackAxis
    /// The cover art band.
    public var cover: Rect
    /// Where the profile's coordinates start within the container.
    public var profileOffset: Point
    /// The width the profile lays out in and its insets from the leading and trailing edges
    /// (which keep it clear of the side safe areas).
    public var profileWidth: Double
    /// The profile's distance from its leading edge.
    public var leadingInset: Double
    /// The profile's distance from its trailing edge.
    public var trailingInset: Double
    /// The avatar's centre, in the profile's coordinates.
    public var avatarCenter: Point
    /// The avatar's radius (30 pt).
    public var avatarRadius: Double
    /// Whether the avatar is drawn over the cover (while at least half expanded) or under it.
    public var avatarOverCover: Bool
    /// Top of the name, handle and counts block.
    public var profileTextTop: Double
    /// In the profile's coordinates: on the trailing side of the name on top, under the text in
    /// the side column.
    public var followButton: Rect?
    /// The button's label size: it scales with the name, so the hierarchy holds.
    public var followFontSize: Double
    /// Name, handle and counts, fitted to the room they have (the name stops before the
    /// Follow button), in the profile's coordinates.
    public var texts: [HeaderText]
    /// The collapsed band doubles as a navigation bar: its title shows, opaque, once the header
    /// is three quarters collapsed (top header only).
    public var navigationTitleOpacity: Double
    /// The navigation title, fitted between the band's side margins.
    public var navigationTitle: FittedText
    /// The navigation title's font size, scaled with Dynamic Type.
    public var navigationTitleSize: Double
    /// Vertical middle of the cover band, where the navigation title sits.
    public var navigationTitleMiddle: Double
    /// The column's edge line (side header only).
    public var separator: Rect?

    init(_ container: ContainerState, mirroring: Mirroring, typeScale: Double, measuring: some TextMeasuring) {
        let geometry = container.geometry
        let size = geometry.size
        let safeArea = geometry.safeArea
        let rtl = mirroring.rtl
        placement = geometry.placement
        height = container.headerHeight
        collapseProgress = container.collapseProgress
        stackAxis = container.environment.traits.horizontalSizeClass == .regular && geometry.placement == .top ? .horizontal : .vertical
        avatarRadius = 30
        switch geometry.placement {
        case .top:
            let width = size.width
            // Where the cover art ends when the header is fully expanded.
            let expandedCoverBottom = safeArea.top + 0.38 * (geometry.expandedHeaderHeight - safeArea.top)
            let shift = height - geometry.expandedHeaderHeight
            let coverBottom = max(geometry.collapsedHeaderHeight, expandedCoverBottom + shift)
            frame = Rect(x: 0, y: 0, width: width, height: height)
            cover = Rect(x: 0, y: 0, width: width, height: coverBottom)
            profileOffset = Point(x: 0, y: shift)
            profileWidth = width
            leadingInset = 16 + (rtl ? safeArea.right : safeArea.left)
            trailingInset = 16 + (rtl ? safeArea.left : safeArea.right)
            avatarCenter = Point(x: mirroring.x(leadingInset + avatarRadius, in: width), y: expandedCoverBottom)
            avatarOverCover = collapseProgress <= 0.5
            profileTextTop = expandedCoverBottom + avatarRadius
            followButton = Self.followButton(
                coverBottom: expandedCoverBottom, width: width, trailingInset: trailingInset,
                typeScale: typeScale, mirroring: mirroring)
            navigationTitleOpacity = collapseProgress >= 0.75 ? 1 : 0
            navigationTitleMiddle = safeArea.top + (coverBottom - safeArea.top) / 2
            separator = nil
        case .side:
            let width = geometry.sideWidth
            let x = rtl ? size.width - width : 0
            let coverBottom = max(safeArea.top + 60, size.height * 0.34)
            frame = Rect(x: x, y: 0, width: width, height: size.height)
            cover = Rect(x: x, y: 0, width: width, height: coverBottom)
            profileOffset = Point(x: x, y: 0)
            profileWidth = width
            // The column touches the screen's edge on its leading side only.
            leadingInset = (rtl ? safeArea.right : safeArea.left) + 16
            trailingInset = 16
            avatarCenter = Point(x: mirroring.x(leadingInset + avatarRadius, in: width), y: coverBottom)
            avatarOverCover = true
            profileTextTop = coverBottom + avatarRadius
            // The narrow column puts the button under the text (placed below, once the text is).
            followButton = nil
            navigationTitleOpacity = 0
            navigationTitleMiddle = safeArea.top + (coverBottom - safeArea.top) / 2
            separator = Rect(x: rtl ? x : x + width - 0.5, y: 0, width: 0.5, height: size.height)
        }
        followFontSize = 14 * typeScale
        navigationTitleSize = 17 * typeScale
        let titleMargin = 16 + max(safeArea.left, safeArea.right)
        navigationTitle = FittedText(
            container.config.header.title, size: navigationTitleSize, bold: true,
            available: max(0, size.width - 2 * titleMargin), measuring: measuring)
        texts = Self.texts(
            container.config.header, placement: placement, stackAxis: stackAxis, top: profileTextTop,
            width: profileWidth, leadingInset: leadingInset, trailingInset: trailingInset,
            button: followButton, typeScale: typeScale, mirroring: mirroring, measuring: measuring)
        if placement == .side, let last = texts.last {
            let buttonWidth = 96 * typeScale
            followButton = Rect(
                x: mirroring.x(leadingInset, width: buttonWidth, in: profileWidth), y: last.baseline + 0.25 * last.size + 12,
                width: buttonWidth, height: 32 * typeScale)
        }
    }

    /// 96 × 32 pt at the default size, 10 pt below the cover on the trailing side.
    private static func followButton(coverBottom: Double, width: Double, trailingInset: Double, typeScale: Double, mirroring: Mirroring)
        -> Rect
    {
        let buttonWidth = 96 * typeScale, buttonHeight = 32 * typeScale
        return Rect(
            x: mirroring.x(width - trailingInset - buttonWidth, width: buttonWidth, in: width),
            y: coverBottom + 10, width: buttonWidth, height: buttonHeight)
    }

    /// The counts the header shows.
    public static let stats = ("1,024 Following", "12.5K Followers")

    private static func texts(
        _ header: HeaderConfig, placement: HeaderPlacement, stackAxis: StackAxis, top: Double, width: Double,
        leadingInset: Double, trailingInset: Double, button: Rect?, typeScale: Double, mirroring: Mirroring, measuring: some TextMeasuring
    ) -> [HeaderText] {
        let nameSize = 20 * typeScale, detailSize = 15 * typeScale, statsSize = 14 * typeScale
        let room = max(0, width - leadingInset - trailingInset)
        // The first line shares its height with the Follow button: it stops 8 pt before it.
        let nameBaseline = top + 6 + nameSize
        let besideButton = button.map { nameBaseline - nameSize < $0.maxY && nameBaseline + 0.25 * nameSize > $0.y } ?? false
        let firstLineRoom = besideButton ? max(0, room - (button?.width ?? 0) - 8) : room
        func text(
            _ element: String, _ string: String, size: Double, bold: Bool, secondary: Bool, at leading: Double, baseline: Double,
            room: Double
        ) -> HeaderText {
            let fitted = FittedText(string, size: size, bold: bold, available: max(0, room), measuring: measuring)
            return HeaderText(
                element: element, fitted: fitted, x: mirroring.x(leadingInset + leading, in: width), baseline: baseline,
                size: size, bold: bold, secondary: secondary)
        }
        let statsLine = "\(stats.0)  ·  \(stats.1)"
        if stackAxis == .horizontal {
            // One row: each run after the last, each fitted to what the runs before it left.
            var used = 0.0
            var row: [HeaderText] = []
            for (element, string, size, bold, gap) in [
                ("title", header.title, nameSize, true, 0.0), ("subtitle", header.subtitle, detailSize, false, 16),
                ("stats", statsLine, statsSize, false, 24),
            ] {
                let start = used + (row.isEmpty ? 0 : gap)
                guard start < firstLineRoom else { break }
                let run = text(
                    element, string, size: size, bold: bold, secondary: element != "title", at: start, baseline: nameBaseline,
                    room: firstLineRoom - start)
                used = start + run.fitted.width
                row.append(run)
            }
            return row
        }
        var lines = [
            text("title", header.title, size: nameSize, bold: true, secondary: false, at: 0, baseline: nameBaseline, room: firstLineRoom)
        ]
        var baseline = nameBaseline + detailSize + 5
        lines.append(
            text("subtitle", header.subtitle, size: detailSize, bold: false, secondary: true, at: 0, baseline: baseline, room: room))
        baseline += statsSize + 6
        if placement == .side {
            // The side column is narrow: one count per line.
            lines.append(text("stats", stats.0, size: statsSize, bold: false, secondary: true, at: 0, baseline: baseline, room: room))
            lines.append(
                text("stats", stats.1, size: statsSize, bold: false, secondary: true, at: 0, baseline: baseline + statsSize + 5, room: room)
            )
        } else {
            lines.append(text("stats", statsLine, size: statsSize, bold: false, secondary: true, at: 0, baseline: baseline, room: room))
        }
        return lines
    }
}

/// One line of the header's text: where its leading edge and baseline sit (profile coordinates).
public struct HeaderText: Sendable, Hashable {
    /// `title`, `subtitle` or `stats`.
    public var element: String
    /// The line's text after fitting, with its width.
    public var fitted: FittedText
    /// The leading edge: the left in left-to-right layouts, the right in right-to-left ones.
    public var x: Double
    /// The baseline, in the profile's coordinates.
    public var baseline: Double
    /// The font size in points.
    public var size: Double
    /// Whether the line is bold (the name).
    public var bold: Bool
    /// Drawn in the secondary text colour.
    public var secondary: Bool
}
