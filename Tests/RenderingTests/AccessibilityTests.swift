import Foundation
import TabStage
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageTesting
import TabStageWorkflow
import Testing

@Suite struct AccessibilityTests {
    /// The snapshots of an example scenario, by name.
    static func snapshots(_ example: String) throws -> [String: StageState] {
        let run = try ScenarioRunner.run(try scenario(example))
        return Dictionary(run.snapshots.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    static func scenario(_ example: String) throws -> Scenario {
        try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent("Examples/\(example).yaml").path)
    }

    /// The elements of `state` drawn with `look` (an example's: `try scenario(name).look`).
    static func elements(_ state: StageState, look: Look) -> [AccessibilityElement] {
        AccessibilityTree.elements(state, look: look, layout: StageLayout(state, look: look, measuring: TextMeasurer.shared))
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    /// iOS 26's glass bar with a close button: VoiceOver reads it leading to trailing, close,
    /// the title, Done, each button framed by its 44 pt circle as seen (iPhone 17 Pro medium
    /// sheet {8, 415, 386, 451}, measured on the iOS 26 simulator, laid out at {0, 405.665,
    /// 402, 469.67} and drawn × s = 386 / 402 about (201, 640.5): close laid out at (16,
    /// 421.665) is seen at 201 − 185 s = 23.363, 640.5 − 218.835 s = 430.375, 44 s = 42.249
    /// wide; Done laid out at 402 − 16 − 44 = 342 is seen at 201 + 141 s = 336.388).
    @Test func aGlassBarReadsCloseTitleDone() throws {
        let text = Fixtures.yaml(
            device: "iphone-17-pro", extra: "iOSVersion: 26",
            steps: ["- present: {style: pageSheet, detents: [medium, large], content: {title: Options, items: [A], closeButton: true}}"])
        let state = try #require(try ScenarioRunner.records(try Fixtures.parse(text)).last?.state)
        let elements = Self.elements(state, look: Fixtures.yamlLook)
        #expect(elements.prefix(4).map(\.label) == ["Close", "Options", "Done", "A"])
        let s = 386.0 / 402
        for (frame, x) in [(elements[0].frame, 23.363), (elements[2].frame, 336.388)] {
            #expect(abs(frame.x - x) < 0.001 && abs(frame.y - 430.375) < 0.001, "\(frame)")
            #expect(abs(frame.width - 44 * s) < 1e-9 && abs(frame.height - 44 * s) < 1e-9)
        }
    }

    /// Examples/profile.yaml's first snapshot, worked out from its numbers: an iPhone 14
    /// (390×844 pt, 47 pt top safe area), a 240 pt header, a 44 pt tab bar, 108 pt rows.
    @Test func profileExpandedReadsHeaderThenTabsThenRows() throws {
        let state = try #require(try Self.snapshots("profile")["expanded"])
        let elements = Self.elements(state, look: try Self.scenario("profile").look)
        // No navigation bar buttons, and the navigation title shows only once the header is
        // three quarters collapsed: the header comes first. Sample rows read "author, age":
        // seeds 0…5 of tab 0 are Ada … Dennis, ages 1h … 6h.
        #expect(
            elements.map(\.label) == [
                "Jane Appleseed", "Jane Appleseed", "@jane · iOS engineer", "1,024 Following, 12.5K Followers", "Follow",
                "Posts", "Media", "Likes",
                "Ada Lovelace, 1h", "Grace Hopper, 2h", "Alan Turing, 3h", "Margaret Hamilton, 4h", "Barbara Liskov, 5h",
                "Dennis Ritchie, 6h",
            ])
        #expect(
            elements.map(\.traits) == [
                [.image], [.header], [.staticText], [.staticText], [.button], [.button, .selected], [.button], [.button],
                [], [], [], [], [], [],
            ])
        #expect(elements[5...7].map(\.value) == ["Tab, 1 of 3", "Tab, 2 of 3", "Tab, 3 of 3"])
        // The avatar: radius 30 centred on the expanded cover's bottom, 47 + 0.38 × (240 − 47)
        // = 120.34, 16 + 30 from the leading edge.
        #expect(elements[0].frame == Self.rect(16, 90.34, 60, 60))
        // Tabs: three equal cells of 390 / 3 = 130 pt on the tab bar, under the 240 pt header.
        #expect(elements[5...7].map(\.frame) == [Self.rect(0, 240, 130, 44), Self.rect(130, 240, 130, 44), Self.rect(260, 240, 130, 44)])
        // Rows from the tab bar's bottom, 240 + 44 = 284, every 108 pt: the sixth starts at
        // 284 + 5 × 108 = 824 and the window's bottom (844) leaves 20 pt of it.
        #expect(elements[8].frame == Self.rect(0, 284, 390, 108))
        #expect(elements[13].frame == Self.rect(0, 824, 390, 20))
    }

