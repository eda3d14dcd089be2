/// Settings a scenario fixes for the whole run, apart from the device and its window.
public struct DisplaySettings: Sendable, Hashable {
    public var contentSizeCategory: ContentSizeCategory
    public var layoutDirection: LayoutDirection
    public var appearance: UserInterfaceStyle
    /// The release whose presentation rules apply.
    public var iOSVersion: IOSVersion
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
    public var device: Device
    public var orientation: Orientation
    public var multitasking: Multitasking
    public var settings: DisplaySettings
    public var traitOverride: TraitOverride
    /// The device screen in this orientation.
    public var screen: Size
    /// The app's window: the screen, or the multitasking window on an iPad.
    public var window: Size
    public var safeArea: EdgeInsets
    public var traits: TraitCollection
    /// The traits the container gives its tab children.
    public var childTraits: TraitCollection

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
        self.safeArea = device.safeArea(orientation)
        self.traits = TraitCollection(
            idiom: device.idiom, horizontalSizeClass: horizontal, verticalSizeClass: vertical,
            displayScale: device.scale, orientation: orientation, layoutDirection: settings.layoutDirection,
            contentSizeCategory: settings.contentSizeCategory, userInterfaceStyle: settings.appearance
        )
        self.childTraits = traitOverride.childTraits(traits, window: window, screen: screen)
    }
}
