/// UIKit's presentation rules as pure functions: style adaptation and frames per release.
public enum PresentationRules {
    /// Popovers keep this far from the window edges, inside the safe area.
    public static let popoverMargin: Double = 10
    /// How far a popover's arrow reaches past its frame.
    public static let arrowDepth: Double = 13
    /// A popover's size when the request gives none (before iOS 26; from 26 the height fits
    /// the content, `PresentedContent.glassFittingHeight`).
    public static let defaultPopoverSize = Size(width: 320, height: 480)
    /// A form sheet's size when the request gives none.
    public static let defaultFormSheetSize = Size(width: 540, height: 620)
    /// (assumed) A sheet's large detent starts this far below the window's safe-area top.
    public static let largeDetentTopInset: Double = 10
    /// (assumed) The medium detent's height as a share of the large detent's ("about half").
    public static let mediumDetentFraction: Double = 0.5
    /// (assumed) iOS 13 and later, regular width and height: a page sheet's width; it is as
    /// tall as the window allows, so it stays taller than wide, "roughly the size of a page".
    public static let pageSheetWidth: Double = 704
    /// (assumed) iOS 13 and later: a centred card leaves at least this much of the dimmed
    /// background visible on every side.
    public static let cardMargin: Double = 40
    /// (measured: iOS 26 simulator, a medium sheet's view at {8, 415.03, 386, 450.97} on a
    /// 402 × 874 window) The Liquid Glass design: a sheet at a partial-height detent is seen this
    /// far from the window's sides and bottom: UIKit lays it out as wide as the window and draws
    /// it scaled by `floatingSheetScale(windowWidth:)` about its centre.
    public static let floatingSheetInset: Double = 8
    /// Liquid Glass: the scale a floating sheet is drawn at, (W − 2 × `floatingSheetInset`) / W:
    /// 386 / 402 = 0.9602 on an iPhone 17 Pro (measured: iOS 26 simulator, "drawn scaled 0.96";
    /// a public view-tree dump of a medium sheet tells 386 / 402 from a fixed 0.96: the 469.67 pt
    /// sheet is 450.97 tall as drawn, 469.67 × 0.9602 = 450.97 where 0.96 gives 450.88, and a
    /// control laid out 370 wide at x 16 is drawn 355.27 wide at x 23.36, 370 × 0.9602 and
    /// 8 + 16 × 0.9602, where 0.96 gives 355.2 at 23.4). 359 / 375 = 0.9573 on an iPhone SE.
    public static func floatingSheetScale(windowWidth: Double) -> Double {
        windowWidth > 2 * floatingSheetInset ? (windowWidth - 2 * floatingSheetInset) / windowWidth : 1
    }
    /// (measured: iOS 26 simulator, a 402 × 874 window with safe-area insets 62 / 34: the medium
    /// sheet is laid out 469.67 tall against a large detent 874 − 62 = 812 tall, so
    /// 469.67 / 812 = 0.5784) Liquid Glass: the medium detent's laid-out height as a share of
    /// the large detent's. One device cannot tell whether UIKit scales the large detent, the
    /// maximum detent value (778; 469.67 − 34 = 435.67 = 0.56 × 778) or the window; tabstage
    /// scales the large detent, as it does before iOS 26 with `mediumDetentFraction`.
    public static let glassMediumDetentFraction: Double = 469.67 / 812

    /// Apple's adaptivity rule (iOS 8–12): only compact width adapts, only popover and sheets.
    public static func resolvedStyle(_ request: PresentationRequest, horizontalSizeClass: SizeClass) -> PresentationStyle {
        let style = request.style == .automatic ? IOSVersion(12).automaticStyle : request.style
        guard horizontalSizeClass == .compact, style.adapts else { return style }
        switch request.adaptation {
        case .automatic, .fullScreen: return .fullScreen
        case .none: return style
        case .overFullScreen: return .overFullScreen
        case .formSheet: return .formSheet
        }
    }

