import Foundation
import PropertyBased
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import Testing

#if canImport(FoundationXML)
import FoundationXML
import TabStageTestSupport
#endif

/// A random scenario file: `RandomSetup.widened` and `RandomStep.widened` written as YAML, each
/// step kept only when the model accepts it where it comes (so no `detent` before a `present`).
struct RandomScenario: Sendable, CustomStringConvertible {
    var text: String
    /// Measure text with Pango (as the command line does) instead of fixed advances.
    var realFonts: Bool

    var description: String { text }

    static let generator = zip(RandomSetup.widened, RandomStep.widened.array(of: 1...10), Gen.bool).map {
        setup, steps, realFonts in
        RandomScenario(text: yaml(setup.roundedForText, steps), realFonts: realFonts)
    }

    /// Three decimals, as a file would write them.
    static func number(_ value: Double) -> String { String(format: "%.3f", value) }

    static func yaml(_ setup: RandomSetup, _ steps: [RandomStep]) -> String {
        let device = DeviceCatalog.all[setup.device]
        let orientation: Orientation = setup.landscape ? .landscape : .portrait
        let mode = Multitasking.allCases[setup.mode]
        let top = max(device.portraitSafeArea.top, device.landscapeSafeArea.top)
        var lines = [
            "device: \(device.id)", "orientation: \(orientation)",
            "contentSizeCategory: \(ContentSizeCategory.allCases[setup.textSize])",
            "layoutDirection: \(setup.flags & 32 != 0 ? "rtl" : "ltr")",
        ]
        if (try? WindowEnvironment(device: device, orientation: orientation, multitasking: mode)) != nil {
            lines.append("multitasking: \(mode.rawValue)")
        }
        if setup.phoneLike { lines.append("traitOverride: phoneLike") }
        if setup.split != 0 { lines.append("split: {collapse: \(setup.split == 1 ? "primary" : "secondary")}") }
        lines += [
            "container:",
            "  header: {height: \(number(top + setup.minHeight + setup.headerExtra)), minHeight: \(number(setup.minHeight)), "
                + "overscroll: \(setup.stretch ? "stretch" : "pin"), snap: \(setup.flags & 4 != 0), "
                + "compactHeightPlacement: \(setup.flags & 8 != 0 ? "top" : "side"), title: \"Jane Appleseed\", subtitle: \"@jane\"}",
            "  shortContent: \(setup.limit ? "limit" : "extend")",
            "  decelerationRate: \(setup.flags & 16 != 0 ? "fast" : "normal")",
            "  tabs:",
        ]
        for (index, tab) in setup.tabs.enumerated() {
            switch tab.kind {
            case 0: lines.append("    - {title: T\(index), rows: \(tab.rows), rowHeight: \(number(tab.height))}")
            case 1: lines.append("    - {title: T\(index), rows: \(tab.rows), rowHeightRatio: \(number(tab.height / 400))}")
            default: lines.append("    - {title: T\(index), kind: carousel, sections: \(tab.rows / 4), items: 6}")
            }
        }
        lines.append("steps:")
        var state = setup.stage
        var written = 0
        for step in steps {
            let action = RandomStep.action(step, in: state, setup: setup)
            guard state.problem(with: action) == nil, let line = line(action, step) else { continue }
            lines.append("  - " + line)
            state = StageState.reduce(state, action).0
            written += 1
            if written % 3 == 0 { lines.append("  - snapshot: s\(written)") }
        }
        lines.append("  - snapshot: end")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The step as a scenario file writes it.
    static func line(_ action: StageAction, _ step: RandomStep) -> String? {
        switch action {
        case .container(.drag(let dy)): return "drag: {dy: \(number(dy))}"
        case .container(.release(let velocity)): return "release: {velocity: \(number(velocity))}"
        case .container(.scroll(let y)): return "scroll: {to: \(number(y))}"
        case .container(.select(let tab)): return "select: \(tab)"
        case .container(.tap(let tab)): return "select: {tab: \(tab), animated: true}"
        case .container(.swipe(let tab, let progress, let finish)):
            return "swipe: {to: \(tab), progress: \(number(progress)), finish: \(finish)}"
        case .container(.setHeader(let height?, nil)): return "setHeader: {height: \(number((height * 1000).rounded(.up) / 1000))}"
        case .container(.animatedScroll(.offset(let y))): return "scroll: {to: \(number(y)), animated: true}"
        case .container(.animatedScroll(.by(let y))): return "scroll: {by: \(number(y)), animated: true}"
        case .container(.animatedScroll(.top)): return "scrollToTop: {animated: true}"
        case .container(.tick):
            guard case .wait(let frames) = step else { return nil }
            return "wait: {seconds: \(number(Double(frames) / 60))}"
        case .rotate(let orientation): return "rotate: \(orientation)"
        case .resize(let mode): return "resize: \(mode.rawValue)"
        case .present(let request):
            let source = request.source ?? Rect(x: 0, y: 0, width: 0, height: 0)
            let size = request.size ?? Size(width: 320, height: 480)
            let sheet = request.sheet
            return "present: {style: \(request.style), adapt: \(request.adaptation), "
                + "source: {x: \(number(source.x)), y: \(number(source.y)), width: \(number(source.width)), height: \(number(source.height))}, "
                + "size: {width: \(number(size.width)), height: \(number(size.height))}, detents: [\(sheet.detents.map(\.rawValue).joined(separator: ", "))], "
                + "grabber: \(sheet.grabber), edgeAttachedInCompactHeight: \(sheet.edgeAttachedInCompactHeight), "
                + "widthFollowsPreferredContentSize: \(sheet.widthFollowsPreferredContentSize)"
                + (sheet.largestUndimmedDetent.map { ", largestUndimmedDetent: \($0)" } ?? "") + "}"
        case .dismiss: return "dismiss: {}"
        case .selectDetent(let detent): return "detent: \(detent)"
        default: return nil
        }
    }
}

extension RandomSetup {
    /// The header's and rows' numbers at the three decimals `RandomScenario` writes (the
    /// header's extra height rounded up, so H stays at least Hc).
    var roundedForText: RandomSetup {
        var setup = self
        setup.minHeight = (minHeight * 1000).rounded() / 1000
        setup.headerExtra = (headerExtra * 1000).rounded(.up) / 1000 + 0.001
        return setup
    }
}

/// What tabstage writes, for random scenarios: the same input gives the same bytes, every
/// number that reaches the SVG or the trace is finite (the writers print a non-finite value as
/// 0, so the check is on the values they are given), every SVG is well-formed XML and every
/// trace valid JSON; and the drawn tab bar hangs from the header with its indicator inside it.
@Suite struct OutputPropertyTests {
    /// Every `Double` inside `value`, found by reflection, with the path that leads to it.
    static func nonFinite(in value: Any, path: String = "", into found: inout [String]) {
        if let number = value as? Double {
            if !number.isFinite { found.append("\(path) = \(number)") }
            return
        }
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            nonFinite(in: child.value, path: path + "." + (child.label ?? "\(index)"), into: &found)
        }
    }

