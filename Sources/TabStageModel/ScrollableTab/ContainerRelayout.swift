/// Header and size changes: content stays attached below the tab bar.
extension ContainerState {
    /// Header changes keep content attached below the tab bar: each tab moves by the change
    /// in the header height its offset gives, h_old − h_new.
    mutating func setHeader(height: Double?, minHeight: Double?, events: inout [ContainerEvent]) {
        var newConfig = config
        newConfig.header.height = height ?? config.header.height
        newConfig.header.minHeight = minHeight ?? config.header.minHeight
        let old = geometry
        let new = ContainerGeometry(config: newConfig, environment: environment)
        config = newConfig
        geometry = new
        for tab in offsets.indices {
            let y = offsets[tab]
            let moved = y + old.headerHeight(forOffset: y) - new.headerHeight(forOffset: y)
            setOffset(tab: tab, new.tabs[tab].clamp(moved), events: &events)
        }
    }

    /// A size change: a collapsed header stays collapsed with the row at the tab bar's bottom
    /// edge kept there (same row, same fraction); otherwise the collapse progress is kept and
    /// the content stays attached below the tab bar. Then every tab is clamped. Self-sizing rows
    /// are measured again for the new size by `sizingRows` first.
    mutating func relayout(in newEnvironment: ContainerEnvironment, sizingRows: RowSizing? = nil, events: inout [ContainerEvent]) {
        let old = geometry
        if let sizingRows {
            var probe = self
            probe.environment = newEnvironment
            probe.geometry = ContainerGeometry(config: config, environment: newEnvironment)
            config = config.sizingRows(sizingRows(probe))
        }
        let new = ContainerGeometry(config: config, environment: newEnvironment)
        let anchors = offsets.indices.map { anchor(tab: $0, in: old) }
        environment = newEnvironment
        geometry = new
        progressBeforeSide = new.placement == .side ? anchors.map(\.progress) : nil
        for tab in offsets.indices {
            let contentAtEdge = Self.sameRowPosition(anchors[tab].contentAtEdge, from: old.tabs[tab], to: new.tabs[tab])
            let y: Double
            switch new.placement {
            case .top:
                let header = new.headerHeight(forCollapseProgress: anchors[tab].progress)
                y = contentAtEdge - (header + new.tabBarHeight)
            case .side:
                y = contentAtEdge - new.tabBarHeight
            }
            setOffset(tab: tab, new.tabs[tab].clamp(y), events: &events)
        }
    }

    /// Content y `y` in a tab's new metrics: the same row at the same fraction of its height.
    /// Uniform rows scale with the row height; self-sizing rows are found by their running
    /// sums, and content past the last row keeps its distance from the content's end.
    static func sameRowPosition(_ y: Double, from old: TabMetrics, to new: TabMetrics) -> Double {
        guard old.hasRowHeights || new.hasRowHeights else {
            let rowScale = old.rowHeight > 0 ? new.rowHeight / old.rowHeight : 1
            return y * rowScale
        }
        guard old.rowCount > 0, y > 0 else { return y }
        guard y < old.contentHeight else { return new.contentHeight + (y - old.contentHeight) }
        let row = min(max(old.row(atContentY: y), 0), old.rowCount - 1)
        let height = old.height(ofRow: row)
        let fraction = height > 0 ? (y - old.top(ofRow: row)) / height : 0
        return new.top(ofRow: row) + fraction * new.height(ofRow: row)
    }

    /// A tab's position independent of layout: the content y at the tab bar's bottom edge and
    /// the header's collapse progress (1 whenever that content is scrolled under the bar).
    func anchor(tab: Int, in geometry: ContainerGeometry) -> (contentAtEdge: Double, progress: Double) {
        let y = offsets[tab]
        switch geometry.placement {
        case .top:
            let header = min(max(-(y + geometry.tabBarHeight), geometry.collapsedHeaderHeight), geometry.expandedHeaderHeight)
            let progress = min(max(geometry.collapseProgress(headerHeight: header), 0), 1)
            return (y + header + geometry.tabBarHeight, progress)
        case .side:
            let content = y + geometry.tabBarHeight
            return (content, content > 0 ? 1 : progressBeforeSide?[tab] ?? 0)
        }
    }
}
