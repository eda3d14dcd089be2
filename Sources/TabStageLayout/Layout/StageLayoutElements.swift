import TabStageModel

// What may legitimately overlap, and why each rule below holds (the Conventions article lists
// them for users):
// - A label on its own button, the initials on the avatar: one element each, never compared.
// - The cover art and the banner under the avatar are decoration, not elements.
// - Layers: a presentation covers its presenter, the primary column sits beside the container;
//   elements are compared only within their surface.
// - The top header's profile scrolls under the cover band (the navigation bar) while it
//   collapses: its elements are clipped to the band below the cover, and a cut at that top edge
//   is scrolling. A cut at the header's bottom edge is text running under the tab bar.
// - Rows scroll under the header and the tab bar and are clipped to the band below the bar;
//   tabs scroll out of a scrollable bar and are clipped to it. Both may run under the home
//   indicator (rows) or into the side safe areas while scrolled (tabs), as UIKit content does.
extension StageLayout {
    /// The elements of this layout, in drawing order, in window coordinates.
    func listElements(_ stage: StageState) -> [LaidOutElement] {
        let window = stage.window
        let safe = Rect(
            x: window.safeArea.left, y: window.safeArea.top,
            width: window.window.width - window.safeArea.left - window.safeArea.right,
            height: window.window.height - window.safeArea.top - window.safeArea.bottom)
        var elements: [LaidOutElement] = []
        if showsContainer {
            // A presenter pushed back behind a sheet is a scaled picture: its safe area no longer applies.
            let pushedBack = presentationChrome?.presenterFrame != nil
            elements += containerElements(stage, safe: pushedBack ? nil : safe)
        }
        if let compose = composeButton {
            elements.append(LaidOutElement("compose", frame: compose, surface: .floating, allowedRegion: safe))
        }
        if let column = primaryColumn {
            elements.append(
                LaidOutElement("primary-title", frame: column.titleFrame, clip: column.frame, surface: .primaryColumn, allowedRegion: safe))
            for (index, row) in column.rows.enumerated() {
                elements.append(
                    LaidOutElement(
                        "primary-row-\(index)", frame: row.frame, clip: column.frame, surface: .primaryColumn, allowedRegion: safe.sidesOnly
                    ))
            }
        }
        if let list = presentedList, let presentation {
            // Laid out unscaled; a floating sheet is seen scaled about its centre.
            let surface = presentation.frame, seen = presentation.drawn
            elements.append(
                LaidOutElement("presented-title", frame: seen(list.titleFrame), clip: surface, surface: .presentation, allowedRegion: safe))
            // On a glass bar (iOS 26 and later) a button is its whole circle, not its symbol.
            if let done = list.glass?.doneButton ?? list.doneFrame {
                elements.append(
                    LaidOutElement("presented-done", frame: seen(done), clip: surface, surface: .presentation, allowedRegion: safe))
            }
            if let close = list.glass?.closeButton {
                elements.append(
                    LaidOutElement("presented-close", frame: seen(close), clip: surface, surface: .presentation, allowedRegion: safe))
            }
            for (index, row) in list.rows.enumerated() {
                elements.append(
                    LaidOutElement(
                        "presented-row-\(index)", frame: seen(row.frame), clip: surface, surface: .presentation, allowedRegion: safe))
            }
        }
        return elements
    }

    private func containerElements(_ stage: StageState, safe: Rect?) -> [LaidOutElement] {
        let origin = containerFrame
        let rtl = stage.window.traits.layoutDirection == .rtl
        func inWindow(_ rect: Rect) -> Rect { rect.offsetBy(origin.x, origin.y) }
        var elements: [LaidOutElement] = []

        // Pages: each visible row, clipped to the band below the tab bar (and the pages while paging).
        let band = Rect(x: 0, y: pages.visibleTop, width: origin.width, height: max(0, origin.height - pages.visibleTop))
        for page in pages.pages {
            for row in page.rows {
                let frame = Rect(x: page.x + pages.rowX, y: row.top, width: pages.rowWidth, height: row.height)
                elements.append(
                    LaidOutElement(
                        "row-\(page.tab)-\(row.index)", frame: inWindow(frame), clip: inWindow(band), allowedRegion: safe?.sidesOnly))
            }
        }

        // Header: the profile's elements, clipped below the cover on top (it scrolls under it).
        let profileClip: Rect
        switch header.placement {
        case .top:
            profileClip = Rect(
                x: header.frame.x, y: header.cover.maxY, width: header.frame.width, height: max(0, header.frame.maxY - header.cover.maxY))
        case .side: profileClip = header.frame
        }
        // What a profile element cut at the bottom runs under: the tab bar (or the list) on top;
        // the screen's edge in the side column, which is as tall as the screen.
        let below = header.placement == .top ? (tabBar.isHidden ? "the list" : "the tab bar") : "the screen's bottom edge"
        let headerSafe = header.placement == .top ? safe.map { Rect(x: $0.x, y: -1e9, width: $0.width, height: 1e9 + $0.maxY) } : safe
        for element in header.elements(rtl: rtl) {
            switch element.layer {
            case .profile:
                // Cut at the header's bottom: on top the same in every state (the profile moves
                // with the bottom as the header collapses), so a header too short when expanded.
                let fix: String?
                if element.frame.maxY <= header.frame.maxY + ElementCheck.tolerance {
                    fix = nil
                } else if header.placement == .top {
                    fix = "header.height needs at least \(header.expandedHeightHolding(element.frame.maxY)) pt, or height: fit"
                } else {
                    fix = "the side column is as tall as the screen: a lower bioLines or fewer stats"
                }
                elements.append(
                    LaidOutElement(
                        element.name, frame: inWindow(element.frame), clip: inWindow(profileClip), underneath: below,
                        allowedRegion: headerSafe, fix: fix))
            case .overCover:
                elements.append(
                    LaidOutElement(element.name, frame: inWindow(element.frame), clip: inWindow(header.frame), allowedRegion: headerSafe))
            case .bar:
                elements.append(
                    LaidOutElement(element.name, frame: inWindow(element.frame), clip: inWindow(header.frame), allowedRegion: safe))
            }
        }

        // Tab titles, in the bar's cells; a scrollable bar clips what it scrolled away.
        if !tabBar.isHidden {
            let barClip = tabBar.background.offsetBy(0, tabBar.top)
            let tabSafe = tabBar.mode == .scrollable ? safe?.topAndBottomOnly : safe
            for (index, title) in tabBar.titles.enumerated() {
                let origin = tabBar.titleOrigin(index)
                let frame = LaidOutElement.textFrame(
                    anchorX: origin.x, anchor: .middle, width: title.width, baseline: tabBar.top + origin.y, size: tabBar.fontSize)
                elements.append(LaidOutElement("tab-\(index)", frame: inWindow(frame), clip: inWindow(barClip), allowedRegion: tabSafe))
            }
        }
        return elements
    }

