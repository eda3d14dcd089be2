import TabStageModel

/// Numbers a real container reported, laid out in place of the model's: `tabstage conform
/// --report` draws the observed picture with the same painter as the model's, so the two
/// differ exactly where the numbers do. Each value is optional; nil keeps the model's. The
/// tab bar follows a substituted header height unless its own top is given too, as the
/// pages follow the tab bar.
package struct LayoutSubstitution: Sendable, Hashable {
    /// The header's height (`container.headerHeight`).
    package var headerHeight: Double?
    /// 0 expanded, 1 collapsed (`container.collapseProgress`); from the height when nil.
    package var collapseProgress: Double?
    /// The tab bar's top in container coordinates (`container.tabBarTop`).
    package var tabBarTop: Double?
    /// The presentation's frame in window coordinates, field by field (`presentation.frame`).
    package var presentationX: Double?
    /// The frame's y.
    package var presentationY: Double?
    /// The frame's width.
    package var presentationWidth: Double?
    /// The frame's height.
    package var presentationHeight: Double?

    /// Nothing substituted: the model's layout.
    package init() {}

    /// Whether any value is substituted.
    package var isEmpty: Bool { self == LayoutSubstitution() }

    /// The presentation with the substituted frame fields.
    func presentation(_ layout: PresentationLayout) -> PresentationLayout {
        var layout = layout
        if let x = presentationX { layout.frame.x = x }
        if let y = presentationY { layout.frame.y = y }
        if let width = presentationWidth { layout.frame.width = max(0, width) }
        if let height = presentationHeight { layout.frame.height = max(0, height) }
        return layout
    }
}
