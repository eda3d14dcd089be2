import Foundation
import Raster
import SVGSnapshot
import Scenario
import ScrollableTab

/// What `run` and `record` share: load every scenario and run its model before anything is
/// rendered or written, so bad input never leaves partial output.
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
    /// failure the files written so far are removed. Returns the folder of each run.
    @discardableResult
    /// With `frames`, every physics frame is also written, as `<scenario>-0001.svg/png` and
    /// on, streamed from a second run of the (already validated) model.
    static func write(
        _ runs: [ScenarioRun], into root: String, options: RenderOptions, trace: Bool, frames: Bool = false
    ) throws(Failure) -> [String] {
        var writer = OutputWriter()
        var folders: [String] = []
        do throws(Failure) {
            for run in runs {
                let folder = (root as NSString).appendingPathComponent(run.scenario.name)
                try writer.createDirectory(folder)
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
                if trace { try writer.write(Array(Trace.text(run).utf8), to: "\(folder)/trace.json") }
                folders.append(folder)
            }
        } catch {
            writer.rollback()
            throw error
        }
        return folders
    }

    private static func write(
        _ state: StageState, named name: String, in folder: String, options: RenderOptions, writer: inout OutputWriter
    ) throws(Failure) {
        let files = try render(state, options: options)
        if options.formats.contains(.svg) { try writer.write(Array(files.svg.utf8), to: "\(folder)/\(name).svg") }
        if let png = files.png { try writer.write(png, to: "\(folder)/\(name).png") }
    }

    enum Format: String, CaseIterable {
        case svg, png
    }

    /// How snapshots become files.
    struct RenderOptions {
        var formats: Set<Format> = [.svg, .png]
        /// Pixels per point; nil means the device's display scale.
        var scale: Double?
        /// Draw the whole device around the window (documentation previews).
        var deviceFrame = false
    }

    /// One snapshot's files, rendered in memory.
    static func render(_ state: StageState, options: RenderOptions) throws(Failure) -> (svg: String, png: [UInt8]?) {
        let svg = SVGSnapshot.svg(state, deviceFrame: options.deviceFrame)
        guard options.formats.contains(.png) else { return (svg, nil) }
        do {
            let image = try Rasterizer.render(svg: svg, scale: options.scale ?? state.window.traits.displayScale)
            return (svg, try PNGCodec.encode(image))
        } catch {
            throw Failure.io("tabstage: error: \(error)")
        }
    }
}

/// Writes files under a temporary name and renames them into place, so a crash or a kill
/// never leaves a truncated file; `rollback` removes what this run wrote.
struct OutputWriter {
    private(set) var written: [String] = []

    mutating func createDirectory(_ path: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw Failure.io("tabstage: error: cannot create folder \(path): \(error.localizedDescription)")
        }
    }

    mutating func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
        let temporary = (path as NSString).deletingLastPathComponent + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure.io("tabstage: error: cannot write \(path): \(error.localizedDescription)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure.io("tabstage: error: cannot write \(path): \(reason)")
        }
        written.append(path)
    }

    func rollback() {
        for path in written { try? FileManager.default.removeItem(atPath: path) }
    }
}
