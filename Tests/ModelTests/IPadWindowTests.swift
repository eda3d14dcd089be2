import Foundation
import TabStageModel
import TabStageTestSupport
import Testing

@testable import TabStageLayout
@testable import TabStageModel
@testable import TabStageScenario

/// iPadOS 26 windows: any size between the minimum window and the screen, centred, with window
/// controls; Split View's fractions refused from 26. Every number is worked out by hand below.
struct IPadWindowTests {
    static let ios26 = DisplaySettings(iOSVersion: IOSVersion(26))
    static let ios27 = DisplaySettings(iOSVersion: IOSVersion(27))

    /// The 13-inch iPad Pro (M4) in landscape is 1376 × 1032.
    static func window(
        _ width: Double, _ height: Double, _ orientation: Orientation = .landscape, settings: DisplaySettings = ios26
    ) throws -> WindowEnvironment {
        try WindowEnvironment(
            device: Fixtures.device("ipad-pro-13"), orientation: orientation, multitasking: .window,
            windowSize: Size(width: width, height: height), settings: settings)
    }

    @Test func sizeClassesAtTheThresholdPlusOrMinusOne() throws {
        // Regular width from 678 pt: 677 is compact, 678 and 679 regular; height always regular.
        #expect(try Self.window(677, 700).traits.horizontalSizeClass == .compact)
        #expect(try Self.window(678, 700).traits.horizontalSizeClass == .regular)
        #expect(try Self.window(679, 700).traits.horizontalSizeClass == .regular)
        #expect(try Self.window(320, 320).traits.verticalSizeClass == .regular)
        #expect(try Self.window(677, 700, settings: Self.ios27).traits.horizontalSizeClass == .compact)
    }

    @Test func aNewWindowIsCentredOnWholePoints() throws {
        // (1376 − 900) / 2 = 238, (1032 − 700) / 2 = 166.
        #expect(try Self.window(900, 700).frame == Rect(x: 238, y: 166, width: 900, height: 700))
        // (1376 − 677) / 2 = 349.5 → 349; (1032 − 701) / 2 = 165.5 → 165.
        #expect(try Self.window(677, 701).frame == Rect(x: 349, y: 165, width: 677, height: 701))
        // As large as the screen: at the origin.
        #expect(try Self.window(1376, 1032).frame == Rect(x: 0, y: 0, width: 1376, height: 1032))
    }

    @Test func aWindowKeepsTheScreenInsetsItOverlaps() throws {
        // iPadOS 26 full screen: 32 top, 25 bottom. A centred 900 × 700 window (y 166…866) is
        // clear of both: no insets.
        #expect(try Self.window(900, 700).safeArea == .zero)
        // Full height (y 0…1032): the whole 32 and 25.
        #expect(try Self.window(600, 1032).safeArea == EdgeInsets(top: 32, bottom: 25))
        // 1010 tall: y = (1032 − 1010) / 2 = 11, so top 32 − 11 = 21; bottom edge 1021 is
        // 1021 − (1032 − 25) = 14 into the home indicator's inset.
        #expect(try Self.window(600, 1010).safeArea == EdgeInsets(top: 21, bottom: 14))
    }

    @Test func fullScreenIPadInsetsFollowTheRelease() throws {
        let pad = Fixtures.device("ipad-pro-11")
        #expect(pad.safeArea(.portrait, on: IOSVersion(18)) == EdgeInsets(top: 24, bottom: 20))
        #expect(pad.safeArea(.landscape, on: IOSVersion(17)) == EdgeInsets(top: 24, bottom: 20))
        #expect(pad.safeArea(.portrait, on: IOSVersion(26)) == EdgeInsets(top: 32, bottom: 25))
        #expect(pad.safeArea(.landscape, on: IOSVersion(27)) == EdgeInsets(top: 32, bottom: 25))
        // A scenario's own device keeps the insets it writes on every release.
        var custom = pad
        custom.padInsetsFollowRelease = false
        #expect(custom.safeArea(.portrait, on: IOSVersion(26)) == EdgeInsets(top: 24, bottom: 20))
        // Phones are untouched: the iPhone 14's portrait insets stay 47 / 34.
        #expect(Fixtures.device("iphone-14").safeArea(.portrait, on: IOSVersion(26)) == EdgeInsets(top: 47, bottom: 34))
    }