    /// Collapsed (scrolled to 600 on Media): the profile is under the navigation bar, so only
    /// the navigation title is left of the header; the bar starts at the collapsed header's
    /// bottom, 47 + 44 = 91.
    @Test func collapsedHeaderHidesTheProfile() throws {
        let state = try #require(try Self.snapshots("profile")["collapsed"])
        let elements = Self.elements(state, look: try Self.scenario("profile").look)
        #expect(elements.first?.label == "Jane Appleseed")
        #expect(elements.first?.traits == [.header])
        #expect(!elements.contains { $0.element == "avatar" || $0.element == "follow" || $0.element == "subtitle" })
        #expect(elements[1...3].map(\.frame) == [Self.rect(0, 91, 130, 44), Self.rect(130, 91, 130, 44), Self.rect(260, 91, 130, 44)])
        #expect(elements[2].traits == [.button, .selected])
        // Rows are cut at the bar's bottom (91 + 44 = 135): none starts above it.
        #expect(elements.dropFirst(4).allSatisfy { $0.frame.y >= 135 })
    }

    /// Right to left, the tabs read from the right: tab 0 sits in the rightmost cell.
    @Test func rightToLeftMirrorsTheTabs() throws {
        let state = try #require(try Self.snapshots("rtl")["expanded"])
        let tabs = Self.elements(state, look: try Self.scenario("rtl").look).filter { $0.element.hasPrefix("tab-") }
        // iPhone 15 Pro: 393 pt wide, three cells of 131 pt; read right to left.
        #expect(tabs.map(\.frame.x) == [262, 131, 0])
        #expect(tabs.map(\.value) == ["Tab, 1 of 3", "Tab, 2 of 3", "Tab, 3 of 3"])
    }

