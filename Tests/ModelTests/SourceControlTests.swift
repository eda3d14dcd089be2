import Foundation
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// `present: {source: NAME}`: a popover anchored to a drawn control's frame, resolved when the
/// step runs against that state's layout.
@Suite struct SourceControlTests {
    static let header =
        "header: {height: 220, minHeight: 44, title: \"Jane Appleseed\", subtitle: \"@jane\", navButtons: [back, search, more]}"

    /// iPad Pro 11 in portrait (834 × 1194, 24 pt status bar), expanded header of 220 pt.
    static func yaml(_ source: String, header: String = Self.header, tabs: String? = nil, before: [String] = []) -> String {
        """
        device: ipad-pro-11
        iOSVersion: 18
        container:
          \(header)
        \(tabs ?? """
              tabs:
                - {title: Posts, rows: 30, rowHeight: 100}
                - {title: Media, rows: 15, rowHeight: 100}
                - {title: Likes, rows: 4, rowHeight: 100}
            """)
        steps:
        \((before + ["- present: {style: popover, source: \(source), size: {width: 300, height: 300}}"]).map { "  " + $0 }.joined(separator: "\n"))
        """
    }

    func sourceRect(_ text: String) throws -> Rect? {
        try ScenarioRunner.records(try Fixtures.parse(text), measuring: FixedAdvanceMeasurer()).last?.state.presentation?.layout.source
    }

    @Test func followIsTheFollowButtonsFrame() throws {
        // Cover ends at 24 + 0.38 × (220 − 24) = 98.48; the button sits 10 pt below it, 96 × 32
        // (a short title keeps the minimum width), at the readable width's trailing edge: the
        // 672 pt column centred in the 16 pt margins leaves (834 − 32 − 672) / 2 = 65 more, so
        // x = 834 − 16 − 65 − 96 = 657.
        let rect = try #require(try sourceRect(Self.yaml("follow")))
        #expect(rect.x == 657 && rect.width == 96 && rect.height == 32)
        #expect(abs(rect.y - 108.48) < 1e-9)
    }

    @Test func navigationButtonsAreTheirFramesOnTheBanner() throws {
        // 32 pt buttons centred in the 44 pt below the status bar: y = 24 + 6. `more` in the
        // corner (834 − 16 − 32), `search` 8 pt inside it, `back` on the leading side.
        #expect(try sourceRect(Self.yaml("more")) == Rect(x: 786, y: 30, width: 32, height: 32))
        #expect(try sourceRect(Self.yaml("search")) == Rect(x: 746, y: 30, width: 32, height: 32))
        #expect(try sourceRect(Self.yaml("back")) == Rect(x: 16, y: 30, width: 32, height: 32))
    }

    @Test func aMenuFromTheMoreButtonHangsBelowItInTheTrailingCorner() throws {
        // present-ipad.yaml's menu: iPad Pro 11 in portrait on iOS 12 (834 × 1194, safe area 24
        // on top and 20 below), a 300 × 350 popover from `more`. The button is the 32 pt circle
        // in the banner's trailing corner, 16 pt in: x = 834 − 16 − 32 = 786, centred in the 44 pt
        // below the status bar: y = 24 + (44 − 32) / 2 = 30.
        let text = Self.yaml("more").replacingOccurrences(of: "iOSVersion: 18", with: "iOSVersion: 12")
            .replacingOccurrences(of: "size: {width: 300, height: 300}", with: "size: {width: 300, height: 350}")
        let state = try #require(try ScenarioRunner.records(try Fixtures.parse(text), measuring: FixedAdvanceMeasurer()).last?.state)
        let popover = try #require(state.presentation?.layout)
        #expect(popover.source == Rect(x: 786, y: 30, width: 32, height: 32))
        // Below it, 13 pt of arrow under the button's bottom (30 + 32 = 62): y = 75, which fits
        // (75 + 350 = 425 ≤ 1194 − 20 − 10). Centred on the button, x = 802 − 150 = 652, it would
        // end at 952: clamped 10 pt inside the window's trailing edge, x = 834 − 10 − 300 = 524.
        #expect(popover.frame == Rect(x: 524, y: 75, width: 300, height: 350))
        #expect(popover.arrowDirection == .up)
        // The arrow's tip keeps its 13 pt half base clear of the 13 pt corner: at most
        // 824 − 13 − 13 = 798, inside the button (786…818), 4 pt short of its centre (802).
        let tip = try #require(PopoverArrow(popover)).points[1]
        #expect(tip.x == 798 && tip.y == 62)
    }

