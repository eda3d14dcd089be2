import Foundation
import ImageDiff
import Raster
import SVGSnapshot
import ScenarioFormat
import Simulation
import TabStageTestSupport
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
        var snapshot: String
        var testDescription: String { "\(example) / \(snapshot)" }
    }

    static let cases: [Case] = examples.flatMap { example in
        let run = try! ScenarioRunner.run(try! ScenarioLoader.load(path: Fixtures.root.appendingPathComponent("Examples/\(example)").path))
        return run.snapshots.map { Case(example: example, snapshot: $0.name) }
    }

    @Test func theBundledExampleIsCovered() {
        #expect(Self.examples.contains("profile.yaml"))
        #expect(Self.cases.filter { $0.example == "profile.yaml" }.count == 6)
    }

    @Test(arguments: cases)
    func matchesReference(_ testCase: Case) throws {
        let path = Fixtures.root.appendingPathComponent("Examples/\(testCase.example)").path
        let run = try ScenarioRunner.run(try ScenarioLoader.load(path: path))
        let state = try #require(run.snapshots.first { $0.name == testCase.snapshot }?.state)
        let folder = Fixtures.root.appendingPathComponent("Snapshots/\(run.scenario.name)")
        let hint = "run `swift run tabstage record Examples/\(testCase.example)` if the change is intended"

        let svg = SVGSnapshot.svg(state, measuring: TextMeasurer.shared)
        let svgURL = folder.appendingPathComponent("\(testCase.snapshot).svg")
        guard let expectedSVG = try? String(contentsOf: svgURL, encoding: .utf8) else {
            Issue.record("no reference \(svgURL.path); \(hint)")
            return
        }
        if svg != expectedSVG {
            Issue.record("SVG differs from \(svgURL.path) \(firstDifference(expectedSVG, svg)); \(hint)")
        }

        let pngURL = folder.appendingPathComponent("\(testCase.snapshot).png")
        guard let pngData = try? Data(contentsOf: pngURL) else {
            Issue.record("no reference \(pngURL.path); \(hint)")
            return
        }
        let expected = try PNGCodec.decode(Array(pngData))
        let actual = try Rasterizer.render(svg: svg, scale: state.window.traits.displayScale)
        #expect(actual.width == expected.width && actual.height == expected.height, "PNG size differs from \(pngURL.path)")
        if actual.pixels != expected.pixels {
            let differing = stride(from: 0, to: min(actual.pixels.count, expected.pixels.count), by: 4).filter {
                actual.pixels[$0..<$0 + 4] != expected.pixels[$0..<$0 + 4]
            }.count
            Issue.record("\(differing) pixels differ from \(pngURL.path); \(hint)")
        }
    }

    @Test func noStaleReferences() throws {
        for example in Self.examples {
            let run = try ScenarioRunner.run(
                try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent("Examples/\(example)").path))
            let folder = Fixtures.root.appendingPathComponent("Snapshots/\(run.scenario.name)")
            let present = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).subtracting([".tabstage-outputs"])
            let expected = Set(run.snapshots.flatMap { ["\($0.name).svg", "\($0.name).png"] })
            #expect(present.subtracting(expected).isEmpty, "references no snapshot produces: \(present.subtracting(expected).sorted())")
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
