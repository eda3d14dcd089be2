import Foundation
import ScenarioFormat
import ScrollableTab
import Simulation
import SnapshotWorkflow
import Stage

/// What `run`, `record` and `verify` share: load every scenario and run its model before
/// anything is rendered or written, so bad input never leaves partial output.
enum Pipeline {
    static func loadAndRun(_ paths: [String]) throws(Failure) -> [ScenarioRun] {
        var runs: [ScenarioRun] = []
        var seen: [String: String] = [:]
        for path in paths {
            do {
                let run = try ScenarioRunner.run(try ScenarioLoader.load(path: path))
                if let other = seen[run.scenario.name] {
                    throw Failure.badInput("\(path):1:1: error: scenario name '\(run.scenario.name)' is also used by \(other) (expected unique names: each gets its own output folder)")
                }
                seen[run.scenario.name] = path
                runs.append(run)
            } catch let error as ScenarioError {
                throw Failure.badInput(error.description)
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure.badInput("\(path): error: \(error)")
            }
        }
        return runs
    }

    /// Refuses renders over the pixel limit as bad input, before any file is written. Every
    /// step's state is checked: frames share their step's window.
    static func checkLimits(_ runs: [ScenarioRun], options: RenderOptions) throws(Failure) {
        for run in runs {
            for record in run.records {
                if let problem = options.pixelLimitProblem(record.state) {
                    throw Failure.badInput("\(record.step.location): error: \(problem) (expected a smaller --scale or device)")
                }
            }
        }
    }

    /// Renders every snapshot of every run into `root/<scenario>/`, all or nothing: on any
    /// failure the files written so far are removed. With `frames`, every physics frame is also
    /// written, as `<scenario>-0001.svg/png` and on, streamed from a second run of the (already
    /// validated) model. Rendering runs on `jobs` threads in small batches written in order, so
    /// memory stays flat however many frames there are. Returns the folder of each run.
    @discardableResult
    static func write(
        _ runs: [ScenarioRun], into root: String, options: RenderOptions, trace: Bool, frames: Bool = false, jobs: Int = 1
    ) throws(Failure) -> [String] {
        try checkLimits(runs, options: options)
        var output = BatchedOutput(renderer: ParallelRenderer(jobs: jobs, options: options), formats: options.formats)
        output.progressTotal = frames ? runs.reduce(0) { $0 + $1.frameCount + $1.snapshots.count } : 0
        var folders: [String] = []
        do throws(Failure) {
            for run in runs {
                let folder = (root as NSString).appendingPathComponent(run.scenario.name)
                try io { () throws(WorkflowError) in try output.writer.createDirectory(folder) }
                for (name, state) in run.snapshots {
                    try output.add(state, path: "\(folder)/\(name)")
                }
                if frames {
                    let digits = max(4, String(run.frameCount).count)
                    do {
                        _ = try ScenarioRunner.run(run.scenario) { number, state in
                            let number = String(number)
                            let name = "\(run.scenario.name)-\(String(repeating: "0", count: digits - number.count))\(number)"
                            try output.add(state, path: "\(folder)/\(name)")
                        }
                    } catch let failure as Failure {
                        throw failure
                    } catch {
                        throw Failure.badInput("\(error)")
                    }
                }
                try output.flush()
                if trace {
                    let text = Array(Trace.text(run).utf8)
                    try io { () throws(WorkflowError) in try output.writer.write(text, to: "\(folder)/trace.json") }
                }
                folders.append(folder)
            }
            output.finishProgress()
        } catch {
            output.finishProgress()
            output.writer.rollback()
            throw error
        }
        return folders
    }

    /// Runs workflow code, turning its errors into exit code 3.
    static func io<T>(_ body: () throws(WorkflowError) -> T) throws(Failure) -> T {
        do {
            return try body()
        } catch {
            throw Failure.io("tabstage: error: \(error.message)")
        }
    }
}

/// Collects states to render, renders them a batch at a time on the renderer's threads, and
/// writes the files in the order the states came.
struct BatchedOutput {
    let renderer: ParallelRenderer
    let formats: Set<RenderOptions.Format>
    var writer = AtomicWriter()
    var pending: [(state: StageState, path: String)] = []
    /// Files to render in all; a progress line is drawn on stderr when it is a terminal.
    var progressTotal = 0
    private var done = 0
    private let showsProgress = isatty(STDERR_FILENO) != 0

    init(renderer: ParallelRenderer, formats: Set<RenderOptions.Format>) {
        self.renderer = renderer
        self.formats = formats
    }

    /// A few states per job keeps every thread busy while holding only a handful of images.
    private var batchSize: Int { renderer.jobs * 4 }

    mutating func add(_ state: StageState, path: String) throws(Failure) {
        pending.append((state, path))
        if pending.count >= batchSize { try flush() }
    }

    mutating func flush() throws(Failure) {
        guard !pending.isEmpty else { return }
        let results = renderer.render(pending.map(\.state))
        for ((_, path), result) in zip(pending, results) {
            try Pipeline.io { () throws(WorkflowError) in
                let files = try result.get()
                if formats.contains(.svg) { try writer.write(Array(files.svg.utf8), to: "\(path).svg") }
                if let png = files.png { try writer.write(png, to: "\(path).png") }
            }
        }
        done += pending.count
        pending.removeAll(keepingCapacity: true)
        if showsProgress && progressTotal > 0 {
            let width = 30, filled = min(width, done * width / progressTotal)
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(bar) \(done)/\(progressTotal) files".utf8))
        }
    }

    func finishProgress() {
        if showsProgress && progressTotal > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
