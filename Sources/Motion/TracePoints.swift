import Foundation
import Simulation

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

    private struct File: Decodable {
        var scenario: String
        var steps: [Step]
    }

    private struct Step: Decodable {
        /// Whether the step has a `frames` key: a step that runs in frames.
        var runsInFrames: Bool
        var frameStates: [Frame]?

        enum Keys: String, CodingKey { case frames, frameStates }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            runsInFrames = container.contains(.frames)
            frameStates = try container.decodeIfPresent([Frame].self, forKey: .frameStates)
        }
    }

    private struct Frame: Decodable {
        var time: Double
        var contentOffsetY: Double
        var headerHeight: Double
        var velocity: Double
    }

    /// The scenario's name and every physics frame's point, in order.
    package static func read(_ data: Data) throws(Problem) -> (scenario: String, points: [PlotPoint]) {
        guard data.count <= maxBytes else {
            throw Problem(
                message:
                    "the trace is \(data.count) bytes, over the limit of \(maxBytes) (expected a trace.json written by tabstage run --frames)"
            )
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw Problem(message: describe(error))
        } catch {
            throw Problem(message: "not a JSON object (expected a trace.json written by tabstage run --frames)")
        }
        var points: [PlotPoint] = []
        var sawPhysics = false
        var previous = -1.0
        for (index, step) in file.steps.enumerated() where step.runsInFrames {
            sawPhysics = true
            guard let frames = step.frameStates else {
                throw Problem(message: "step \(index) has no frameStates (expected a trace written with --frames)")
            }
            guard points.count + frames.count <= maxFrames else {
                throw Problem(
                    message:
                        "step \(index) takes the trace to \(points.count + frames.count) frames, over the limit of \(maxFrames) (expected at most the \(maxFrames) frames one run can produce)"
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
        guard sawPhysics else {
            throw Problem(
                message:
                    "the trace has no steps that run in frames, so there is no motion to plot (expected a scenario with drag, release, wait or animated scroll steps, run with tabstage run --frames)"
            )
        }
        return (file.scenario, points)
    }

    /// A bound as a person writes it: whole numbers without ".0".
    private static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// Where the decoder stopped, as steps and frames, and what it wanted there.
    private static func describe(_ error: DecodingError) -> String {
        let (context, what): (DecodingError.Context, String)
        switch error {
        case .keyNotFound(let key, let found): (context, what) = (found, "\"\(key.stringValue)\" is missing")
        case .typeMismatch(_, let found): (context, what) = (found, "has the wrong type")
        case .valueNotFound(_, let found): (context, what) = (found, "is null")
        case .dataCorrupted(let found): (context, what) = (found, "is not valid JSON")
        @unknown default: return "not a trace (expected a trace.json written by tabstage run --frames)"
        }
        var place: [String] = []
        var path = context.codingPath.makeIterator()
        while let key = path.next() {
            switch key.stringValue {
            case "steps": if let step = path.next()?.intValue { place.append("step \(step)") }
            case "frameStates": if let frame = path.next()?.intValue { place.append("frame \(frame)") }
            default: place.append("\"\(key.stringValue)\"")
            }
        }
        if case .keyNotFound = error, place.isEmpty {
            return "no \"scenario\" and \"steps\" (expected a trace.json written by tabstage run --frames)"
        }
        if case .dataCorrupted = error, place.isEmpty {
            return "not a JSON object (expected a trace.json written by tabstage run --frames)"
        }
        let at = place.isEmpty ? "the trace" : place.joined(separator: ", ")
        return
            "\(at): \(what) (expected a trace.json written by tabstage run --frames, with numbers for time, contentOffsetY, headerHeight and velocity)"
    }
}
