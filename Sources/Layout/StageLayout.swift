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

    public init(_ stage: StageState) {
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
        header = HeaderLayout(container, mirroring: mirroring)
        tabBar = TabBarLayout(container)
        pages = PagesLayout(container, mirroring: mirroring)
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
