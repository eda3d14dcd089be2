import ArgumentParser
import TabStageLayout
import TabStageModel
import TabStageScenario

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the device catalog: sizes, scales, safe areas and size classes.",
        discussion: "--json prints the same catalog for scripts, with every window each device offers.")

    @Flag(name: .long, help: "Print JSON: every device with its windows (orientation × multitasking).")
    var json = false

    func run() throws {
        Console.current.print(json ? DeviceTable.json().text() : DeviceTable.text())
    }
}

/// The catalog as an aligned text table. Size classes are written W/H (c = compact, r = regular).
enum DeviceTable {
    static func text() -> String {
        let modes: [(String, Orientation, Multitasking)] = [
            ("L 2/3", .landscape, .twoThirds), ("L 1/2", .landscape, .half), ("L 1/3", .landscape, .oneThird),
            ("L slide", .landscape, .slideOver), ("P 2/3", .portrait, .twoThirds), ("P 1/3", .portrait, .oneThird),
            ("P slide", .portrait, .slideOver),
        ]
        let header =
            ["id", "points", "scale", "safe area P (t/l/b/r)", "safe area L", "corner", "housing", "portrait", "landscape"]
            + modes.map(\.0)
        var rows = [header]
        for device in DeviceCatalog.all {
            var row = [
                device.id, "\(num(device.size.width))×\(num(device.size.height))", "\(num(device.scale))x",
                insets(device.safeArea(.portrait, on: .default)), insets(device.safeArea(.landscape, on: .default)),
                num(device.cornerRadius),
                housing(device), classes(device, .portrait, .full), classes(device, .landscape, .full),
            ]
            row += modes.map { classes(device, $0.1, $0.2) }
            rows.append(row)
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingTrailingSpaces()
        }.joined(separator: "\n")
            + "\n\nSize classes are width/height: c compact, r regular; multitasking columns give the window width."
            + "\nMultitasking columns are iOS 18's Split View and Slide Over; from iPadOS 26 a window takes any size from"
            + " \(num(Multitasking.minimumWindowSize.width))×\(num(Multitasking.minimumWindowSize.height)) to the screen, regular width from \(num(Multitasking.regularWidthThreshold))."
            + "\nSafe areas are iOS \(IOSVersion.default)'s (the default); up to iOS 18 a phone's landscape home indicator takes 21, not 20,"
            + " and an iPad's status bar and home indicator 24 and 20, not 32 and 25."
            + "\nThe housing column gives the notch's or Dynamic Island's width in points."
    }

    /// `devices --json`: `{"devices": [...]}`, each device with its portrait screen, scale,
    /// safe areas (on the default release), corner radius, sensor housing and its width, and
    /// every window it offers in catalog
    /// order (portrait then landscape, full then the multitasking sizes), with the window's
    /// size, safe area and size classes.
    static func json() -> JSON {
        .object([("devices", .array(DeviceCatalog.all.map(device)))])
    }

    private static func device(_ device: Device) -> JSON {
        var windows: [JSON] = []
        for orientation in Orientation.allCases {
            for mode in Multitasking.allCases {
                guard let window = window(device, orientation, mode) else { continue }
                windows.append(
                    .object([
                        ("orientation", .string(orientation.rawValue)),
                        ("multitasking", .string(mode.rawValue)),
                        ("width", .number(window.window.width)),
                        ("height", .number(window.window.height)),
                        ("safeArea", insetsJSON(window.safeArea)),
                        ("horizontalSizeClass", .string(window.traits.horizontalSizeClass.rawValue)),
                        ("verticalSizeClass", .string(window.traits.verticalSizeClass.rawValue)),
                    ]))
            }
        }
        return .object([
            ("id", .string(device.id)),
            ("idiom", .string(device.idiom.rawValue)),
            ("width", .number(device.size.width)),
            ("height", .number(device.size.height)),
            ("scale", .number(device.scale)),
            ("portraitSafeArea", insetsJSON(device.safeArea(.portrait, on: .default))),
            ("landscapeSafeArea", insetsJSON(device.safeArea(.landscape, on: .default))),
            ("cornerRadius", .number(device.cornerRadius)),
            ("sensorHousing", .string(device.housing.rawValue)),
            ("sensorHousingWidth", .number(SensorHousingLayout.width(device))),
            ("windows", .array(windows)),
        ])
    }

    private static func insetsJSON(_ e: EdgeInsets) -> JSON {
        .object([("top", .number(e.top)), ("left", .number(e.left)), ("bottom", .number(e.bottom)), ("right", .number(e.right))])
    }

    private static func classes(_ device: Device, _ orientation: Orientation, _ mode: Multitasking) -> String {
        guard let window = window(device, orientation, mode) else { return "-" }
        let traits = window.traits
        let text = "\(traits.horizontalSizeClass.rawValue.prefix(1))/\(traits.verticalSizeClass.rawValue.prefix(1))"
        return mode == .full ? text : "\(num(window.window.width)) \(text)"
    }

    /// Full screen on the default release; Split View and Slide Over as iOS 18 sized them
    /// (iPadOS 26 windows take any size between the minimum window and the screen).
    private static func window(_ device: Device, _ orientation: Orientation, _ mode: Multitasking) -> WindowEnvironment? {
        let release = mode == .full ? IOSVersion.default : IOSVersion(18)
        return try? WindowEnvironment(
            device: device, orientation: orientation, multitasking: mode, settings: DisplaySettings(iOSVersion: release))
    }

    private static func housing(_ device: Device) -> String {
        device.housing == .none ? "-" : "\(device.housing.rawValue) \(num(SensorHousingLayout.width(device)))"
    }

    private static func insets(_ e: EdgeInsets) -> String {
        [e.top, e.left, e.bottom, e.right].map(num).joined(separator: "/")
    }

    private static func num(_ value: Double) -> String { decimalText(value, decimals: 2) }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
