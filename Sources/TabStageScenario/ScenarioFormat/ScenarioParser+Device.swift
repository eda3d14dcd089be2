import Foundation
import TabStageModel

/// The `device:` mapping: a catalog device, or a custom one with its size, scale and safe areas.
extension ScenarioParser {
    private static let deviceKeys = ScenarioKeys.device.names

    static func parseDevice(_ value: YAMLValue) throws(ScenarioError) -> (Device, YAMLValue) {
        let ids = DeviceCatalog.all.map(\.id)
        if case .scalar = value.node {
            let id = try value.string()
            guard let device = DeviceCatalog.device(id: id) else {
                throw value.error(
                    "unknown device '\(quoted(id))'" + deviceSuggestion(id), expected: oneOf(ids) + ", or a custom {width, height, scale}")
            }
            return (device, value)
        }
        let fields = try value.mapping(allowed: deviceKeys)
        let side = 0.0...ScenarioLimits.maxWindowSide
        let sideText = "a number above 0 and at most \(format(ScenarioLimits.maxWindowSide)) (points)"
        let width = try fields.required("width", sideText).number(in: side, sideText)
        let height = try fields.required("height", sideText).number(in: side, sideText)
        for (number, key) in [(width, "width"), (height, "height")] where number == 0 {
            throw (fields[key] ?? value).error("'device.\(key)' must be above 0", expected: sideText)
        }
        let scaleText = "1, 2 or 3 (from \(format(ScenarioLimits.minScale)) to \(format(ScenarioLimits.maxScale)))"
        let scale = try fields["scale"]?.number(in: ScenarioLimits.minScale...ScenarioLimits.maxScale, scaleText) ?? 2
        for (points, key) in [(width, "width"), (height, "height")] where (points * scale).rounded() < 1 {
            throw (fields[key] ?? value).error(
                "a \(format(points)) pt device \(key) at scale \(format(scale)) is \(format((points * scale).rounded())) px, an empty image",
                expected: "a device at least 1 px a side (points × scale)")
        }
        let pixels = (width * scale).rounded() * (height * scale).rounded()
        if pixels > Double(ScenarioLimits.maxPixels) {
            throw (fields["scale"] ?? value).error(
                "a \(format(width))×\(format(height)) pt device at scale \(format(scale)) renders \(format(pixels)) pixels, over the limit",
                expected: "at most \(ScenarioLimits.maxPixels) pixels per image")
        }
        let idiom = try fields["idiom"]?.choice(Idiom.self) ?? .phone
        let portrait =
            try fields["safeArea"].map { v throws(ScenarioError) in try parseInsets(v, within: Size(width: width, height: height)) }
            ?? .zero
        let landscape =
            try fields["landscapeSafeArea"].map { v throws(ScenarioError) in try parseInsets(v, within: Size(width: height, height: width))
            }
            ?? defaultLandscapeSafeArea(portrait: portrait, idiom: idiom)
        let corner = try fields["cornerRadius"]?.number(in: 0...(min(width, height) / 2), "a radius from 0 to half the shorter side") ?? 0
        let device = Device(
            id: "custom", idiom: idiom, size: Size(width: width, height: height), scale: scale,
            portraitSafeArea: portrait, landscapeSafeArea: landscape, cornerRadius: corner,
            landscapeHomeIndicatorFollowsRelease: fields["landscapeSafeArea"] == nil)
        return (device, value)
    }

    /// The catalog's rules: an iPad keeps its insets; a phone with a sensor housing (top inset
    /// above a 20 pt status bar) gets 0 / T / 21 / T (20 at the bottom from iOS 26, applied
    /// per release by `Device.safeArea(_:on:)`); a home-button phone gets none.
    static func defaultLandscapeSafeArea(portrait: EdgeInsets, idiom: Idiom) -> EdgeInsets {
        if idiom == .pad { return portrait }
        guard portrait.top > 20 else { return .zero }
        return EdgeInsets(top: 0, left: portrait.top, bottom: portrait.bottom > 0 ? 21 : 0, right: portrait.top)
    }

    private static func parseInsets(_ value: YAMLValue, within size: Size) throws(ScenarioError) -> EdgeInsets {
        let fields = try value.mapping(allowed: ScenarioKeys.insets.names)
        func inset(_ key: String, _ limit: Double) throws(ScenarioError) -> Double {
            try fields[key]?.number(in: 0...limit, "a number from 0 to \(format(limit))") ?? 0
        }
        let insets = EdgeInsets(
            top: try inset("top", size.height), left: try inset("left", size.width),
            bottom: try inset("bottom", size.height), right: try inset("right", size.width))
        if insets.top + insets.bottom >= size.height || insets.left + insets.right >= size.width {
            throw value.error("'\(value.path)' leaves no room inside the screen", expected: "insets smaller than the screen")
        }
        return insets
    }
}
