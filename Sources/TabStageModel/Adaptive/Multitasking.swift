/// iPad multitasking window sizes: the published Split View and Slide Over width tables up to
/// iPadOS 18, and from iPadOS 26 a window of any size (`window`) or one Slide Over window.
public enum Multitasking: String, Sendable, Hashable, CaseIterable {
    case full
    case twoThirds = "two-thirds"
    case half
    case oneThird = "one-third"
    case slideOver = "slide-over"
    /// An iPadOS 26 window of a size the scenario gives (`multitasking: {width, height}`); its
    /// size is the window environment's. Not a word scenarios write, so not in `allCases`.
    case window

    /// The words scenarios write (`window` is written as a `{width, height}` mapping instead).
    public static let allCases: [Multitasking] = [.full, .twoThirds, .half, .oneThird, .slideOver]
    /// The Split View fractions iPadOS 26 replaced with windows of any size.
    public static let splitViewFractions: [Multitasking] = [.twoThirds, .half, .oneThird]

    /// Width at which an iPad window's horizontal size class becomes regular (empirical: the
    /// iOS 17 tables give 678 pt regular and 639 pt compact; tabstage keeps it for iPadOS 26's
    /// free windows too, where Apple publishes none: assumed).
    public static let regularWidthThreshold: Double = 678
    /// Slide-over windows are this much shorter than the screen.
    public static let slideOverHeightReduction: Double = 48
    /// (assumed) The smallest window iPadOS 26 lets an app have: 320 pt wide, the narrowest
    /// window iPad multitasking ever gave an app (Slide Over and one-third on 11-inch screens in
    /// portrait), and 320 pt tall. Apple publishes no figure.
    public static let minimumWindowSize = Size(width: 320, height: 320)
    /// (assumed) Slide Over's window from iPadOS 26.1: 375 pt wide, the classic Slide Over
    /// width of the larger iPads, between the status bar and the home indicator.
    public static let windowsSlideOverWidth: Double = 375

    /// A Split View fraction as a width on a screen `width` wide (two-thirds, half or one-third,
    /// whole points, never below the minimum window): the window a scenario writes on iPadOS 26
    /// for the same share of the screen.
    public func share(ofWidth width: Double) -> Double {
        let fraction: Double =
            switch self {
            case .twoThirds: 2.0 / 3.0
            case .half: 0.5
            case .oneThird: 1.0 / 3.0
            default: 1
            }
        return max(Multitasking.minimumWindowSize.width, (width * fraction).rounded(.down))
    }
}

/// (assumed) The three window controls (close, minimise, arrange: the "traffic lights")
/// iPadOS 26 draws in a window's top leading corner. Sizes are read off public iPadOS 26
/// screenshots, not published. They do not change `safeAreaInsets`: UIKit reports the corner
/// they take through the corner-adapted layout regions (`UIView.LayoutRegion.safeArea(cornerAdaptation:)`
/// and `.margins(cornerAdaptation:)`): horizontal adaptation moves the leading edge past the
/// controls in the top band, vertical adaptation moves the top edge below them.
public enum WindowControls {
    /// Each button's diameter.
    public static let buttonDiameter = 12.0
    /// The gap between two buttons.
    public static let spacing = 8.0
    /// The first button's distance from the window's leading edge.
    public static let leadingInset = 14.0
    /// The buttons' distance from the window's top edge.
    public static let topInset = 12.0
    /// The corner the controls take, from the window's top leading corner: the buttons plus
    /// their insets again past the last button and below the row (80 × 36 pt).
    public static var corner: Size {
        let buttons = 3 * buttonDiameter + 2 * spacing
        return Size(width: leadingInset + buttons + leadingInset, height: topInset + buttonDiameter + topInset)
    }

    /// The buttons' frames in window coordinates (close, minimise, arrange from the leading
    /// edge; mirrored in right-to-left layouts).
    public static func buttons(windowWidth: Double, rightToLeft: Bool) -> [Rect] {
        (0..<3).map { index in
            let offset = leadingInset + Double(index) * (buttonDiameter + spacing)
            let x = rightToLeft ? windowWidth - offset - buttonDiameter : offset
            return Rect(x: x, y: topInset, width: buttonDiameter, height: buttonDiameter)
        }
    }
}

