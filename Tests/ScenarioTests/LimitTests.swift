import Foundation
import TabStage
import TabStageImageDiff
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// Inputs that once crashed, hung or ran away: each is refused with a located reason, and the
/// limits hold at their documented numbers.
@Suite struct ScenarioLimitTests {
    /// One list tab `A` in a small scenario; `tab` adds keys to it.
    func scenario(tab: String = "rows: 3", extra: String = "", steps: String = "[{snapshot: a}]") -> String {
        "device: iphone-14\n\(extra)container:\n  tabs:\n    - {title: A, \(tab)}\nsteps: \(steps)\n"
    }

    @Test func rowsShorterThanAPointAreRefused() {
        #expect(
            Fixtures.refusal(scenario(tab: "rows: 1000000, rowHeight: 1e-17"))
                == "test.yaml:4:44: error: 'container.tabs[0].rowHeight' is 1e-17, out of range (expected a row height from 1 to 4096 points)"
        )
        #expect(Fixtures.refusal(scenario(tab: "rows: 3, rowHeight: 0.999")) != nil)
        #expect(Fixtures.refusal(scenario(tab: "rows: 3, rowHeight: 1")) == nil)
        // 1e-300 × 390 pt (iPhone 14 portrait); the smallest ratio giving 1 pt is 1/390 = 0.002564…
        let ratio = Fixtures.refusal(scenario(tab: "rows: 3, rowHeightRatio: 1e-300"))
        #expect(ratio?.hasPrefix("test.yaml:4:43: error: tab 'A' would have rows ") == true)
        #expect(
            ratio?.hasSuffix(
                " pt tall (rowHeightRatio 1e-300 × container width 390) (expected rows at least 1 pt tall: a rowHeightRatio of at least 0.0026)"
            ) == true)
        #expect(Fixtures.refusal(scenario(tab: "rows: 3, rowHeightRatio: 0.0026")) == nil)
    }

    @Test func rowsThatShrinkBelowAPointOnRotationAreRefusedAtTheStep() {
        // 0.00125 × 844 pt (landscape) = 1.055 pt; × 390 pt (portrait) = 0.4875 pt.
        let text = scenario(
            tab: "rows: 3, rowHeightRatio: 0.00125", extra: "orientation: landscape\n", steps: "[{snapshot: a}, {rotate: portrait}]")
        #expect(
            Fixtures.refusal(text)
                == "test.yaml:6:25: error: rotate: tab 'A' would have rows 0.4875 pt tall (rowHeightRatio 0.00125 × container width 390) (expected rows at least 1 pt tall: a rowHeightRatio of at least 0.0026)"
        )
    }

    @Test func devicesUnderOnePixelAreRefused() {
        #expect(
            Fixtures.refusal("device: {width: 0.1, height: 700, scale: 1}\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: []")
                == "test.yaml:1:17: error: a 0.1 pt device width at scale 1 is 0 px, an empty image (expected a device at least 1 px a side (points × scale))"
        )
        #expect(
            Fixtures.refusal("device: {width: 390, height: 700, scale: 0.01}\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: []")
                == "test.yaml:1:42: error: 'device.scale' is 0.01, out of range (expected 1, 2 or 3 (from 0.1 to 4))")
    }

    @Test func longValuesAreQuotedShortAndGetNoSuggestion() throws {
        // A 1.5 M-character select against a 1,000-character title: an edit distance between them
        // would take 1.5 billion steps; the message quotes 80 characters.
        let title = String(repeating: "t", count: 1000)
        let wanted = String(repeating: "s", count: 1_500_000)
        let text = "device: iphone-14\ncontainer: {tabs: [{title: \(title), rows: 1}]}\nsteps: [{select: \(wanted)}]\n"
        let message = try #require(Fixtures.refusal(text))
        #expect(
            message.hasPrefix(
                "test.yaml:3:18: error: no tab is titled '\(String(repeating: "s", count: 80))…' (expected \(String(repeating: "t", count: 80))…, or an index)"
            ))
        #expect(message.count < 400)
        #expect(quoted(String(repeating: "x", count: 81)) == String(repeating: "x", count: 80) + "…")
        #expect(quoted("a\nb") == "a?b")
        // Suggestions stop at 64 characters: one edit away from a 64-character title is suggested
        // only when the typed word is 64 characters too.
        func select(_ word: String) -> String? {
            Fixtures.refusal(
                "device: iphone-14\ncontainer: {tabs: [{title: \(String(repeating: "a", count: 64)), rows: 1}, {title: B, rows: 1}]}\nsteps: [{select: \(word)}]\n"
            )
        }
        #expect(select(String(repeating: "a", count: 63) + "b")?.contains("did you mean") == true)
        #expect(select(String(repeating: "a", count: 65))?.contains("did you mean") == false)
        let key = Fixtures.refusal(
            "device: iphone-14\n\(String(repeating: "k", count: 1000)): 1\ncontainer: {tabs: [{title: A, rows: 1}]}\nsteps: []")
        #expect(
            key?.hasPrefix(
                "test.yaml:2:1: error: unknown key '\(String(repeating: "k", count: 80))…' in the scenario (expected one of name,") == true)
    }

    @Test func longListsInMessagesShowTheirFirstTwenty() {
        let tabs = (0..<1000).map { "{title: T\($0), rows: 1}" }.joined(separator: ", ")
        let titles = (0..<20).map { "T\($0)" }.joined(separator: ", ")
        #expect(
            Fixtures.refusal("device: iphone-14\ncontainer: {tabs: [\(tabs)]}\nsteps: [{select: 5000}]\n")
                == "test.yaml:3:18: error: there is no tab 5000 (the container has 1000 tabs) (expected an index from 0 to 999, or a title: \(titles), … (1000 in all))"
        )
        #expect(
            Fixtures.refusal("device: iphone-14\ncontainer: {tabs: [\(tabs)]}\nsteps: [{select: X}]\n")
                == "test.yaml:3:18: error: no tab is titled 'X' (expected one of \(titles), … (1000 in all), or an index)")
    }

    @Test func textGivenToTheRendererIsCapped() throws {
        let long = String(repeating: "W", count: 1_500_000)
        let message = try #require(
            Fixtures.refusal(scenario(extra: "").replacingOccurrences(of: "container:\n", with: "container:\n  header: {title: \(long)}\n"))
        )
        #expect(
            message
                == "test.yaml:3:19: error: 'container.header.title' is longer than 1000 characters (expected text of at most 1000 characters)"
        )
        let at = String(repeating: "W", count: 1000)
        #expect(Fixtures.refusal(scenario().replacingOccurrences(of: "title: A", with: "title: \(at)")) == nil)
        #expect(
            Fixtures.refusal(scenario().replacingOccurrences(of: "title: A", with: "title: \(at)W"))
                == "test.yaml:4:15: error: 'container.tabs[0].title' is longer than 1000 characters (expected text of at most 1000 characters)"
        )
        #expect(
            Fixtures.refusal(scenario(extra: "split: {primaryTitle: \(at)W}\n"))?.contains(
                "'split.primaryTitle' is longer than 1000 characters") == true)
    }

    @Test func aThousandCharacterTitleRendersInBoundedTime() throws {
        // The widest header text allowed, rasterized once: it must finish (cairo once spun for
        // minutes on 110,000 characters).
        let title = String(repeating: "Wide title ", count: 91).prefix(1000)
        let text = scenario().replacingOccurrences(
            of: "container:\n", with: "container:\n  header: {height: 220, title: \"\(title)\", subtitle: \"\(title)\"}\n")
        let run = try ScenarioRunner.run(try Fixtures.parse(text))
        let image = try Rasterizer.render(
            svg: SVGSnapshot.svg(run.snapshots[0].state, look: run.scenario.look, measuring: TextMeasurer.shared), scale: 1)
        #expect(image.width == 390 && image.height == 844)
    }

    @Test func namesAreLimitedInBytes() {
        func named(_ name: String) -> String? { Fixtures.refusal("name: \"\(name)\"\n" + scenario()) }
        let wide = String(repeating: "\u{20000}", count: 64)  // 64 characters, 256 bytes
        #expect(
            named(wide)
                == "test.yaml:1:7: error: scenario name '\(wide)' is 256 bytes in UTF-8, too long for a file name (expected at most 244 bytes, so NAME-100000.png fits the 255-byte file-name limit)"
        )
        #expect(named(String(repeating: "\u{20000}", count: 61)) == nil)  // 244 bytes
        let combining = "e" + String(repeating: "\u{301}", count: 300)  // 1 character, 601 bytes
        #expect(named(combining)?.contains("is 601 bytes in UTF-8, too long for a file name") == true)
        let snapshot = Fixtures.refusal(scenario(steps: "[{snapshot: \"\(wide)\"}]"))
        #expect(
            snapshot?.hasPrefix("test.yaml:5:20: error: snapshot name '\(String(repeating: "\u{20000}", count: 64))' is 256 bytes") == true)
    }

    @Test func yamlTagsAreNotSupported() {
        #expect(
            Fixtures.refusal("name: !custom foo\n" + scenario())
                == "test.yaml:1:7: error: the YAML tag '!custom' is not supported (expected a plain value without a '!' tag)")
        #expect(Fixtures.refusal("name: !!str foo\n" + scenario()) == nil)
    }

    @Test func countsAreWrittenAsWholeNumbers() {
        #expect(
            Fixtures.refusal(scenario(tab: "rows: 1e6"))
                == "test.yaml:4:24: error: 'container.tabs[0].rows' must be a whole number written without a decimal point or exponent, found the number 1e6 (expected a whole number from 0 to 1000000, e.g. 1000000)"
        )
        #expect(
            Fixtures.refusal(scenario(tab: "rows: 2.5"))
                == "test.yaml:4:24: error: 'container.tabs[0].rows' must be a whole number, found the number 2.5 (expected a whole number from 0 to 1000000)"
        )
    }

    @Test func textThatYAMLReadsAsSomethingElseGetsAQuotingHint() {
        #expect(
            Fixtures.refusal(scenario().replacingOccurrences(of: "title: A", with: "title: 2024"))
                == "test.yaml:4:15: error: 'container.tabs[0].title' must be text, found the number 2024 (expected text; YAML reads it as a number, so quote it: title: \"2024\")"
        )
        #expect(
            Fixtures.refusal(scenario().replacingOccurrences(of: "title: A", with: "title: yes"))
                == "test.yaml:4:15: error: 'container.tabs[0].title' must be text, found a boolean (expected text; YAML reads it as a boolean, so quote it: title: \"yes\")"
        )
        #expect(Fixtures.refusal(scenario().replacingOccurrences(of: "title: A", with: "title: \"2024\"")) == nil)
    }

    /// Nine lines of nested aliases stand for 9^9 values: refused before any walk over them, at
    /// the value that overflows, instead of running for hours. Ordinary aliases still work.
    @Test func aliasesThatMultiplyValuesAreRefused() {
        var lines = ["bomb0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<9 {
            lines.append("bomb\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        let refusal = Fixtures.refusal(scenario() + lines.joined(separator: "\n") + "\n")
        #expect(
            refusal?.hasSuffix(
                "error: YAML aliases (*name) repeat values here more often than the file could write them out (expected a scenario without nested aliases; write repeated parts out)"
            ) == true, "\(refusal ?? "accepted")")
        // A duplicate key before the same aliases: the search for its second copy stops at the
        // same bound and names the first copy (at 1:5 of `x: {k: 1, k: 2}`) instead of hanging.
        #expect(
            Fixtures.refusal("x: {k: 1, k: 2}\n" + lines.joined(separator: "\n") + "\n")
                == "test.yaml:1:5: error: 'k' is given more than once in this mapping (expected each key once in a mapping; keep one 'k')")
        let reused = scenario(steps: "[{snapshot: *shared}]").replacingOccurrences(of: "title: A", with: "title: &shared A")
        #expect(Fixtures.refusal(reused) == nil)
    }

    @Test func nestingStopsAtExactlyTheDocumentedDepth() {
        // The top-level mapping is level 1, so `extra:` can hold 999 nested lists.
        func nested(_ lists: Int) -> String? {
            Fixtures.refusal(scenario() + "extra: " + String(repeating: "[", count: lists) + String(repeating: "]", count: lists) + "\n")
        }
        #expect(
            nested(999)
                == "test.yaml:6:1: error: unknown key 'extra' in the scenario (expected one of name, device, orientation, multitasking, contentSizeCategory, layoutDirection, appearance, iOSVersion, designCompatibility, traitOverride, fps, frames, verify, split, theme, container, appTabBar, steps, pseudoLocale, variants)"
        )
        #expect(
            nested(1000) == "test.yaml:6:1007: error: nested more than 1000 levels deep (expected at most 1000 nested mappings and lists)")
        // Deeper than the YAML library goes: the same words, and no "malformed YAML".
        let deeper = nested(1500) ?? ""
        #expect(deeper.hasSuffix("error: nested more than 1000 levels deep (expected at most 1000 nested mappings and lists)"), "\(deeper)")
    }

    @Test func stepCountsAreBounded() {
        let snapshots = (0...1000).map { "{snapshot: s\($0)}" }.joined(separator: ", ")
        #expect(
            Fixtures.refusal(scenario(steps: "[\(snapshots)]"))
                == "test.yaml:5:8: error: 'steps' has 1001 snapshot steps, over the limit (expected at most 1000 snapshots per scenario)")
        let scrolls = Array(repeating: "{scroll: {to: 0}}", count: 10_001).joined(separator: ", ")
        #expect(
            Fixtures.refusal(scenario(steps: "[\(scrolls)]"))
                == "test.yaml:5:8: error: 'steps' has 10001 steps, over the limit (expected at most 10000 steps)")
        // 1,000 tabs × 201 steps = 201,000 tab entries in the trace.
        let tabs = (0..<1000).map { "{title: T\($0), rows: 1}" }.joined(separator: ", ")
        let text =
            "device: iphone-14\ncontainer: {tabs: [\(tabs)]}\nsteps: [\(Array(repeating: "{select: 1}", count: 201).joined(separator: ", "))]\n"
        #expect(
            Fixtures.refusal(text)
                == "test.yaml:3:8: error: 201 steps × 1000 tabs would write 201000 tab entries to trace.json, over the limit (expected steps × tabs at most 200000)"
        )
    }

    @Test func rowsDrawnPerSnapshotStayUnderTheDocumentedBound() throws {
        // The worst case the limits allow: 1 pt rows in a 4,096 pt window, two pages side by side
        // in an interactive swipe. Each page shows at most 4,096 + 1 rows.
        let text = """
            device: {width: 4096, height: 4096, scale: 1}
            container: {header: {height: 44, minHeight: 0}, tabs: [{title: A, rows: 100000, rowHeight: 1}, {title: B, rows: 100000, rowHeight: 1}]}
            steps: [{swipe: {to: 1, progress: 0.5}}, {snapshot: paging}]
            """
        let run = try ScenarioRunner.run(try Fixtures.parse(text))
        let svg = SVGSnapshot.svg(run.snapshots[0].state, look: run.scenario.look, measuring: TextMeasurer.shared)
        let rows = svg.components(separatedBy: "<g id=\"row-").count - 1
        #expect(rows > 4096 && rows <= 2 * 4097)
    }
}