    @Test func aGlassPopoversArrowReachesTheMoreButtonInTheCorner() throws {
        // ipad-ios27.yaml: the 13-inch iPad Pro in landscape on iOS 27 (1376 × 1032, 32 pt on top,
        // no side insets), the glass popover without a size: 320 wide, 88 + 5 × 48 + 44 = 372
        // tall. On iOS 26 and later the bar buttons are 44 pt glass circles at the safe-area top,
        // 16 pt from the edge: `more` is x = 1376 − 16 − 44 = 1316, y = 32.
        let text = """
            device: ipad-pro-13
            orientation: landscape
            iOSVersion: 27
            container:
              header: {height: 260, minHeight: 50, title: "Jane Appleseed", subtitle: "@jane", navButtons: [back, more]}
              tabs:
                - {title: Posts, rows: 40, rowHeight: 108}
            steps:
              - present: {style: popover, source: more}
            """
        let state = try #require(try ScenarioRunner.records(try Fixtures.parse(text), measuring: FixedAdvanceMeasurer()).last?.state)
        let popover = try #require(state.presentation?.layout)
        #expect(popover.source == Rect(x: 1316, y: 32, width: 44, height: 44))
        // Below the button (y = 76 + 13 = 89), centred on 1338 it would end at 1498: clamped 10 pt
        // inside the trailing edge, x = 1366 − 320 = 1046.
        #expect(popover.frame == Rect(x: 1046, y: 89, width: 320, height: 372))
        // Clear of the 26 pt glass corner and its 6 pt straight stretch the tip goes no further
        // than 1366 − 13 − 26 − 6 = 1321, inside the button (1316…1360): it points there, its
        // base ending at 1334, so the corner keeps its 6 pt straight and its whole 26 pt radius.
        let arrow = try #require(PopoverArrow(popover))
        #expect(arrow.points[1] == Point(x: 1321, y: 76))
        #expect(arrow.tightCorner == nil)
        #expect(arrow.straightToCorner == 6)
        let outline = PopoverArrow.outline(of: popover.frame, radius: 26, arrow: arrow)
        #expect(outline.contains("1334 89H1340A26 26 0 0 1 1366 115"), "\(outline)")
        #expect(outline.hasPrefix("M1072 89"), "the other corners keep 26 pt: 1046 + 26 = 1072")
    }

    @Test func aRowIsItsFrameInTheWindow() throws {
        // Rows start below the 220 pt header and the 44 pt bar, 100 pt each, the readable
        // column with its margins: 65 pt in on each side, 834 − 130 = 704 wide.
        #expect(try sourceRect(Self.yaml("row-0-1")) == Rect(x: 65, y: 364, width: 704, height: 100))
    }

