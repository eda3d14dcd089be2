extension IOSVersion {
    /// iOS 26 and later: the Liquid Glass design, with the floating tab bar that can minimize
    /// and glass navigation bars over a scroll edge effect.
    public var usesLiquidGlass: Bool { major >= 26 }
}

/// `UIScrollEdgeEffect.Style` (iOS 26): what stands in for a bar's background where content
/// scrolls under a Liquid Glass navigation bar.
public enum ScrollEdgeEffectStyle: String, Sendable, Hashable, CaseIterable {
    /// Content fades out under the bar (the default).
    case soft
    /// An opaque band under the bar with a sharp edge, for denser interfaces.
    case hard
}
