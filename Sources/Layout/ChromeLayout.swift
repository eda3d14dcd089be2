import Adaptive

/// The system's chrome over the app's window, in window coordinates: the status bar, the
/// sensor housing (notch or Dynamic Island) and the home indicator. Decided here once, so the
/// painter draws these frames and the trace and tests read the same ones.
public struct ChromeLayout: Sendable, Hashable {
    /// The status bar's glyphs; nil where none shows (a phone in landscape, a Slide Over window).
    public var statusBar: StatusBarLayout?
    /// The notch or Dynamic Island (on the leading edge in landscape); nil on other devices.
    public var sensorHousing: SensorHousingLayout?
    /// The home indicator along the bottom edge; nil without a bottom safe area.
    public var homeIndicator: Rect?

    /// (assumed) The home indicator: 134 pt wide on a portrait phone, 200 pt on an iPad or a
    /// landscape phone, 5 pt tall, its top 13 pt above the window's bottom edge.
    public static let homeIndicatorHeight = 5.0
    /// How far the home indicator's top is above the window's bottom edge.
    public static let homeIndicatorRise = 13.0

    /// The chrome of `window`; `overCover` says whether the header's cover art lies under the
    /// status bar at a window x (the glyphs turn white there).
    public init(_ window: WindowEnvironment, overCover: (Double) -> Bool) {
        let device = window.device
        let size = window.window
        let portrait = window.orientation == .portrait
        let top = window.safeArea.top
        statusBar =
            top > 0 && window.multitasking != .slideOver
            ? StatusBarLayout(
                width: size.width, top: top, arrangement: StatusBarLayout.Arrangement(window),
                housingWidth: SensorHousingLayout.width(device), overCover: overCover)
            : nil
        sensorHousing = SensorHousingLayout(device, window: size, portrait: portrait)
        if window.safeArea.bottom > 0 {
            let width = device.idiom == .pad ? 200.0 : (portrait ? 134.0 : 200.0)
            homeIndicator = Rect(
                x: (size.width - width) / 2, y: size.height - Self.homeIndicatorRise, width: width, height: Self.homeIndicatorHeight)
        } else {
            homeIndicator = nil
        }
    }
}

/// The notch or the Dynamic Island, drawn black over the window.
public struct SensorHousingLayout: Sendable, Hashable {
    /// Which housing the device has.
    public enum Kind: String, Sendable, Hashable {
        /// The Dynamic Island, a pill below the top edge.
        case island
        /// The notch, a box hanging from the top edge with round bottom corners.
        case notch
    }

    /// Island or notch.
    public var kind: Kind
    /// Where its box is drawn. A notch's box reaches past the window's edge, so only its
    /// inner corners show round.
    public var frame: Rect
    /// Its box's corner radius.
    public var cornerRadius: Double

    /// (assumed) The notch: 160 wide, its 52 pt box pushed 20 pt past the top edge (the
    /// leading edge in landscape), corners of 20 pt.
    public static let notch = Size(width: 160, height: 52)
    /// How far the notch's box reaches past the window's edge.
    public static let notchOverhang = 20.0
    /// The notch box's corner radius.
    public static let notchCornerRadius = 20.0

    /// The width of `device`'s housing across the top edge in portrait: what the status bar's ears flank.
    public static func width(_ device: Device) -> Double {
        switch device.housing {
        case .island: (device.housingSize ?? StatusBarMetrics.island).width
        case .notch: (device.housingSize ?? notch).width
        case .none: 0
        }
    }

    /// The housing of `device` (its family's size unless the model has its own), in a window
    /// of `window` size; nil without one.
    init?(_ device: Device, window: Size, portrait: Bool) {
        let width = window.width, height = window.height
        switch device.housing {
        case .island:
            let island = device.housingSize ?? StatusBarMetrics.island, inset = StatusBarMetrics.islandInset
            kind = .island
            frame =
                portrait
                ? Rect(x: (width - island.width) / 2, y: inset, width: island.width, height: island.height)
                : Rect(x: inset, y: (height - island.width) / 2, width: island.height, height: island.width)
            cornerRadius = island.height / 2
        case .notch:
            let notch = device.housingSize ?? Self.notch, overhang = Self.notchOverhang
            kind = .notch
            frame =
                portrait
                ? Rect(x: (width - notch.width) / 2, y: -overhang, width: notch.width, height: notch.height)
                : Rect(x: -overhang, y: (height - notch.width) / 2, width: notch.height, height: notch.width)
            cornerRadius = Self.notchCornerRadius
        case .none:
            return nil
        }
    }
}

/// Where the status bar's time, signal bars and battery sit, in the coordinates of the span
/// they are laid out across (the window, or the screen for Slide Over's screen status bar).
public struct StatusBarLayout: Sendable, Hashable {
    /// Where the time and the icons sit.
    public enum Arrangement: String, Sendable, Hashable {
        /// Notch and island phones: time in the left ear, signal and battery in the right one.
        case ears
        /// iPads: time at the leading edge, icons at the trailing one.
        case pad
        /// Home-button phones: signal on the left, time centred, battery on the right.
        case homeButton

        /// The arrangement of `window`'s status bar: ears above a 44 pt or taller top safe area.
        init(_ window: WindowEnvironment) {
            if window.safeArea.top >= 44 {
                self = .ears
            } else {
                self = window.traits.idiom == .pad ? .pad : .homeButton
            }
        }
    }

