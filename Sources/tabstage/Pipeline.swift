import Foundation
import Scenario
import ScrollableTab
import SnapshotWorkflow

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

    /// Renders every snapshot of every run into `root/<scenario>/`, all or nothing: on any
    /// failure the files written so far are removed. With `frames`, every physics frame is also
    /// written, as `<scenario>-0001.svg/png` and on, streamed from a second run of the (already
    /// validated) model. Returns the folder of each run.
    @discardableResult
    static func write(
        _ runs: [ScenarioRun], into root: String, options: RenderOptions, trace: Bool, frames: Bool = false
    ) throws(Failure) -> [String] {
        var writer = AtomicWriter()
        var folders: [String] = []
        do throws(Failure) {
            for run in runs {
                let folder = (root as NSString).appendingPathComponent(run.scenario.name)
                try io { () throws(WorkflowError) in try writer.createDirectory(folder) }
                for (name, state) in run.snapshots {
                    try write(state, named: name, in: folder, options: options, writer: &writer)
                }
                if frames {
                    let digits = max(4, String(run.frameCount).count)
                    do {
                        _ = try ScenarioRunner.run(run.scenario) { number, state in
                            let number = String(number)
                            let name = "\(run.scenario.name)-\(String(repeating: "0", count: digits - number.count))\(number)"
                            try write(state, named: name, in: folder, options: options, writer: &writer)
                        }
                    } catch let failure as Failure {
                        throw failure
                    } catch {
                        throw Failure.badInput("\(error)")
                    }
                }
                if trace {
                    let text = Array(Trace.text(run).utf8)
                    try io { () throws(WorkflowError) in try writer.write(text, to: "\(folder)/trace.json") }
                }
                folders.append(folder)
            }
        } catch {
            writer.rollback()
            throw error
        }
        return folders
    }

    private static func write(
        _ state: StageState, named name: String, in folder: String, options: RenderOptions, writer: inout AtomicWriter
    ) throws(Failure) {
        try io { () throws(WorkflowError) in
            let files = try SnapshotRenderer.render(state, options: options)
            if options.formats.contains(.svg) { try writer.write(Array(files.svg.utf8), to: "\(folder)/\(name).svg") }
            if let png = files.png { try writer.write(png, to: "\(folder)/\(name).png") }
        }
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
