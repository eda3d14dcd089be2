import Foundation

// The plain values a plan and an observation carry. They spell UIKit's values with the raw
// names tabstage's scenarios and traces use (`pageSheet`, `two-thirds`), so a plan, a trace and
// a scenario read the same; they are this library's own so an iOS test target links nothing else.

/// A size in points (`CGSize`).
public struct DrivenSize: Sendable, Hashable, Codable {
    /// Points across.
    public var width: Double
    /// Points down.
    public var height: Double

    /// A size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in points (`CGRect`), its origin at the top left.
public struct DrivenRect: Sendable, Hashable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// Points across.
    public var width: Double
    /// Points down.
    public var height: Double

    /// A rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Insets in points (`UIEdgeInsets`).
public struct DrivenInsets: Sendable, Hashable, Codable {
    /// The top inset.
    public var top: Double
    /// The left inset.
    public var left: Double
    /// The bottom inset.
    public var bottom: Double
    /// The right inset.
    public var right: Double

    /// Insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// `UIUserInterfaceSizeClass`, without `unspecified`.
public enum DrivenSizeClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// `.compact`.
    case compact
    /// `.regular`.
    case regular
}

/// The device's orientation.
public enum DrivenOrientation: String, Sendable, Hashable, Codable, CaseIterable {
    /// Taller than wide.
    case portrait
    /// Wider than tall.
    case landscape
}

/// How an iPad shares its screen: a Split View or Slide Over width, or a free iPadOS 26 window.
public enum DrivenMultitasking: String, Sendable, Hashable, Codable, CaseIterable {
    /// The whole screen.
    case full
    /// Two thirds of the screen's width.
    case twoThirds = "two-thirds"
    /// Half of it.
    case half
    /// One third of it.
    case oneThird = "one-third"
    /// Slide Over.
    case slideOver = "slide-over"
    /// A free iPadOS 26 window of the given size.
    case window
}

/// `UIModalPresentationStyle`, the styles a scenario can ask for.
public enum DrivenPresentationStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// `.popover`.
    case popover
    /// `.formSheet`.
    case formSheet
    /// `.pageSheet`.
    case pageSheet
    /// `.fullScreen`.
    case fullScreen
    /// `.overFullScreen`.
    case overFullScreen
    /// `.automatic`.
    case automatic
}

/// What `adaptivePresentationStyle(for:traitCollection:)` answers in a compact width.
public enum DrivenAdaptation: String, Sendable, Hashable, Codable, CaseIterable {
    /// UIKit's own adaptation.
    case automatic
    /// `.none`: no adaptation (a popover stays a popover).
    case none
    /// `.fullScreen`.
    case fullScreen
    /// `.overFullScreen`.
    case overFullScreen
    /// `.formSheet`.
    case formSheet
}

/// A sheet's detent (`UISheetPresentationController.Detent.Identifier`).
public enum DrivenDetent: String, Sendable, Hashable, Codable, CaseIterable {
    /// `.medium`.
    case medium
    /// `.large`.
    case large
}

/// Where an iPad sheet shown as a card sits (iOS 27's `preferredPlacement`).
public enum DrivenPlacement: String, Sendable, Hashable, Codable, CaseIterable {
    /// The system's choice.
    case automatic
    /// Against the leading edge.
    case leading
    /// Centred.
    case center
    /// Against the trailing edge.
    case trailing
}

/// What a `present` step asks a test to present: the presented controller's style, its
/// adaptation, a popover's source rect and the sheet's settings, as UIKit's properties take them.
public struct DrivenPresentation: Sendable, Hashable, Codable {
    /// `modalPresentationStyle`.
    public var style: DrivenPresentationStyle
    /// What the adaptive presentation delegate answers.
    public var adaptation: DrivenAdaptation
    /// A popover's `sourceRect`, in window coordinates.
    public var source: DrivenRect?
    /// `preferredContentSize`; nil for the style's default.
    public var size: DrivenSize?
    /// The sheet's `detents`; never empty.
    public var detents: [DrivenDetent]
    /// The sheet's `selectedDetentIdentifier`; nil rests it at its smallest detent.
    public var selectedDetent: DrivenDetent?
    /// `prefersGrabberVisible`.
    public var grabber: Bool
    /// `largestUndimmedDetentIdentifier`.
    public var largestUndimmedDetent: DrivenDetent?
    /// `prefersEdgeAttachedInCompactHeight`.
    public var edgeAttachedInCompactHeight: Bool
    /// `widthFollowsPreferredContentSizeWhenEdgeAttached`.
    public var widthFollowsPreferredContentSize: Bool
    /// iOS 27's card placement on iPad.
    public var placement: DrivenPlacement

    /// A presentation with UIKit's defaults for what is left out.
    public init(
        style: DrivenPresentationStyle, adaptation: DrivenAdaptation = .automatic, source: DrivenRect? = nil, size: DrivenSize? = nil,
        detents: [DrivenDetent] = [.large], selectedDetent: DrivenDetent? = nil, grabber: Bool = false,
        largestUndimmedDetent: DrivenDetent? = nil, edgeAttachedInCompactHeight: Bool = false,
        widthFollowsPreferredContentSize: Bool = false, placement: DrivenPlacement = .automatic
    ) {
        self.style = style
        self.adaptation = adaptation
        self.source = source
        self.size = size
        self.detents = detents
        self.selectedDetent = selectedDetent
        self.grabber = grabber
        self.largestUndimmedDetent = largestUndimmedDetent
        self.edgeAttachedInCompactHeight = edgeAttachedInCompactHeight
        self.widthFollowsPreferredContentSize = widthFollowsPreferredContentSize
        self.placement = placement
    }
}
