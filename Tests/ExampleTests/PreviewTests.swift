import Foundation
import TabStage
import TabStageImageDiff
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// docs/previews/*.png must be what Scripts/previews.sh writes today.
@Suite struct PreviewTests {
    struct Preview: Sendable, CustomTestStringConvertible {
        var name: String
        var example: String
        var snapshot: String
        var testDescription: String { name }
    }

    /// The list as `tabstage previews` reads it (`PreviewList`, the one parser of the format).
    static let previews: [Preview] = {
        let path = "docs/previews/previews.tsv"
        let text = (try? String(contentsOf: Fixtures.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        let entries = (try? PreviewList.parse(text, path: path).entries) ?? []
        return entries.map { entry in
            Preview(name: entry.name, example: entry.scenario, snapshot: entry.variant.map { "\($0)/\(entry.snapshot)" } ?? entry.snapshot)
        }
    }()

    @Test func theGalleryHasTheRequiredStates() {
        #expect(Self.previews.count >= 6)
        let names = Set(Self.previews.map(\.name))
        for required in ["expanded", "collapsed", "stretched", "tab-switch", "landscape-side-header", "ipad-popover"] {
            #expect(names.contains(required), "missing preview \(required)")
        }
    }

    @Test(arguments: previews)
    func previewIsUpToDate(_ preview: Preview) throws {
        // `VARIANT/NAME` is a snapshot of one of the scenario's variants.
        let parts = preview.snapshot.split(separator: "/", maxSplits: 1).map(String.init)
        let scenario = try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent(preview.example).path)
        let variant = try #require(try ScenarioVariants.expand(scenario, only: parts.count == 2 ? parts[0] : nil).first)
        let run = try ScenarioRunner.run(variant)
        let state = try #require(
            run.snapshots.first { $0.name == parts[parts.count - 1] }?.state, "\(preview.example) has no snapshot \(preview.snapshot)")
        // 2 px per point, as Scripts/previews.sh renders them.
        let options = RenderOptions(formats: [.png], scale: 2, deviceFrame: true)
        let actual = try SnapshotRenderer.image(
            svg: SnapshotRenderer.svg(state, look: variant.look, options: options), state: state, look: variant.look, options: options)
        let file = Fixtures.root.appendingPathComponent("docs/previews/\(preview.name).png")
        let stale = "docs/previews/\(preview.name).png is stale: run Scripts/previews.sh and commit the result"
        guard let data = try? Data(contentsOf: file) else {
            Issue.record(Comment(rawValue: stale))
            return
        }
        let expected = try PNGCodec.decode(Array(data))
        let same = expected == actual  // compared first so a failure prints the hint, not the pixels
        #expect(same, Comment(rawValue: stale))
    }
}

/// docs/previews/motion.webp must be what Scripts/previews.sh writes today (same options).
@Suite struct AnimatedPreviewTests {
    @Test func theAnimatedPreviewIsUpToDate() throws {
        let run = try ScenarioRunner.record(
            try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent("Examples/motion.yaml").path),
            measuring: TextMeasurer.shared,
            keepingFrames: true)
        let options = MotionOptions(animateWebP: true, scale: 0.8, quality: 40, deviceFrame: true)
        let actual = try MotionOutputs.webp(run, options: options)
        let stale = "docs/previews/motion.webp is stale: run Scripts/previews.sh and commit the result"
        guard let data = try? Data(contentsOf: Fixtures.root.appendingPathComponent("docs/previews/motion.webp")) else {
            Issue.record(Comment(rawValue: stale))
            return
        }
        let same = Array(data) == actual
        #expect(same, Comment(rawValue: stale))
    }
}
