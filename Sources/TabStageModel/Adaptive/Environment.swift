/// Settings a scenario fixes for the whole run, apart from the device and its window.
public struct DisplaySettings: Sendable, Hashable {
    /// The Dynamic Type size: scales the tab bar, header text and rows.
    public var contentSizeCategory: ContentSizeCategory
    /// Left to right, or mirrored for right-to-left languages.
    public var layoutDirection: LayoutDirection
    /// Light or dark: picks the palette.
    public var appearance: UserInterfaceStyle
    /// The release whose presentation rules apply.
    public var iOSVersion: IOSVersion
    /// Settings with UIKit's defaults: large text, left to right, light, iOS 26.
    public init(
        contentSizeCategory: ContentSizeCategory = .L, layoutDirection: LayoutDirection = .ltr,
        appearance: UserInterfaceStyle = .light, iOSVersion: IOSVersion = .default
    ) {
        self.contentSizeCategory = contentSizeCategory
        self.layoutDirection = layoutDirection
        self.appearance = appearance
        self.iOSVersion = iOSVersion
    }
}

/// The window the container lives in, with the traits UIKit would give it.
public struct WindowEnvironment: Sendable, Hashable {
    /// The device the window is on.
    public var device: Device
    /// Portrait or landscape.
    public var orientation: Orientation
    /// Full screen, an iPad Split View or Slide Over window, or an iPadOS 26 window (`window`,
    /// its size in `window`).
    public var multitasking: Multitasking
    /// Text size, direction, appearance and iOS release.
    public var settings: DisplaySettings
    /// Whether the container gives its children phone-like traits on an iPad.
    public var traitOverride: TraitOverride
    /// The device screen in this orientation.
    public var screen: Size
    /// The app's window: the screen, or the multitasking window on an iPad.
    public var window: Size
    /// Where the window sits on the screen, in screen coordinates.
    public var frame: Rect
    /// The window's safe-area insets (none on a multitasking window's inner edges; from iPadOS 26
    /// a window keeps the part of the screen's insets it overlaps).
    public var safeArea: EdgeInsets
    /// The iPadOS 26 window controls' corner in window coordinates (top leading, mirrored in
    /// right-to-left layouts, below the status bar when the window reaches it); nil for a
    /// full-screen window and before iPadOS 26.
    public var windowControls: Rect?
    /// The traits UIKit gives this window.
    public var traits: TraitCollection
    /// The traits the container gives its tab children.
    public var childTraits: TraitCollection
    /// True for the window of a full-content snapshot: as tall as the selected tab's content
    /// (`StageState.expandedToContent()`), with the traits and safe area of the real window. It
    /// is drawn without a device frame, a sensor housing or a home indicator, as a long
    /// screenshot has none.
    public var expandedToContent = false

    /// The window for a device, orientation and multitasking mode on the settings' release;
    /// throws when the mode cannot exist there. `windowSize` is the size of a `window` (iPadOS
    /// 26 and later; ignored by the named modes).
    public init(
        device: Device, orientation: Orientation, multitasking: Multitasking = .full, windowSize: Size? = nil,
        settings: DisplaySettings = DisplaySettings(), traitOverride: TraitOverride = .none
    ) throws(MultitaskingUnavailable) {
        let release = settings.iOSVersion
        let frame = try device.windowFrame(orientation, multitasking, size: windowSize, on: release).get()
        let window = frame.size
        let screen = device.screenSize(orientation)
        var (horizontal, vertical) = device.sizeClasses(orientation)
        if device.idiom == .pad {
            horizontal = window.width >= Multitasking.regularWidthThreshold ? .regular : .compact
            vertical = .regular
        }
        self.device = device
        self.orientation = orientation
        self.multitasking = multitasking
        self.settings = settings
        self.traitOverride = traitOverride
        self.screen = screen
        self.window = window
        self.frame = frame
        let windowed = release.hasWindows && (multitasking == .window || multitasking == .slideOver)
        self.safeArea = windowed ? device.windowSafeArea(frame, orientation, on: release) : device.safeArea(orientation, on: release)
        if windowed {
            let corner = WindowControls.corner
            // (assumed) A window reaching the status bar keeps the controls just below it.
            let x = settings.layoutDirection == .rtl ? window.width - corner.width : 0
            self.windowControls = Rect(x: x, y: safeArea.top, width: corner.width, height: corner.height)
        } else {
            self.windowControls = nil
        }
        self.traits = TraitCollection(
            idiom: device.idiom, horizontalSizeClass: horizontal, verticalSizeClass: vertical,
            displayScale: device.scale, orientation: orientation, layoutDirection: settings.layoutDirection,
            contentSizeCategory: settings.contentSizeCategory, userInterfaceStyle: settings.appearance
        )
        self.childTraits = traitOverride.childTraits(traits, window: window, screen: screen)
    }
}

extension WindowEnvironment {
    /// The size an iPadOS 26 window keeps when the device turns to `orientation`: its own,
    /// clamped to the rotated screen (a window wider than the portrait screen becomes as wide
    /// as it; assumed: iPadOS keeps a window's size while it fits). Nil for the named modes,
    /// which take their size from the mode.
    public func rotatedWindowSize(_ orientation: Orientation) -> Size? {
        guard multitasking == .window else { return nil }
        let screen = device.screenSize(orientation)
        return Size(width: min(window.width, screen.width), height: min(window.height, screen.height))
    }
}

/// The axis along which UIKit's corner-adapted layout regions avoid the window controls
/// (`UIView.LayoutRegion.AdaptivityAxis`).
public enum CornerAdaptation: String, Sendable, Hashable {
    /// The leading edge moves past the controls (content beside them, as a navigation bar's items).
    case horizontal
    /// The top edge moves below the controls (content under them).
    case vertical
}

extension WindowEnvironment {
    /// The safe area `UIView.LayoutRegion.safeArea(cornerAdaptation:)` gives: the window's
    /// safe area grown past the window controls' corner along `axis`; the plain safe area when
    /// the window has no controls.
    public func cornerAdaptedSafeArea(_ axis: CornerAdaptation) -> EdgeInsets {
        var insets = safeArea
        guard let corner = windowControls else { return insets }
        switch axis {
        case .horizontal:
            if corner.x == 0 { insets.left = max(insets.left, corner.width) } else { insets.right = max(insets.right, corner.width) }
        case .vertical:
            insets.top = max(insets.top, corner.maxY)
        }
        return insets
    }
}