    @Test func windowControlsTakeTheTopLeadingCornerAndTheCornerAdaptedSafeArea() throws {
        // 14 + 3 × 12 + 2 × 8 + 14 = 80 wide, 12 + 12 + 12 = 36 tall.
        #expect(WindowControls.corner == Size(width: 80, height: 36))
        let window = try Self.window(900, 700)
        #expect(window.windowControls == Rect(x: 0, y: 0, width: 80, height: 36))
        #expect(window.safeArea == .zero, "the controls leave safeAreaInsets alone")
        #expect(window.cornerAdaptedSafeArea(.horizontal) == EdgeInsets(left: 80))
        #expect(window.cornerAdaptedSafeArea(.vertical) == EdgeInsets(top: 36))
        // Buttons: x 14, 34, 54 (12 wide, 8 apart), y 12.
        #expect(WindowControls.buttons(windowWidth: 900, rightToLeft: false).map(\.x) == [14, 34, 54])
        // Right to left: the corner on the right, 900 − 80 = 820; buttons from 900 − 14 − 12 = 874.
        var rtl = Self.ios26
        rtl.layoutDirection = .rtl
        let mirrored = try Self.window(900, 700, settings: rtl)
        #expect(mirrored.windowControls == Rect(x: 820, y: 0, width: 80, height: 36))
        #expect(mirrored.cornerAdaptedSafeArea(.horizontal) == EdgeInsets(right: 80))
        #expect(WindowControls.buttons(windowWidth: 900, rightToLeft: true).map(\.x) == [874, 854, 834])
        // A window reaching the status bar keeps the controls below it: y 32, vertical top 32 + 36 = 68.
        let tall = try Self.window(600, 1032)
        #expect(tall.windowControls == Rect(x: 0, y: 32, width: 80, height: 36))
        #expect(tall.cornerAdaptedSafeArea(.vertical) == EdgeInsets(top: 68, bottom: 25))
        #expect(tall.cornerAdaptedSafeArea(.horizontal) == EdgeInsets(top: 32, left: 80, bottom: 25))
        // Full screen and iOS 18 windows have no controls.
        #expect(Fixtures.window("ipad-pro-13", .landscape).windowControls == nil)
        #expect(Fixtures.window("ipad-air-11", .landscape, .half).windowControls == nil)
    }

    @Test func slideOverIsOneFloatingWindowFrom26() throws {
        // 1376 − 375 − 10 = 991; between the 32 pt status bar and the 25 pt home indicator:
        // 1032 − 32 − 25 = 975 tall.
        let slide = try WindowEnvironment(
            device: Fixtures.device("ipad-pro-13"), orientation: .landscape, multitasking: .slideOver, settings: Self.ios26)
        #expect(slide.frame == Rect(x: 991, y: 32, width: 375, height: 975))
        #expect(slide.safeArea == .zero)
        #expect(slide.traits.horizontalSizeClass == .compact)
        // iOS 18 keeps the table's: 1194 − 48 = 1146 tall, 320 wide on the 11-inch in portrait.
        #expect(Fixtures.window("ipad-pro-11", .portrait, .slideOver).window == Size(width: 320, height: 1146))
    }

