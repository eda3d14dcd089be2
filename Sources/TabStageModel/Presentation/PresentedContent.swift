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