@Suite struct StreamedTraceTests {
    static let examples =
        ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.root.appendingPathComponent("Examples").path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    @Test(arguments: examples)
    func streamedTraceIsByteIdenticalToTheInMemoryOne(example: String) throws {
        let scenario = try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent("Examples/\(example)").path)
        var pieces: [String] = []
        try Trace.stream(scenario, measuring: TextMeasurer.shared) { pieces.append($0) }
        #expect(pieces.joined() == (try Trace.json(scenario, measuring: TextMeasurer.shared)).text() + "\n")
        #expect(pieces.count == scenario.steps.count + 2)  // the head, one piece per step, the tail
    }

    /// The commands record keeping only the snapshot steps' records: a run of N steps holds
    /// the states of its snapshots, not N. Its warnings are the full recording's: the layout
    /// warnings come from the snapshot steps, and the release that springs back is found as
    /// the steps run (step 2 starts past the top bound, pulled down, with +500 pt/s).
    @Test func aRecordingKeepingTheSnapshotStepsWarnsAsAFullOne() throws {
        var steps = ["- snapshot: a", "- drag: {dy: -120}", "- release: {velocity: 500}"]
        for index in 0..<200 { steps.append("- scroll: {by: \(index % 2 == 0 ? 1 : -1)}") }
        steps.append("- snapshot: b")
        let scenario = try Fixtures.parse(Fixtures.yaml(steps: steps))
        let full = try ScenarioRunner.record(scenario, measuring: TextMeasurer.shared)
        let lean = try ScenarioRunner.record(scenario, measuring: TextMeasurer.shared, keeping: .snapshots, observing: nil)
        #expect(full.timeline.steps.count == 204 && full.timeline.keepsAllSteps)
        #expect(lean.timeline.steps.map(\.index) == [0, 203] && !lean.timeline.keepsAllSteps)
        let (a, b) = (
            RunWarnings.checkAll(full, measuring: TextMeasurer.shared), RunWarnings.checkAll(lean, measuring: TextMeasurer.shared)
        )
        #expect(a == b)
        #expect(b.releases.map(\.location.line) == [scenario.steps[2].location.line])
        #expect((b.releases.first?.overscroll ?? 0) > 0 && b.releases.first?.atTop == true)
    }

    /// The trace the command line writes is made while the steps run, into a spool that moves
    /// to a temporary file past 1 MiB: read back, the spool gives every byte appended, in
    /// order, however often it is read. 3,000 pieces of 1,000 bytes (a two-byte "é" in each, so
    /// pieces cross the 1,048,576-byte boundary in the middle of a character) are 3,000,000 bytes.
    @Test func aSpoolGivesBackEveryByteInOrder() throws {
        let spool = TextSpool()
        var expected: [UInt8] = []
        for index in 0..<3_000 {
            let piece = "é" + String(repeating: Character(String(UnicodeScalar(UInt8(65 + index % 26)))), count: 998)
            try spool.append(piece)
            expected += Array(piece.utf8)
        }
        #expect(spool.byteCount == 3_000_000 && expected.count == 3_000_000)
        for _ in 0..<2 {
            var read: [UInt8] = []
            var largest = 0
            try spool.replay { piece in
                read += piece
                largest = max(largest, piece.count)
            }
            #expect(read == expected)
            #expect(largest <= TextSpool.memoryLimit)
        }
    }

    @Test func anEmptyRunStreamsAnEmptyList() throws {
        let scenario = try Fixtures.parse(Fixtures.yaml(steps: []).replacingOccurrences(of: "steps:\n", with: "steps: []\n"))
        #expect(
            try Trace.text(scenario, measuring: TextMeasurer.shared) == (try Trace.json(scenario, measuring: TextMeasurer.shared)).text()
                + "\n")
        #expect(try Trace.text(scenario, measuring: TextMeasurer.shared).hasSuffix("\"steps\": [],\n  \"warnings\": []\n}\n"))
    }

    @Test func theRunnerHandsOverStepsWithoutKeepingThem() throws {
        let scenario = try Fixtures.parse(Fixtures.yaml(steps: ["- snapshot: a", "- scroll: {to: 0}", "- select: 1", "- snapshot: b"]))
        var indices: [Int] = []
        let run = try ScenarioRunner.run(scenario, frames: nil) { indices.append($0.index) }
        #expect(indices == [0, 1, 2, 3])
        #expect(run.stepCount == 4)
        #expect(run.snapshots.map(\.name) == ["a", "b"])
        #expect(run.windows.count == 1)
        // A streamed ScenarioRun holds the snapshots' states, not one per step: besides them, only
        // each snapshot's location, a span (location, numbers, window) per step with frames and
        // an empty timeline (`ScenarioRunner.record` fills it).
        #expect(
            Mirror(reflecting: run).children.compactMap(\.label) == [
                "scenario", "snapshots", "frameCount", "stepCount", "windows", "snapshotLocations", "frameSpans", "timeline", "trace",
            ])
        #expect(run.timeline.steps.isEmpty && run.timeline.frames.isEmpty && run.trace == nil)
        #expect(run.snapshotLocations.map(\.line) == [run.scenario.steps[0].location.line, run.scenario.steps[3].location.line])
        #expect(run.frameSpans.isEmpty)
    }

    @Test func everyWindowReachedIsListedOnceWithItsFirstStep() throws {
        let scenario = try Fixtures.parse(Fixtures.yaml(steps: ["- rotate: landscape", "- rotate: portrait", "- rotate: landscape"]))
        let run = try ScenarioRunner.run(scenario)
        #expect(run.windows.map(\.window.orientation) == [.portrait, .landscape])
        #expect(run.windows.map(\.location.line) == [1, 10])
    }
}

@Suite struct RasterLimitTests {
    @Test func emptyAndOversizedImagesAreErrorsNotCrashes() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0.1\" height=\"700\"/>"
        #expect(throws: RasterError("a 0×700 px image is empty (under 1 px on a side)")) { try Rasterizer.render(svg: svg, scale: 1) }
        #expect(throws: RasterError("a 0×1 px image is empty (under 1 px on a side)")) { try Rasterizer.renderPNG(svg: svg, scale: 0.001) }
        #expect(RasterLimits.sizeProblem(width: 16512, height: 1328) == "a 16512×1328 px image is over the limit of 16384 px a side")
        #expect(RasterLimits.sizeProblem(width: 16384, height: 1328) == nil)
        #expect(RasterLimits.sizeProblem(width: 8000, height: 8001) == "a 8000×8001 px image is over the limit of 64000000 pixels")
        #expect(RasterLimits.sizeProblem(width: .infinity, height: 1) != nil)
        #expect(RasterLimits.sizeProblem(width: 1e300, height: 1) == "a 1e+300×1 px image is over the limit of 16384 px a side")
    }
}
