import Adaptive

/// `--device-frame`: the whole device around the app's window for documentation previews, in
/// the picture's coordinates: the bezel, the screen, the window where multitasking puts it, the
/// other app beside or behind it, and Slide Over's grabber and screen status bar.
public struct DeviceFrameLayout: Sendable, Hashable {
    /// The bezel's width around the screen.
    public var bezel: Double
    /// The whole picture: the screen and the bezel around it.
    public var size: Size
    /// The device body's corner radius (the screen's plus the bezel).
    public var outerCornerRadius: Double
    /// The screen, inside the bezel.
    public var screen: Rect
    /// The screen's corner radius.
    public var screenCornerRadius: Double
    /// The app's window on the screen.
    public var window: Rect
    /// The app sharing the screen; nil when ours fills it.
    public var otherApp: Rect?
    /// The app icon centred on the other app's placeholder.
    public var otherAppIcon: Rect?
    /// Slide Over's grabber above the floating window; nil otherwise.
    public var slideOverGrabber: Rect?
    /// The screen's own status bar over the app behind a Slide Over window, in the screen's
    /// coordinates (starting at `screen`'s origin); nil otherwise.
    public var screenStatusBar: StatusBarLayout?
    /// Whether the screen shows iPadOS 26's windows: the wallpaper behind a rounded window with
    /// a shadow and its window controls, instead of Split View's other app.
    public var showsWallpaper: Bool
    /// The app window's corner radius.
    public var windowCornerRadius: Double
    /// The window controls' three buttons (close, minimise, arrange) in the picture's
    /// coordinates; empty without iPadOS 26 window controls.
    public var windowControlButtons: [Rect]

    /// (assumed) A multitasking window's corner radius up to iPadOS 18.
    public static let splitViewCornerRadius = 10.0
    /// (assumed) An iPadOS 26 window's corner radius, read off public iPadOS 26 screenshots:
    /// rounder than Split View's, about as round as the screen's corners plus the bezel.
    public static let windowsCornerRadius = 24.0
    /// (assumed) The other app's icon: 60 pt square, corners of 14 pt.
    public static let otherAppIconSize = 60.0
    /// (assumed) Slide Over's grabber: 36 × 5 pt, 5 pt below the floating window's top edge.
    public static let slideOverGrabberSize = Size(width: 36, height: 5)
    /// How far Slide Over's grabber is below the floating window's top edge.
    public static let slideOverGrabberInset = 5.0

    /// Whether the app's window fills the screen.
    public var isFullScreen: Bool { otherApp == nil && !showsWallpaper }

    /// The device frame around `environment`'s window.
    public init(_ environment: WindowEnvironment) {
        let device = environment.device
        bezel = device.idiom == .pad ? 28 : 16
        let screenSize = device.screenSize(environment.orientation)
        size = Size(width: screenSize.width + 2 * bezel, height: screenSize.height + 2 * bezel)
        screenCornerRadius = device.cornerRadius
        outerCornerRadius = device.cornerRadius + bezel
        screen = Rect(x: bezel, y: bezel, width: screenSize.width, height: screenSize.height)
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
        if let other = placement?.otherApp {
            let frame = Rect(x: screen.x + other.x, y: screen.y + other.y, width: other.width, height: other.height)
            let icon = Self.otherAppIconSize
            otherApp = frame
            otherAppIcon = Rect(x: frame.midX - icon / 2, y: frame.midY - icon / 2, width: icon, height: icon)
        } else {
            otherApp = nil
            otherAppIcon = nil
        }
        if windowed {
            // The screen's own status bar over the wallpaper; a window reaching the top covers it.
            slideOverGrabber = nil
            let top = device.safeArea(environment.orientation, on: environment.settings.iOSVersion).top
            screenStatusBar = StatusBarLayout(width: screenSize.width, top: top, arrangement: .pad) { _ in false }
        } else if environment.multitasking == .slideOver {
            let grabber = Self.slideOverGrabberSize
            slideOverGrabber = Rect(
                x: window.midX - grabber.width / 2, y: window.y + Self.slideOverGrabberInset, width: grabber.width, height: grabber.height)
            let top = device.safeArea(environment.orientation).top
            screenStatusBar = StatusBarLayout(width: screenSize.width, top: top, arrangement: .pad) { _ in false }
        } else {
            slideOverGrabber = nil
            screenStatusBar = nil
        }
    }
}