    /// Text cut with "…": the header's lines, the navigation title once shown, the tab titles.
    func truncations(_ container: ContainerState, title: String) -> [LayoutWarning] {
        guard showsContainer else { return listTruncations() }
        var warnings: [LayoutWarning] = []
        func truncated(_ element: String, _ fitted: FittedText) {
            if let warning = Self.truncation(element, fitted) { warnings.append(warning) }
        }
        for text in header.texts {
            if text.element == "bio" {
                // A limit the scenario chose cuts on purpose (the trace's `bioCut` still says so).
                if text.fitted.isTruncated, !header.bioLineLimitIsChosen {
                    warnings.append(
                        LayoutWarning(
                            element: "bio", kind: .truncated,
                            text:
                                "the bio is cut after the default \(header.bioLineCount) lines, at '\(text.fitted.text)' (set bioLines to choose a limit)"
                        ))
                }
            } else {
                truncated(text.element, text.fitted)
            }
        }
        if let title = header.followTitle { truncated("follow", title) }
        if header.navigationTitleOpacity > 0, !title.isEmpty { truncated("nav-title", header.navigationTitle) }
        if !tabBar.isHidden {
            for (index, title) in tabBar.titles.enumerated() { truncated("tab-\(index)", title) }
        }
        warnings += droppedSubtitles(container)
        warnings += droppedPictures(container)
        warnings += cutPostTexts(container)
        return warnings + listTruncations()
    }

    /// Post rows too short for their picture at 16:9: one warning per page, at its first such
    /// row, with the row height that row needs.
    func droppedPictures(_ container: ContainerState) -> [LayoutWarning] {
        pages.pages.compactMap { page in
            guard let row = page.rows.first(where: { $0.content?.leftOutPicture != nil }), let picture = row.content?.leftOutPicture
            else { return nil }
            let height = row.height
            return LayoutWarning(
                element: "row-\(page.tab)-\(row.index)", kind: .truncated,
                text:
                    "the posts of '\(container.config.tabs[page.tab].title)' leave out their pictures: a \(decimalText(height, decimals: 1)) pt row is too short for a \(decimalText(picture.width, decimals: 1)) pt wide picture at 16:9 under the text, which needs \(decimalText((picture.rowHeight * 10).rounded(.up) / 10, decimals: 1)) pt (rowHeight)"
            )
        }
    }

    /// Post rows too short for all their text's lines: one warning per page, at its first such
    /// row, with the height its post needs (rows of a fixed `rowHeight` all share it; self-sizing
    /// rows are as tall as their posts and cut nothing).
    func cutPostTexts(_ container: ContainerState) -> [LayoutWarning] {
        pages.pages.compactMap { page in
            guard let row = page.rows.first(where: { $0.content?.textCutNeeds != nil }), let needs = row.content?.textCutNeeds
            else { return nil }
            let height = row.height
            return LayoutWarning(
                element: "row-\(page.tab)-\(row.index)", kind: .truncated,
                text:
                    "the posts of '\(container.config.tabs[page.tab].title)' cut their text: a \(decimalText(height, decimals: 1)) pt row is too short for all the lines of row \(row.index), which needs \(decimalText((needs * 10).rounded(.up) / 10, decimals: 1)) pt (rowHeight)"
            )
        }
    }