    /// iOS 13 and later: a horizontally or vertically compact environment adapts, and a popover
    /// adapts (automatically) to a form sheet, which the sheet rules then place.
    public static func resolvedStyle(_ request: PresentationRequest, in environment: PresentationEnvironment) -> PresentationStyle {
        guard environment.iOSVersion.hasCardSheets else {
            return resolvedStyle(request, horizontalSizeClass: environment.horizontalSizeClass)
        }
        let style = request.style == .automatic ? environment.iOSVersion.automaticStyle : request.style
        let compact = environment.horizontalSizeClass == .compact || environment.verticalSizeClass == .compact
        guard compact, style.adapts else { return style }
        switch request.adaptation {
        case .automatic: return style == .popover ? .formSheet : style
        case .none: return style
        case .fullScreen: return .fullScreen
        case .overFullScreen: return .overFullScreen
        case .formSheet: return .formSheet
        }
    }

    /// Where and how `request` shows in `environment`: the adapted style, its frame and its chrome.
    public static func layout(_ request: PresentationRequest, in environment: PresentationEnvironment) -> PresentationLayout {
        let style = resolvedStyle(request, in: environment)
        let window = environment.window
        let whole = Rect(size: window)
        // The look decides the material here and in `sheet`: Liquid Glass popovers and
        // floating sheets; a form sheet (card) is opaque, as a large sheet is (assumed, as a designer's
        // review beside iPadOS 26 found; no capture measured).
        let glass = environment.iOSVersion.design == .liquidGlass
        func laid(_ appearance: PresentationAppearance, _ frame: Rect, dimmed: Bool = false) -> PresentationLayout {
            PresentationLayout(
                requestedStyle: request.style, style: style, appearance: appearance, frame: frame, dimmed: dimmed, material: .opaque)
        }
        switch style {
        case .fullScreen, .overFullScreen, .automatic:
            return laid(.fullScreen, whole)
        case .popover:
            let source = request.source ?? Rect(x: window.width / 2, y: window.height / 2, width: 0, height: 0)
            // Liquid Glass: without a preferred size the popover fits its content's height.
            let content = request.content ?? .standard
            let fitted = Size(
                width: defaultPopoverSize.width, height: content.glassFittingHeight(category: environment.contentSizeCategory))
            let (frame, arrow) = popover(
                size: request.size ?? (glass ? fitted : defaultPopoverSize), source: source, window: window,
                safeArea: environment.safeArea)
            return PresentationLayout(
                requestedStyle: request.style, style: style, appearance: .popover, frame: frame,
                arrowDirection: arrow, source: source, material: glass ? .glass : .opaque)
        case .formSheet, .pageSheet:
            guard environment.iOSVersion.hasCardSheets else {
                // iOS 12: a centred card, never larger than the window; (assumed) the page
                // sheet has the window's height and the portrait screen's width.
                let size =
                    style == .formSheet
                    ? request.size ?? defaultFormSheetSize
                    : Size(width: min(window.width, environment.portraitScreenWidth), height: window.height)
                return laid(.card, centred(size, in: whole), dimmed: true)
            }
            let compactWidth = environment.horizontalSizeClass == .compact
            let compactHeight = environment.verticalSizeClass == .compact
            if !compactWidth && !compactHeight {
                let size =
                    style == .formSheet
                    ? request.size ?? defaultFormSheetSize
                    : Size(width: pageSheetWidth, height: window.height)
                let area = Rect(
                    x: cardMargin, y: cardMargin, width: max(0, window.width - 2 * cardMargin),
                    height: max(0, window.height - 2 * cardMargin))
                return laid(.card, placed(centred(size, in: area), in: area, request.placement, environment), dimmed: true)
            }
            if compactHeight && !request.sheet.edgeAttachedInCompactHeight {
                return laid(.fullScreen, whole)
            }
            return sheet(request, style: style, in: environment, compactHeight: compactHeight)
        }
    }

    /// The largest value a sheet's detent can take, UIKit's `maximumDetentValue`: the window's
    /// height less its top and bottom safe-area insets; before iOS 26's design also less
    /// `largeDetentTopInset` (the gap above a large sheet).
    public static func maximumDetentValue(in environment: PresentationEnvironment) -> Double {
        let gap = environment.iOSVersion.design == .liquidGlass ? 0 : largeDetentTopInset
        return max(0, environment.window.height - environment.safeArea.top - environment.safeArea.bottom - gap)
    }

