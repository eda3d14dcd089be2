import Foundation
import TabStage
import TabStageImageDiff
import TabStageLayout
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// Every example's snapshots against its references in Snapshots/<scenario>/: the SVG byte
/// for byte, the PNG pixel for pixel. A missing reference fails; nothing is recorded here.
@Suite struct ExampleSnapshotTests {
    static let examples: [String] = {
        let folder = Fixtures.root.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
    }()

    struct Case: CustomTestStringConvertible, Sendable {
        var example: String
        /// The variant, for an example with `variants` (its references are in `<scenario>@<variant>/`).
        var variant: String?
        var snapshot: String
        var testDescription: String { "\(example)\(variant.map { " @ \($0)" } ?? "") / \(snapshot)" }
    }

    /// Every scenario an example runs: itself, or each of its variants.
    static func scenarios(_ example: String, only: String? = nil) throws -> [Scenario] {
        try ScenarioVariants.expand(
            try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent("Examples/\(example)").path), only: only)
    }

    static let cases: [Case] = examples.flatMap { example in
        try! scenarios(example).flatMap { scenario in
            try! ScenarioRunner.run(scenario).snapshots.map { Case(example: example, variant: scenario.variant?.name, snapshot: $0.name) }
        }
    }

    @Test func theBundledExampleIsCovered() {
        #expect(Self.examples.contains("profile.yaml"))
        #expect(Self.cases.filter { $0.example == "profile.yaml" }.count == 6)
    }

    @Test(arguments: cases)
    func matchesReference(_ testCase: Case) throws {
        let run = try ScenarioRunner.run(try #require(try Self.scenarios(testCase.example, only: testCase.variant).first))
        let state = try #require(run.snapshots.first { $0.name == testCase.snapshot }?.state)
        let folder = Fixtures.root.appendingPathComponent("Snapshots/\(run.scenario.name)")
        let hint = "run `swift run tabstage record Examples/\(testCase.example)` if the change is intended"

        let stageLayout = StageLayout(state, look: run.scenario.look, measuring: TextMeasurer.shared)
        let svg = SVGSnapshot.svg(state, look: run.scenario.look, layout: stageLayout)
        // The size checked before drawing is the SVG's own, so no example is refused by it
        // and none could slip past it.
        #expect(SVGSnapshot.sizeEstimate(state, look: run.scenario.look, layout: stageLayout).bytes == svg.utf8.count)
        let svgURL = folder.appendingPathComponent("\(testCase.snapshot).svg")
        guard let expectedSVG = try? String(contentsOf: svgURL, encoding: .utf8) else {
            Issue.record("no reference \(svgURL.path); \(hint)")
            return
        }
        if svg != expectedSVG {
            Issue.record("SVG differs from \(svgURL.path) \(firstDifference(expectedSVG, svg)); \(hint)")
        }

        // The layout reference, byte for byte: every committed reference has one, so verify
        // compares geometry before pixels for every example.
        let layoutURL = folder.appendingPathComponent("\(testCase.snapshot).layout.txt")
        let layout = LayoutReference(state, layout: stageLayout)
        if let expectedLayout = try? String(contentsOf: layoutURL, encoding: .utf8) {
            let moves = LayoutComparison(try LayoutReference.parse(Array(expectedLayout.utf8), path: layoutURL.path), layout)
            #expect(expectedLayout == layout.text, "layout differs from \(layoutURL.path): \(moves.lines); \(hint)")
        } else {
            Issue.record("no layout reference \(layoutURL.path); \(hint)")
        }

        let pngURL = folder.appendingPathComponent("\(testCase.snapshot).png")
        guard let pngData = try? Data(contentsOf: pngURL) else {
            Issue.record("no reference \(pngURL.path); \(hint)")
            return
        }
        let expected = try PNGCodec.decode(Array(pngData))
        let actual = try Rasterizer.render(svg: svg, scale: state.window.traits.displayScale)
        #expect(actual.width == expected.width && actual.height == expected.height, "PNG size differs from \(pngURL.path)")
        if actual != expected {
            let differing = stride(from: 0, to: min(actual.pixels.count, expected.pixels.count), by: 4).filter {
                actual.pixels[$0..<$0 + 4] != expected.pixels[$0..<$0 + 4]
            }.count
            Issue.record("\(differing) pixels differ from \(pngURL.path); \(hint)")
        }
    }

    @Test func noStaleReferences() throws {
        for scenario in try Self.examples.flatMap({ try Self.scenarios($0) }) {
            let run = try ScenarioRunner.run(scenario)
            let folder = Fixtures.root.appendingPathComponent("Snapshots/\(run.scenario.name)")
            let present = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).subtracting([".tabstage-outputs"])
            var expected = Set(run.snapshots.flatMap { ["\($0.name).svg", "\($0.name).png", "\($0.name).layout.txt"] })
            if scenario.hasFrameReferences { expected.insert("frames") }
            #expect(present.subtracting(expected).isEmpty, "references no snapshot produces: \(present.subtracting(expected).sorted())")
        }
    }

    /// `frames: true`: each frame reference in Snapshots/<scenario>/frames/ matches (the SVG
    /// byte for byte, the PNG pixel for pixel), and no other frame file is there.
    @Test func frameReferencesMatch() throws {
        for scenario in try Self.examples.flatMap({ try Self.scenarios($0) }) where scenario.hasFrameReferences {
            let run = try ScenarioRunner.record(scenario, measuring: TextMeasurer.shared, keepingFrames: true)
            let folder = Fixtures.root.appendingPathComponent("Snapshots/\(run.scenario.name)/frames")
            let frames = run.timeline.frames.filter { scenario.framesAreReferences || scenario.steps[$0.stepIndex].framesAreReferences }
            #expect(!frames.isEmpty)
            var names: Set<String> = []
            for frame in frames {
                let number = String(frame.number)
                let name = String(repeating: "0", count: max(0, max(4, String(run.frameCount).count) - number.count)) + number
                names.formUnion(["\(name).svg", "\(name).png"])
                let svg = SVGSnapshot.svg(frame.state, look: run.scenario.look, measuring: TextMeasurer.shared)
                let svgURL = folder.appendingPathComponent("\(name).svg")
                let expectedSVG = try String(contentsOf: svgURL, encoding: .utf8)
                #expect(svg == expectedSVG, "SVG differs from \(svgURL.path) \(firstDifference(expectedSVG, svg))")
                let expected = try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent("\(name).png"))))
                let actual = try Rasterizer.render(svg: svg, scale: frame.state.window.traits.displayScale)
                #expect(actual.pixels == expected.pixels, "frame \(name)'s PNG differs")
            }
            let present = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            #expect(present == names, "stale or missing frame references: \(present.symmetricDifference(names).sorted())")
        }
    }
}

/// "at line N: expected `…`, got `…`" for the first line that differs.
func firstDifference(_ expected: String, _ actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(a.count, b.count) where (i < a.count ? a[i] : nil) != (i < b.count ? b[i] : nil) {
        return "at line \(i + 1): expected `\(i < a.count ? a[i] : "<end>")`, got `\(i < b.count ? b[i] : "<end>")`"
    }
    return "(same lines)"
}
