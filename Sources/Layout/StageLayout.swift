import Adaptive
import ScrollableTab
import Stage

/// Where everything of one state sits on screen, decided once. The trace and the SVG painter
/// both read it, so what a trace reports is what a snapshot shows.
public struct StageLayout: Sendable, Hashable {
    public var windowSize: Size
    /// The container in window coordinates: the whole window, or the split view's secondary column.
    public var containerFrame: Rect
    /// False while a collapsed split view shows only its primary column.
    public var showsContainer: Bool
    public var header: HeaderLayout
    public var tabBar: TabBarLayout
    public var pages: PagesLayout
    public var split: SplitLayout?
    public var presentation: PresentationLayout?
    public var popoverArrow: PopoverArrow?
    public var presentationChrome: PresentationChrome?
    /// Dynamic Type factor (body size / 17, at least 1): the tab bar and its titles grow fully.
    public var typeScale: Double
    /// Text inside areas whose height the scenario fixes (rows, header) grows up to 1.5×, as
    /// apps capping `maximumContentSizeCategory` do; beyond that it would only be clipped.
    public var fixedHeightTypeScale: Double
    /// What this layout had to cut or could not keep apart, in drawing order.
    public var warnings: [LayoutWarning]

    /// `measuring` gives the text widths (Raster's `TextMeasurer` for what librsvg draws).
    public init(_ stage: StageState, measuring: some TextMeasuring) {
        let measuring = measuring.measuring(fonts: stage.look.theme.fonts)
        let container = stage.container
        let mirroring = Mirroring(rtl: stage.window.traits.layoutDirection == .rtl)
        windowSize = stage.window.window
        containerFrame = container.environment.frame
        split = stage.splitLayout
        showsContainer = split?.shown != .primary
        presentation = stage.presentation?.layout
        popoverArrow = presentation.flatMap(PopoverArrow.init)
        presentationChrome = presentation.map { PresentationChrome($0, window: stage.window) }
        typeScale = stage.window.traits.contentSizeCategory.barScale
        fixedHeightTypeScale = min(typeScale, 1.5)
        header = HeaderLayout(
            container, content: stage.look.header, mirroring: mirroring, typeScale: fixedHeightTypeScale, measuring: measuring)
        tabBar = TabBarLayout(container, typeScale: typeScale, measuring: measuring)
        pages = PagesLayout(container, mirroring: mirroring)
        warnings = []
        if showsContainer { warnings = Self.warnings(header: header, tabBar: tabBar, container: container) }
    }

    private static func warnings(header: HeaderLayout, tabBar: TabBarLayout, container: ContainerState) -> [LayoutWarning] {
        var warnings: [LayoutWarning] = []
        func truncated(_ element: String, _ fitted: FittedText) {
            guard fitted.isTruncated else { return }
            warnings.append(
                LayoutWarning(
                    element: element, kind: .truncated,
                    text: "'\(fitted.original)' is truncated to '\(fitted.text)'"))
        }
        for text in header.texts { truncated(text.element, text.fitted) }
        if let title = header.followTitle { truncated("follow", title) }
        let geometry = container.geometry
        if let button = header.followButton {
            let avatar = Rect(
                x: header.avatarCenter.x - header.avatarRadius, y: header.avatarCenter.y - header.avatarRadius,
                width: 2 * header.avatarRadius, height: 2 * header.avatarRadius)
            if avatar.intersects(button) {
                warnings.append(LayoutWarning(element: "follow", kind: .overlap, text: "the Follow button overlaps the avatar"))
            }
        }
        // Text below the profile's area runs under the tab bar (top) or off the safe area (side).
        if let last = header.texts.last {
            var bottom = last.baseline + 0.25 * last.size
            if header.placement == .side, let button = header.followButton { bottom = max(bottom, button.maxY) }
            switch header.placement {
            case .top where bottom > geometry.expandedHeaderHeight:
                warnings.append(
                    LayoutWarning(
                        element: last.element, kind: .overlap,
                        text: "'\(last.fitted.text)' runs under the tab bar: the header is too short for its text"))
            case .side where bottom > geometry.size.height - geometry.safeArea.bottom:
                warnings.append(
                    LayoutWarning(
                        element: last.element, kind: .outsideSafeArea,
                        text: "'\(last.fitted.text)' runs below the safe area: the side column is too short for its text"))
            default: break
            }
        }
        if header.navigationTitleOpacity > 0, !container.config.header.title.isEmpty { truncated("nav-title", header.navigationTitle) }
        if !tabBar.isHidden {
            for (index, title) in tabBar.titles.enumerated() { truncated("tab-\(index)", title) }
        }
        return warnings
    }
}

/// Right-to-left mirroring of boxes inside a span.
struct Mirroring: Sendable, Hashable {
    var rtl: Bool

    /// A box's x inside a span of width `span`, mirrored in right-to-left layouts.
    func x(_ x: Double, width: Double = 0, in span: Double) -> Double {
        rtl ? span - x - width : x
    }
}
