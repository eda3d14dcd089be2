import Adaptive
import Presentation
import Stage

/// How a presentation is dressed beyond its frame: dimming, rounded corners, the grabber, the
/// presenter pushed back, the presented content's insets. UIKit publishes none of these
/// numbers; each one below is an assumption, named once and listed in the UIKit Facts article.
public struct PresentationChrome: Sendable, Hashable {
    /// (assumed) Black at this opacity dims the presenter behind a sheet or card.
    public static let dimmingOpacity = 0.4
    /// (assumed) The corner radius of sheets, cards and the pushed-back presenter.
    public static let cornerRadius = 10.0
    /// (assumed) The grabber's size, and its distance below the sheet's top edge.
    public static let grabberSize = Size(width: 36, height: 5)
    /// (assumed) The grabber's distance below the sheet's top edge.
    public static let grabberTopInset = 5.0
    /// (assumed) An iPhone presenter behind a large sheet is scaled by this, centred
    /// horizontally, its top moved to the window's safe-area top (under the status bar).
    public static let presenterScale = 0.92
    /// (assumed: the figure third-party reports of iOS 26 give) The Liquid Glass design: the
    /// corners of cards, and the least a sheet's top corners take (`glassSheetCornerRadius(on:)`).
    public static let glassCornerRadius = 32.0
    /// (assumed: chosen by eye) Liquid Glass: a popover's corner radius.
    public static let glassPopoverCornerRadius = 26.0
    /// (assumed: chosen by eye) Liquid Glass: how opaque the tint over the blurred backdrop is
    /// (white in light appearance, the elevated #1C1C1E in dark), for sheets, cards, popovers
    /// and the floating tab bar.
    public static let glassTintOpacity = 0.86
    /// (assumed: chosen by eye) Liquid Glass: the backdrop's Gaussian blur, its standard
    /// deviation in points.
    public static let glassBlur = 10.0
    /// (assumed) Liquid Glass: the specular rim, a hairline of white at this opacity.
    public static let glassRimOpacity = 0.55

    /// Liquid Glass: a sheet's top corners are concentric with the display's, the display's
    /// radius less `floatingSheetInset` (62 − 8 = 54 on an iPhone 17 Pro), at every detent so
    /// the shape does not change; never less than `glassCornerRadius` (an iPhone SE's square
    /// display, or an iPad's 18 pt corners, which would give 10).
    public static func glassSheetCornerRadius(on device: Device) -> Double {
        max(device.cornerRadius - PresentationRules.floatingSheetInset, glassCornerRadius)
    }

    /// How the presentation shows: popover, sheet, card or full screen.
    public var appearance: PresentationAppearance
    /// Black at `dimmingOpacity` over everything behind the presentation.
    public var dimmed: Bool
    /// Corners of the presented surface (a popover keeps its own, `PopoverArrow.cornerRadius`);
    /// the top ones when `bottomCornerRadius` differs.
    public var cornerRadius: Double
    /// Only the top corners are rounded: the surface is attached to the bottom edge.
    public var roundsTopCornersOnly: Bool
    /// The bottom corners: 0 for a sheet attached to the bottom edge; a floating sheet's are
    /// concentric with the display's (its corner radius less `floatingSheetInset`).
    public var bottomCornerRadius: Double
    /// Opaque, or Liquid Glass (a tint over the blurred backdrop, with a specular rim).
    public var material: PresentationMaterial
    /// The sheet's grabber, when it shows one.
    public var grabber: Rect?
    /// Where the presenter's window is drawn, scaled by `presenterScale`; nil when it stays put.
    public var presenterFrame: Rect?
    /// The pushed-back presenter's corner radius, as drawn (after scaling): `cornerRadius`
    /// before iOS 26; from 26 the display's, scaled with the presenter (62 × 0.92 = 57.04 on an
    /// iPhone 17 Pro).
    public var presenterCornerRadius: Double
    /// How far the presented content keeps from its frame's edges: the status bar, the home
    /// indicator and, in landscape, the sensor housing.
    public var contentInsets: EdgeInsets

    /// The chrome of `layout` in `window`.
    public init(_ layout: PresentationLayout, window: WindowEnvironment) {
        let frame = layout.frame
        let safeArea = window.safeArea
        appearance = layout.appearance
        dimmed = layout.dimmed
        material = layout.material
        let glass = window.settings.iOSVersion.design == .liquidGlass
        let surfaceRadius = glass ? Self.glassCornerRadius : Self.cornerRadius
        switch layout.appearance {
        case .popover:
            cornerRadius = PopoverArrow.cornerRadius(layout)
            roundsTopCornersOnly = false
            bottomCornerRadius = cornerRadius
        case .sheet:
            cornerRadius = glass ? Self.glassSheetCornerRadius(on: window.device) : surfaceRadius
            roundsTopCornersOnly = !layout.floats
            bottomCornerRadius =
                layout.floats ? max(0, window.device.cornerRadius - PresentationRules.floatingSheetInset) : 0
        case .card:
            cornerRadius = surfaceRadius
            roundsTopCornersOnly = false
            bottomCornerRadius = cornerRadius
        case .fullScreen:
            cornerRadius = 0
            roundsTopCornersOnly = false
            bottomCornerRadius = 0
        }
        grabber =
            layout.showsGrabber && layout.appearance == .sheet
            ? Rect(
                x: frame.midX - Self.grabberSize.width / 2, y: frame.y + Self.grabberTopInset,
                width: Self.grabberSize.width, height: Self.grabberSize.height)
            : nil
        if layout.pushesPresenterBack {
            // From iOS 26 the large sheet reaches the safe-area top, so the presenter's top
            // moves up by the gap earlier sheets kept (`largeDetentTopInset`): it still shows
            // that much above the sheet.
            let size = window.window, scale = Self.presenterScale
            let top = glass ? safeArea.top - PresentationRules.largeDetentTopInset : safeArea.top
            presenterFrame = Rect(x: size.width * (1 - scale) / 2, y: top, width: size.width * scale, height: size.height * scale)
        } else {
            presenterFrame = nil
        }
        presenterCornerRadius = glass ? window.device.cornerRadius * Self.presenterScale : Self.cornerRadius
        let window = window.window
        contentInsets = EdgeInsets(
            top: max(0, safeArea.top - frame.y), left: max(0, safeArea.left - frame.x),
            bottom: max(0, frame.maxY - (window.height - safeArea.bottom)), right: max(0, frame.maxX - (window.width - safeArea.right)))
    }
}
