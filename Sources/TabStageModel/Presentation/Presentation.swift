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
