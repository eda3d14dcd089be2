import TabStageModel

/// The system's chrome over the app's window, in window coordinates: the status bar, the
/// sensor housing (notch or Dynamic Island) and the home indicator. Decided here once, so the
/// painter draws these frames and the trace and tests read the same ones.
///
/// A full-content window (`WindowEnvironment.expandedToContent`, a long screenshot taller than
/// the screen) keeps the status bar along its top edge and has neither a sensor housing nor a
/// home indicator: in a picture that long their places (the middle of the leading edge in
/// landscape, 13 pt above a bottom edge the screen does not have) are not on any screen.
package struct ChromeLayout: Sendable, Hashable {
    /// The status bar's glyphs; nil where none shows (a phone in landscape, a Slide Over window).
    package var statusBar: StatusBarLayout?
    /// The notch or Dynamic Island (on the leading edge in landscape); nil on other devices and
    /// in a full-content window.
    package var sensorHousing: SensorHousingLayout?
    /// The home indicator along the bottom edge; nil without a bottom safe area and in a
    /// full-content window.
    package var homeIndicator: Rect?

    /// (assumed) The home indicator: 134 pt wide on a portrait phone, 200 pt on an iPad or a
    /// landscape phone, 5 pt tall, its top 13 pt above the window's bottom edge.
    package static let homeIndicatorHeight = 5.0
    /// How far the home indicator's top is above the window's bottom edge.
    package static let homeIndicatorRise = 13.0

    /// The chrome of `window`; `overCover` says whether the header's cover art lies under the
    /// status bar at a window x (the glyphs turn white there).
    package init(_ window: WindowEnvironment, overCover: (Double) -> Bool) {
        let device = window.device
        let size = window.window
        let portrait = window.orientation == .portrait
        let top = window.safeArea.top
        statusBar =
            top > 0 && window.multitasking != .slideOver
            ? StatusBarLayout(
                width: size.width, top: top, arrangement: StatusBarLayout.Arrangement(window),
                housingWidth: SensorHousingLayout.width(device), rightToLeft: window.traits.layoutDirection == .rtl,
                overCover: overCover)
            : nil
        // A long screenshot is no screen: nothing of the device's hardware or of the home
        // gesture is drawn on it (assumed, as iOS's own full-page capture is a PDF of the app's
        // content and shows neither).
        sensorHousing = window.expandedToContent ? nil : SensorHousingLayout(device, window: size, portrait: portrait)
        if window.safeArea.bottom > 0, !window.expandedToContent {
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

/// Where the status bar's time, signal bars, Wi-Fi fan and battery sit, in the coordinates of
/// the span they are laid out across (the window, or the screen for a device frame's screen
/// status bar). In a right-to-left layout iOS mirrors the bar: the time on the right, the
/// icons on the left (in the order signal, Wi-Fi, battery read from the right); each glyph
/// keeps its own shape (assumed: the signal bars still rise to the right and the battery's
/// cap stays on its right).
package struct StatusBarLayout: Sendable, Hashable {
    /// Where the time and the icons sit.
    package enum Arrangement: String, Sendable, Hashable {
        /// Notch and island phones: time in the leading ear, signal, Wi-Fi and battery in the trailing one.
        case ears
        /// iPads: time at the leading edge, icons at the trailing one.
        case pad
        /// Home-button phones: signal and Wi-Fi at the leading edge, time centred, battery at the trailing edge.
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

    /// Where the time's x anchors it.
    package enum ClockAnchor: String, Sendable, Hashable {
        /// The time starts at x (an iPad's, left to right).
        case start
        /// The time is centred on x (an ear's, a home-button phone's).
        case middle
        /// The time ends at x (an iPad's, right to left).
        case end
    }

    /// The time, "9:41", drawn bold.
    package struct Clock: Sendable, Hashable {
        /// The x its anchor names.
        package var x: Double
        /// Its baseline.
        package var baseline: Double
        /// Its font: headline (17 pt semibold) in a notch or island's ear, caption1 semibold
        /// (12 pt) in a home-button phone's or an iPad's bar; the status bar keeps its size at
        /// every Dynamic Type category.
        package var font: TextFont
        /// Its font size.
        package var size: Double { font.size }
        /// Where `x` is on the time.
        package var anchor: ClockAnchor
        /// Centred on `x`.
        package var centred: Bool { anchor == .middle }
        /// Whether the cover art lies under it (it is drawn white then).
        package var overCover: Bool
    }

    /// The Wi-Fi fan: three bands of a quarter circle (its apex at the bottom centre of
    /// `frame`, its outer radius the frame's height), drawn by the painter from this box.
    package struct WiFi: Sendable, Hashable {
        /// The fan's box.
        package var frame: Rect
        /// Whether the cover art lies under it.
        package var overCover: Bool
    }

    /// The battery: its outline, its level and its cap.
    package struct Battery: Sendable, Hashable {
        /// The outline, drawn at 40 % opacity.
        package var body: Rect
        /// The charge inside it.
        package var level: Rect
        /// The cap on its right, drawn at 40 % opacity.
        package var cap: Rect
        /// Whether the cover art lies under it.
        package var overCover: Bool
    }

    /// How the glyphs are arranged.
    package var arrangement: Arrangement
    /// Whether the bar is mirrored (a right-to-left layout).
    package var rightToLeft: Bool
    /// Whether the signal and Wi-Fi glyphs come before the clock in drawing order: a
    /// home-button phone's left-to-right bar, whose icons start at the left before the centred time.
    package var iconsPrecedeClock: Bool { arrangement == .homeButton && !rightToLeft }
    /// The bar's height: the top safe area it sits in.
    package var top: Double
    /// The time.
    package var clock: Clock
    /// The four signal bars, shortest first, left to right (in either direction).
    package var signalBars: [Rect]
    /// Whether the cover art lies under the signal bars.
    package var signalOverCover: Bool
    /// The Wi-Fi fan.
    package var wifi: WiFi
    /// The battery.
    package var battery: Battery

    /// The glyphs across `width` below a status bar `top` tall, the ears beside a sensor housing
    /// `housingWidth` wide, mirrored when `rightToLeft`; `overCover` answers for a glyph's
    /// centre x whether the cover art lies under it.
    package init(
        width: Double, top: Double, arrangement: Arrangement, housingWidth: Double = 0, rightToLeft: Bool = false,
        overCover: (Double) -> Bool
    ) {
        self.arrangement = arrangement
        self.rightToLeft = rightToLeft
        self.top = top
        let metrics = StatusBarMetrics.self
        // Laid out left to right, then mirrored: x of the signal bars, the fan and the battery.
        let signalX: Double, wifiX: Double, batteryX: Double, baseline: Double
        var clockX: Double, clockAnchor: ClockAnchor, clockBaseline: Double, clockFont = metrics.smallClockFont
        switch arrangement {
        case .ears:
            let ear = (width - housingWidth) / 4
            baseline = top / 2 + 5
            clockX = ear
            clockAnchor = .middle
            clockBaseline = top / 2 + 6
            clockFont = TextStyle.headline.font(for: .L)
            // Signal, Wi-Fi and battery as one group centred in the trailing ear.
            signalX = width - ear - metrics.iconGroupWidth / 2
            wifiX = signalX + metrics.signalWidth + metrics.iconSpacing
            batteryX = wifiX + metrics.wifiSize.width + metrics.iconSpacing
        case .pad:
            baseline = top / 2 + metrics.smallBaselineDrop
            clockX = metrics.padClockX
            clockAnchor = .start
            clockBaseline = baseline
            // The group ends padTrailingInset from the trailing edge.
            signalX = width - metrics.padTrailingInset - metrics.iconGroupWidth
            wifiX = signalX + metrics.signalWidth + metrics.iconSpacing
            batteryX = wifiX + metrics.wifiSize.width + metrics.iconSpacing
        case .homeButton:
            baseline = top / 2 + metrics.smallBaselineDrop
            clockX = width / 2
            clockAnchor = .middle
            clockBaseline = baseline
            signalX = metrics.homeButtonSignalX
            wifiX = signalX + metrics.signalWidth + metrics.iconSpacing
            batteryX = width - metrics.homeButtonBatteryFromRight
        }
        func place(_ rect: Rect) -> Rect {
            rightToLeft ? Rect(x: width - rect.x - rect.width, y: rect.y, width: rect.width, height: rect.height) : rect
        }
        if rightToLeft {
            clockX = width - clockX
            if clockAnchor == .start { clockAnchor = .end }
        }
        clock = Clock(x: clockX, baseline: clockBaseline, font: clockFont, anchor: clockAnchor, overCover: overCover(clockX))
        // The group's place mirrors; the bars inside still rise left to right (assumed, as the battery keeps its cap).
        let signalBox = place(Rect(x: signalX, y: 0, width: metrics.signalWidth, height: 0))
        var x = signalBox.x
        var bars: [Rect] = []
        for bar in 0..<4 {
            let barHeight = metrics.firstBarHeight + Double(bar) * metrics.barHeightStep
            bars.append(Rect(x: x, y: baseline - barHeight, width: metrics.barWidth, height: barHeight))
            x += metrics.barPitch
        }
        signalBars = bars
        signalOverCover = overCover(signalBox.midX)
        let fan = metrics.wifiSize
        let wifiFrame = place(Rect(x: wifiX, y: baseline - fan.height, width: fan.width, height: fan.height))
        wifi = WiFi(frame: wifiFrame, overCover: overCover(wifiFrame.midX))
        let body = metrics.batteryBody
        // The battery keeps its cap on the right in either direction: the whole glyph moves.
        let glyph = place(Rect(x: batteryX, y: 0, width: metrics.batteryWidth, height: 0))
        battery = Battery(
            body: Rect(x: glyph.x, y: baseline - metrics.batteryRise, width: body.width, height: body.height),
            level: Rect(x: glyph.x + 2, y: baseline - 9, width: 18, height: 7.5),
            cap: Rect(x: glyph.x + 25, y: baseline - 7, width: 1.5, height: 4), overCover: overCover(glyph.midX))
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
    /// iPads: the icon group ends this far from the trailing edge (where the battery's cap ended before the fan joined it).
    public static let padTrailingInset = 12.5
    /// The signal bars' width: four 3 pt bars every 4.5 pt, 3 × 4.5 + 3 = 16.5.
    public static let signalWidth = 16.5
    /// The Wi-Fi fan's box: 16 × 11.5 (its outer radius the height).
    public static let wifiSize = Size(width: 16, height: 11.5)
    /// The space between two icons (signal, Wi-Fi, battery).
    public static let iconSpacing = 4.5
    /// The battery with its cap: 24 + 1 + 1.5 = 26.5.
    public static let batteryWidth = 26.5
    /// Signal, Wi-Fi and battery with their spacing: 16.5 + 4.5 + 16 + 4.5 + 26.5 = 68.
    public static var iconGroupWidth: Double { signalWidth + iconSpacing + wifiSize.width + iconSpacing + batteryWidth }
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
