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
    /// Full screen, or an iPad Split View or Slide Over window.
    public var multitasking: Multitasking
    /// Text size, direction, appearance and iOS release.
    public var settings: DisplaySettings
    /// Whether the container gives its children phone-like traits on an iPad.
    public var traitOverride: TraitOverride
    /// The device screen in this orientation.
    public var screen: Size
    /// The app's window: the screen, or the multitasking window on an iPad.
    public var window: Size
    /// The window's safe-area insets (none on a multitasking window's inner edges).
    public var safeArea: EdgeInsets
    /// The traits UIKit gives this window.
    public var traits: TraitCollection
    /// The traits the container gives its tab children.
    public var childTraits: TraitCollection

    /// The window for a device, orientation and multitasking mode; throws when the mode cannot exist there.
    public init(
        device: Device, orientation: Orientation, multitasking: Multitasking = .full,
        settings: DisplaySettings = DisplaySettings(), traitOverride: TraitOverride = .none
    ) throws(MultitaskingUnavailable) {
        let window = try device.windowSize(orientation, multitasking).get()
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
        self.safeArea = device.safeArea(orientation, on: settings.iOSVersion)
        self.traits = TraitCollection(
            idiom: device.idiom, horizontalSizeClass: horizontal, verticalSizeClass: vertical,
            displayScale: device.scale, orientation: orientation, layoutDirection: settings.layoutDirection,
            contentSizeCategory: settings.contentSizeCategory, userInterfaceStyle: settings.appearance
        )
        self.childTraits = traitOverride.childTraits(traits, window: window, screen: screen)
    }
}