    @Test func aTabInAScrollingBarIsItsTraceFramePlusTheContainerOrigin() throws {
        // In a split view the container does not start at x = 0, and a scrollable bar's cells
        // are measured: the trace's tabFrames[2] moved by the container's origin is the source.
        let tabs = """
              tabBar: {layout: scrollable}
              tabs:
                - {title: Posts, rows: 30, rowHeight: 100}
                - {title: Replies, rows: 30, rowHeight: 100}
                - {title: Highlights, rows: 30, rowHeight: 100}
                - {title: Articles, rows: 30, rowHeight: 100}
            """
        let text = Self.yaml("tab-2", tabs: tabs).replacingOccurrences(
            of: "device: ipad-pro-11", with: "device: ipad-pro-11\norientation: landscape\nsplit: {primaryTitle: Inbox}")
        let trace = try JSONSerialization.jsonObject(
            with: Data(try Trace.text(try Fixtures.parse(text), measuring: FixedAdvanceMeasurer()).utf8))
        let step = try #require(((trace as? [String: Any])?["steps"] as? [[String: Any]])?.last)
        let state = try #require(step["state"] as? [String: Any])
        let container = try #require(state["container"] as? [String: Any])
        let frame = try #require(container["frame"] as? [String: Double])
        let cell = try #require((container["tabFrames"] as? [[String: Double]])?[2])
        let top = try #require(container["tabBarTop"] as? Double), height = try #require(container["tabBarHeight"] as? Double)
        #expect(container["tabBarLayout"] as? String == "scrollable")
        #expect(try #require(frame["x"]) > 0)
        let source = try #require((state["presentation"] as? [String: Any])?["sourceRect"] as? [String: Double])
        // The trace writes four decimals, so the sum is compared to within that.
        #expect(abs(source["x"]! - (frame["x"]! + cell["x"]!)) < 1e-4)
        #expect(source["y"] == frame["y"]! + top)
        #expect(source["width"] == cell["width"])
        #expect(source["height"] == height)
    }

    @Test func aRawRectStillWorks() throws {
        #expect(try sourceRect(Self.yaml("{x: 100, y: 200, width: 44, height: 44}")) == Rect(x: 100, y: 200, width: 44, height: 44))
    }

    @Test func aMisspeltNameIsRefusedWhereItIsWritten() {
        // Line 9 is the present step; its value starts at column 39, after
        // "  - present: {style: popover, source: " (38 characters).
        let message = Fixtures.refusal(Self.yaml("moer"))
        #expect(message?.hasPrefix("test.yaml:10:39: error: 'source' cannot be 'moer'; did you mean 'more'?") == true, "\(message ?? "")")
        #expect(message?.contains("tab-N or row-T-R") == true)
    }

    @Test func aControlThatIsNotDrawnIsRefusedAtItsStep() {
        let noButtons = "header: {height: 220, minHeight: 44, title: \"Jane Appleseed\", subtitle: \"@jane\"}"
        let message = Fixtures.refusal(Self.yaml("search", header: noButtons))
        #expect(
            message?.hasPrefix("test.yaml:10:5: error: present: the source 'search' is not on screen at this step") == true,
            "\(message ?? "")")
        // What is on screen: rows 0…9 of the first tab (1194 − 264 = 930 pt of pages at 100 pt
        // a row), the Follow button and the three tabs; no navigation button.
        #expect(message?.hasSuffix("(expected a control on screen: row-0-0…row-0-9, follow, tab-0…tab-2)") == true)
    }

    @Test func aRowScrolledAwayOrATabOutOfRangeIsRefused() {
        #expect(Fixtures.refusal(Self.yaml("row-0-29"))?.contains("the source 'row-0-29' is not on screen") == true)
        let tab = Fixtures.refusal(Self.yaml("tab-5"))
        #expect(tab?.contains("names a tab the container does not have (it has 3)") == true, "\(tab ?? "")")
        #expect(tab?.contains("(expected a tab from 0 to 2)") == true)
    }

    @Test func aTabScrolledOutOfItsBarIsRefused() {
        // Twelve wide tabs in a scrollable bar on an iPhone: selecting the last one scrolls the
        // bar to its end, and the first tab leaves it.
        let titles = (0..<12).map { "- {title: \"Long tab title \($0)\", rows: 20, rowHeight: 80}" }
        let text = """
            device: iphone-15
            container:
              header: {height: 220, minHeight: 44, title: Jane}
              tabBar: {layout: scrollable}
              tabs:
            \(titles.map { "    " + $0 }.joined(separator: "\n"))
            steps:
              - select: 11
              - present: {style: popover, source: tab-0}
            """
        let message = Fixtures.refusal(text)
        #expect(message?.contains("the source 'tab-0' is not on screen at this step") == true, "\(message ?? "")")
        #expect(message?.contains("tab-11") == true)
    }
}