    @Test func windowsOutsideTheirLimitsOrReleaseAreRefused() {
        let pad = Fixtures.device("ipad-pro-13")
        let screen = Size(width: 1376, height: 1032)
        let minimum = Size(width: 320, height: 320)
        #expect(
            pad.windowFrame(.landscape, .window, size: Size(width: 319, height: 700), on: IOSVersion(26))
                == .failure(.windowOutOfRange(Size(width: 319, height: 700), minimum: minimum, screen: screen)))
        #expect(pad.windowFrame(.landscape, .window, size: Size(width: 1377, height: 700), on: IOSVersion(26)).isFailure)
        #expect(pad.windowFrame(.landscape, .window, size: Size(width: 700, height: 319), on: IOSVersion(26)).isFailure)
        #expect(pad.windowFrame(.landscape, .window, size: Size(width: 700, height: 1033), on: IOSVersion(26)).isFailure)
        #expect(pad.windowFrame(.landscape, .window, size: Size(width: 320, height: 1032), on: IOSVersion(26)).isSuccess)
        #expect(
            pad.windowFrame(.landscape, .window, size: Size(width: 700, height: 700), on: IOSVersion(18))
                == .failure(.windowsNeedIPadOS26(release: 18)))
        // Half of 1376 is 688; a third 458.67 → 458; two-thirds 917.33 → 917.
        #expect(
            pad.windowFrame(.landscape, .half, on: IOSVersion(26))
                == .failure(.splitViewReplaced(.half, release: 26, suggested: Size(width: 688, height: 1032))))
        #expect(Multitasking.oneThird.share(ofWidth: 1376) == 458)
        #expect(Multitasking.twoThirds.share(ofWidth: 1376) == 917)
        // A third of the mini's 744 is 248: never below the 320 pt minimum window.
        #expect(Multitasking.oneThird.share(ofWidth: 744) == 320)
        // A phone has no windows.
        #expect(
            Fixtures.device("iphone-14").windowFrame(.portrait, .window, size: Size(width: 320, height: 400), on: IOSVersion(26))
                == .failure(.notAPad(deviceID: "iphone-14")))
    }

    @Test func scenarioErrorsPointAtTheValueOutOfRange() {
        // Line 3 is `multitasking: {width: 319, height: 700}`: the width's value starts at column 23.
        #expect(
            Fixtures.refusal(
                Fixtures.yaml(device: "ipad-pro-13", extra: "orientation: landscape\nmultitasking: {width: 319, height: 700}"))
                == "test.yaml:3:23: error: a 319×700 pt window does not fit: width must be from 320 to 1376 and height from 320 to 1032 (the minimum window to the screen) (expected {width: 320 to 1376, height: 320 to 1032})"
        )
        // `{width: 700, height: 1033}`: the height's value starts at column 36.
        #expect(
            Fixtures.refusal(
                Fixtures.yaml(device: "ipad-pro-13", extra: "orientation: landscape\nmultitasking: {width: 700, height: 1033}"))?
                .hasPrefix("test.yaml:3:36: error: a 700×1033 pt window does not fit") == true)
        // A Split View fraction on the default release (26) names the new form.
        #expect(
            Fixtures.refusal(Fixtures.yaml(device: "ipad-pro-13", extra: "orientation: landscape\nmultitasking: half"))
                == "test.yaml:3:15: error: 'half' is a Split View size of iPadOS 18 and earlier; iPadOS 26 replaced Split View with windows of any size: write {width: 688, height: 1032} for the same share of this screen, or set iOSVersion: 18 for Split View's sizes (expected a window {width: 688, height: 1032}, full or slide-over)"
        )
        // A window before 26.
        #expect(
            Fixtures.refusal(Fixtures.yaml(device: "ipad-air-11", extra: "iOSVersion: 18\nmultitasking: {width: 500, height: 700}"))
                == "test.yaml:3:15: error: a window of any size needs iPadOS 26 or later; iOSVersion 18 has Split View's sizes (two-thirds, half, one-third, slide-over) (expected iOSVersion: 26 or later, or two-thirds, half, one-third or slide-over)"
        )
        // A resize step out of range is refused at the step, with the limits of the current screen
        // (the default portrait: 1032 × 1376).
        #expect(
            Fixtures.refusal(
                Fixtures.yaml(device: "ipad-pro-13", steps: ["- snapshot: a", "- resize: {width: 1100, height: 700}"]))?
                .contains("width must be from 320 to 1032 and height from 320 to 1376") == true)
    }

    @Test func resizingAcrossTheThresholdCallsUIKitsCallbacksAndRotationClamps() throws {
        let stage = StageState(window: try Self.window(900, 700), container: Fixtures.issueConfig())
        // 900 → 677: regular to compact, so the trait callbacks join the size change's (5, as
        // Split View's half); 900 → 800 keeps regular width (3).
        let (compact, toCompact) = StageState.reduce(stage, .resizeWindow(Size(width: 677, height: 700)))
        #expect(compact.window.window == Size(width: 677, height: 700))
        #expect(compact.container.geometry.size.width == 677)
        #expect(toCompact.filter { if case .lifecycle = $0 { true } else { false } }.count == 5)
        let (_, toWider) = StageState.reduce(stage, .resizeWindow(Size(width: 800, height: 700)))
        #expect(toWider.filter { if case .lifecycle = $0 { true } else { false } }.count == 3)
        let (_, same) = StageState.reduce(stage, .resizeWindow(Size(width: 900, height: 700)))
        #expect(same.isEmpty, "resizing to the current size changes nothing")
        // 1200 × 900 in landscape turned to portrait (1032 × 1376): 1032 × 900, x 0,
        // y = (1376 − 900) / 2 = 238.
        let wide = StageState(window: try Self.window(1200, 900), container: Fixtures.issueConfig())
        #expect(wide.problem(with: .rotate(.portrait)) == nil)
        let (rotated, _) = StageState.reduce(wide, .rotate(.portrait))
        #expect(rotated.window.frame == Rect(x: 0, y: 238, width: 1032, height: 900))
        #expect(stage.problem(with: .resizeWindow(Size(width: 2000, height: 700))) != nil)
    }

    @Test func theTraceShowsTheWindowFrameOnlyForWindows() throws {
        func firstState(_ extra: String) throws -> [String: Any] {
            let scenario = try Fixtures.parse(Fixtures.yaml(device: "ipad-pro-13", extra: extra))
            let data = Data(try Trace.text(scenario, measuring: FixedAdvanceMeasurer(advance: 0.5)).utf8)
            let trace = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let steps = try #require(trace["steps"] as? [[String: Any]])
            return try #require(steps.first?["state"] as? [String: Any])
        }
        let window = try firstState("orientation: landscape\nmultitasking: {width: 677, height: 700}")
        // (1376 − 677) / 2 = 349.5 → 349; (1032 − 700) / 2 = 166.
        #expect(window["windowFrame"] as? [String: Double] == ["x": 349, "y": 166, "width": 677, "height": 700])
        let traits = try #require(window["traits"] as? [String: Any])
        #expect(traits["horizontalSizeClass"] as? String == "compact")
        let controls = try #require(window["windowControls"] as? [String: Any])
        #expect(controls["frame"] as? [String: Double] == ["x": 0, "y": 0, "width": 80, "height": 36])
        #expect(controls["verticalCornerAdaptation"] as? [String: Double] == ["top": 36, "left": 0, "bottom": 0, "right": 0])
        let full = try firstState("orientation: landscape")
        #expect(full["windowFrame"] == nil && full["windowControls"] == nil)
    }

    @Test func theDeviceFrameDrawsTheWindowWhereItSits() throws {
        // Bezel 28: the window at 28 + 238 = 266, 28 + 166 = 194; the first button at
        // 266 + 14 = 280, 194 + 12 = 206; iPadOS 26's 24 pt corners; the wallpaper, no other app.
        let frame = DeviceFrameLayout(try Self.window(900, 700))
        #expect(frame.window == Rect(x: 266, y: 194, width: 900, height: 700))
        #expect(frame.windowControlButtons.first == Rect(x: 280, y: 206, width: 12, height: 12))
        #expect(frame.windowCornerRadius == 24 && frame.showsWallpaper && frame.otherApp == nil && !frame.isFullScreen)
        // As large as the screen: the screen's 18 pt corners.
        #expect(DeviceFrameLayout(try Self.window(1376, 1032)).windowCornerRadius == 18)
        // iOS 18's Split View keeps its 10 pt corners and the other app.
        let split = DeviceFrameLayout(Fixtures.window("ipad-air-11", .landscape, .half))
        #expect(split.windowCornerRadius == 10 && !split.showsWallpaper && split.otherApp != nil)
    }
}
