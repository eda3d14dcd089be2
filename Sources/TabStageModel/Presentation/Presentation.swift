/// UIModalPresentationStyle, as scenario files spell it.
public enum PresentationStyle: String, Sendable, Hashable, CaseIterable {
    case popover, formSheet, pageSheet, fullScreen, overFullScreen
    /// Resolved per release before any rule applies (`IOSVersion.automaticStyle`).
    case automatic

    /// Styles UIKit asks the delegate to adapt in compact environments; full-screen styles never adapt.
    public var adapts: Bool { self == .popover || self == .formSheet || self == .pageSheet }
    /// Whether the presenter leaves the screen (and so receives its disappearance callbacks).
    public var hidesPresenter: Bool { self == .fullScreen }
}

/// The delegate's answer to adaptivePresentationStyle(for:traitCollection:).
public enum PresentationAdaptation: String, Sendable, Hashable, CaseIterable {
    case automatic, none, fullScreen, overFullScreen, formSheet
}

/// Which edge of a popover its arrow is on, pointing at the source.
public enum ArrowDirection: String, Sendable, Hashable {
    case up, down, left, right, none
}

/// What is drawn, whatever the style is called: a popover with an arrow, a sheet attached to
/// the bottom edge, a card centred over the dimmed presenter, or content covering the window.
public enum PresentationAppearance: String, Sendable, Hashable, CaseIterable {
    case popover, sheet, card, fullScreen
}

/// What a presented surface is made of: opaque (every release up to 18, and full-height sheets
/// and full-screen presentations on 26+), or Liquid Glass (iOS 26+: popovers, form and page
/// sheets shown as cards, and sheets at a partial-height detent).
public enum PresentationMaterial: String, Sendable, Hashable, CaseIterable {
    case opaque, glass
}

/// iOS 27's `UISheetPresentationController.preferredPlacement`: where a sheet shown as a card
/// (an iPad in regular width and height) sits along the window's width.
public enum SheetPlacement: String, Sendable, Hashable, CaseIterable {
    /// The system's choice: centred, as before iOS 27.
    case automatic
    /// Against the leading side (left in left-to-right, right in right-to-left).
    case leading
    /// Centred.
    case center
    /// Against the trailing side.
    case trailing
}

/// UISheetPresentationController's system detents, smallest first.
public enum SheetDetent: String, Sendable, Hashable, CaseIterable, Comparable {
    case medium, large

    /// Medium sorts before large.
    public static func < (lhs: SheetDetent, rhs: SheetDetent) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The sheet presentation controller's settings (iOS 15 and later; earlier releases ignore
/// them and show every sheet at its full height).
public struct SheetOptions: Sendable, Hashable {
    /// The detents the sheet may rest at; never empty.
    public var detents: [SheetDetent]
    /// Nil rests the sheet at its smallest detent, as UIKit does.
    public var selectedDetent: SheetDetent?
    /// Whether the sheet shows the grabber (iOS 15 and later).
    public var grabber: Bool
    /// The dimming stays away while the sheet rests at or below this detent.
    public var largestUndimmedDetent: SheetDetent?
    /// In compact height: a sheet attached to the bottom edge instead of full screen.
    public var edgeAttachedInCompactHeight: Bool
    /// An edge-attached sheet in compact height takes the preferred content size's width.
    public var widthFollowsPreferredContentSize: Bool

    /// Sheet options with UIKit's defaults.
    public init(
        detents: [SheetDetent] = [.large], selectedDetent: SheetDetent? = nil, grabber: Bool = false,
        largestUndimmedDetent: SheetDetent? = nil, edgeAttachedInCompactHeight: Bool = false,
        widthFollowsPreferredContentSize: Bool = false
    ) {
        self.detents = detents.isEmpty ? [.large] : detents
        self.selectedDetent = selectedDetent
        self.grabber = grabber
        self.largestUndimmedDetent = largestUndimmedDetent
        self.edgeAttachedInCompactHeight = edgeAttachedInCompactHeight
        self.widthFollowsPreferredContentSize = widthFollowsPreferredContentSize
    }

