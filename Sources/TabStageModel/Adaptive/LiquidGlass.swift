extension IOSVersion {
    /// The Liquid Glass design (iOS 26 and later, unless the app keeps the iOS 18 look with
    /// `designCompatibility`), with the floating tab bar that can minimize and glass navigation
    /// bars over a scroll edge effect: `design`, read as a question.
    public var usesLiquidGlass: Bool { design == .liquidGlass }
}

/// `UIScrollEdgeEffect.Style` (iOS 26): what stands in for a bar's background where content
/// scrolls under a Liquid Glass navigation bar.
public enum ScrollEdgeEffectStyle: String, Sendable, Hashable, CaseIterable {
    /// Content fades out under the bar (the default).
    case soft
    /// An opaque band under the bar with a sharp edge, for denser interfaces.
    case hard
}
