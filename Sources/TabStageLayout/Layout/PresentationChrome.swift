import TabStageModel

/// How a presentation is dressed beyond its frame: dimming, rounded corners, the grabber, the
/// presenter pushed back, the presented content's insets. UIKit publishes none of these
/// numbers; each one below is an assumption, named once and listed in the UIKit Facts article.
public struct PresentationChrome: Sendable, Hashable {
    /// (assumed) Black at this opacity dims the presenter behind a sheet or card.
    public static let dimmingOpacity = 0.4
    /// (measured: iOS 26 simulator, the presenter behind a sheet darkens as black at 0.20 over
    /// it) Liquid Glass, light appearance: the dimming's opacity.
    public static let glassDimmingOpacity = 0.2
    /// (measured: iOS 26 simulator, black at 0.48 in dark appearance) Liquid Glass, dark
    /// appearance: the dimming's opacity.
    public static let glassDarkDimmingOpacity = 0.48
    /// (measured: iOS 26 simulator, light appearance, the grabber is rgb(177, 177, 180)) Liquid
    /// Glass: the grabber's colour in light appearance. Dark appearance and earlier releases
    /// keep #5A5A5F and #C7C7CC.
    public static let glassGrabberColor = "#b1b1b4"
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
    /// corners of cards.
    public static let glassCornerRadius = 32.0
    /// (measured: a 7-depth circular fit of an iOS 26.1 simulator capture of a popover-shaped
    /// confirmation dialog gives ≈ 26 pt) Liquid Glass: a popover's corner radius.
    public static let glassPopoverCornerRadius = 26.0
    /// (measured: iOS 26.1 on an iPhone 17 Pro simulator, the floating tab bar keeps 0.294 of the
    /// blurred backdrop's contrast, so the tint covers 1 − 0.294) Liquid Glass on small
    /// elements: how opaque the tint over the blurred backdrop is (`glassTint`: white in light
    /// appearance, `glassDarkTint` in dark), for popovers and the floating tab bar: 0.706,
    /// written to the two decimals the painter writes.
    public static let glassTintOpacity = 0.71
    /// (measured: the same simulator, a medium sheet over the dimmed presenter keeps 0.233 of
    /// its contrast) Liquid Glass on a floating sheet or card: the tint's opacity, 0.767 to two
    /// decimals.
    public static let glassSheetTintOpacity = 0.77
    /// (measured: iOS 26 simulator, light appearance, the medium sheet keeps ≈ 0.30 of the
    /// blurred backdrop's contrast, so the white tint covers 1 − 0.30 = 0.70) Liquid Glass on a
    /// floating sheet in light appearance: white at 0.7. Dark appearance keeps the measured
    /// `glassSheetTintOpacity`.
    public static let glassSheetLightTintOpacity = 0.7
    /// (measured: iOS 26 simulator, light appearance, the floating tab bar's capsule is
    /// rgb(251, 251, 255) over a #F2F2F7 backdrop: white at (251 − 242) / (255 − 242) = 0.69,
    /// nearly opaque) Liquid Glass's tint on the floating tab bar and its search circle in
    /// light appearance: the content under it keeps 1 − 0.69 = 0.31 of its contrast. Dark
    /// appearance keeps `glassTintOpacity`; popovers keep it too.
    public static let glassLightTintOpacity = 0.69
    /// (measured: the selected item's pill over white goes from 253 to 235, about 7 % black;
    /// in dark appearance 28 → 61, white at 0.14 over #1C1C1E) Liquid Glass's selection pill,
    /// and the plain glass bar buttons on a sheet: black at this opacity in light appearance.
    public static let glassPillOpacity = 0.07
    /// (measured, as `glassPillOpacity`) The pill in dark appearance: white at this opacity.
    public static let glassDarkPillOpacity = 0.14
    /// (assumed: Apple's renders of Liquid Glass over light content light its upper-left edge,
    /// and more faintly its lower-right one; no capture measures it, and over a uniform dark
    /// backdrop [the measured rim] the rim is symmetric) Light appearance: the specular
    /// highlight's opacity, white along the edge nearest the top-left corner, half as bright
    /// near the bottom-right, fading out `glassSpecularReach` points (diagonally) from it.
    public static let glassSpecularOpacity = 0.9
    /// (assumed) How far the specular highlight reaches along the edge: its gradient runs from
    /// the bounds' corner to a point this far in on both axes, so on a straight top edge it
    /// fades out 2 × 44 = 88 pt from the corner.
    public static let glassSpecularReach = 44.0
    /// (assumed: the darker contour measured over bright content, 125 against 216 at the edge of
    /// Apple's render, drawn as a soft inner shade) Light appearance: black from this opacity at
    /// the edge to nothing `glassEdgeShadeWidth` points in.
    public static let glassEdgeShadeOpacity = 0.09
    /// (assumed) The inner shade's width, in points.
    public static let glassEdgeShadeWidth = 2.4
    /// (measured: a hard black/white edge under the tab bar's glass ramps over 7–7.5 pt from 10
    /// to 90 %, a Gaussian of σ ≈ 2.8 pt; assumed the same for popovers) Liquid Glass on the tab
    /// bar and popovers: the backdrop's blur, its standard deviation in points.
    public static let glassBlur = 2.8
    /// (assumed: no capture measures a sheet's blur; at `glassBlur` a row's text stays readable
    /// through a medium sheet or form sheet, which real sheets do not allow, so sheets and cards
    /// blur as the system's regular materials look: σ 10 pt) Liquid Glass on a sheet or card:
    /// the backdrop's blur, its standard deviation in points. Popovers keep `glassBlur`.
    public static let glassSheetBlur = 10.0
    /// (measured: dark appearance lifts the tab bar over a #0A0A0B backdrop to #1C1C1E, which
    /// at `glassTintOpacity` takes a tint of (35, 35, 37)) Liquid Glass's tint in dark
    /// appearance. Light appearance tints with white (assumed: the capture over a white
    /// backdrop gives 253, white within 2/255).
    public static let glassDarkTint = "#232325"
    /// (measured: the tab bar's rim over a uniform backdrop is white starting at 0.165 on its
    /// outer edge and fading linearly to 0 over 1.22 pt inward, the same on all four edges)
    /// Liquid Glass: the specular rim's opacity at the edge.
    public static let glassRimOpacity = 0.165
    /// (measured, as `glassRimOpacity`) The specular rim's width, in points.
    public static let glassRimWidth = 1.22
    /// (measured: over bright content a popover's rim turns into a darker contour; iOS 26
    /// simulator: the floating tab bar has none, so only popovers and sheets draw it) Light
    /// appearance's contour just outside the glass: black at this opacity (assumed: the capture gives the
    /// contour's luminance, 125 against 216, not its alpha; this hairline stands for it).
    public static let glassContourOpacity = 0.1