/// Why a multitasking window cannot exist; the message is user-facing.
public enum MultitaskingUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    case notAPad(deviceID: String)
    case noPublishedWidths(deviceID: String)
    case notInPortrait(Multitasking)
    /// A Split View fraction on iPadOS 26 or later, which replaced Split View with windows of
    /// any size; `suggested` is the window for the same share of this screen.
    case splitViewReplaced(Multitasking, release: Int, suggested: Size)
    /// A window of any size on a release before iPadOS 26.
    case windowsNeedIPadOS26(release: Int)
    /// A window smaller than the system's minimum or larger than the screen.
    case windowOutOfRange(Size, minimum: Size, screen: Size)

    /// The reason in words, for a scenario error.
    public var description: String {
        switch self {
        case .splitViewReplaced(let mode, let release, let suggested):
            "'\(mode.rawValue)' is a Split View size of iPadOS 18 and earlier; iPadOS \(release) replaced Split View with windows of any size: write {width: \(Int(suggested.width)), height: \(Int(suggested.height))} for the same share of this screen, or set iOSVersion: 18 for Split View's sizes"
        case .windowsNeedIPadOS26(let release):
            "a window of any size needs iPadOS 26 or later; iOSVersion \(release) has Split View's sizes (two-thirds, half, one-third, slide-over)"
        case .windowOutOfRange(let size, let minimum, let screen):
            "a \(Self.points(size.width))×\(Self.points(size.height)) pt window does not fit: width must be from \(Self.points(minimum.width)) to \(Self.points(screen.width)) and height from \(Self.points(minimum.height)) to \(Self.points(screen.height)) (the minimum window to the screen)"
        case .notAPad(let id):
            "multitasking is iPad-only; '\(id)' is a phone"
        case .noPublishedWidths(let id):
            "'\(id)' has no published multitasking widths, so its split windows cannot be modelled"
        case .notInPortrait(let mode):
            "'\(mode.rawValue)' does not exist in portrait (portrait offers two-thirds, one-third and slide-over)"
        }
    }

    /// What a scenario should write instead, for the iPadOS 26 window reasons; nil for the others.
    public var windowsExpectation: String? {
        switch self {
        case .splitViewReplaced(_, _, let size):
            "a window {width: \(Self.points(size.width)), height: \(Self.points(size.height))}, full or slide-over"
        case .windowsNeedIPadOS26: "iOSVersion: 26 or later, or two-thirds, half, one-third or slide-over"
        case .windowOutOfRange(_, let minimum, let screen):
            "{width: \(Self.points(minimum.width)) to \(Self.points(screen.width)), height: \(Self.points(minimum.height)) to \(Self.points(screen.height))}"
        default: nil
        }
    }

    /// A size in points as scenarios write it: whole numbers without a decimal point.
    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension Device {
    /// Window widths keyed by landscape screen width; portrait has no `half`.
    private static let multitaskingWidths: [Double: (landscape: [Multitasking: Double], portrait: [Multitasking: Double])] = [
        1366: ([.twoThirds: 981, .half: 678, .oneThird: 375, .slideOver: 375], [.twoThirds: 639, .oneThird: 375, .slideOver: 375]),
        1194: ([.twoThirds: 809, .half: 592, .oneThird: 375, .slideOver: 375], [.twoThirds: 504, .oneThird: 320, .slideOver: 320]),
        1180: ([.twoThirds: 795, .half: 585, .oneThird: 375, .slideOver: 375], [.twoThirds: 490, .oneThird: 320, .slideOver: 320]),
    ]

    /// The window for a multitasking mode as iPadOS 18 and earlier size it, or why it does not
    /// exist (`window` has no size of its own: `windowFrame` places it).
    public func windowSize(_ orientation: Orientation, _ mode: Multitasking) -> Result<Size, MultitaskingUnavailable> {
        let screen = screenSize(orientation)
        if mode == .full { return .success(screen) }
        guard idiom == .pad else { return .failure(.notAPad(deviceID: id)) }
        if mode == .window { return .failure(.windowsNeedIPadOS26(release: 18)) }
        guard let table = Self.multitaskingWidths[max(size.width, size.height)] else {
            return .failure(.noPublishedWidths(deviceID: id))
        }
        guard let width = (orientation == .landscape ? table.landscape : table.portrait)[mode] else {
            return .failure(.notInPortrait(mode))
        }
        let height = mode == .slideOver ? screen.height - Multitasking.slideOverHeightReduction : screen.height
        return .success(Size(width: width, height: height))
    }
}

/// How the container overrides its children's traits.
public enum TraitOverride: String, Sendable, Hashable, CaseIterable {
    case none
    /// The iPad override from "iOS Adaptive UI" (2018): children get phone-like compact width.
    case phoneLike

