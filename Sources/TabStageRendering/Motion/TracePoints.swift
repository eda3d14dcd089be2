import Foundation
import TabStageScenario

/// Reading a `trace.json` written with `--frames` back into chart points, checked like a
/// scenario: only what `tabstage run` can write is accepted, so a chart's cost is bounded.
package enum TracePoints {
    package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        package var message: String
        package init(message: String) { self.message = message }
        package var description: String { message }
    }

    /// The largest trace read: the most `trace.json` can take (`Trace.maxBytes`).
    package static let maxBytes = Trace.maxBytes
    /// Physics frames a trace may hold: what one run can produce.
    package static let maxFrames = ScenarioRunner.maxFramesPerRun
    /// A frame's time, in simulated seconds: from 0 to 100,000 frames at 1 fps.
    package static let maxTime = Double(ScenarioRunner.maxFramesPerRun)
    /// Offsets and header heights, in points: far beyond 1,000,000 rows of 4,096 pt.
    package static let maxPoints = 1e10
    /// Velocities, in points per second: far beyond a 409,600 pt drag in one frame at 240 fps.
    package static let maxVelocity = 1e9

    /// The scenario's name and every physics frame's point, in order.
    package static func read(_ data: Data) throws(Problem) -> (scenario: String, points: [PlotPoint]) {
        guard data.count <= maxBytes else {
            throw Problem(
                message:
                    "the trace is \(data.count) bytes, over the limit of \(maxBytes) (expected a trace.json written by tabstage run --frames)"
            )
        }
        return try read(TraceBytes(data))
    }

    /// `read`, streaming the trace from `descriptor` a chunk at a time: what is kept is the
    /// points (32 bytes a frame, at most `maxFrames`) and the scenario's name, never the file.
    package static func read(descriptor: Int32) throws(Problem) -> (scenario: String, points: [PlotPoint]) {
        let read = try readCounting(descriptor: descriptor)
        return (read.scenario, read.points)
    }

    /// `read(descriptor:)`, with the bytes read and the most of them held at once.
    package static func readCounting(descriptor: Int32, chunkSize: Int = 1 << 20) throws(Problem) -> (
        scenario: String, points: [PlotPoint], bytesRead: Int, largestChunk: Int
    ) {
        let chunks = TraceBytes.Chunks(descriptor: descriptor, limit: maxBytes, chunkSize: chunkSize)
        let (scenario, points) = try read(TraceBytes(chunks))
        return (scenario, points, chunks.total, chunks.largest)
    }

    /// Characters of the scenario's name kept for the chart's title (a name is at most 128).
    static let maxNameCharacters = 1000

    private static let expectedTrace = "expected a trace.json written by tabstage run --frames"
    private static let expectedNumbers =
        "expected a trace.json written by tabstage run --frames, with numbers for time, contentOffsetY, headerHeight and velocity"

    private static func read(_ bytes: TraceBytes) throws(Problem) -> (scenario: String, points: [PlotPoint]) {
        var json = JSONPull(bytes: bytes)
        do {
            return try readFile(&json)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(message: "not a JSON object (\(expectedTrace))")
        }
    }

    /// `what` at `place` in the decoder's words: has the wrong type, is null.
    private static func wrong(_ json: inout JSONPull, _ place: String) throws -> Problem {
        let what = try json.null() ? "is null" : "has the wrong type"
        return Problem(message: "\(place): \(what) (\(expectedNumbers))")
    }

    private static func readFile(_ json: inout JSONPull) throws -> (scenario: String, points: [PlotPoint]) {
        guard try json.kind() == .object else { throw try wrong(&json, "the trace") }
        try json.beginObject()
        var scenario: String?
        var sawSteps = false
        var points: [PlotPoint] = []
        var sawPhysics = false
        var previous = -1.0
        var first = true
        while let key = try json.nextKey(first: &first) {
            switch key {
            case "scenario":
                guard try json.kind() == .string else { throw try wrong(&json, "\"scenario\"") }
                scenario = try json.string(keep: maxNameCharacters)
            case "steps":
                guard try json.kind() == .array else { throw try wrong(&json, "\"steps\"") }
                sawSteps = true
                try json.beginArray()
                var firstStep = true
                var index = 0
                while try json.nextElement(first: &firstStep) {
                    try readStep(&json, index: index, points: &points, sawPhysics: &sawPhysics, previous: &previous)
                    index += 1
                }
            default: try json.skip()
            }
        }
        try json.end()
        guard let scenario, sawSteps else { throw Problem(message: "no \"scenario\" and \"steps\" (\(expectedTrace))") }
        guard sawPhysics else {
            throw Problem(
                message:
                    "the trace has no steps that run in frames, so there is no motion to plot (expected a scenario with drag, release, wait or animated scroll steps, run with tabstage run --frames)"
            )
        }
        return (scenario, points)
    }

    /// One step: its frames kept (as many as the trace may still hold, the rest only counted)
    /// and checked once the step is read, since `frames` may follow `frameStates`.
    private static func readStep(
        _ json: inout JSONPull, index: Int, points: inout [PlotPoint], sawPhysics: inout Bool, previous: inout Double
    ) throws {
        guard try json.kind() == .object else { throw try wrong(&json, "step \(index)") }
        try json.beginObject()
        var runsInFrames = false
        var sawFrameStates = false
        var frames: [PlotPoint] = []
        var count = 0
        var first = true
        while let key = try json.nextKey(first: &first) {
            switch key {
            case "frames":
                runsInFrames = true
                try json.skip()
            case "frameStates":
                if try json.null() { continue }
                guard try json.kind() == .array else { throw try wrong(&json, "step \(index)") }
                sawFrameStates = true
                try json.beginArray()
                var firstFrame = true
                while try json.nextElement(first: &firstFrame) {
                    let frame = try readFrame(&json, place: "step \(index), frame \(count)")
                    if points.count + count < maxFrames { frames.append(frame) }
                    count += 1
                }
            default: try json.skip()
            }
        }
        guard runsInFrames else { return }
        sawPhysics = true
        guard sawFrameStates else {
            throw Problem(message: "step \(index) has no frameStates (expected a trace written with --frames)")
        }
        guard points.count + count <= maxFrames else {
            throw Problem(
                message:
                    "step \(index) takes the trace to \(points.count + count) frames, over the limit of \(maxFrames) (expected at most the \(maxFrames) frames one run can produce)"
            )
        }
        for (number, frame) in frames.enumerated() {
            func checked(_ value: Double, _ key: String, _ range: ClosedRange<Double>, _ unit: String) throws(Problem) -> Double {
                guard range.contains(value) else {
                    throw Problem(
                        message:
                            "step \(index), frame \(number): \"\(key)\" is \(value), out of range (expected \(unit) from \(shown(range.lowerBound)) to \(shown(range.upperBound)))"
                    )
                }
                return value
            }
            let time = try checked(frame.time, "time", 0...maxTime, "simulated seconds")
            guard time > previous else {
                throw Problem(
                    message:
                        "step \(index), frame \(number): \"time\" is \(time), not after the frame before it at \(previous) (expected times that increase frame by frame)"
                )
            }
            previous = time
            points.append(
                PlotPoint(
                    time: time, contentOffsetY: try checked(frame.contentOffsetY, "contentOffsetY", -maxPoints...maxPoints, "points"),
                    headerHeight: try checked(frame.headerHeight, "headerHeight", -maxPoints...maxPoints, "points"),
                    velocity: try checked(frame.velocity, "velocity", -maxVelocity...maxVelocity, "points per second")))
        }
    }

    /// One frame's four numbers, in any order, other keys skipped.
    private static func readFrame(_ json: inout JSONPull, place: String) throws -> PlotPoint {
        guard try json.kind() == .object else { throw try wrong(&json, place) }
        try json.beginObject()
        var values: [Double?] = [nil, nil, nil, nil]
        var first = true
        while let key = try json.nextKey(first: &first) {
            guard let slot = frameKeys.firstIndex(of: key) else {
                try json.skip()
                continue
            }
            guard try json.kind() == .number else { throw try wrong(&json, "\(place), \"\(key)\"") }
            values[slot] = try json.number()
        }
        for (slot, key) in frameKeys.enumerated() where values[slot] == nil {
            throw Problem(message: "\(place): \"\(key)\" is missing (\(expectedNumbers))")
        }
        return PlotPoint(time: values[0]!, contentOffsetY: values[1]!, headerHeight: values[2]!, velocity: values[3]!)
    }

    /// The keys of a frame the chart reads, in `PlotPoint`'s order.
    private static let frameKeys = ["time", "contentOffsetY", "headerHeight", "velocity"]

    /// A bound as a person writes it: whole numbers without ".0".
    private static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