    /// Plain rows too short for their subtitle: one warning per page, at its first such row
    /// (every row of a tab shares the height, so one says it for all).
    func droppedSubtitles(_ container: ContainerState) -> [LayoutWarning] {
        pages.pages.compactMap { page in
            guard let row = page.rows.first(where: { $0.content?.subtitleDropped == true }) else { return nil }
            let height = row.height
            let category = row.content?.textCategory ?? fixedHeightTextCategory
            let needed = (RowContentLayout.plainTwoLineHeight(category: category) * 10).rounded(.up) / 10
            return LayoutWarning(
                element: "row-\(page.tab)-\(row.index)", kind: .truncated,
                text:
                    "the rows of '\(container.config.tabs[page.tab].title)' show their titles only: a \(decimalText(height, decimals: 1)) pt row holds one line, title and subtitle need \(decimalText(needed, decimals: 1)) pt (rowHeight)"
            )
        }
    }

    /// Cut labels in the split view's primary column and the presented screen.
    func listTruncations() -> [LayoutWarning] {
        var warnings: [LayoutWarning] = []
        func truncated(_ element: String, _ fitted: FittedText) {
            if let warning = Self.truncation(element, fitted) { warnings.append(warning) }
        }
        if let primaryColumn {
            truncated("primary-title", primaryColumn.title)
            for (index, row) in primaryColumn.rows.enumerated() { truncated("primary-row-\(index)", row.label) }
        }
        if let presentedList {
            truncated("presented-title", presentedList.title)
            for (index, row) in presentedList.rows.enumerated() { truncated("presented-row-\(index)", row.label) }
            if presentedList.hiddenRows > 0 {
                let total = presentedList.rows.count + presentedList.hiddenRows
                warnings.append(
                    LayoutWarning(
                        element: "presented-rows", kind: .truncated,
                        text:
                            "\(presentedList.hiddenRows) of \(total) rows do not fit the presented screen and are not drawn "
                            + "(a \(decimalText(presentedList.heightForAllRows, decimals: 2)) pt tall screen shows them all)"))
            }
        }
        return warnings
    }

    /// A `truncated` warning for a label cut with "…", nil when it fits.
    static func truncation(_ element: String, _ fitted: FittedText) -> LayoutWarning? {
        guard fitted.isTruncated else { return nil }
        return LayoutWarning(element: element, kind: .truncated, text: "'\(fitted.original)' is truncated to '\(fitted.text)'")
    }
}

extension HeaderLayout {
    /// Where a header element is drawn, which decides what clips it.
    enum ElementLayer {
        /// With the profile, under the cover band: clipped below it, so it scrolls under the
        /// navigation bar while the header collapses.
        case profile
        /// Riding with the profile but drawn over the cover (the avatar while at least half
        /// expanded): clipped only by the header, and, like the profile, free to pass under the
        /// status bar while the header collapses.
        case overCover
        /// Fixed on the cover band, as a navigation bar's items are (the navigation title):
        /// clipped by the header and kept inside the safe area.
        case bar
    }

    /// The header's elements in container coordinates, one line each: a new header element
    /// joins the overlap and safe-area checks by being listed here.
    func elements(rtl: Bool) -> [(name: String, frame: Rect, layer: ElementLayer)] {
        var elements: [(name: String, frame: Rect, layer: ElementLayer)] = []
        let dx = profileOffset.x, dy = profileOffset.y
        let avatar = Rect(
            x: avatarCenter.x - avatarRadius, y: avatarCenter.y - avatarRadius, width: 2 * avatarRadius, height: 2 * avatarRadius)
        elements.append(("avatar", avatar.offsetBy(dx, dy), avatarOverCover ? .overCover : .profile))
        for text in texts {
            let frame = LaidOutElement.textFrame(
                anchorX: text.x, anchor: rtl ? .end : .start, width: text.fitted.width, baseline: text.baseline, size: text.size)
            elements.append((text.element, frame.offsetBy(dx, dy), .profile))
        }
        if let verifiedBadge { elements.append(("verified", verifiedBadge.offsetBy(dx, dy), .profile)) }
        for glyph in glyphs { elements.append(("glyph-\(glyph.glyph.rawValue)", glyph.frame.offsetBy(dx, dy), .profile)) }
        if let followButton { elements.append(("follow", followButton.offsetBy(dx, dy), .profile)) }
        for button in navButtons { elements.append(("nav-\(button.button.rawValue)", button.frame, .bar)) }
        if navigationTitleOpacity > 0, !navigationTitle.original.isEmpty {
            let origin = navigationTitleOrigin
            let title = LaidOutElement.textFrame(
                anchorX: origin.x, anchor: .middle, width: navigationTitle.width, baseline: origin.y, size: navigationTitleSize)
            elements.append(("nav-title", title, .bar))
            if let subtitle = navigationSubtitle, let origin = navigationSubtitleOrigin, !subtitle.original.isEmpty {
                let frame = LaidOutElement.textFrame(
                    anchorX: origin.x, anchor: .middle, width: subtitle.width, baseline: origin.y, size: navigationSubtitleFont.size)
                elements.append(("nav-subtitle", frame, .bar))
            }
        }
        return elements
    }
}
