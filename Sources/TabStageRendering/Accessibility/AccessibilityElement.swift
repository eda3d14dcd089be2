import TabStageModel

/// One element VoiceOver reaches on a screen: what it reads (label, value), what kind of
/// thing it says it is (traits) and where its focus box is drawn, in window coordinates.
public struct AccessibilityElement: Sendable, Hashable {
    /// The `UIAccessibilityTraits` tabstage gives elements, named as UIKit names them.
    public enum Trait: String, Sendable, Hashable, CaseIterable {
        /// Activating it does something: the Follow button, a navigation bar button, a tab.
        case button
        /// A section or screen title: the profile's name, a navigation title.
        case header
        /// A picture: the avatar.
        case image
        /// The selected tab, the selected row of a split view's list.
        case selected
        /// Text that does not change: the handle, the bio, the counts.
        case staticText
    }

    /// What VoiceOver reads first: the whole text, never the truncated one drawn.
    public var label: String
    /// What VoiceOver reads after the label ("Tab, 2 of 4"); empty when none.
    public var value: String
    /// The element's traits, in the order `Trait` lists them.
    public var traits: [Trait]
    /// The focus box: the part of the element inside the window that is not covered or
    /// scrolled away, in window coordinates.
    public var frame: Rect
    /// The layout's name for it (`follow`, `tab-1`, `row-0-3`), which warnings use.
    public var element: String

    /// An element; `traits` are put in `Trait`'s order.
    public init(_ element: String, label: String, value: String = "", traits: [Trait] = [], frame: Rect) {
        self.element = element
        self.label = label
        self.value = value
        self.traits = Trait.allCases.filter { traits.contains($0) }
        self.frame = frame
    }
}