    /// The detent the sheet rests at.
    public var restingDetent: SheetDetent { selectedDetent ?? detents.min() ?? .large }
}

/// What a `present` step asks for.
public struct PresentationRequest: Sendable, Hashable {
    /// The UIModalPresentationStyle asked for.
    public var style: PresentationStyle
    /// How the request adapts in compact width (UIKit's adaptive presentation delegate).
    public var adaptation: PresentationAdaptation
    /// Popovers: the rect they point at, in window coordinates.
    public var source: Rect?
    /// Preferred content size; nil means the style's default.
    public var size: Size?
    /// Detents, grabber and dimming for sheets.
    public var sheet: SheetOptions
    /// What the presented screen lists; nil shows `PresentedContent.standard`.
    public var content: PresentedContent?
    /// iOS 27: where an iPad sheet shown as a card sits (`preferredPlacement`).
    public var placement: SheetPlacement = .automatic

    /// A request as a `present` step writes it.
    public init(
        style: PresentationStyle, adaptation: PresentationAdaptation = .automatic, source: Rect? = nil, size: Size? = nil,
        sheet: SheetOptions = SheetOptions()
    ) {
        self.style = style
        self.adaptation = adaptation
        self.source = source
        self.size = size
        self.sheet = sheet
    }
}

/// Where and how a presentation shows in a given window.
public struct PresentationLayout: Sendable, Hashable {
    /// The style as asked for, before adaptation.
    public var requestedStyle: PresentationStyle
    /// The UIModalPresentationStyle the request resolved to in this environment.
    public var style: PresentationStyle
    /// How it is drawn: popover, sheet, card or full screen.
    public var appearance: PresentationAppearance
    /// In window coordinates; a popover's frame excludes its arrow, a sheet's is its visible part.
    public var frame: Rect
    /// The popover's arrow edge; `.none` for anything else.
    public var arrowDirection: ArrowDirection
    /// The popover's source after the window changed (nil for other styles).
    public var source: Rect?
    /// The detent a sheet rests at; nil unless the appearance is a sheet.
    public var detent: SheetDetent?
    /// Whether the presenter is dimmed behind the presentation.
    public var dimmed: Bool
    /// Whether a grabber is drawn at the sheet's top.
    public var showsGrabber: Bool
    /// An iPhone in portrait pushes the presenter back behind a dimmed sheet at its large detent.
    public var pushesPresenterBack: Bool
    /// Opaque, or Liquid Glass (iOS 26+).
    public var material: PresentationMaterial
    /// iOS 26+: a sheet at a partial-height detent floats, inset from the window's sides and
    /// bottom, its bottom corners following the display's.
    public var floats: Bool
    /// Where the presented content is laid out, in window coordinates: `frame` itself, or for a
    /// floating sheet the unscaled sheet (as wide as the window, `glassMediumDetentFraction` of
    /// the large detent tall) centred on `frame`, which UIKit draws scaled by `drawnScale` about
    /// that centre (402 × 469.67 about (201, 640.5) on an iPhone 17 Pro, drawn 386 × 451).
    public var laidOutFrame: Rect
    /// The scale the content is drawn at about `frame`'s centre: 1, or
    /// `PresentationRules.floatingSheetScale(windowWidth:)` for a floating sheet.
    public var drawnScale: Double