    /// (measured: a circular fit at 7 depths of an iOS 26.1 iPhone 17 Pro simulator capture of a
    /// large sheet's top corners gives ≈ 38 pt, an independent fit ≈ 36.7; the same at the
    /// medium detent) Liquid Glass: a sheet's top corners, at every detent and on every device
    /// (assumed the same on other devices: only an iPhone 17 Pro was measured). Not concentric
    /// with the display: 38 pt against the 62 − 8 = 54 of its bottom corners.
    public static let glassSheetTopCornerRadius = 38.0

    /// Liquid Glass: a floating sheet's bottom corners are concentric with the display's, the
    /// display's radius less `floatingSheetInset` (62 − 8 = 54 on an iPhone 17 Pro; assumed:
    /// Apple's WWDC25 guidance says the bottom edges nest in the display's curve, without
    /// numbers), 0 on a display with square corners (an iPhone SE). A sheet attached to the
    /// bottom edge (the large detent) has square bottom corners instead.
    public static func glassSheetBottomCornerRadius(on device: Device) -> Double {
        max(0, device.cornerRadius - PresentationRules.floatingSheetInset)
    }

    /// How the presentation shows: popover, sheet, card or full screen.
    public var appearance: PresentationAppearance
    /// Black at this opacity over everything behind the presentation, when `dimmed`:
    /// `dimmingOpacity` before iOS 26; on Liquid Glass `glassDimmingOpacity` in light
    /// appearance and `glassDarkDimmingOpacity` in dark.
    public var dimmingOpacity: Double
    /// Whether the surface casts a drop shadow: popovers and cards do; from iOS 26 a sheet does
    /// not at any detent (measured: iOS 26 simulator, no shadow around a medium or large sheet).
    public var castsShadow: Bool
    /// Black at `dimmingOpacity` over everything behind the presentation.
    public var dimmed: Bool
    /// Corners of the presented surface (a popover keeps its own, `PopoverArrow.cornerRadius`);
    /// the top ones when `bottomCornerRadius` differs (a Liquid Glass sheet's: 38 pt on top,
    /// the trace's `cornerRadius.top`).
    public var cornerRadius: Double
    /// Only the top corners are rounded: the surface is attached to the bottom edge.
    public var roundsTopCornersOnly: Bool
    /// The bottom corners (the trace's `cornerRadius.bottom`): 0 for a sheet attached to the
    /// bottom edge; a floating sheet's are concentric with the display's
    /// (`glassSheetBottomCornerRadius(on:)`).
    public var bottomCornerRadius: Double
    /// Opaque, or Liquid Glass (a tint over the blurred backdrop, with a specular rim).
    public var material: PresentationMaterial
    /// How opaque the surface's base is over what lies behind it: 1 for an opaque surface (a
    /// sheet at the large detent, a form sheet, anything before iOS 26); on glass the tint's
    /// opacity over the blurred backdrop: `glassTintOpacity` on a popover, and on a floating
    /// sheet `glassSheetLightTintOpacity` in light appearance, `glassSheetTintOpacity` in dark.
    public var tintOpacity: Double
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
        let darkAppearance = window.traits.userInterfaceStyle == .dark
        switch (layout.material, layout.appearance) {
        case (.opaque, _), (.glass, .fullScreen): tintOpacity = 1
        case (.glass, .popover): tintOpacity = Self.glassTintOpacity
        case (.glass, .sheet), (.glass, .card):
            tintOpacity = darkAppearance ? Self.glassSheetTintOpacity : Self.glassSheetLightTintOpacity
        }
        let glass = window.settings.iOSVersion.design == .liquidGlass
        dimmingOpacity =
            glass ? (darkAppearance ? Self.glassDarkDimmingOpacity : Self.glassDimmingOpacity) : Self.dimmingOpacity
        castsShadow = !(glass && layout.appearance == .sheet)
        let surfaceRadius = glass ? Self.glassCornerRadius : Self.cornerRadius
        switch layout.appearance {
        case .popover:
            cornerRadius = PopoverArrow.cornerRadius(layout)
            roundsTopCornersOnly = false
            bottomCornerRadius = cornerRadius
        case .sheet:
            cornerRadius = glass ? Self.glassSheetTopCornerRadius : surfaceRadius
            roundsTopCornersOnly = !layout.floats
            bottomCornerRadius = layout.floats ? Self.glassSheetBottomCornerRadius(on: window.device) : 0
        case .card:
            cornerRadius = surfaceRadius
            roundsTopCornersOnly = false
            bottomCornerRadius = cornerRadius
        case .fullScreen:
            cornerRadius = 0
            roundsTopCornersOnly = false
            bottomCornerRadius = 0
        }
        // The grabber is laid out with the sheet, 36 × 5 at 5 pt below its laid-out top, and a
        // floating sheet draws it scaled with the rest: 34.57 × 4.8, 4.8 below the drawn top
        // on an iPhone 17 Pro (× 386 / 402).
        let laidOut = layout.laidOutFrame
        grabber =
            layout.showsGrabber && layout.appearance == .sheet
            ? layout.drawn(
                Rect(
                    x: laidOut.midX - Self.grabberSize.width / 2, y: laidOut.y + Self.grabberTopInset, width: Self.grabberSize.width,
                    height: Self.grabberSize.height))
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