    static func nonFinite(in json: JSON, path: String = "", into found: inout [String]) {
        switch json {
        case .number(let value): if !value.isFinite { found.append("\(path) = \(value)") }
        case .array(let items): for (index, item) in items.enumerated() { nonFinite(in: item, path: "\(path)[\(index)]", into: &found) }
        case .object(let fields): for (key, item) in fields { nonFinite(in: item, path: "\(path).\(key)", into: &found) }
        case .null, .bool, .string: break
        }
    }

    /// XMLParser stops at the root's end tag, so what follows it is checked apart.
    static func isWellFormedSVG(_ text: String) -> Bool {
        XMLParser(data: Data(text.utf8)).parse() && text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</svg>")
    }

    /// The drawn tab bar's top is the drawn header's bottom edge (the pages' top beside a side
    /// header), and the indicator lies inside the bar: on its bottom edge, within its tabs' span.
    static func checkBar(_ layout: StageLayout, _ state: StageState, context: String) {
        let bar = layout.tabBar
        switch layout.header.placement {
        case .top:
            #expect(bar.top == layout.header.frame.maxY, "tab bar at \(bar.top), header ends at \(layout.header.frame.maxY): \(context)")
        case .side: #expect(bar.top == 0, "tab bar beside the header at \(bar.top): \(context)")
        }
        guard !bar.isHidden else { return }
        let indicator = bar.indicator, span = bar.contentFrame
        #expect(
            indicator.y >= 0 && indicator.maxY <= bar.height && indicator.x >= span.x - 1e-9 && indicator.maxX <= span.maxX + 1e-9,
            "indicator \(indicator) outside the bar's \(span) (height \(bar.height)): \(context)")
    }

    @Test func everyScenarioWritesTheSameFiniteWellFormedOutputTwice() async throws {
        var ran = 0, refused = 0
        try await seededPropertyCheck(count: 120, input: RandomScenario.generator) { random in
            let scenario: Scenario
            let run: ScenarioRun
            let fixed = FixedAdvanceMeasurer()
            do {
                scenario = try ScenarioParser.parse(random.text, file: "random.yaml", defaultName: "random")
                run = random.realFonts ? try ScenarioRunner.run(scenario) : try ScenarioRunner.run(scenario, measuring: fixed)
            } catch {
                // A few random files break a rule the model does not know (a ratio row under
                // 1 pt after a resize): counted, and bounded below.
                refused += 1
                return
            }
            ran += 1
            // The JSON form is read from the first output only (the second is compared with the
            // first through its SVGs, trace text and frames), so it is built once.
            func output(_ measuring: some TextMeasuring, json: Bool) throws -> (svgs: [String], trace: String, json: JSON?, frames: [JSON])
            {
                var frames: [JSON] = []
                _ = try ScenarioRunner.run(
                    scenario, measuring: measuring,
                    frames: { number, state in
                        let sample = FrameSample(number: number, fps: scenario.fps, state: state, look: scenario.look, measuring: measuring)
                        if json {
                            // A frame's numbers skip the pages' layout; they are the whole layout's.
                            let layout = StageLayout(state, look: scenario.look, measuring: measuring)
                            #expect(sample.headerHeight == layout.header.height, "frame \(number):\n\(random)")
                            #expect(sample.collapseProgress == layout.header.collapseProgress, "frame \(number):\n\(random)")
                            #expect(sample.tabBarOffsetX == layout.tabBar.offsetX, "frame \(number):\n\(random)")
                        }
                        frames.append(Trace.frameState(sample))
                    })
                return (
                    run.snapshots.map { SVGSnapshot.svg($0.state, look: scenario.look, measuring: measuring) },
                    try Trace.text(scenario, measuring: measuring),
                    json ? try Trace.json(scenario, measuring: measuring) : nil, frames
                )
            }
            let first = try random.realFonts ? output(TextMeasurer.shared, json: true) : output(fixed, json: true)
            let second = try random.realFonts ? output(TextMeasurer.shared, json: false) : output(fixed, json: false)
            #expect(first.svgs == second.svgs, "the same scenario drew different SVG:\n\(random)")
            #expect(first.trace == second.trace, "the same scenario wrote a different trace:\n\(random)")
            #expect(first.frames == second.frames)

            var found: [String] = []
            Self.nonFinite(in: try #require(first.json), path: "trace", into: &found)
            for frame in first.frames { Self.nonFinite(in: frame, path: "frameStates", into: &found) }
            #expect(found.isEmpty, "non-finite numbers \(found.prefix(5)) in:\n\(random)")
            #expect((try? JSONSerialization.jsonObject(with: Data(first.trace.utf8))) != nil, "trace.json is not JSON:\n\(random)")

            for (name, state) in run.snapshots {
                let layout =
                    random.realFonts
                    ? StageLayout(state, look: Look(), measuring: TextMeasurer.shared) : StageLayout(state, look: Look(), measuring: fixed)
                var found: [String] = []
                Self.nonFinite(in: layout, path: name, into: &found)
                Self.nonFinite(in: state, path: name, into: &found)
                #expect(found.isEmpty, "non-finite numbers \(found.prefix(5)) in snapshot \(name) of:\n\(random)")
                Self.checkBar(layout, state, context: "snapshot \(name) of:\n\(random)")
            }
            for svg in first.svgs {
                #expect(Self.isWellFormedSVG(svg), "an SVG is not well-formed XML:\n\(random)")
            }
        }
        // Most random files run: the property is not vacuous.
        #expect(ran >= 3 * refused, "\(ran) scenarios ran, \(refused) were refused")
    }
}