    /// Examples/app-tab-bar.yaml (iPhone 16 Pro, 402 × 874 pt, iOS 26; items Home, Search,
    /// Notifications, Profile; Profile selected; Search is the search tab): the bar is read
    /// after the rows. The capsule may take 402 − 2 × 21 − (62 + 8) = 290 pt and is sized to
    /// its three items at the leading side, x 21, y = 874 − 21 − 62 = 791: each as wide as the
    /// widest title, Notifications (62.249 pt at 10 pt), + 2 × 16 = w = 94.249, so the capsule
    /// is 3 × (w − 8.25) + 2 × 8.125 = 274.25 and the items sit on a w − 8.25 = 86.0 pt pitch
    /// from x 21 + 4 = 25, 54 pt tall from 795; the search circle is 62 pt at x = 402 − 21 − 62
    /// = 319.
    @Test func theAppTabBarIsReadAfterTheContent() throws {
        let snapshots = try Self.snapshots("app-tab-bar")
        let expanded = Self.elements(try #require(snapshots["expanded"]), look: try Self.scenario("app-tab-bar").look)
        let bar = Array(expanded.suffix(4))
        #expect(bar.map(\.element) == ["app-tab-0", "app-tab-2", "app-tab-3", "app-tab-1"])
        #expect(bar.map(\.label) == ["Home", "Notifications", "Profile", "Search"])
        #expect(bar.map(\.value) == ["Tab, 1 of 4", "Tab, 3 of 4", "Tab, 4 of 4", "Tab, 2 of 4"])
        #expect(bar.map(\.traits) == [[.button], [.button], [.button, .selected], [.button]])
        let w = TextMeasurer.shared.width(of: "Notifications", font: AppTabBarLayout.floatingTitleFont) + 32
        #expect(abs(w - 94.249) < 0.001)
        let expected = [
            Self.rect(25, 795, w, 54), Self.rect(25 + (w - 8.25), 795, w, 54), Self.rect(25 + 2 * (w - 8.25), 795, w, 54),
            Self.rect(319, 791, 62, 62),
        ]
        for (frame, rect) in zip(bar.map(\.frame), expected) {
            #expect(
                abs(frame.x - rect.x) < 0.01 && abs(frame.y - rect.y) < 0.01 && abs(frame.width - rect.width) < 0.01
                    && abs(frame.height - rect.height) < 0.01, "\(frame) vs \(rect)")
        }
        // Everything before the bar is the container's: the rows come first.
        #expect(expanded.dropLast(4).allSatisfy { !$0.element.hasPrefix("app-tab-") })
        #expect(expanded[expanded.count - 5].element.hasPrefix("row-"))

        // Minimized (300 pt down): the selected item's 64 × 48 capsule at {21, 874 − 21 − 48 =
        // 805} and the 48 pt search circle at 402 − 21 − 48 = 333; nothing else of the bar.
        let minimized = Self.elements(try #require(snapshots["minimized"]), look: try Self.scenario("app-tab-bar").look).filter {
            $0.element.hasPrefix("app-tab-")
        }
        #expect(minimized.map(\.label) == ["Profile", "Search"])
        #expect(minimized.map(\.value) == ["Tab, 4 of 4", "Tab, 2 of 4"])
        #expect(minimized.map(\.traits) == [[.button, .selected], [.button]])
        #expect(minimized.map(\.frame) == [Self.rect(21, 805, 64, 48), Self.rect(333, 805, 48, 48)])

        // The sheet is modal: the bar under it is not read.
        #expect(
            !Self.elements(try #require(snapshots["sheet"]), look: try Self.scenario("app-tab-bar").look).contains {
                $0.element.hasPrefix("app-tab-")
            })
    }

    /// Before iOS 26 the classic bar is opaque: rows under it are not read. iPhone 14 portrait,
    /// 844 pt tall, 34 pt bottom inset, 49 pt bar: the bar starts at 844 − 34 − 49 = 761, and
    /// its three cells are 390 / 3 = 130 pt wide, 49 tall.
    @Test func theClassicBarHidesTheRowsUnderIt() throws {
        let scenario = try Fixtures.parse(Fixtures.yaml(extra: "iOSVersion: 18\nappTabBar: {items: [Home, Search, Profile], selected: 2}"))
        let run = try ScenarioRunner.run(scenario)
        let elements = Self.elements(try #require(run.snapshots.first?.1), look: run.scenario.look)
        let bar = elements.filter { $0.element.hasPrefix("app-tab-") }
        #expect(bar.map(\.frame) == [Self.rect(0, 761, 130, 49), Self.rect(130, 761, 130, 49), Self.rect(260, 761, 130, 49)])
        #expect(bar.map(\.traits) == [[.button], [.button], [.button, .selected]])
        #expect(Array(elements.suffix(3)) == bar)
        let rows = elements.filter { $0.element.hasPrefix("row-") }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.frame.maxY <= 761 })
    }

    /// Right to left, the bar reads from the right: item 0 sits in the rightmost cell.
    @Test func rightToLeftMirrorsTheAppTabBar() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(extra: "iOSVersion: 18\nlayoutDirection: rtl\nappTabBar: {items: [Home, Search, Profile]}"))
        let run = try ScenarioRunner.run(scenario)
        let bar = Self.elements(try #require(run.snapshots.first?.1), look: run.scenario.look).filter { $0.element.hasPrefix("app-tab-") }
        #expect(bar.map(\.label) == ["Home", "Search", "Profile"])
        #expect(bar.map(\.frame.x) == [260, 130, 0])
    }

    /// A presented sheet is modal: only its own elements are read.
    @Test func presentationHidesWhatIsUnderIt() throws {
        let snapshots = try Self.snapshots("present-iphone")
        let presented = try #require(snapshots.values.first { $0.presentation != nil })
        let elements = Self.elements(presented, look: try Self.scenario("present-iphone").look)
        #expect(!elements.isEmpty)
        #expect(elements.allSatisfy { $0.element.hasPrefix("presented-") })
        #expect(elements.first?.traits == [.header])
    }

    /// One element a line, so a failed comparison's line names the element.
    @Test func jsonHasOneElementALine() {
        let element = AccessibilityElement(
            "follow", label: "Say \"hi\"", value: "", traits: [.selected, .button], frame: Self.rect(1, 2.5, 3, 4))
        #expect(
            AccessibilityTree.json([element])
                == "{\"elements\": [\n  {\"label\": \"Say \\\"hi\\\"\", \"value\": \"\", \"traits\": [\"button\", \"selected\"], \"frame\": {\"x\": 1, \"y\": 2.5, \"width\": 3, \"height\": 4}}\n]}\n"
        )
        #expect(AccessibilityTree.json([]) == "{\"elements\": []}\n")
    }
}

/// Where the picture's numbered badges go: outside each box, so no label's first letters hide.
@Suite struct AccessibilityBadgeTests {
    func origins(_ frames: [Rect]) -> [[Double]] {
        AccessibilityPicture.badgeOrigins(for: frames, width: 402, height: 874).map { [$0.x, $0.y] }
    }

