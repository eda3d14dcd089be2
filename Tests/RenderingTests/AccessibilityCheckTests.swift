import Accessibility
import Adaptive
import Foundation
import Layout
import Raster
import ScenarioFormat
import Simulation
import SnapshotWorkflow
import Stage
import TabStageTestSupport
import Testing

@Suite struct AccessibilityCheckTests {
    /// The accessibility warnings of a scenario's snapshots (one `start` unless `steps` say otherwise).
    static func warnings(extra: String = "", yaml: String? = nil) throws -> [LayoutWarning] {
        let scenario = try Fixtures.parse(yaml ?? Fixtures.yaml(extra: extra))
        return AccessibilityOutputs.warnings(try ScenarioRunner.record(scenario, measuring: TextMeasurer.shared)).map(\.warning)
    }

    /// #8E8E93 on white: R = G = 142/255 = 0.55686, linearised ((0.55686 + 0.055) / 1.055)^2.4
    /// = 0.27050; B = 147/255 = 0.57647 → 0.29177; L = (0.2126 + 0.7152) × 0.27050 + 0.0722 ×
    /// 0.29177 = 0.27203; white is 1, so (1 + 0.05) / (0.27203 + 0.05) = 3.26.
    @Test func contrastIsWCAGs() throws {
        let gray = try #require(Contrast.ratio(foreground: "#8E8E93", background: "#ffffff"))
        #expect(abs(gray - 3.2605) < 0.0005)
        // Black on white is the largest ratio: (1 + 0.05) / (0 + 0.05) = 21.
        #expect(Contrast.ratio(foreground: "#000000", background: "#ffffff") == 21)
        #expect(Contrast.ratio(foreground: "#ffffff", background: "#ffffff") == 1)
        // Black at alpha 128/255 = 0.50196 over white blends (in sRGB, as librsvg does) to
        // 1 − 0.50196 = 0.49804 a channel, linear ((0.49804 + 0.055) / 1.055)^2.4 = 0.21223:
        // (1 + 0.05) / (0.21223 + 0.05) = 4.004.
        let blended = try #require(Contrast.ratio(foreground: "#00000080", background: "#ffffff"))
        #expect(abs(blended - 4.0041) < 0.0005)
        #expect(Contrast.ratio(foreground: "red", background: "#ffffff") == nil)
    }

    /// Large text is at least 18 pt, or 14 pt bold: it needs 3:1, the rest 4.5:1.
    @Test func largeTextNeedsLess() {
        #expect(Contrast.minimum(size: 18, bold: false) == 3)
        #expect(Contrast.minimum(size: 17.9, bold: false) == 4.5)
        #expect(Contrast.minimum(size: 14, bold: true) == 3)
        #expect(Contrast.minimum(size: 13.9, bold: true) == 4.5)
    }

    /// The default palette passes contrast (#536471 on white is 6.12:1); what is left is the
    /// Follow button, 96 × 32 pt (its least width, and 32 pt tall), under 44 × 44.
    @Test func defaultProfileWarnsOnlyAboutTheFollowButton() throws {
        let warnings = try Self.warnings()
        #expect(
            warnings == [
                LayoutWarning(
                    element: "follow", kind: .smallHitArea, text: "'Follow' is a 96 × 32 pt hit area, under the 44 × 44 pt minimum")
            ])
    }

    /// The round banner buttons are 32 pt circles: each is too small to tap.
    @Test func bannerButtonsAreTooSmall() throws {
        let yaml = Fixtures.yaml().replacingOccurrences(of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane\", navButtons: [back, more]}")
        let warnings = try Self.warnings(yaml: yaml)
        let small = warnings.filter { $0.kind == .smallHitArea }.map(\.text)
        #expect(small.contains("'Back' is a 32 × 32 pt hit area, under the 44 × 44 pt minimum"))
        #expect(small.contains("'More' is a 32 × 32 pt hit area, under the 44 × 44 pt minimum"))
    }

    /// A theme whose secondary label is #8E8E93 on white (3.26:1): the handle (15 pt), the
    /// counts (14 pt), the unselected tabs (15 pt regular) and the rows' ages (13 pt) need
    /// 4.5:1 and each warns once; the name and the selected tab use the label colour.
    @Test func lightGrayTextWarnsWithItsRatio() throws {
        let warnings = try Self.warnings(extra: "theme: {secondaryLabel: \"#8E8E93\"}").filter { $0.kind == .lowContrast }
        #expect(warnings.map(\.element) == ["subtitle", "stats", "tab-1", "tab-2", "row-0-0"])
        #expect(
            warnings.first?.text
                == "'@jane' has a contrast of 3.26:1 (#8e8e93 on #ffffff), under the 4.5:1 minimum for 15 pt text")
        #expect(warnings.last?.text == "'1h' has a contrast of 3.26:1 (#8e8e93 on #ffffff), under the 4.5:1 minimum for 13 pt text")
    }

    /// A header with no name leaves the avatar (an image labelled with the name) unlabelled.
    @Test func anUnlabelledElementWarns() throws {
        let yaml = Fixtures.yaml().replacingOccurrences(of: "title: \"Jane Appleseed\"", with: "title: \"\"")
        let warnings = try Self.warnings(yaml: yaml).filter { $0.kind == .missingLabel }
        #expect(
            warnings == [
                LayoutWarning(
                    element: "avatar", kind: .missingLabel,
                    text: "avatar has no accessibility label: VoiceOver reads nothing for it (give it text)")
            ])
    }
}
