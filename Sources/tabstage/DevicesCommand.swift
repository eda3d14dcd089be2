import Adaptive
import ArgumentParser

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the device catalog: sizes, scales, safe areas and size classes.")

    func run() throws {
        print(DeviceTable.text())
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
        let header = ["id", "points", "scale", "safe area P (t/l/b/r)", "safe area L", "portrait", "landscape"] + modes.map(\.0)
        var rows = [header]
        for device in DeviceCatalog.all {
            var row = [
                device.id, "\(num(device.size.width))×\(num(device.size.height))", "\(num(device.scale))x",
                insets(device.portraitSafeArea), insets(device.landscapeSafeArea),
                classes(device, .portrait, .full), classes(device, .landscape, .full),
            ]
            row += modes.map { classes(device, $0.1, $0.2) }
            rows.append(row)
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n\nSize classes are width/height: c compact, r regular; multitasking columns give the window width."
    }

    private static func classes(_ device: Device, _ orientation: Orientation, _ mode: Multitasking) -> String {
        guard let window = try? WindowEnvironment(device: device, orientation: orientation, multitasking: mode) else { return "-" }
        let traits = window.traits
        let text = "\(traits.horizontalSizeClass.rawValue.prefix(1))/\(traits.verticalSizeClass.rawValue.prefix(1))"
        return mode == .full ? text : "\(num(window.window.width)) \(text)"
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
