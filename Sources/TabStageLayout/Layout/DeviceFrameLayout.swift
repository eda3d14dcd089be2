import TabStageModel

/// `--device-frame`: the whole device around the app's window for documentation previews, in
/// the picture's coordinates: the bezel, the screen, the window where multitasking puts it, the
/// other app beside or behind it, and Slide Over's grabber and screen status bar.
package struct DeviceFrameLayout: Sendable, Hashable {
    /// The bezel's width around the screen (along the sides of a home-button phone, whose
    /// forehead and chin are `chin` deep).
    package var bezel: Double
    /// A home-button phone's forehead and chin: the body above and below the screen (beside
    /// it in landscape); `bezel` on every other device.
    package var chin: Double
    /// A home-button phone's Home button: the circle centred in its chin; nil on other devices.
    package var homeButton: Rect?
    /// A home-button phone's earpiece: a short pill centred in its forehead; nil on other devices.
    package var earpiece: Rect?
    /// The whole picture: the screen and the bezel around it.
    package var size: Size
    /// The device body's corner radius (the screen's plus the bezel).
    package var outerCornerRadius: Double
    /// The screen, inside the bezel.
    package var screen: Rect
    /// The screen's corner radius.
    package var screenCornerRadius: Double
    /// The app's window on the screen.
    package var window: Rect
    /// The app sharing the screen; nil when ours fills it.
    package var otherApp: Rect?
    /// The other app's navigation bar: a neutral placeholder app (a grouped list under a bar)
    /// drawn where iPadOS shows the app sharing the screen, so the picture reads as two apps.
    package var otherAppNavigationBar: Rect?
    /// The placeholder title centred in the other app's bar.
    package var otherAppTitle: Rect?
    /// The other app's inset grouped list: one rounded card below its bar.
    package var otherAppList: Rect?
    /// The other app's list rows: a grey text stand-in of varying length at each row's leading
    /// side, and the hairline under every row but the last.
    package var otherAppRows: [PlaceholderRow]
    /// The other app's window corners: Split View's rounded windows, none behind Slide Over
    /// (that app fills the screen and follows the screen's corners).
    package var otherAppCornerRadius: Double
    /// Split View's divider: the black gap between the two windows, the whole screen tall; nil
    /// outside Split View.
    package var divider: Rect?
    /// The divider's handle: a short rounded grey pill in its middle.
    package var dividerHandle: Rect?
    /// Whether the app's window floats over the other app on a shadow (Slide Over up to iPadOS 18).
    package var floatsOnShadow: Bool
    /// Slide Over's grabber above the floating window; nil otherwise.
    package var slideOverGrabber: Rect?
    /// The screen's own status bar over the app behind a Slide Over window, in the screen's
    /// coordinates (starting at `screen`'s origin); nil otherwise.
    package var screenStatusBar: StatusBarLayout?
    /// Whether the screen shows iPadOS 26's windows: the wallpaper behind a rounded window with
    /// a shadow and its window controls, instead of Split View's other app.
    package var showsWallpaper: Bool
    /// The app window's corner radius.
    package var windowCornerRadius: Double
    /// The window controls' three buttons (close, minimise, arrange) in the picture's
    /// coordinates; empty without iPadOS 26 window controls.
    package var windowControlButtons: [Rect]
    /// iPadOS 26's resize handle: a thin arc just outside the window's bottom trailing corner;
    /// nil without window controls.
    package var resizeHandle: ResizeHandle?

    /// One row of the placeholder app's list.
    package struct PlaceholderRow: Sendable, Hashable {
        /// The grey text stand-in, 8 pt tall, centred in the row.
        package var text: Rect
        /// The hairline under the row, from the text's leading edge; nil under the last row.
        package var separator: Rect?
    }

    /// The resize handle's arc: the middle of the quarter circle around the window's bottom
    /// trailing corner, from `start` to `end` clockwise.
    package struct ResizeHandle: Sendable, Hashable {
        /// Where the arc starts.
        package var start: Point
        /// Where it ends, clockwise from `start`.
        package var end: Point
        /// The arc's radius: the window's corner radius and `resizeHandleGap`.
        package var radius: Double
    }

    /// (assumed) How far outside the window's corner the resize handle runs.
    package static let resizeHandleGap = 3.0

    /// (assumed) A multitasking window's corner radius up to iPadOS 18.
    package static let splitViewCornerRadius = 10.0
    /// (assumed) An iPadOS 26 window's corner radius, read off public iPadOS 26 screenshots:
    /// rounder than Split View's, about as round as the screen's corners plus the bezel.
    package static let windowsCornerRadius = 24.0
    /// (assumed) Split View's divider handle: a 4 × 36 pt pill centred in the 10 pt divider,
    /// read off iPadOS 17 screenshots (Apple publishes no size).
    package static let dividerHandleSize = Size(width: 4, height: 36)
    /// (assumed) The placeholder app's navigation bar below the status bar: 50 pt, the height
    /// of iPadOS 17's standard navigation bar.
    package static let otherAppBarHeight = 50.0
    /// (assumed) The placeholder title: a 96 × 10 pt pill centred in the bar.
    package static let otherAppTitleSize = Size(width: 96, height: 10)
    /// (assumed) The placeholder list: four 44 pt rows in a card inset 20 pt from the app's
    /// edges, 35 pt below its bar (an inset grouped table's first section).
    package static let otherAppListRows = 4
    /// The placeholder list's side inset.
    package static let otherAppListInset = 20.0
    /// The gap between the placeholder's bar and its list.
    package static let otherAppListTop = 35.0
    /// (assumed) Slide Over's grabber: 36 × 5 pt, 5 pt below the floating window's top edge.
    package static let slideOverGrabberSize = Size(width: 36, height: 5)
    /// How far Slide Over's grabber is below the floating window's top edge.
    package static let slideOverGrabberInset = 5.0

    /// (assumed) A home-button phone (the iPhone SE's body, 67.3 × 138.4 mm around a 375 ×
    /// 667 pt screen, 0.156 mm per point): a forehead and chin of 100 pt, its body's corners
    /// 56 pt, a 62 pt Home button and a 44 × 5 pt earpiece, read off Apple's product photographs.
    package static let homeButtonChin = 100.0
    /// The home-button phone body's corner radius.
    package static let homeButtonBodyCornerRadius = 56.0
    /// The Home button's diameter.
    package static let homeButtonDiameter = 62.0
    /// The earpiece's size in portrait.
    package static let earpieceSize = Size(width: 44, height: 5)

    /// Whether the app's window fills the screen.
    package var isFullScreen: Bool { otherApp == nil && !showsWallpaper }

    /// The device frame around `environment`'s window. `overCover` answers, for a screen x,
    /// whether the app's cover art lies under the screen's status bar there (Split View's
    /// status bar runs across both apps; its glyphs turn white over our cover art).
    package init(_ environment: WindowEnvironment, overCover: (Double) -> Bool = { _ in false }) {
        let device = environment.device
        bezel = device.idiom == .pad ? 28 : 16
        let screenSize = device.screenSize(environment.orientation)
        // A phone with the 20 pt status bar and no home indicator has a Home button below its
        // screen (a scenario's own device without a status bar keeps the plain bezel).
        let hasHomeButton = device.idiom == .phone && device.portraitSafeArea.bottom == 0 && device.portraitSafeArea.top == 20
        chin = hasHomeButton ? Self.homeButtonChin : bezel
        let portrait = environment.orientation == .portrait
        let inset = portrait ? Size(width: bezel, height: chin) : Size(width: chin, height: bezel)
        size = Size(width: screenSize.width + 2 * inset.width, height: screenSize.height + 2 * inset.height)
        screenCornerRadius = device.cornerRadius
        outerCornerRadius = hasHomeButton ? Self.homeButtonBodyCornerRadius : device.cornerRadius + bezel
        screen = Rect(x: inset.width, y: inset.height, width: screenSize.width, height: screenSize.height)
        if hasHomeButton {
            let diameter = Self.homeButtonDiameter, piece = Self.earpieceSize
            let screenRect = screen, body = size, depth = chin
            // Portrait: the button centred in the chin, the earpiece in the forehead; landscape
            // turns the phone left: the button on the right, the earpiece on the left.
            homeButton =
                portrait
                ? Rect(x: body.width / 2 - diameter / 2, y: screenRect.maxY + depth / 2 - diameter / 2, width: diameter, height: diameter)
                : Rect(x: screenRect.maxX + depth / 2 - diameter / 2, y: body.height / 2 - diameter / 2, width: diameter, height: diameter)
            earpiece =
                portrait
                ? Rect(x: body.width / 2 - piece.width / 2, y: depth / 2 - piece.height / 2, width: piece.width, height: piece.height)
                : Rect(x: depth / 2 - piece.height / 2, y: body.height / 2 - piece.width / 2, width: piece.height, height: piece.width)
        } else {
            homeButton = nil
            earpiece = nil
        }
        let windowed = environment.windowControls != nil
        showsWallpaper = windowed
        let placement = windowed ? nil : device.windowPlacement(environment.orientation, environment.multitasking)
        let inWindow = windowed ? environment.frame : placement?.window ?? Rect(size: environment.window)
        // A window as large as the screen follows the screen's corners.
        windowCornerRadius =
            !windowed ? Self.splitViewCornerRadius : inWindow == Rect(size: screenSize) ? device.cornerRadius : Self.windowsCornerRadius
        window = Rect(x: screen.x + inWindow.x, y: screen.y + inWindow.y, width: inWindow.width, height: inWindow.height)
        let origin = window
        windowControlButtons =
            windowed
            ? WindowControls.buttons(windowWidth: inWindow.width, rightToLeft: environment.settings.layoutDirection == .rtl).map {
                Rect(x: origin.x + $0.x, y: origin.y + environment.safeArea.top + $0.y, width: $0.width, height: $0.height)
            } : []
        if windowed {
            // The middle of the quarter circle, from 15° to 75° (cos 15° = sin 75° ≈ 0.9659,
            // sin 15° = cos 75° ≈ 0.2588), so the arc's ends stay clear of the window's edges.
            let r = windowCornerRadius + Self.resizeHandleGap
            let cy = window.maxY - windowCornerRadius
            let far = 0.9659 * r, near = 0.2588 * r
            if environment.settings.layoutDirection == .rtl {
                let cx = window.x + windowCornerRadius
                resizeHandle = ResizeHandle(start: Point(x: cx - near, y: cy + far), end: Point(x: cx - far, y: cy + near), radius: r)
            } else {
                let cx = window.maxX - windowCornerRadius
                resizeHandle = ResizeHandle(start: Point(x: cx + far, y: cy + near), end: Point(x: cx + near, y: cy + far), radius: r)
            }
        } else {
            resizeHandle = nil
        }
        let splitView = !windowed && Multitasking.splitViewFractions.contains(environment.multitasking)
        floatsOnShadow = !windowed && environment.multitasking == .slideOver
        if let other = placement?.otherApp {
            let frame = Rect(x: screen.x + other.x, y: screen.y + other.y, width: other.width, height: other.height)
            otherApp = frame
            otherAppCornerRadius = splitView ? Self.splitViewCornerRadius : 0
            // The placeholder app's own top safe area: the screen's status bar above its bar.
            let statusBar = device.safeArea(environment.orientation).top
            let bar = Rect(x: frame.x, y: frame.y, width: frame.width, height: statusBar + Self.otherAppBarHeight)
            otherAppNavigationBar = bar
            let title = Self.otherAppTitleSize
            otherAppTitle = Rect(
                x: frame.midX - title.width / 2, y: bar.maxY - Self.otherAppBarHeight / 2 - title.height / 2, width: title.width,
                height: title.height)
            let inset = Self.otherAppListInset
            let list = Rect(
                x: frame.x + inset, y: bar.maxY + Self.otherAppListTop, width: frame.width - 2 * inset,
                height: Double(Self.otherAppListRows) * 44)
            otherAppList = list
            otherAppRows = Self.placeholderRows(in: list, rightToLeft: environment.traits.layoutDirection == .rtl)
        } else {
            otherApp = nil
            otherAppNavigationBar = nil
            otherAppTitle = nil
            otherAppList = nil
            otherAppRows = []
            otherAppCornerRadius = 0
        }
        if splitView, let other = otherApp {
            // The gap between the windows, black from the screen behind them, with its handle.
            let gap = Rect(x: window.maxX, y: screen.y, width: other.x - window.maxX, height: screen.height)
            let handle = Self.dividerHandleSize
            divider = gap
            dividerHandle = Rect(
                x: gap.midX - handle.width / 2, y: gap.midY - handle.height / 2, width: handle.width, height: handle.height)
        } else {
            divider = nil
            dividerHandle = nil
        }
        if windowed {
            // The screen's own status bar over the wallpaper; a window reaching the top covers it.
            slideOverGrabber = nil
            let top = device.safeArea(environment.orientation, on: environment.settings.iOSVersion).top
            screenStatusBar = StatusBarLayout(
                width: screenSize.width, top: top, arrangement: .pad, rightToLeft: environment.settings.layoutDirection == .rtl
            ) { _ in false }
        } else if environment.multitasking == .slideOver {
            let grabber = Self.slideOverGrabberSize
            slideOverGrabber = Rect(
                x: window.midX - grabber.width / 2, y: window.y + Self.slideOverGrabberInset, width: grabber.width, height: grabber.height)
            let top = device.safeArea(environment.orientation).top
            screenStatusBar = StatusBarLayout(
                width: screenSize.width, top: top, arrangement: .pad, rightToLeft: environment.settings.layoutDirection == .rtl
            ) { _ in false }
        } else if splitView {
            // iPadOS 17 draws one status bar across the whole screen, over both apps: the time
            // at the screen's leading edge, the icons at its trailing edge.
            slideOverGrabber = nil
            let top = device.safeArea(environment.orientation).top
            screenStatusBar = StatusBarLayout(
                width: screenSize.width, top: top, arrangement: .pad, rightToLeft: environment.settings.layoutDirection == .rtl,
                overCover: overCover)
        } else {
            slideOverGrabber = nil
            screenStatusBar = nil
        }
    }

    /// The placeholder list's rows: text stand-ins of 42, 30, 50 and 36 % of the row's width
    /// less 16 pt each side, starting 16 pt from the leading edge, and hairlines from there.
    static func placeholderRows(in list: Rect, rightToLeft: Bool) -> [PlaceholderRow] {
        let rows = otherAppListRows
        let rowHeight = list.height / Double(rows)
        return (0..<rows).map { row in
            let top = list.y + Double(row) * rowHeight
            let length = [0.42, 0.3, 0.5, 0.36][row % 4] * (list.width - 32)
            let x = rightToLeft ? list.maxX - 16 - length : list.x + 16
            let lineX = rightToLeft ? list.x : list.x + 16
            return PlaceholderRow(
                text: Rect(x: x, y: top + rowHeight / 2 - 4, width: length, height: 8),
                separator: row < rows - 1 ? Rect(x: lineX, y: top + rowHeight - 0.5, width: list.width - 16, height: 0.5) : nil)
        }
    }

    /// Whether a screen x lies in the app's window (the rest of the screen is the other app's
    /// or the wallpaper).
    package func isInWindow(screenX x: Double) -> Bool {
        let screenX = x + screen.x
        return screenX >= window.x && screenX <= window.maxX
    }

    /// Whether the window's own status bar gives way to the screen's: Split View's bar runs
    /// across both apps; Slide Over's window has none (the bar is the app's behind it).
    package var screenStatusBarReplacesWindows: Bool { divider != nil }
}
