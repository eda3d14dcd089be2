/// iPad multitasking window sizes, from the published Split View and Slide Over width tables.
public enum Multitasking: String, Sendable, Hashable, CaseIterable {
    case full
    case twoThirds = "two-thirds"
    case half
    case oneThird = "one-third"
    case slideOver = "slide-over"

    /// Width at which an iPad window's horizontal size class becomes regular (empirical).
    public static let regularWidthThreshold: Double = 678
    /// Slide-over windows are this much shorter than the screen.
    public static let slideOverHeightReduction: Double = 48
}

/// Why a multitasking window cannot exist; the message is user-facing.
public enum MultitaskingUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    case notAPad(deviceID: String)
    case noPublishedWidths(deviceID: String)
    case notInPortrait(Multitasking)

    /// The reason in words, for a scenario error.
    public var description: String {
        switch self {
        case .notAPad(let id):
            "multitasking is iPad-only; '\(id)' is a phone"
        case .noPublishedWidths(let id):
            "'\(id)' has no published multitasking widths, so its split windows cannot be modelled"
        case .notInPortrait(let mode):
            "'\(mode.rawValue)' does not exist in portrait (portrait offers two-thirds, one-third and slide-over)"
        }
    }
}

extension Device {
    /// Window widths keyed by landscape screen width; portrait has no `half`.
    private static let multitaskingWidths: [Double: (landscape: [Multitasking: Double], portrait: [Multitasking: Double])] = [
        1366: ([.twoThirds: 981, .half: 678, .oneThird: 375, .slideOver: 375], [.twoThirds: 639, .oneThird: 375, .slideOver: 375]),
        1194: ([.twoThirds: 809, .half: 592, .oneThird: 375, .slideOver: 375], [.twoThirds: 504, .oneThird: 320, .slideOver: 320]),
        1180: ([.twoThirds: 795, .half: 585, .oneThird: 375, .slideOver: 375], [.twoThirds: 490, .oneThird: 320, .slideOver: 320]),
    ]

    /// The window for a multitasking mode, or why it does not exist.
    public func windowSize(_ orientation: Orientation, _ mode: Multitasking) -> Result<Size, MultitaskingUnavailable> {
        let screen = screenSize(orientation)
        if mode == .full { return .success(screen) }
        guard idiom == .pad else { return .failure(.notAPad(deviceID: id)) }
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
        }
    }
}
