import ArgumentParser
import Foundation
import TabStageRendering
import TabStageWorkflow

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Chart a trace's motion: content offset, header height and velocity over time.",
        discussion: "TRACE is a trace.json written by 'tabstage run --frames'. The chart is SVG or PNG, by --out's extension.")

    @Argument(help: "A trace.json written with --frames.")
    var trace: String

    @Option(name: .long, help: "The chart file: .svg or .png.")
    var out: String

    @Option(
        name: .long, parsing: .unconditional, help: "Pixels per point for a PNG, from 0.1 to 4 (default: 2).", transform: PixelScale.parse)
    var scale: Double = 2

    /// The largest trace read: the most `tabstage run` writes (`Trace.maxBytes`).
    static let maxTraceBytes = TracePoints.maxBytes

    func validate() throws {
        let ext = (out as NSString).pathExtension.lowercased()
        if ext != "svg" && ext != "png" { throw ValidationError("--out must end in .svg or .png, got '\(out)'") }
        if !(scale >= 0.1 && scale <= 4) { throw ValidationError("--scale must be from 0.1 to 4 (pixels per point), got \(scale)") }
    }

    func run() throws {
        try Pipeline.checkPath(out, option: "--out")
        try Pipeline.checkSingleFile(out, option: "--out", expected: "a new or existing .svg or .png file path")
        let descriptor: Int32
        do {
            let url = URL(fileURLWithPath: Console.current.resolve(trace))
            let size = try url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            guard size.isRegularFile == true else { throw Failure.badInput("\(trace): error: not a regular file (expected a trace.json)") }
            guard (size.fileSize ?? 0) <= Self.maxTraceBytes else {
                throw Failure.badInput(
                    "\(trace): error: the trace is \(size.fileSize ?? 0) bytes, over the limit of \(Self.maxTraceBytes) (expected a trace.json written by tabstage run --frames, at most \(Self.maxTraceBytes) bytes)"
                )
            }
            descriptor = open(Console.current.resolve(trace), O_RDONLY)
            guard descriptor >= 0 else { throw Failure.badInput("\(trace): error: cannot read the file (expected a readable trace.json)") }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.badInput("\(trace): error: cannot read the file (expected a readable trace.json)")
        }
        defer { close(descriptor) }
        // Streamed: the points are kept, never the file (a 100 MB trace decoded whole peaked
        // near 576 MB).
        let parsed: (scenario: String, points: [PlotPoint])
        do {
            parsed = try TracePoints.read(descriptor: descriptor)
        } catch {
            throw Failure.badInput("\(trace): error: \(error.message)")
        }
        let svg = MotionPlot.svg(parsed.points, title: "\(parsed.scenario): motion over simulated time")
        let bytes: [UInt8]
        if (out as NSString).pathExtension.lowercased() == "png" {
            do {
                bytes = try Rasterizer.renderPNG(svg: svg, scale: scale)
            } catch {
                throw Failure.io("tabstage: error: \(out): \(error.message)")
            }
        } else {
            bytes = Array(svg.utf8)
        }
        var writer = AtomicWriter()
        try Pipeline.io { () throws(WorkflowError) in try writer.write(bytes, to: out) }
        writer.finish()
        printLine("\(parsed.scenario): \(parsed.points.count) frame(s) -> \(out)")
    }
}
