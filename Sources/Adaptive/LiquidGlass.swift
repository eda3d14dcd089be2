extension IOSVersion {
    /// iOS 26 and later: the Liquid Glass design, with the floating tab bar that can minimize
    /// and glass navigation bars over a scroll edge effect.
    public var usesLiquidGlass: Bool { major >= 26 }
}