    @Test func aBadgeGoesAfterItsBoxWhenThereIsRoom() {
        // A name at x 16, 120 wide, on a 402 pt screen: 16 + 120 + 2 = 138, and 138 + 22 fits.
        #expect(origins([Rect(x: 16, y: 300, width: 120, height: 22)]) == [[138, 300]])
    }

    @Test func aBadgeGoesBeforeItsBoxAtTheScreensEdge() {
        // A button at the right edge: 350 + 40 + 2 + 22 = 414 > 402, so before it: 350 − 2 − 22 = 326.
        #expect(origins([Rect(x: 350, y: 10, width: 40, height: 20)]) == [[326, 10]])
    }

    @Test func neighboursPushABadgeAboveOrBelow() {
        // Two buttons side by side, 300–344 and 346–390: the first's badge after it (346) would
        // cover the second, before it (300 − 2 − 22 = 276) is clear. The second's after (392 + 22 > 402) is off
        // screen and before it (322) would cover the first: above it, 30 − 2 − 16 = 12.
        let buttons = [Rect(x: 300, y: 30, width: 44, height: 44), Rect(x: 346, y: 30, width: 44, height: 44)]
        #expect(origins(buttons) == [[276, 30], [346, 12]])
    }

    @Test func aBoxAsWideAsTheScreenTakesItsBadgeInside() {
        // A row as wide as the screen, at the top and bottom: no room outside, so at its right end
        // inside, 402 − 22 = 380. A button inside the row does not count against the row's badge
        // places, nor the row against the button's: the button's badge goes after it (16 + 40 + 2).
        let rowAndButton = [Rect(x: 0, y: 0, width: 402, height: 874), Rect(x: 16, y: 100, width: 40, height: 40)]
        #expect(origins(rowAndButton) == [[380, 0], [58, 100]])
    }
}

/// docs/previews/accessibility.png must be what Scripts/previews.sh writes today (2 px a point,
/// like the rest of the gallery).
@Suite struct AccessibilityPreviewTests {
    @Test func theAccessibilityPreviewIsUpToDate() throws {
        let run = try ScenarioRunner.run(
            try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent("Examples/x-profile.yaml").path))
        let state = try #require(run.snapshots.first { $0.name == "posts" }?.state)
        let actual = try PNGCodec.decode(
            try AccessibilityOutputs.files(state, look: run.scenario.look, options: RenderOptions(formats: [.png], scale: 2)).png)
        let stale = "docs/previews/accessibility.png is stale: run Scripts/previews.sh and commit the result"
        guard let data = try? Data(contentsOf: Fixtures.root.appendingPathComponent("docs/previews/accessibility.png")) else {
            Issue.record(Comment(rawValue: stale))
            return
        }
        let same = try PNGCodec.decode(Array(data)) == actual
        #expect(same, Comment(rawValue: stale))
    }
}

/// `.accessibility` keeps `NAME.accessibility.json` and compares it as text.
@Suite struct AccessibilityStrategyTests {
    @Test func theJSONIsKeptAndAChangedLineNamesTheElement() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var stage = try Stage(device: "iphone-15", container: Fixtures.issueConfig(), look: Fixtures.issueLook)
        withRecordingIssue("recorded") {
            _ = assertTabSnapshot(of: stage, as: .accessibility, named: "top", record: .missing, snapshotDirectory: folder.path)
        }
        let path = folder.appendingPathComponent("AccessibilityTests/top.accessibility.json")
        let json = try String(contentsOf: path, encoding: .utf8)
        #expect(json == AccessibilityTree.json(AccessibilityTests.elements(stage.state, look: stage.look)))
        #expect(json.contains("{\"label\": \"Jane\", \"value\": \"\", \"traits\": [\"image\"]"))
        let again = assertTabSnapshot(of: stage, as: .accessibility, named: "top", record: .never, snapshotDirectory: folder.path)
        #expect(again.map(\.passed) == [true])

        // Dragged 120 pt the header is 220 − 120 = 100 pt: the tab bar moves up to 100.
        try stage.apply(.drag(dy: 120))
        withKnownIssue("the elements moved") {
            let outcomes = assertTabSnapshot(of: stage, as: .accessibility, named: "top", record: .never, snapshotDirectory: folder.path)
            guard case .failed(let message) = outcomes.first?.status else {
                Issue.record("no failure")
                return
            }
            #expect(message.contains("{\"label\": \"Posts\", \"value\": \"Tab, 1 of 3\""))
        }
    }
}
