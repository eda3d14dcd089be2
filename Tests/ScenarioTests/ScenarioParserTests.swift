import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

@Suite struct ScenarioParserTests {
    @Test func defaultsFollowDESIGN() throws {
        let scenario = try Fixtures.parse(Fixtures.yaml())
        #expect(scenario.name == "test")
        #expect(scenario.orientation == .portrait)
        #expect(scenario.multitasking == .full)
        #expect(
            scenario.settings
                == DisplaySettings(contentSizeCategory: .L, layoutDirection: .ltr, appearance: .light, iOSVersion: IOSVersion(26)))
        #expect(scenario.fps == 60)
        #expect(scenario.container.tabBar == TabBarConfig(height: 44, compactHeight: 32))
        #expect(scenario.container.shortContent == .extend)
        #expect(scenario.container.header.overscroll == .pin)
        #expect(scenario.container.header.compactHeightPlacement == .side)
        #expect(scenario.steps.map(\.keyword) == ["snapshot"])
    }

    @Test func everyStepParses() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(steps: [
                "- scroll: {to: -200}", "- scroll: {by: 40.5}", "- select: 1", "- select: Likes", "- scrollToTop: {}", "- scrollToTop:",
                "- snapshot: end",
            ]))
        let kinds = scenario.steps.map(\.kind)
        #expect(
            kinds == [
                .action(.container(.scroll(to: -200))), .action(.container(.scrollBy(40.5))), .action(.container(.select(1))),
                .action(.container(.select(2))), .action(.container(.scrollToTop)), .action(.container(.scrollToTop)), .snapshot("end"),
            ])
        #expect(scenario.steps[0].location.line == 10)
    }

    @Test func jsonIsAccepted() throws {
        let json = """
            {"name": "j", "device": "iphone-15", "container": {"tabs": [{"title": "A", "rows": 3, "rowHeightRatio": 0.5}]},
             "steps": [{"snapshot": "one"}]}
            """
        let scenario = try Fixtures.parse(json, file: "j.json")
        #expect(scenario.name == "j")
        #expect(scenario.container.tabs[0].content == .list(rows: 3, rowHeight: .ratio(0.5)))
    }

    @Test func customDeviceGetsCatalogLikeLandscapeInsets() throws {
        let scenario = try Fixtures.parse(Fixtures.yaml(device: "{width: 400, height: 800, scale: 3, safeArea: {top: 50, bottom: 30}}"))
        #expect(scenario.device.size == Size(width: 400, height: 800))
        #expect(scenario.device.scale == 3)
        #expect(scenario.device.landscapeSafeArea == EdgeInsets(top: 0, left: 50, bottom: 21, right: 50))
        let pad = try Fixtures.parse(Fixtures.yaml(device: "{width: 800, height: 1000, idiom: pad, safeArea: {top: 24, bottom: 20}}"))
        #expect(pad.device.landscapeSafeArea == EdgeInsets(top: 24, bottom: 20))
    }

    /// Each refused input, with the exact line a user sees.
    @Test(arguments: [
        ("", "test.yaml:1:1: error: the file is empty (expected a scenario mapping with 'container' and 'steps')"),
        // A duplicate key: one line, at the second key, naming the first.
        (
            "device: iphone-15\ncontainer:\n  tabs:\n    - title: A\n      rows: 5\n      rows: 6\nsteps: []",
            "test.yaml:6:7: error: 'rows' is given twice; the first is at 5:7 (expected each key once in a mapping; keep one 'rows')"
        ),
        (
            "device: iphone-15\ncontainer: {tabs: [{title: A, rows: 1, title: B, title: C}]}\nsteps: []\nsteps: []",
            "test.yaml:2:40: error: 'title' is given twice; the first is at 2:21 (expected each key once in a mapping; keep one 'title')"
        ),
        // '#' after a space starts a comment: the colour and the closing brace are gone.
        (
            "device: iphone-15\ntheme: {tint: #1d9bf0}\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: []",
            "test.yaml:3:10: error: malformed YAML: while parsing a flow mapping, did not find expected ',' or '}' (expected valid YAML; '#' after a space starts a comment, so quote colours: tint: '#1d9bf0')"
        ),
        (
            "device: [iphone-14\nsteps: x",
            "test.yaml:2:6: error: malformed YAML: while parsing a flow sequence, did not find expected ',' or ']' (expected valid YAML or JSON)"
        ),
        (
            "- just a list",
            "test.yaml:1:1: error: the scenario must be a mapping, found a list (expected keys name, device, orientation, multitasking, contentSizeCategory, layoutDirection, appearance, iOSVersion, designCompatibility, traitOverride, fps, frames, verify, split, theme, container, appTabBar, steps, pseudoLocale, variants)"
        ),
        (
            Fixtures.yaml(extra: "colour: red"),
            "test.yaml:2:1: error: unknown key 'colour' in the scenario (expected one of name, device, orientation, multitasking, contentSizeCategory, layoutDirection, appearance, iOSVersion, designCompatibility, traitOverride, fps, frames, verify, split, theme, container, appTabBar, steps, pseudoLocale, variants)"
        ),
        (
            Fixtures.yaml(extra: "orientaton: landscape"),
            "test.yaml:2:1: error: unknown key 'orientaton' in the scenario; did you mean 'orientation'? (expected one of name, device, orientation, multitasking, contentSizeCategory, layoutDirection, appearance, iOSVersion, designCompatibility, traitOverride, fps, frames, verify, split, theme, container, appTabBar, steps, pseudoLocale, variants)"
        ),
        (
            Fixtures.yaml(device: "iphone14"),
            "test.yaml:1:9: error: unknown device 'iphone14'; did you mean 'iphone-14'? (expected one of iphone-se, iphone-13-mini, iphone-14, iphone-14-plus, iphone-15, iphone-15-plus, iphone-15-pro, iphone-15-pro-max, iphone-16, iphone-16-plus, iphone-16-pro, iphone-16-pro-max, iphone-16e, iphone-17, iphone-17-pro, iphone-17-pro-max, iphone-air, iphone-17e, iphone-18-pro, iphone-18-pro-max, … (28 in all), or a custom {width, height, scale})"
        ),
        (
            Fixtures.yaml(extra: "orientation: sideways"),
            "test.yaml:2:14: error: 'orientation' cannot be 'sideways' (expected one of portrait, landscape)"
        ),
        (Fixtures.yaml(extra: "fps: 0"), "test.yaml:2:6: error: 'fps' is 0, out of range (expected a whole number from 1 to 240)"),
        (
            Fixtures.yaml(extra: "fps: 59.5"),
            "test.yaml:2:6: error: 'fps' must be a whole number, found the number 59.5 (expected a whole number from 1 to 240)"
        ),
        (
            Fixtures.yaml(extra: "multitasking: half"),
            "test.yaml:2:15: error: multitasking is iPad-only; 'iphone-14' is a phone (expected multitasking: full)"
        ),
        (
            Fixtures.yaml(device: "ipad-mini", extra: "multitasking: half\niOSVersion: 18"),
            "test.yaml:2:15: error: 'ipad-mini' has no published multitasking widths, so its split windows cannot be modelled (expected multitasking: full)"
        ),
        (
            Fixtures.yaml(device: "ipad-air-11", extra: "multitasking: half\niOSVersion: 18"),
            "test.yaml:2:15: error: 'half' does not exist in portrait (portrait offers two-thirds, one-third and slide-over) (expected one of full, two-thirds, one-third, slide-over)"
        ),
        (
            Fixtures.yaml(device: "{width: 5000, height: 800}"),
            "test.yaml:1:17: error: 'device.width' is 5000, out of range (expected a number above 0 and at most 4096 (points))"
        ),
        (
            Fixtures.yaml(device: "{width: 400, height: 800, scale: 5}"),
            "test.yaml:1:42: error: 'device.scale' is 5, out of range (expected 1, 2 or 3 (from 0.1 to 4))"
        ),
        (
            Fixtures.yaml(device: "{height: 800}"),
            "test.yaml:1:9: error: 'device' is missing 'width' (expected a number above 0 and at most 4096 (points))"
        ),
        (
            Fixtures.yaml(extra: "name: ../escape"),
            "test.yaml:2:7: error: scenario name '../escape' is not a plain file name (expected 1 to 128 letters, digits, '-', '_' or '.', not starting with '.')"
        ),
    ])
    func refusedTopLevel(text: String, message: String) {
        #expect(Fixtures.refusal(text) == message)
    }

    @Test(arguments: [
        (
            "height: 220", "height: tall",
            "test.yaml:4:20: error: 'container.header.height' must be a number or fit, found the text 'tall' (expected a number above 0, or fit to size the header to its text)"
        ),
        (
            "height: 220", "height: 80",
            "test.yaml:4:20: error: header height 80 is less than its collapsed height 91 (safe-area top 47 + minHeight 44) (expected a height of at least 91)"
        ),
        (
            "minHeight: 44", "minHieght: 44",
            "test.yaml:4:25: error: unknown key 'minHieght' in 'container.header'; did you mean 'minHeight'? (expected one of height, minHeight, overscroll, snap, compactHeightPlacement, sideWidth, title, subtitle, bio, bioLines, stats, avatar, button, verified, navButtons, location, link, joined, posts)"
        ),
        (
            "rows: 30", "rows: -3",
            "test.yaml:6:28: error: 'container.tabs[0].rows' is -3, out of range (expected a whole number from 0 to 1000000)"
        ),
        (
            "rows: 30", "rows: 2.5",
            "test.yaml:6:28: error: 'container.tabs[0].rows' must be a whole number, found the number 2.5 (expected a whole number from 0 to 1000000)"
        ),
        (
            "rows: 30", "rows: 2000000",
            "test.yaml:6:28: error: 'container.tabs[0].rows' is 2000000, out of range (expected a whole number from 0 to 1000000)"
        ),
        (
            "rowHeight: 100}\n    - {title: Media", "rowHeight: .nan}\n    - {title: Media",
            "test.yaml:6:43: error: 'container.tabs[0].rowHeight' must be finite, found .nan (expected a row height from 1 to 4096 points)"
        ),
        (
            "rowHeight: 100}\n    - {title: Media", "rowHeight: -.inf}\n    - {title: Media",
            "test.yaml:6:43: error: 'container.tabs[0].rowHeight' must be finite, found -.inf (expected a row height from 1 to 4096 points)"
        ),
        (
            "rowHeight: 100}\n    - {title: Media", "rowHeight: 0}\n    - {title: Media",
            "test.yaml:6:43: error: 'container.tabs[0].rowHeight' is 0, out of range (expected a row height from 1 to 4096 points)"
        ),
        (
            "rowHeight: 100}\n    - {title: Media", "rowHeight: 100, rowHeightRatio: 0.5}\n    - {title: Media",
            "test.yaml:6:64: error: a tab takes either 'rowHeight' or 'rowHeightRatio', not both (expected one of them)"
        ),
        (
            "{title: Posts, rows: 30, rowHeight: 100}", "{rows: 30, rowHeight: 100}",
            "test.yaml:6:7: error: 'container.tabs[0]' is missing 'title' (expected a tab title)"
        ),
        (
            "{title: Media, rows: 15", "{title: Posts, rows: 15",
            "test.yaml:7:7: error: two tabs are titled 'Posts' (expected distinct tab titles, so 'select' can name them)"
        ),
        (
            "{title: Likes, rows: 4, rowHeight: 100}", "{title: Likes, kind: carousel, rows: 4}",
            "test.yaml:8:38: error: 'rows' belongs to list tabs (expected sections and items for kind: carousel)"
        ),
        (
            "{title: Likes, rows: 4, rowHeight: 100}", "{title: Likes, kind: grid}",
            "test.yaml:8:28: error: 'container.tabs[2].kind' cannot be 'grid' (expected one of list, carousel)"
        ),
    ])
    func refusedContainer(original: String, replacement: String, message: String) {
        let text = Fixtures.yaml().replacingOccurrences(of: original, with: replacement)
        #expect(Fixtures.refusal(text) == message)
    }

    @Test func emptyAndMissingTabs() {
        let empty = Fixtures.yaml().replacingOccurrences(
            of:
                "  tabs:\n    - {title: Posts, rows: 30, rowHeight: 100}\n    - {title: Media, rows: 15, rowHeight: 100}\n    - {title: Likes, rows: 4, rowHeight: 100}",
            with: "  tabs: []")
        #expect(Fixtures.refusal(empty) == "test.yaml:5:9: error: 'container.tabs' is empty (expected at least one tab)")
        let missing = "device: iphone-14\ncontainer: {header: {height: 220}}\nsteps: []"
        #expect(
            Fixtures.refusal(missing)
                == "test.yaml:2:12: error: 'container' is missing 'tabs' (expected a list of tabs such as {title: Posts, rows: 40, rowHeight: 100})"
        )
    }

    @Test(arguments: [
        (
            "- scrol: {to: 3}",
            "test.yaml:10:5: error: unknown step 'scrol'; did you mean 'scroll'? (expected one of snapshot, drag, release, scroll, select, swipe, rotate, resize, setHeader, present, dismiss, detent, scrollToTop, wait)"
        ),
        (
            "- fling: {speed: 3}",
            "test.yaml:10:5: error: unknown step 'fling' (expected one of snapshot, drag, release, scroll, select, swipe, rotate, resize, setHeader, present, dismiss, detent, scrollToTop, wait)"
        ),
        (
            "- select: 3",
            "test.yaml:10:13: error: there is no tab 3 (the container has 3 tabs) (expected an index from 0 to 2, or a title: Posts, Media, Likes)"
        ),
        (
            "- select: -1",
            "test.yaml:10:13: error: there is no tab -1 (the container has 3 tabs) (expected an index from 0 to 2, or a title: Posts, Media, Likes)"
        ),
        (
            "- select: Like",
            "test.yaml:10:13: error: no tab is titled 'Like'; did you mean 'Likes'? (expected one of Posts, Media, Likes, or an index)"
        ),
        (
            "- scroll: {to: 1, by: 2}",
            "test.yaml:10:13: error: 'scroll' takes exactly one of 'to' or 'by' (expected {to: OFFSET} or {by: DELTA}, optionally with animated: true)"
        ),
        ("- scroll: {to: .inf}", "test.yaml:10:18: error: 'steps[0].scroll.to' must be finite, found .inf (expected a finite number)"),
        (
            "- snapshot: ../x",
            "test.yaml:10:15: error: snapshot name '../x' is not a plain file name (expected 1 to 128 letters, digits, '-', '_' or '.', not starting with '.')"
        ),
        (
            "- snapshot: /etc/passwd",
            "test.yaml:10:15: error: snapshot name '/etc/passwd' is not a plain file name (expected 1 to 128 letters, digits, '-', '_' or '.', not starting with '.')"
        ),
        ("- snapshot:", "test.yaml:10:14: error: 'snapshot' needs a name, found nothing (null) (expected a file name such as 'collapsed')"),
        (
            "- {snapshot: a, select: 1}",
            "test.yaml:10:5: error: each step must be a mapping with exactly one step name, found a mapping (expected e.g. '- scroll: {to: 300}'; steps are snapshot, drag, release, scroll, select, swipe, rotate, resize, setHeader, present, dismiss, detent, scrollToTop, wait)"
        ),
    ])
    func refusedSteps(step: String, message: String) {
        #expect(Fixtures.refusal(Fixtures.yaml(steps: [step])) == message)
    }

    @Test func duplicateSnapshotNames() {
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- snapshot: a", "- snapshot: a"]))
                == "test.yaml:11:15: error: snapshot 'a' is already taken at line 10 (expected a unique snapshot name)")
    }

    @Test func controlCharactersInNamesAreShownSafely() {
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- snapshot: \"a\\0b\""]))
                == "test.yaml:10:15: error: snapshot name 'a?b' is not a plain file name (expected 1 to 128 letters, digits, '-', '_' or '.', not starting with '.')"
        )
    }

    @Test func tooManyTabs() {
        let tabs = (0...1000).map { "    - {title: T\($0), rows: 1}" }.joined(separator: "\n")
        let text = "device: iphone-14\ncontainer:\n  tabs:\n\(tabs)\nsteps: []"
        #expect(
            Fixtures.refusal(text) == "test.yaml:4:5: error: 'container.tabs' has 1001 tabs, over the limit (expected at most 1000 tabs)")
    }
}