    /// A layout as the rules decide it.
    public init(
        requestedStyle: PresentationStyle, style: PresentationStyle, appearance: PresentationAppearance, frame: Rect,
        arrowDirection: ArrowDirection = .none, source: Rect? = nil, detent: SheetDetent? = nil, dimmed: Bool = false,
        showsGrabber: Bool = false, pushesPresenterBack: Bool = false, material: PresentationMaterial = .opaque,
        floats: Bool = false, laidOutFrame: Rect? = nil, drawnScale: Double = 1
    ) {
        self.requestedStyle = requestedStyle
        self.style = style
        self.appearance = appearance
        self.frame = frame
        self.arrowDirection = arrowDirection
        self.source = source
        self.detent = detent
        self.dimmed = dimmed
        self.showsGrabber = showsGrabber
        self.pushesPresenterBack = pushesPresenterBack
        self.material = material
        self.floats = floats
        self.laidOutFrame = laidOutFrame ?? frame
        self.drawnScale = drawnScale
    }
}

extension PresentationLayout {
    /// Where a rect of the presented content, laid out in `laidOutFrame`, is seen: scaled by
    /// `drawnScale` about `frame`'s centre (itself when the content is drawn as laid out).
    public func drawn(_ rect: Rect) -> Rect {
        guard drawnScale != 1 else { return rect }
        let s = drawnScale, cx = frame.midX, cy = frame.midY
        return Rect(x: cx + (rect.x - cx) * s, y: cy + (rect.y - cy) * s, width: rect.width * s, height: rect.height * s)
    }
}

/// The parts of a window presentation rules read.
public struct PresentationEnvironment: Sendable, Hashable {
    /// The window's size.
    public var window: Size
    /// The window's safe-area insets.
    public var safeArea: EdgeInsets
    /// Compact width adapts popovers and sheets.
    public var horizontalSizeClass: SizeClass
    /// Compact height adapts sheets on phones.
    public var verticalSizeClass: SizeClass
    /// Phone or pad.
    public var idiom: Idiom
    /// The device's portrait width: iOS 12's page sheet and an edge-attached sheet in compact height take it.
    public var portraitScreenWidth: Double
    /// The release whose rules apply.
    public var iOSVersion: IOSVersion
    /// Left to right or right to left: where a `leading` or `trailing` placement goes.
    public var layoutDirection: LayoutDirection
    /// The window's Dynamic Type category: a presented list's rows grow with it, and so does a
    /// popover that fits its rows' height (iOS 26 and later).
    public var contentSizeCategory: ContentSizeCategory
    /// Pixels per point: a floating sheet's scaled frame lies on this pixel grid.
    public var displayScale: Double

    /// The presentation-relevant parts of a window.
    public init(
        window: Size, safeArea: EdgeInsets, horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass,
        idiom: Idiom, portraitScreenWidth: Double, iOSVersion: IOSVersion, layoutDirection: LayoutDirection = .ltr,
        contentSizeCategory: ContentSizeCategory = .L, displayScale: Double = 1
    ) {
        self.displayScale = displayScale
        self.window = window
        self.safeArea = safeArea
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.idiom = idiom
        self.portraitScreenWidth = portraitScreenWidth
        self.iOSVersion = iOSVersion
        self.layoutDirection = layoutDirection
        self.contentSizeCategory = contentSizeCategory
    }

    /// Presentation adaptivity reads the presenting controller's (the window's) traits.
    public init(_ window: WindowEnvironment) {
        self.init(
            window: window.window, safeArea: window.safeArea, horizontalSizeClass: window.traits.horizontalSizeClass,
            verticalSizeClass: window.traits.verticalSizeClass, idiom: window.device.idiom,
            portraitScreenWidth: window.device.size.width, iOSVersion: window.settings.iOSVersion,
            layoutDirection: window.settings.layoutDirection, contentSizeCategory: window.traits.contentSizeCategory,
            displayScale: window.device.scale)
    }
}

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

/// The presented screen's navigation title and list of actions (popover, sheet or full screen).
public struct PresentedContent: Sendable, Hashable {
    /// The navigation bar's title.
    public var title: String
    /// The action rows, top to bottom.
    public var items: [Item]
    /// Whether the navigation bar has a Done button; nil decides by how it is shown: none in a
    /// popover shown as a popover (tapping outside closes it, and Apple's HIG advises against
    /// a close button there), Done on every sheet and full-screen presentation.
    public var doneButton: Bool? = nil
    /// iOS 26 and later: a close button (✕ in a glass circle, `UIBarButtonItem.SystemItem.close`
    /// or a cancel action) on the navigation bar's leading side. Off by default.
    public var closeButton = false
    /// The scroll edge effect under the navigation bar on iOS 26 and later (earlier releases
    /// draw the bar's hairline instead).
    public var scrollEdgeEffect: ScrollEdgeEffectStyle = .soft