    /// A sheet attached to the bottom edge: the large detent reaches up to the safe-area top
    /// (plus `largeDetentTopInset` before iOS 26), the medium one half as far. With the Liquid
    /// Glass design a sheet at the medium detent floats: `floatingSheetInset` from the window's
    /// sides and bottom (an edge-attached sheet in compact height stays attached).
    static func sheet(
        _ request: PresentationRequest, style: PresentationStyle, in environment: PresentationEnvironment,
        compactHeight: Bool
    ) -> PresentationLayout {
        let window = environment.window
        let options = environment.iOSVersion.hasSheetDetents ? request.sheet : SheetOptions()
        let detent = options.restingDetent
        // The large detent's frame: the maximum detent value plus the bottom safe area it covers.
        let gap = environment.iOSVersion.design == .liquidGlass ? 0 : largeDetentTopInset
        let largeTop = min(window.height, environment.safeArea.top + gap)
        let largeHeight = window.height - largeTop
        let floats = environment.iOSVersion.design == .liquidGlass && detent != .large && !compactHeight
        let fraction = floats ? glassMediumDetentFraction : mediumDetentFraction
        let height = detent == .large ? largeHeight : largeHeight * fraction
        var width = window.width
        if compactHeight {
            // (assumed) Edge-attached in compact height: as wide as the portrait screen, centred.
            let preferred = options.widthFollowsPreferredContentSize ? request.size?.width : nil
            width = min(preferred ?? environment.portraitScreenWidth, window.width)
        }
        var frame = Rect(x: (window.width - width) / 2, y: window.height - height, width: width, height: height)
        var laidOut = frame
        if floats {
            frame = floatingFrame(laidOut: frame, window: window, scale: environment.displayScale)
            laidOut = Rect(x: frame.midX - width / 2, y: frame.midY - height / 2, width: width, height: height)
        }
        let dimmed = !(options.largestUndimmedDetent.map { detent <= $0 } ?? false)
        let pushesBack = environment.idiom == .phone && environment.verticalSizeClass == .regular && detent == .large && dimmed
        return PresentationLayout(
            requestedStyle: request.style, style: style, appearance: .sheet, frame: frame, detent: detent,
            dimmed: dimmed, showsGrabber: options.grabber, pushesPresenterBack: pushesBack,
            material: floats ? .glass : .opaque, floats: floats, laidOutFrame: laidOut,
            drawnScale: floats ? floatingSheetScale(windowWidth: width) : 1)
    }

    /// Liquid Glass: where a floating sheet laid out as `laidOut` (as wide as the window, its
    /// bottom on the window's) is seen. UIKit draws it scaled by `floatingSheetScale(windowWidth:)` about its
    /// centre and keeps it as far from the window's bottom as from its sides,
    /// W × (1 − s) / 2 = `floatingSheetInset`: on a 402 × 874 window a 469.67 pt sheet shows at
    /// x 8, width 386, height 469.67 × 386 / 402 = 450.97, top 874 − 8 − 450.97 = 415.03.
    /// Its edges then lie on the display's pixel grid (`displayScale` pixels a point): at 3×
    /// top 1245.09 px → 1245 = 415: (8, 415, 386, 451), as measured on the iOS 26 simulator.
    public static func floatingFrame(laidOut: Rect, window: Size, scale displayScale: Double) -> Rect {
        let scale = floatingSheetScale(windowWidth: laidOut.width)
        let width = laidOut.width * scale, height = laidOut.height * scale
        let side = (laidOut.width - width) / 2
        let pixels = max(1, displayScale)
        func grid(_ value: Double) -> Double { (value * pixels).rounded() / pixels }
        let x = grid(laidOut.x + side), maxX = grid(laidOut.x + side + width)
        let maxY = grid(window.height - side), y = grid(window.height - side - height)
        return Rect(x: x, y: y, width: maxX - x, height: maxY - y)
    }

