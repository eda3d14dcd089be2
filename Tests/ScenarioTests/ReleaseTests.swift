import Foundation
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// `iOSVersion` and `designCompatibility`: the releases Apple shipped (12 to 18, 26, 27), the
/// default (26), and the one switch that picks the look (`IOSVersion.design`).
@Suite struct ReleaseTests {
    @Test func theReleasedVersionsAreAcceptedAndTheDefaultIs26() throws {
        for major in [12, 13, 14, 15, 16, 17, 18, 26, 27] {
            let scenario = try Fixtures.parse(Fixtures.yaml(extra: "iOSVersion: \(major)"))
            #expect(scenario.settings.iOSVersion.major == major)
        }
        #expect(try Fixtures.parse(Fixtures.yaml()).settings.iOSVersion == IOSVersion(26))
        #expect(IOSVersion.default.major == 26)
    }

    @Test(arguments: 19...25)
    func aVersionThatWasNeverReleasedIsRefusedAsSuch(major: Int) {
        // Line 2, column 13: `iOSVersion: ` is 12 characters long.
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: \(major)"))
                == "test.yaml:2:13: error: iOS \(major) was never released: Apple went from iOS 18 to iOS 26 (2025) (expected a released major iOS version: 12 to 18, 26 or 27)"
        )
    }

    @Test func versionsOutsideTheReleasesAreOutOfRange() {
        for major in [11, 28, 100] {
            #expect(
                Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: \(major)"))
                    == "test.yaml:2:13: error: 'iOSVersion' is \(major), out of range (expected a released major iOS version: 12 to 18, 26 or 27)"
            )
        }
    }

    @Test func theDesignIsChosenOnce() {
        for major in 12...18 { #expect(IOSVersion(major).design == .classic) }
        #expect(IOSVersion(26).design == .liquidGlass)
        #expect(IOSVersion(27).design == .liquidGlass)
        // UIDesignRequiresCompatibility keeps the iOS 18 look on 26; the iOS 27 SDK ignores it.
        #expect(IOSVersion(26, designCompatibility: true).design == .classic)
        #expect(IOSVersion(27, designCompatibility: true).design == .liquidGlass)
    }

    @Test func designCompatibilityGivesTheClassicLookOn26AndIsRefusedElsewhere() throws {
        let compatible = try Fixtures.parse(Fixtures.yaml(extra: "iOSVersion: 26\ndesignCompatibility: true"))
        #expect(compatible.settings.iOSVersion.design == .classic)
        #expect(compatible.settings.iOSVersion.major == 26)
        let off = try Fixtures.parse(Fixtures.yaml(extra: "designCompatibility: false"))
        #expect(off.settings.iOSVersion.design == .liquidGlass)
        // Line 3 holds the key; its value starts at column 22 (`designCompatibility: ` is 21 long).
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: 27\ndesignCompatibility: true"))
                == "test.yaml:3:22: error: 'designCompatibility' has no effect on iOS 27: the iOS 27 SDK ignores UIDesignRequiresCompatibility (expected iOSVersion: 26 to keep the iOS 18 look, or no designCompatibility)"
        )
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: 18\ndesignCompatibility: true"))
                == "test.yaml:3:22: error: 'designCompatibility' keeps the iOS 18 look on iOS 26; iOS 18 has that look already (expected iOSVersion: 26 with designCompatibility, or no designCompatibility)"
        )
        #expect(Fixtures.refusal(Fixtures.yaml(extra: "designCompatibility: yes please"))?.hasPrefix("test.yaml:2:22: error:") == true)
    }

    @Test func theTraceNamesTheReleaseAndTheDevice() throws {
        let text = try Trace.text(
            try Fixtures.parse(Fixtures.yaml(device: "iphone-15", extra: "iOSVersion: 18")), measuring: TextMeasurer.shared)
        #expect(text.hasPrefix("{\n  \"scenario\": \"test\",\n  \"iOSVersion\": 18,\n  \"device\": \"iphone-15\",\n  \"steps\": ["))
    }
}
