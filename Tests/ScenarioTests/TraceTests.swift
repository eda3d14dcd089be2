import Foundation
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

@Suite struct TraceTests {
    func trace(_ steps: [String]) throws -> [String: Any] {
        let data = Data(try Trace.text(try Fixtures.parse(Fixtures.yaml(steps: steps)), measuring: TextMeasurer.shared).utf8)
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    @Test func stateKeysAreTheContractsInItsOrder() throws {
        guard case .object(let top) = try Trace.json(try Fixtures.parse(Fixtures.yaml()), measuring: TextMeasurer.shared),
            case .array(let steps) = top[3].1,
            case .object(let step) = steps[0], case .object(let state) = step[5].1
        else {
            Issue.record("unexpected trace shape")
            return
        }
        #expect(top.map(\.0) == ["scenario", "iOSVersion", "device", "steps", "warnings"])
        #expect(top[1].1 == .number(26))  // the default release, named
        #expect(top[2].1 == .string("iphone-14"))
        #expect(step.map(\.0) == ["index", "action", "line", "column", "snapshot", "state", "elements"])
        #expect(state.map(\.0) == ["window", "safeArea", "traits", "childTraits", "container", "presentation", "split", "lifecycle"])
        guard case .object(let container) = state[4].1, case .object(let traits) = state[2].1,
            case .array(let tabs) = container.last!.1, case .object(let tab) = tabs[0]
        else {
            Issue.record("unexpected container shape")
            return
        }
        #expect(
            traits.map(\.0) == [
                "idiom", "horizontalSizeClass", "verticalSizeClass", "displayScale", "orientation",
                "layoutDirection", "contentSizeCategory", "userInterfaceStyle",
            ])
        #expect(
            container.map(\.0) == [
                "frame", "headerPlacement", "headerHeight", "tabBarTop", "tabBarHeight", "tabBarHidden",
                "tabBarLayout", "tabBarOffsetX", "tabFrames", "collapseProgress", "selectedTab", "stackAxis", "indicator", "bioLines",
                "bioCut",
                "tabs",
            ])
        #expect(
            tab.map(\.0) == [
                "title", "contentOffsetY", "contentInsetTop", "contentInsetBottom", "contentHeight",
                "minOffsetY", "maxOffsetY", "rowHeight",
            ])
    }

    @Test func snapshotStepsListTheirLaidOutElements() throws {
        let steps = try trace(["- snapshot: start", "- scroll: {to: -200}"])["steps"] as! [[String: Any]]
        #expect(steps[1]["elements"] == nil, "only snapshot steps list elements")
        let elements = try #require(steps[0]["elements"] as? [[String: Any]])
        func element(_ id: String) -> (kind: String, frame: [Double])? {
            guard let found = elements.first(where: { $0["id"] as? String == id }), let frame = found["frame"] as? [String: Double]
            else { return nil }
            return (found["kind"] as! String, [frame["x"]!, frame["y"]!, frame["width"]!, frame["height"]!])
        }
        // iPhone 14, 390 × 844, expanded 220 pt header: the 44 pt bar at y 220, three 130 pt
        // cells, the 3 pt indicator on its bottom edge (220 + 44 − 3 = 261) under tab 0.
        #expect(element("tab-bar")?.kind == "tabBar" && element("tab-bar")?.frame == [0, 220, 390, 44])
        #expect(element("indicator")?.kind == "indicator" && element("indicator")?.frame == [0, 261, 130, 3])
        // The notch 160 wide centred, x = (390 − 160) / 2 = 115, its 52 pt box 20 pt above the
        // top; the status bar the 47 pt top safe area; the home indicator 134 wide,
        // x = (390 − 134) / 2 = 128, y = 844 − 13 = 831.
        #expect(element("notch")?.kind == "sensorHousing" && element("notch")?.frame == [115, -20, 160, 52])
        #expect(element("status-bar")?.kind == "statusBar" && element("status-bar")?.frame == [0, 0, 390, 47])
        #expect(element("home-indicator")?.kind == "homeIndicator" && element("home-indicator")?.frame == [128, 831, 134, 5])
        // Rows 100 pt tall under the bar: tab 0's first row from 264 (220 + 44) down.
        #expect(element("row-0-0")?.kind == "row" && element("row-0-0")?.frame[1] == 264)
        #expect(element("tab-1")?.kind == "tab" && element("avatar")?.kind == "avatar" && element("follow")?.kind == "button")
    }

    @Test func issueNumbersAppearInTheTrace() throws {
        let json = try trace(["- scroll: {to: -200}", "- select: 1", "- scroll: {to: 300}", "- select: Posts"])
        let steps = json["steps"] as! [[String: Any]]
        func container(_ i: Int) -> [String: Any] { (steps[i]["state"] as! [String: Any])["container"] as! [String: Any] }
        func offsets(_ i: Int) -> [Double] { (container(i)["tabs"] as! [[String: Any]]).map { $0["contentOffsetY"] as! Double } }
        #expect(container(0)["headerHeight"] as? Double == 156)
        #expect(container(0)["collapseProgress"] as? Double == 0.4961)  // (220 − 156) / 129
        #expect(offsets(1) == [-200, -200, -264])
        #expect(container(2)["headerHeight"] as? Double == 91)
        #expect(container(2)["collapseProgress"] as? Double == 1)  // collapsed
        #expect(offsets(3) == [-135, 300, -264])
        #expect(container(3)["selectedTab"] as? Double == 0)
        let likes = (container(3)["tabs"] as! [[String: Any]])[2]
        #expect(likes["contentInsetBottom"] as? Double == 309)
        #expect(likes["maxOffsetY"] as? Double == -135)
        #expect(steps[1]["action"] as? String == "select")
        #expect(steps[1]["snapshot"] == nil)
    }

    @Test func firstStepCarriesTheFirstDisplayCallbacks() throws {
        let steps = try trace(["- snapshot: a", "- scroll: {to: 0}"])["steps"] as! [[String: Any]]
        let first = (steps[0]["state"] as! [String: Any])["lifecycle"] as! [String]
        #expect(
            first == [
                "viewDidLoad", "viewWillAppear", "traitCollectionDidChange", "viewWillLayoutSubviews",
                "viewDidLayoutSubviews", "viewDidAppear",
            ])
        #expect(((steps[1]["state"] as! [String: Any])["lifecycle"] as! [String]).isEmpty)
    }

    @Test func textIsEscaped() {
        let json = JSON.object([("t", .string("a\"b\\c\nd\u{1}é"))])
        #expect(json.text() == "{\"t\": \"a\\\"b\\\\c\\nd\\u0001é\"}")
    }
}

@Suite struct DecimalTextTests {
    @Test(arguments: [
        (0.503875968992248, 4, "0.5039"), (1.0, 4, "1"), (-0.00001, 4, "0"), (-305.8234, 2, "-305.82"),
        (152.857142857, 2, "152.86"), (164.375, 2, "164.38"), (2190, 2, "2190"), (0.1, 2, "0.1"), (-0.05, 1, "-0.1"),
        (Double.nan, 2, "0"), (Double.infinity, 2, "0"),
    ])
    func formats(value: Double, decimals: Int, text: String) {
        #expect(decimalText(value, decimals: decimals) == text)
    }
}
