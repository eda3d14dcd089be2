import Foundation
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

@testable import TabStageCommands

/// Every output of a command reads one recorded run: a scenario is simulated once however many
/// outputs draw it.
@Suite struct SimulateOnceTests {
    /// A temporary folder holding `fling.yaml`, removed by the caller.
    static func folderWithFling() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try flingScenario(fps: 10).write(to: folder.appendingPathComponent("fling.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func runWithFramesAnimationAndPlayerPageSimulatesOnce() throws {
        let folder = try Self.folderWithFling()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let counter = SimulationCounter()
        let command = try Run.parse([
            folder.appendingPathComponent("fling.yaml").path, "--out", out.path, "--frames", "--animate", "webp", "--html",
            "--scale", "1", "--format", "svg",
        ])
        try command.run(counter: counter)
        // Pipeline, warnings, snapshots, frames, trace, animation and player page: one simulation.
        #expect(counter.count == 1)
        let written = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("fling").path)
        #expect(written.contains("fling.webp") && written.contains("index.html") && written.contains("trace.json"))
        // Every frame file the run wrote has its entry in the trace's frameStates (both read the
        // one timeline): the release is the only step with frames.
        let frameFiles = written.filter { $0.hasPrefix("fling-") && $0.hasSuffix(".svg") }
        let trace =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("fling/trace.json"))) as? [String: Any]
        let steps = try #require(trace?["steps"] as? [[String: Any]])
        let frameStates = steps.compactMap { $0["frameStates"] as? [Any] }.reduce(0) { $0 + $1.count }
        #expect(frameFiles.count > 0 && frameStates == frameFiles.count)
    }

    @Test func verifyAndRecordSimulateOnce() throws {
        let folder = try Self.folderWithFling()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("fling.yaml").path, snapshots = folder.appendingPathComponent("refs").path
        let recording = SimulationCounter()
        try Record.parse([scenario, "--snapshots", snapshots]).run(counter: recording)
        #expect(recording.count == 1)
        let verifying = SimulationCounter()
        try Verify.parse([scenario, "--snapshots", snapshots]).run(counter: verifying)
        #expect(verifying.count == 1)
    }

    /// `run` makes trace.json while the steps run and keeps only the snapshot steps' states:
    /// its trace is byte for byte the one made from a recording of every step (`Trace.json`,
    /// the pretty-printed tree, plus a newline). 600 steps of about 2,270 bytes each are about
    /// 1.36 MB, past the spool's 1 MiB in memory, so part of it is read back from its file;
    /// with --frames the release's frames are in it too.
    @Test func runWritesTheTraceAFullRecordingMakesWithoutKeepingItsSteps() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var steps = ["- snapshot: a", "- drag: {dy: 40}", "- release: {velocity: 800}"]
        for index in 0..<596 { steps.append("- scroll: {by: \(index % 2 == 0 ? 1 : -1)}") }
        steps.append("- snapshot: b")
        let path = folder.appendingPathComponent("long.yaml").path
        try Fixtures.yaml(steps: steps).write(toFile: path, atomically: true, encoding: .utf8)
        let cli = CommandLineTests()
        for frames in [false, true] {
            let result = try cli.tabstage(
                ["run", "long.yaml", "--out", "out", "--format", "svg"] + (frames ? ["--frames"] : []), in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let written = try Data(contentsOf: folder.appendingPathComponent("out/long/trace.json"))
            let scenario = try ScenarioLoader.load(path: path)
            let reference = try ScenarioRunner.record(scenario, measuring: TextMeasurer.shared, keepingFrames: frames)
            #expect(reference.timeline.keepsAllSteps)
            var text = ""
            try Trace.stream(reference, frames: frames, measuring: TextMeasurer.shared) { text += $0 }
            #expect(written.count > TextSpool.memoryLimit)
            #expect(written == Data(text.utf8))
            if !frames { #expect(written == Data(((try Trace.json(scenario, measuring: TextMeasurer.shared)).text() + "\n").utf8)) }
        }
    }

    @Test func aRecordedTimelineKeepsEachFrameWithItsStep() throws {
        // steps: scroll {to: 0} (0), snapshot top (1), release (2), snapshot end (3).
        let run = try ScenarioRunner.record(
            try Fixtures.parse(flingScenario(fps: 10)), measuring: TextMeasurer.shared, keepingFrames: true)
        #expect(run.timeline.steps.map(\.index) == [0, 1, 2, 3])
        #expect(run.timeline.frames.count == run.frameCount)
        #expect(run.timeline.frames.map(\.number) == Array(1...run.frameCount))
        #expect(run.timeline.frames.allSatisfy { $0.stepIndex == 2 })
        #expect(run.timeline.frames(ofStep: 2).count == run.frameCount)
        #expect(run.timeline.frames(ofStep: 0).isEmpty && run.timeline.frames(ofStep: 3).isEmpty)
        // Frame n shows n/10 s.
        #expect(
            run.timeline.frames.allSatisfy {
                $0.sample(fps: 10, look: run.scenario.look, measuring: TextMeasurer.shared).time == Double($0.number) / 10
            })
        // The last frame is the state the step ended in.
        #expect(run.timeline.frames.last?.state == run.timeline.steps[2].state)
        // Without keepingFrames only the steps are kept; the frames are still counted.
        let lean = try ScenarioRunner.record(try Fixtures.parse(flingScenario(fps: 10)), measuring: TextMeasurer.shared)
        #expect(lean.timeline.frames.isEmpty && lean.frameCount == run.frameCount && lean.timeline.steps.count == 4)
    }
}