    /// The time, "9:41", drawn bold.
    public struct Clock: Sendable, Hashable {
        /// The x its anchor names.
        public var x: Double
        /// Its baseline.
        public var baseline: Double
        /// Its font: headline (17 pt semibold) in a notch or island's ear, caption1 semibold
        /// (12 pt) in a home-button phone's or an iPad's bar; the status bar keeps its size at
        /// every Dynamic Type category.
        public var font: TextFont
        /// Its font size.
        public var size: Double { font.size }
        /// Centred on `x` (true) or starting at it.
        public var centred: Bool
        /// Whether the cover art lies under it (it is drawn white then).
        public var overCover: Bool
    }

    /// The battery: its outline, its level and its cap.
    public struct Battery: Sendable, Hashable {
        /// The outline, drawn at 40 % opacity.
        public var body: Rect
        /// The charge inside it.
        public var level: Rect
        /// The cap on its right, drawn at 40 % opacity.
        public var cap: Rect
        /// Whether the cover art lies under it.
        public var overCover: Bool
    }

    /// How the glyphs are arranged.
    public var arrangement: Arrangement
    /// The bar's height: the top safe area it sits in.
    public var top: Double
    /// The time.
    public var clock: Clock
    /// The four signal bars, left to right.
    public var signalBars: [Rect]
    /// Whether the cover art lies under the signal bars.
    public var signalOverCover: Bool
    /// The battery.
    public var battery: Battery

    /// The glyphs across `width` below a status bar `top` tall, the ears beside a sensor housing
    /// `housingWidth` wide; `overCover` answers for a glyph's centre x whether the cover art
    /// lies under it.
    public init(width: Double, top: Double, arrangement: Arrangement, housingWidth: Double = 0, overCover: (Double) -> Bool) {
        self.arrangement = arrangement
        self.top = top
        let metrics = StatusBarMetrics.self
        let signalX: Double, signalSample: Double, batteryX: Double, batterySample: Double, baseline: Double
        switch arrangement {
        case .ears:
            let ear = (width - housingWidth) / 4
            baseline = top / 2 + 5
            clock = Clock(
                x: ear, baseline: top / 2 + 6, font: TextStyle.headline.font(for: .L), centred: true, overCover: overCover(ear))
            signalX = width - ear - 25
            signalSample = width - ear
            batteryX = width - ear - 3
            batterySample = width - ear
        case .pad:
            baseline = top / 2 + metrics.smallBaselineDrop
            clock = Clock(
                x: metrics.padClockX, baseline: baseline, font: metrics.smallClockFont, centred: false, overCover: overCover(20))
            signalX = width - 61
            signalSample = width - 36
            batteryX = width - 39
            batterySample = width - 36
        case .homeButton:
            baseline = top / 2 + metrics.smallBaselineDrop
            clock = Clock(
                x: width / 2, baseline: baseline, font: metrics.smallClockFont, centred: true, overCover: overCover(width / 2))
            signalX = metrics.homeButtonSignalX
            signalSample = 14
            batteryX = width - metrics.homeButtonBatteryFromRight
            batterySample = width - 20
        }
        var x = signalX
        var bars: [Rect] = []
        for bar in 0..<4 {
            let barHeight = metrics.firstBarHeight + Double(bar) * metrics.barHeightStep
            bars.append(Rect(x: x, y: baseline - barHeight, width: metrics.barWidth, height: barHeight))
            x += metrics.barPitch
        }
        signalBars = bars
        signalOverCover = overCover(signalSample)
        let body = metrics.batteryBody
        battery = Battery(
            body: Rect(x: batteryX, y: baseline - metrics.batteryRise, width: body.width, height: body.height),
            level: Rect(x: batteryX + 2, y: baseline - 9, width: 18, height: 7.5),
            cap: Rect(x: batteryX + 25, y: baseline - 7, width: 1.5, height: 4), overCover: overCover(batterySample))
    }
}

/// (assumed) The drawn status bar's and sensor housing's sizes, in points. Apple publishes
/// none of them as numbers; they are measured from its design templates, kept here once so
/// the layout and its tests name the same values.
public enum StatusBarMetrics {
    /// The Dynamic Island: 125 wide, 37 tall (its corner radius is half the height).
    public static let island = Size(width: 125, height: 37)
    /// The island's distance from the top edge (from the leading edge in landscape).
    public static let islandInset = 11.0
    /// Home-button phones and iPads: the glyphs' baseline sits this far below the bar's middle.
    public static let smallBaselineDrop = 4.5
    /// Home-button phones and iPads: the time's font size.
    public static let smallClockFont = TextStyle.caption1.font(for: .L).emphasized
    /// The time's size there.
    public static var smallClockSize: Double { smallClockFont.size }
    /// iPads: the time's leading x.
    public static let padClockX = 20.0
    /// iPadOS 26 and later: the day and date an iPad's status bar shows after the time, fixed
    /// so snapshots stay deterministic: the date of the keynote where 9:41 comes from (Tuesday
    /// 9 January 2007). Earlier versions keep the time alone (their references predate it).
    public static let padDate = "Tue Jan 9"
    /// Home-button phones: the first signal bar's x.
    public static let homeButtonSignalX = 6.0
    /// Home-button phones: the battery starts this far from the right edge (6.5 pt clear after its 26.5 pt).
    public static let homeButtonBatteryFromRight = 33.0
    /// Signal bars: the first one's height.
    public static let firstBarHeight = 4.5
    /// How much taller each signal bar is than the one before.
    public static let barHeightStep = 2.0
    /// A signal bar's width.
    public static let barWidth = 3.0
    /// From one signal bar's left edge to the next one's.
    public static let barPitch = 4.5
    /// The battery's outline: 24 × 11.5.
    public static let batteryBody = Size(width: 24, height: 11.5)
    /// How far the battery's top is above the glyphs' baseline.
    public static let batteryRise = 11.0
}
