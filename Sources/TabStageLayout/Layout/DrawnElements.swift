import TabStageModel

/// One laid-out element as `trace.json` lists it: its id (the SVG's, where it has one), what
/// kind of thing it is, and its frame in window coordinates (before a pushed-back presenter's
/// scale), so a reader of the trace sees where each thing a snapshot shows was put.
public struct DrawnElement: Sendable, Hashable {
    /// What an element is.
    public enum Kind: String, Sendable, Hashable {
        /// A row of a page, the primary column or the presented list.
        case row
        /// A tab's title in the tab bar.
        case tab
        /// A line of text: a header line, a navigation or list title.
        case text
        /// Something tapped: the Follow button, a navigation bar button, Done.
        case button
        /// The profile picture.
        case avatar
        /// The verified badge beside the name.
        case badge
        /// The tab bar's background.
        case tabBar
        /// The selected tab's underline.
        case indicator
        /// The split view's primary column.
        case primaryColumn
        /// The hairline between the split view's columns.
        case divider
        /// The presented sheet, card, popover or full-screen controller.
        case presentation
        /// The sheet's grabber.
        case grabber
        /// The presented screen's navigation bar.
        case navigationBar
        /// The status bar across the top safe area.
        case statusBar
        /// The notch or the Dynamic Island.
        case sensorHousing
        /// The home indicator.
        case homeIndicator
        /// The app's own tab bar (the classic bar or the floating capsule).
        case appTabBar
        /// One item of the app's tab bar.
        case appTabBarItem
    }

    /// The element's name: `row-0-3`, `tab-1`, `indicator`, `island`, `home-indicator`, …
    public var id: String
    /// What it is.
    public var kind: Kind
    /// Where it is drawn, in window coordinates.
    public var frame: Rect

    /// An element named `id` of `kind` at `frame`.
    public init(_ id: String, kind: Kind, frame: Rect) {
        self.id = id
        self.kind = kind
        self.frame = frame
    }
}

extension StageLayout {
    /// Everything this layout put on screen, in drawing order: the container's elements and its
    /// tab bar and indicator, the primary column, the app's tab bar and its items, the presentation with its grabber and
    /// navigation bar, then the status bar, the sensor housing and the home indicator.
    public var drawnElements: [DrawnElement] {
        var drawn: [DrawnElement] = []
        func add(_ surface: LaidOutElement.Surface) {
            for element in elements where element.surface == surface {
                drawn.append(DrawnElement(element.name, kind: Self.kind(of: element.name), frame: element.frame))
            }
        }
        add(.container)
        if showsContainer, !tabBar.isHidden {
            let dx = containerFrame.x, dy = containerFrame.y + tabBar.top
            drawn.append(DrawnElement("tab-bar", kind: .tabBar, frame: tabBar.background.offsetBy(dx, dy)))
            drawn.append(DrawnElement("indicator", kind: .indicator, frame: tabBar.indicator.offsetBy(dx, dy)))
        }
        if let column = primaryColumn {
            drawn.append(DrawnElement("primary", kind: .primaryColumn, frame: column.frame))
            if let divider = column.divider { drawn.append(DrawnElement("split-divider", kind: .divider, frame: divider)) }
        }
        add(.primaryColumn)
        add(.floating)
        if let bar = appTabBar {
            drawn.append(DrawnElement("app-tab-bar", kind: .appTabBar, frame: bar.frame))
            for item in bar.items { drawn.append(DrawnElement("app-tab-\(item.index)", kind: .appTabBarItem, frame: item.frame)) }
        }
        if let presentation {
            drawn.append(DrawnElement("presented", kind: .presentation, frame: presentation.frame))
            if let grabber = presentationChrome?.grabber { drawn.append(DrawnElement("grabber", kind: .grabber, frame: grabber)) }
            if let list = presentedList {
                let bar = Rect(
                    x: list.contentFrame.x, y: list.barTop, width: list.contentFrame.width, height: PresentedListLayout.barHeight)
                drawn.append(DrawnElement("presented-bar", kind: .navigationBar, frame: presentation.drawn(bar)))
            }
        }
        add(.presentation)
        if let bar = chrome.statusBar {
            drawn.append(DrawnElement("status-bar", kind: .statusBar, frame: Rect(x: 0, y: 0, width: windowSize.width, height: bar.top)))
        }
        if let housing = chrome.sensorHousing {
            drawn.append(DrawnElement(housing.kind.rawValue, kind: .sensorHousing, frame: housing.frame))
        }
        if let indicator = chrome.homeIndicator {
            drawn.append(DrawnElement("home-indicator", kind: .homeIndicator, frame: indicator))
        }
        return drawn
    }

    /// The kind of a checked element, from its name.
    static func kind(of name: String) -> DrawnElement.Kind {
        if name.hasPrefix("row-") || name.hasPrefix("primary-row-") || name.hasPrefix("presented-row-") { return .row }
        if name.hasPrefix("tab-") { return .tab }
        switch name {
        case "avatar": return .avatar
        case "verified": return .badge
        case "follow", "presented-done", "presented-close", "compose": return .button
        case "nav-title", "nav-subtitle": return .text
        default: return name.hasPrefix("nav-") ? .button : .text
        }
    }
}
