import TabStageModel

extension StageLayout {
    /// The controls a popover may point at by name, each with its frame in window coordinates,
    /// listed only while some of it is on screen (a row scrolled away, a tab scrolled out of its
    /// bar or the Follow button under the navigation bar is not). The frames are the ones the
    /// element checks and the painter use; a tab's is its whole cell in the bar, as UIKit's
    /// tab button is, not only its title.
    package var controls: [(name: String, frame: Rect)] {
        var controls: [(name: String, frame: Rect)] = []
        for element in elements where element.surface == .container && element.visibleFrame != nil {
            let name = element.name
            if name == "follow" || name.hasPrefix("row-") {
                controls.append((name, element.frame))
            } else if name.hasPrefix("nav-"), name != "nav-title" {
                controls.append((String(name.dropFirst("nav-".count)), element.frame))
            }
        }
        if showsContainer, !tabBar.isHidden {
            let origin = containerFrame
            let bar = tabBar.background.offsetBy(origin.x, origin.y + tabBar.top)
            for (index, cell) in tabBar.cells.enumerated() {
                let frame = cell.offsetBy(origin.x, origin.y + tabBar.top)
                if frame.intersection(bar) != nil { controls.append(("tab-\(index)", frame)) }
            }
        }
        return controls
    }
}