    /// The traits the container passes to its children: phone-like compact width on an iPad when overridden.
    public func childTraits(_ traits: TraitCollection, window: Size, screen: Size) -> TraitCollection {
        guard self == .phoneLike, traits.idiom == .pad else { return traits }
        var child = traits
        let isMultitasking = window != screen
        let compactHeight: Bool
        if isMultitasking {
            compactHeight = traits.horizontalSizeClass == .regular && traits.verticalSizeClass == .regular
        } else {
            compactHeight = window.width > window.height
        }
        child.horizontalSizeClass = .compact
        child.verticalSizeClass = compactHeight ? .compact : .regular
        return child
    }
}

extension Device {
    /// The divider between two apps in Split View; the two window widths plus it fill the screen exactly.
    public static let splitViewDivider: Double = 10

    /// Where the app's window sits on the screen: on the left in Split View, floating on the
    /// right in Slide Over (below the status bar, 48 pt shorter), the whole screen otherwise.
    /// The second rect is the other app sharing the screen, if any.
    public func windowPlacement(_ orientation: Orientation, _ mode: Multitasking) -> (window: Rect, otherApp: Rect?)? {
        guard case .success(let window) = windowSize(orientation, mode) else { return nil }
        let screen = screenSize(orientation)
        switch mode {
        case .full:
            return (Rect(size: screen), nil)
        case .slideOver:
            let top = safeArea(orientation).top
            return (
                Rect(x: screen.width - window.width - Self.splitViewDivider, y: top, width: window.width, height: window.height),
                Rect(size: screen)
            )
        case .twoThirds, .half, .oneThird:
            let otherX = window.width + Self.splitViewDivider
            return (Rect(size: window), Rect(x: otherX, y: 0, width: screen.width - otherX, height: screen.height))
        case .window:
            return nil
        }
    }

    /// The app's window on the screen on `release`, or why it cannot exist. Up to iOS 18 this
    /// is `windowSize` where `windowPlacement` puts it. From iPadOS 26 the Split View fractions
    /// are gone; `window` is a window of `size` between `Multitasking.minimumWindowSize` and the
    /// screen, centred on it (whole points, rounded down: where a new window opens); Slide Over
    /// (26.1 and later) is one `windowsSlideOverWidth` window floating at the trailing edge,
    /// between the status bar and the home indicator (assumed).
    public func windowFrame(
        _ orientation: Orientation, _ mode: Multitasking, size: Size? = nil, on release: IOSVersion
    ) -> Result<Rect, MultitaskingUnavailable> {
        let screen = screenSize(orientation)
        if mode == .full { return .success(Rect(size: screen)) }
        guard idiom == .pad else { return .failure(.notAPad(deviceID: id)) }
        guard release.hasWindows else {
            if mode == .window { return .failure(.windowsNeedIPadOS26(release: release.major)) }
            return windowSize(orientation, mode).map { size in windowPlacement(orientation, mode)?.window ?? Rect(size: size) }
        }
        switch mode {
        case .twoThirds, .half, .oneThird:
            let suggested = Size(width: mode.share(ofWidth: screen.width), height: screen.height)
            return .failure(.splitViewReplaced(mode, release: release.major, suggested: suggested))
        case .slideOver:
            let width = Multitasking.windowsSlideOverWidth
            let insets = safeArea(orientation, on: release)
            return .success(
                Rect(
                    x: screen.width - width - Self.splitViewDivider, y: insets.top, width: width,
                    height: screen.height - insets.top - insets.bottom))
        case .window:
            let size = size ?? screen
            let minimum = Multitasking.minimumWindowSize
            guard size.width >= minimum.width, size.height >= minimum.height, size.width <= screen.width, size.height <= screen.height
            else { return .failure(.windowOutOfRange(size, minimum: minimum, screen: screen)) }
            return .success(
                Rect(
                    x: ((screen.width - size.width) / 2).rounded(.down), y: ((screen.height - size.height) / 2).rounded(.down),
                    width: size.width, height: size.height))
        case .full:
            return .success(Rect(size: screen))
        }
    }

    /// The safe area of a window at `frame` on the screen from iPadOS 26: the part of each of
    /// the screen's insets the window overlaps (a window below the status bar has no top inset;
    /// one reaching the bottom edge keeps the home indicator's).
    public func windowSafeArea(_ frame: Rect, _ orientation: Orientation, on release: IOSVersion) -> EdgeInsets {
        let screen = screenSize(orientation)
        let insets = safeArea(orientation, on: release)
        return EdgeInsets(
            top: max(0, insets.top - frame.y), left: max(0, insets.left - frame.x),
            bottom: max(0, frame.y + frame.height - (screen.height - insets.bottom)),
            right: max(0, frame.x + frame.width - (screen.width - insets.right)))
    }
}
