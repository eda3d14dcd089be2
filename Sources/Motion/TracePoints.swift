import Foundation

/// Reading a `trace.json` written with `--frames` back into chart points.
package enum TracePoints {
    package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        package var message: String
        package init(message: String) { self.message = message }
        package var description: String { message }
    }

    /// The scenario's name and every physics frame's point, in order.
    package static func read(_ data: Data) throws(Problem) -> (scenario: String, points: [PlotPoint]) {
        guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Problem(message: "not a JSON object (expected a trace.json written by tabstage run --frames)")
        }
        guard let scenario = top["scenario"] as? String, let steps = top["steps"] as? [[String: Any]] else {
            throw Problem(message: "no \"scenario\" and \"steps\" (expected a trace.json written by tabstage run --frames)")
        }
        var points: [PlotPoint] = []
        var sawPhysics = false
        for (index, step) in steps.enumerated() {
            guard step["frames"] != nil else { continue }
            sawPhysics = true
            guard let frames = step["frameStates"] as? [[String: Any]] else {
                throw Problem(message: "step \(index) has no frameStates (expected a trace written with --frames)")
            }
            for (number, frame) in frames.enumerated() {
                func value(_ key: String) throws(Problem) -> Double {
                    guard let value = frame[key] as? Double, value.isFinite else {
                        throw Problem(message: "step \(index), frame \(number): \"\(key)\" is missing or not a number")
                    }
                    return value
                }
                points.append(
                    PlotPoint(
                        time: try value("time"), contentOffsetY: try value("contentOffsetY"),
                        headerHeight: try value("headerHeight"), velocity: try value("velocity")))
            }
        }
        guard sawPhysics else {
            throw Problem(
                message:
                    "the trace has no steps that run in frames, so there is no motion to plot (expected a scenario with drag, release, wait or animated scroll steps, run with tabstage run --frames)"
            )
        }
        return (scenario, points)
    }
}