    /// One action row.
    public struct Item: Sendable, Hashable {
        /// The row's label.
        public var title: String
        /// Drawn in the system red, as UIKit's destructive actions.
        public var destructive: Bool
        /// The row's checked, embedded picture, drawn where a list puts a symbol; nil draws none,
        /// as a list row without an image.
        public var image: EmbeddedImage?
        /// Makes a row.
        public init(title: String, destructive: Bool = false, image: EmbeddedImage? = nil) {
            self.title = title
            self.destructive = destructive
            self.image = image
        }
    }

    /// Makes content from its title and rows; `doneButton` nil decides by presentation style.
    public init(title: String, items: [Item], doneButton: Bool? = nil) {
        self.title = title
        self.items = items
        self.doneButton = doneButton
    }

    /// The distance between the tops of two action rows.
    public static let rowPitch = 48.0
    /// An action row's height.
    public static let rowHeight = 44.0
    /// iOS 26 and later: a glass bar button's size, a circle around its symbol (measured: a
    /// lone bar button is 44 × 44 pt, radius 22, in an iOS 26.1 simulator's view tree).
    public static let glassButtonSize = 44.0
    /// iOS 26 and later: the glass bar buttons' distance from a sheet's top and sides
    /// (measured: the bar's leading margin, 16 pt, in the same view tree; measured: iOS 26
    /// simulator, a sheet's bar buttons 16 pt from its top and sides). A full-screen bar puts
    /// them at its top instead (`PresentedListLayout.GlassNavigationBar.fullScreenBarHeight`).
    public static let glassButtonInset = 16.0
    /// iOS 26 and later: the glass navigation bar's height, its buttons with
    /// `glassButtonInset` above and below: 16 + 44 + 16 = 76.
    public static let glassBarHeight = 2 * glassButtonInset + glassButtonSize
    /// iOS 26 and later: the first row's distance below the glass bar's top, 12 pt below the
    /// bar as the classic list's first row: 76 + 12 = 88.
    public static let glassFirstRowOffset = glassBarHeight + 12

    /// An action row's height at `category`: the body line's height with 11 pt above and below
    /// (22 + 22 = 44 at Large), never below 44 pt, the HIG's smallest tap target: a list's
    /// cells size themselves to their label at every category.
    public static func rowHeight(for category: ContentSizeCategory) -> Double {
        max(rowHeight, TextStyle.body.font(for: category).lineHeight + 2 * 11)
    }

    /// iOS 26 and later: the height that shows the glass bar and every row, what a popover
    /// without a preferred size takes: the first row's offset, a pitch per further row and the
    /// last row, at the default size.
    public var glassFittingHeight: Double { glassFittingHeight(category: .L) }

    /// iOS 26 and later: `glassFittingHeight` with the rows at `category` (`rowHeight(for:)`,
    /// 4 pt apart as at the default size), as the list lays them out in the window's category.
    public func glassFittingHeight(category: ContentSizeCategory) -> Double {
        let row = Self.rowHeight(for: category)
        return Self.glassFirstRowOffset + Double(max(0, items.count - 1)) * (row + Self.rowPitch - Self.rowHeight) + row
    }

    /// Whether a screen shown in `style` draws Done.
    public func showsDone(in style: PresentationStyle) -> Bool { doneButton ?? (style != .popover) }

    /// A profile's options menu, shown when the scenario gives no content.
    public static let standard = PresentedContent(
        title: "Options",
        items: [
            Item(title: "Share profile"), Item(title: "Copy link to profile"), Item(title: "Add to list"), Item(title: "Mute"),
            Item(title: "Block", destructive: true), Item(title: "Report", destructive: true),
        ])
}
