import ArgumentParser
import Foundation
import TabStageScenario
import TabStageWorkflow

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenarios and write each snapshot as SVG and PNG, plus trace.json.",
        discussion: "Each scenario writes into OUT/<scenario name>/. Nothing is written when any scenario is invalid.")

    @Argument(help: "Scenario files (.yaml, .yml or .json).", completion: .file(extensions: ScenarioFiles.extensions))
    var scenarios: [String]

    @Option(name: .long, help: "Output folder.", completion: .directory)
    var out: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write only PNGs named for a DocC catalog into this folder: <scenario>-<snapshot>@2x.png (the scale's), and ~dark@2x.png for a light variant's dark twin.",
            valueName: "folder"),
        completion: .directory)
    var docc: String?

    @Option(
        name: .long, help: "Formats to write: svg, png; repeat the option or separate them with commas (default: svg,png).",
        completion: .list(["svg,png", "svg", "png"]))
    var format: [String] = []

    // `.unconditional` options take a following negative number as their value, to refuse it
    // with a reason instead of ArgumentParser's "Missing value".
    @Option(
        name: .long, parsing: .unconditional,
        help: "Pixels per point for PNGs, from 0.1 to 4, such as 2 or 3x (default: the device's display scale).",
        transform: PixelScale.parse)
    var scale: Double?

    @Flag(name: .long, help: "Draw the device around the window, with iPad multitasking windows where they sit on the screen.")
    var deviceFrame = false

    @OptionGroup var variantOption: VariantOption

    @OptionGroup var jobs: JobsOption

    @OptionGroup var strictOption: StrictOption
    var strict: Bool { strictOption.strict }

    @Flag(name: .long, help: "Also write every frame of drag, release, animated and wait steps as <scenario>-0001.svg/png and on.")
    var frames = false

    @Option(name: .long, help: "Also write an animation of the run's motion: webp writes OUT/<scenario>/<scenario>.webp.")
    var animate: AnimationFormat?

    @Option(name: .long, parsing: .unconditional, help: "Milliseconds each snapshot is shown in --animate and --html, 1 to 60000.")
    var hold: Int = 600

    @Option(
        name: .long, parsing: .unconditional, help: "Pixels per point of the --animate image, from 0.1 to 4 (default: 1).",
        transform: PixelScale.parse)
    var animateScale: Double = 1

    @Option(name: .long, parsing: .unconditional, help: "Lossy quality of the --animate image, 0 to 100 (default: lossless).")
    var animateQuality: Int?

    @Flag(name: .long, help: "Also write OUT/<scenario>/index.html, an offline player of the run's frames, numbers and charts.")
    var html = false

    @Flag(
        name: .long,
        help:
            "Also write each snapshot's accessibility elements as <snapshot>.accessibility.json and .png, and check them (hit areas, contrast, labels)."
    )
    var accessibility = false

    enum AnimationFormat: String, ExpressibleByArgument, CaseIterable {
        case webp
    }

    func validate() throws {
        if !MotionOptions.holdRange.contains(hold) { throw ValidationError("--hold must be from 1 to 60000 (milliseconds), got \(hold)") }
        if !(animateScale >= ScenarioLimits.minScale && animateScale <= ScenarioLimits.maxScale) {
            throw ValidationError(
                "--animate-scale must be from \(ScenarioLimits.minScale) to \(Int(ScenarioLimits.maxScale)) (pixels per point), got \(animateScale)"
            )
        }
        if let animateQuality, !MotionOptions.qualityRange.contains(animateQuality) {
            throw ValidationError("--animate-quality must be from 0 to 100, got \(animateQuality)")
        }
        if scenarios.isEmpty { throw ValidationError("give at least one scenario file") }
        _ = try formats()
        if docc != nil {
            let others: [(given: Bool, option: String)] = [
                (out != nil, "--out"), (!format.isEmpty, "--format"), (frames, "--frames"), (animate != nil, "--animate"),
                (html, "--html"), (accessibility, "--accessibility"),
            ]
            if let other = others.first(where: \.given) {
                throw ValidationError("--docc writes only the DocC pictures, so \(other.option) cannot be given with it")
            }
            // One variant alone cannot tell whether it has a twin: a dark variant would take
            // its light twin's plain name.
            if variantOption.variant != nil {
                throw ValidationError(
                    "--docc pairs each light variant with its dark twin, so it runs every variant: --variant cannot be given with it")
            }
        }
        if let scale, !(scale >= ScenarioLimits.minScale && scale <= ScenarioLimits.maxScale) {
            throw ValidationError(
                "--scale must be from \(ScenarioLimits.minScale) to \(Int(ScenarioLimits.maxScale)) (pixels per point), got \(scale)")
        }
    }

    func formats() throws -> Set<RenderOptions.Format> {
        var result = Set<RenderOptions.Format>()
        for word in (format.isEmpty ? ["svg,png"] : format).joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = RenderOptions.Format(rawValue: name) else {
                throw ValidationError("--format takes svg and png, repeated or comma-separated; '\(quoted(name))' is not one of them")
            }
            result.insert(format)
        }
        return result
    }

    func run() throws { try run(counter: nil) }

    /// The command, its simulations counted into `counter` (each scenario runs once).
    func run(counter: SimulationCounter?) throws {
        if let docc { return try runDocC(into: docc, counter: counter) }
        let out = self.out ?? "out"
        try Pipeline.checkPath(out, option: "--out")
        let runs = try Pipeline.loadAndRun(
            scenarios, keepingFrames: frames || animate != nil || html, variant: variantOption.variant, counter: counter, trace: true,
            traceFrames: frames)
        let options = RenderOptions(formats: try formats(), scale: scale, deviceFrame: deviceFrame, png: .fast)
        let motion = MotionOptions(
            animateWebP: animate == .webp, page: html, hold: hold, scale: animateScale, quality: animateQuality,
            deviceFrame: deviceFrame)
        let folders = try Pipeline.write(
            runs, into: out, label: "--out", options: options, trace: true, frames: frames,
            jobs: jobs.count, motion: motion, accessibility: accessibility)
        for (run, folder) in zip(runs, folders) {
            var frameText = frames ? ", \(run.frameCount) frame(s)" : ""
            if animate != nil { frameText += ", \(run.scenario.name).webp" }
            if html { frameText += ", index.html" }
            printLine("\(run.scenario.name): \(run.snapshots.count) snapshot(s)\(frameText), \(run.stepCount) step(s) -> \(folder)")
        }
        try Pipeline.failOnWarnings(try Pipeline.reportWarnings(runs, accessibility: accessibility), strict: strict)
    }

    /// `--docc FOLDER`: every snapshot as a PNG named the way DocC finds pictures
    /// (`DocCPictures`), all written at once into the folder, nothing else.
    func runDocC(into folder: String, counter: SimulationCounter?) throws {
        try PictureFolder.check(folder, option: "--docc")
        let runs = try Pipeline.loadAndRun(scenarios, counter: counter)
        let pictures: [DocCPictures.Picture]
        do {
            pictures = try DocCPictures.plan(runs, scale: scale)
        } catch {
            throw Failure.badInput(error)
        }
        var files: [(name: String, bytes: [UInt8])] = []
        for picture in pictures {
            let run = runs[picture.run]
            let state = run.snapshots[picture.snapshot].state
            files.append(
                (
                    picture.file,
                    try PictureFolder.png(state, look: run.scenario.look, scale: Double(picture.scale), deviceFrame: deviceFrame)
                ))
        }
        try PictureFolder.write(files, into: folder, option: "--docc")
        for picture in pictures {
            printLine("\(picture.name)\(picture.dark ? " (dark)" : ""): \((folder as NSString).appendingPathComponent(picture.file))")
        }
        try Pipeline.failOnWarnings(try Pipeline.reportWarnings(runs), strict: strict)
    }
}
