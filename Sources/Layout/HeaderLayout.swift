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
    public var placement: HeaderPlacement
    /// The band on top (its current height) or the column at the side; content clips to it.
    public var frame: Rect
    /// The header's current height (may exceed H with `overscroll: stretch`).
    public var height: Double
    /// 1 expanded, 0 collapsed, above 1 stretched.
    public var collapseProgress: Double
    public var stackAxis: StackAxis
    /// The cover art band.
    public var cover: Rect
    public var profileOffset: Point
    /// The width the profile lays out in and its insets from the leading and trailing edges
    /// (which keep it clear of the side safe areas).
    public var profileWidth: Double
    public var leadingInset: Double
    public var trailingInset: Double
    public var avatarCenter: Point
    public var avatarRadius: Double
    /// Whether the avatar is drawn over the cover (while at least half expanded) or under it.
    public var avatarOverCover: Bool
    /// Top of the name, handle and counts block.
    public var profileTextTop: Double
    /// Top header only.
    public var followButton: Rect?
    /// The collapsed band doubles as a navigation bar: its title fades in near the end (top header only).
    public var navigationTitleOpacity: Double
    /// Vertical middle of the cover band, where the navigation title sits.
    public var navigationTitleMiddle: Double
    /// The column's edge line (side header only).
    public var separator: Rect?

    init(_ container: ContainerState, mirroring: Mirroring) {
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
            let buttonWidth = 96.0, buttonHeight = 32.0
            followButton = Rect(x: mirroring.x(width - trailingInset - buttonWidth, width: buttonWidth, in: width),
                                y: expandedCoverBottom + 10, width: buttonWidth, height: buttonHeight)
            // The collapsed band doubles as a navigation bar: its title fades in over the last quarter.
            navigationTitleOpacity = min(max(collapseProgress * 4 - 3, 0), 1)
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
            leadingInset = (rtl ? safeArea.right : safeArea.left) + 16
            trailingInset = (rtl ? safeArea.left : safeArea.right) + 16
            avatarCenter = Point(x: mirroring.x(leadingInset + avatarRadius, in: width), y: coverBottom)
            avatarOverCover = true
            profileTextTop = coverBottom + avatarRadius
            followButton = nil
            navigationTitleOpacity = 0
            navigationTitleMiddle = safeArea.top + (coverBottom - safeArea.top) / 2
            separator = Rect(x: rtl ? x : x + width - 0.5, y: 0, width: 0.5, height: size.height)
        }
    }
}
