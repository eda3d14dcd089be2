import Adaptive
import ScrollableTab

/// State -> SVG text. Deterministic: the same state always gives the same bytes.
public enum SVGSnapshot {
    public static func svg(_ stage: StageState) -> String {
        let scene = Scene(stage)
        var svg = SVGBuilder(width: scene.windowSize.width, height: scene.windowSize.height)
        svg.raw(scene.definitions)
        svg.rect(Rect(size: scene.windowSize), fill: scene.palette.background, id: "background")
        let frame = stage.container.environment.frame
        let moved = frame.x != 0 || frame.y != 0
        svg.open("container", transform: moved ? "translate(\(n(frame.x)),\(n(frame.y)))" : nil)
        scene.drawPages(&svg)
        scene.drawHeader(&svg)
        scene.drawTabBar(&svg)
        scene.drawScrollIndicator(&svg)
        svg.close()
        scene.drawStatusBar(&svg)
        scene.drawDeviceChrome(&svg)
        return svg.finish()
    }
}

/// Everything the drawing code reads, computed once per snapshot.
struct Scene {
    let stage: StageState
    let container: ContainerState
    let geometry: ContainerGeometry
    let palette: Palette
    let rtl: Bool
    let windowSize: Size
    /// W × V: the container's own size.
    let size: Size
    let safeArea: EdgeInsets
    let headerHeight: Double
    let tabBarTop: Double
    /// Dynamic Type factor for text.
    let typeScale: Double

    init(_ stage: StageState) {
        self.stage = stage
        container = stage.container
        geometry = container.geometry
        palette = Palette.forStyle(stage.window.traits.userInterfaceStyle)
        rtl = stage.window.traits.layoutDirection == .rtl
        windowSize = stage.window.window
        size = geometry.size
        safeArea = geometry.safeArea
        headerHeight = container.headerHeight
        tabBarTop = container.tabBarTop
        typeScale = stage.window.traits.contentSizeCategory.barScale
    }

    /// Shared paint servers: the cover gradient.
    var definitions: String {
        "<defs><linearGradient id=\"cover-gradient\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">"
            + "<stop offset=\"0\" stop-color=\"\(palette.coverStart)\"/><stop offset=\"1\" stop-color=\"\(palette.coverEnd)\"/>"
            + "</linearGradient></defs>\n"
    }

    /// Mirrors a box's x inside a span of width `span` in right-to-left layouts.
    func mirrored(_ x: Double, width: Double = 0, in span: Double) -> Double {
        rtl ? span - x - width : x
    }

    /// The leading text anchor and position for text starting `x` from the leading edge.
    func leading(_ x: Double, in span: Double) -> (x: Double, anchor: SVGBuilder.Anchor) {
        rtl ? (span - x, .end) : (x, .start)
    }

    func trailing(_ x: Double, in span: Double) -> (x: Double, anchor: SVGBuilder.Anchor) {
        rtl ? (x, .start) : (span - x, .end)
    }

    /// Top of the visible part of the pages (below the tab bar).
    var pagesVisibleTop: Double { tabBarTop + geometry.tabBarHeight }
}
