import ArgumentParser
import Foundation
import ScenarioFormat
import SnapshotWorkflow

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenarios and write each snapshot as SVG and PNG, plus trace.json.",
        discussion: "Each scenario writes into OUT/<scenario name>/. Nothing is written when any scenario is invalid.")

    @Argument(help: "Scenario files (.yaml, .yml or .json).")
    var scenarios: [String]

    @Option(name: .long, help: "Output folder.")
    var out: String = "out"

    @Option(name: .long, help: "Formats to write, comma-separated: svg, png.")
    var format: String = "svg,png"

    // `.unconditional` options take a following negative number as their value, to refuse it
    // with a reason instead of ArgumentParser's "Missing value".
    @Option(name: .long, parsing: .unconditional, help: "Pixels per point for PNGs, from 0.1 to 4 (default: the device's display scale).")
    var scale: Double?

    @Flag(name: .long, help: "Draw the device around the window, with iPad multitasking windows where they sit on the screen.")
    var deviceFrame = false

    @Option(name: .long, parsing: .unconditional, help: "Render on this many threads, 1 to 64 (default: the number of cores). Output does not depend on it.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .long, help: "Exit 1 when a snapshot has layout warnings (truncated text, overlaps, content outside the safe area).")
    var strict = false

    @Flag(name: .long, help: "Also write every physics frame (drag, release) as <scenario>-0001.svg/png and on.")
    var frames = false

    func validate() throws {
        if scenarios.isEmpty { throw ValidationError("give at least one scenario file") }
        _ = try formats()
        if !(1...64).contains(jobs) { throw ValidationError("--jobs must be from 1 to 64 (a number of threads), got \(jobs)") }
        if let scale, !(scale >= ScenarioLimits.minScale && scale <= ScenarioLimits.maxScale) {
            throw ValidationError("--scale must be from \(ScenarioLimits.minScale) to \(Int(ScenarioLimits.maxScale)) (pixels per point), got \(scale)")
        }
    }

    func formats() throws -> Set<RenderOptions.Format> {
        var result = Set<RenderOptions.Format>()
        for word in format.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = RenderOptions.Format(rawValue: name) else {
                throw ValidationError("--format takes svg and png, comma-separated; '\(quoted(name))' is not one of them")
            }
            result.insert(format)
        }
        return result
    }

    func run() throws {
        try Pipeline.checkPath(out, option: "--out")
        let runs = try Pipeline.loadAndRun(scenarios)
        let options = RenderOptions(formats: try formats(), scale: scale, deviceFrame: deviceFrame, png: .fast)
        let folders = try Pipeline.write(runs, into: out, label: "--out", options: options, trace: true, frames: frames, jobs: jobs)
        for (run, folder) in zip(runs, folders) {
            let frameText = frames ? ", \(run.frameCount) frame(s)" : ""
            print("\(run.scenario.name): \(run.snapshots.count) snapshot(s)\(frameText), \(run.stepCount) step(s) -> \(folder)")
        }
        try Pipeline.failOnWarnings(try Pipeline.reportWarnings(runs), strict: strict)
    }
}