    /// iOS 27's `preferredPlacement` for a card: against the leading or trailing side of `area`
    /// (mirrored in right to left), or left where it is (`automatic`, `center`, and every
    /// release before 27).
    static func placed(_ card: Rect, in area: Rect, _ placement: SheetPlacement, _ environment: PresentationEnvironment) -> Rect {
        guard environment.iOSVersion.hasSheetPlacement else { return card }
        let rtl = environment.layoutDirection == .rtl
        var frame = card
        switch placement {
        case .automatic, .center: return card
        case .leading: frame.x = rtl ? area.maxX - card.width : area.x
        case .trailing: frame.x = rtl ? area.x : area.maxX - card.width
        }
        return frame
    }

    /// Centred in `area`, never larger than it.
    static func centred(_ size: Size, in area: Rect) -> Rect {
        let width = min(size.width, area.width), height = min(size.height, area.height)
        return Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
    }

    /// Arrow up (below the source) if it fits, else down (above it), else towards the side with
    /// more room; centred on the source along the cross axis, then clamped inside the margins.
    /// The frame always lies inside the margins, even for a source outside them (or outside the
    /// window): the popover is then clamped there, as UIKit keeps a popover on screen, and its
    /// arrow points from the nearest edge towards the source.
    static func popover(size: Size, source: Rect, window: Size, safeArea: EdgeInsets) -> (Rect, ArrowDirection) {
        let area = Rect(
            x: safeArea.left + popoverMargin, y: safeArea.top + popoverMargin,
            width: max(0, window.width - safeArea.left - safeArea.right - 2 * popoverMargin),
            height: max(0, window.height - safeArea.top - safeArea.bottom - 2 * popoverMargin))
        let width = min(size.width, area.width), height = min(size.height, area.height)
        func clampX(_ x: Double, _ w: Double) -> Double { min(max(x, area.x), area.maxX - w) }
        func clampY(_ y: Double, _ h: Double) -> Double { min(max(y, area.y), area.maxY - h) }

        let below = source.maxY + arrowDepth
        if below + height <= area.maxY {
            return (Rect(x: clampX(source.midX - width / 2, width), y: clampY(below, height), width: width, height: height), .up)
        }
        let above = source.y - arrowDepth - height
        if above >= area.y {
            return (Rect(x: clampX(source.midX - width / 2, width), y: clampY(above, height), width: width, height: height), .down)
        }
        let roomLeft = source.x - arrowDepth - area.x
        let roomRight = area.maxX - source.maxX - arrowDepth
        if max(roomLeft, roomRight) >= minimumPopoverSide {
            let y = clampY(source.midY - height / 2, height)
            if roomRight >= roomLeft {
                let w = min(width, roomRight)
                return (Rect(x: clampX(source.maxX + arrowDepth, w), y: y, width: w, height: height), .left)
            }
            let w = min(width, roomLeft)
            return (Rect(x: clampX(source.x - arrowDepth - w, w), y: y, width: w, height: height), .right)
        }
        // Too narrow at both sides: shorter, above or below, where there is more room.
        let roomBelow = area.maxY - below
        let roomAbove = source.y - arrowDepth - area.y
        let x = clampX(source.midX - width / 2, width)
        if max(roomBelow, roomAbove) >= minimumPopoverSide {
            if roomBelow >= roomAbove {
                return (Rect(x: x, y: below, width: width, height: min(height, roomBelow)), .up)
            }
            let h = min(height, roomAbove)
            return (Rect(x: x, y: source.y - arrowDepth - h, width: width, height: h), .down)
        }
        // No side has room (a source that fills the window): over the source, centred on it,
        // without an arrow.
        return (
            Rect(x: x, y: clampY(source.midY - height / 2, height), width: width, height: height), .none
        )
    }

    /// A popover squeezed beside its source narrower or shorter than this is placed elsewhere:
    /// less than a tap target shows nothing usable. UIKit publishes no such number (assumed).
    public static let minimumPopoverSide: Double = 44

    /// Where a popover's source sits after the window changes size: like a bar button, it keeps
    /// its distance to the nearer side edge and to the top, clamped inside the window.
    public static func movedSource(_ source: Rect, from old: Size, to new: Size) -> Rect {
        let fromRight = old.width - source.maxX
        var x = source.x <= fromRight ? source.x : new.width - fromRight - source.width
        x = min(max(x, 0), max(0, new.width - source.width))
        let y = min(max(source.y, 0), max(0, new.height - source.height))
        return Rect(x: x, y: y, width: source.width, height: source.height)
    }
}
