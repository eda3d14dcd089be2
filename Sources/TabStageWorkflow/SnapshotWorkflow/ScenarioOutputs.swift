import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario

/// Writes scenario runs as files, all or nothing: `ROOT/<scenario>/<snapshot>.svg/.png`, with
/// `trace` the trace, with `frames` every physics frame as `<scenario>-0001.svg/.png` and on.
/// What `tabstage run` and `tabstage record` do, for the Swift API as well.
///
/// Each scenario is rendered completely into temporaries before any of its files is renamed
/// into place; a failure anywhere (rendering, a full disk, a later scenario) rolls the whole
/// run back, leaving every folder as it was. A successful run leaves each scenario folder
/// holding exactly this run's output: the previous run's files it did not write again are
/// removed (only those listed in the folder's manifest).
package struct ScenarioOutputs {
    /// Renders a batch of states of one scenario, drawn with its look, results in input order.
    package typealias Render = ([StageState], Look) -> [Result<RenderedSnapshot, WorkflowError>]

    package var root: String
    /// How the root is named in messages, e.g. "--out".
    package var rootLabel: String
    package var options: RenderOptions
    package var trace: Bool
    package var frames: Bool
    package var jobs: Int
    /// Writing references (`tabstage record`): every PNG carries its SVG's digest
    /// (`ReferenceIdentity`), and files the scenario no longer writes stay until `--prune`
    /// removes them, so a change to the references is always visible in review.
    package var references: Bool
    /// The animated WebP and the player page, when asked for.
    package var motion: MotionOptions
    /// Also `NAME.accessibility.json` and `NAME.accessibility.png` for every snapshot; with
    /// `references`, only the JSON (the reference `verify --accessibility` compares).
    package var accessibility = false

    package init(
        root: String, rootLabel: String = "output folder", options: RenderOptions, trace: Bool, frames: Bool = false, jobs: Int = 1,
        references: Bool = false, motion: MotionOptions = MotionOptions()
    ) {
        self.motion = motion
        self.root = root
        self.rootLabel = rootLabel
        self.options = options
        self.trace = trace
        self.frames = frames
        self.jobs = max(1, jobs)
        self.references = references
    }

    /// Files to render in all (snapshots, plus frames when asked), for progress.
    package func fileCount(_ runs: [ScenarioRun]) -> Int {
        runs.reduce(0) {
            $0 + $1.snapshots.count + (frames ? $1.frameCount : 0)
                + (references && $1.scenario.hasFrameReferences ? FrameReferences.frames($1).count : 0)
        }
    }

    /// Refuses, before anything is rendered, outputs that would land on the same file: two
    /// scenarios or two snapshots whose names are equal after Unicode normalization and case
    /// folding, a snapshot named like one of the frames, or like the trace.
    package func checkNames(_ runs: [ScenarioRun]) throws(WorkflowError) {
        var scenarios: [String: ScenarioRun] = [:]
        for run in runs {
            let name = run.scenario.name
            if let other = scenarios[OutputNames.collisionKey(name)] {
                throw WorkflowError(
                    "\(run.scenario.file):1:1: error: scenario name '\(name)' is the same output folder as '\(other.scenario.name)' in \(other.scenario.file) (expected names that differ in more than letter case or Unicode form)",
                    kind: .badInput)
            }
            scenarios[OutputNames.collisionKey(name)] = run
            var taken: [String: ScenarioStep] = [:]
            // With --accessibility, `NAME.accessibility` is NAME's picture, not a snapshot's name.
            var pictureOwners: [String: String] = [:]
            if accessibility {
                for name in run.scenario.steps.compactMap(\.snapshotName) {
                    pictureOwners[OutputNames.collisionKey(name + AccessibilityOutputs.suffix)] = name
                }
            }
            for step in run.scenario.steps {
                guard let snapshot = step.snapshotName else { continue }
                let key = OutputNames.collisionKey(snapshot)
                let location = step.location
                if let other = taken[key], let otherName = other.snapshotName {
                    throw WorkflowError(
                        "\(location): error: snapshot '\(snapshot)' is the same file as snapshot '\(otherName)' at line \(other.location.line) (expected names that differ in more than letter case or Unicode form)",
                        kind: .badInput)
                }
                taken[key] = step
                if let other = pictureOwners[key] {
                    throw WorkflowError(
                        "\(location): error: snapshot '\(snapshot)' is the file of the accessibility picture of snapshot '\(other)' written by --accessibility (expected another name)",
                        kind: .badInput)
                }
                if trace && key == OutputNames.collisionKey("trace") {
                    throw WorkflowError(
                        "\(location): error: snapshot '\(snapshot)' is named like the trace file (expected another name)", kind: .badInput)
                }
                if frames, let frame = OutputNames.collidingFrame(snapshot, scenario: name, frameCount: run.frameCount) {
                    throw WorkflowError(
                        "\(location): error: snapshot '\(snapshot)' is the file of physics frame \(frame) written by --frames (expected another name)",
                        kind: .badInput)
                }
            }
        }
    }

    /// Refuses, before anything is rendered, frames whose pixels together are over
    /// `FrameBudget.maxPixels` (`--frames` as PNG, the animated WebP), at the step that passes it.
    package func checkFrameBudgets(_ runs: [ScenarioRun]) throws(WorkflowError) {
        for run in runs {
            if references, let problem = FrameReferences.budgetProblem(run) {
                throw WorkflowError(problem.description, kind: .badInput)
            }
            if frames, let problem = FrameBudget.framesProblem(run, options: options) {
                throw WorkflowError(problem.description, kind: .badInput)
            }
            if let problem = FrameBudget.animationProblem(run, options: motion) {
                throw WorkflowError(problem.description, kind: .badInput)
            }
        }
    }

    /// Bytes of traces and player pages kept in memory from their check until they are
    /// written, all of a run's scenarios together (the bundled examples' pages take under
    /// 5 MB, their traces under 1 MB); an output past this is counted when checked and made
    /// again when written.
    package static let keptBytes = 32_000_000

    /// Each run's `trace.json` and player page, made and counted before anything is rendered
    /// or written (a trace made while the run's steps streamed by, `ScenarioRun.trace`, was
    /// counted then): a trace over `Trace.maxBytes` or a page over `PlayerPage.maxBytes` is
    /// refused at the step that passes its budget (the page's size is exact,
    /// `PlayerPage.checkSize`). Returns the texts kept to be written as counted (nil when not
    /// asked for, or past `keptBytes`).
    package func checkStreamedOutputs(_ runs: [ScenarioRun]) throws(WorkflowError) -> [(trace: String?, page: String?)] {
        var kept = 0
        var outputs: [(trace: String?, page: String?)] = []
        for run in runs {
            if frames || motion.writesAnything, !run.timeline.keepsFrames {
                throw WorkflowError("\(run.scenario.file): the run was recorded without the frames its outputs draw")
            }
            var trace: String?
            if self.trace, let made = run.trace {
                // Made and counted while the run's steps streamed by; written from its spool.
                precondition(made.frames == frames, "the run's trace was made with other frameStates than asked for")
                if let problem = made.problem { throw WorkflowError("\(problem)", kind: .badInput) }
            } else if self.trace {
                var text: String? = ""
                var bytes = 0
                do {
                    try Trace.stream(run, frames: frames, measuring: TextMeasurer.shared) { piece in
                        bytes += piece.utf8.count
                        if kept + bytes > Self.keptBytes { text = nil } else { text?.append(piece) }
                    }
                } catch {
                    throw WorkflowError("\(error)", kind: .badInput)
                }
                if text != nil { kept += bytes }
                trace = text
            }
            var page: String?
            if motion.page {
                do {
                    let checked = try PlayerPage.checkSize(
                        run, hold: motion.hold, deviceFrame: motion.deviceFrame, measuring: TextMeasurer.shared,
                        keeping: Self.keptBytes - kept)
                    if checked.text != nil { kept += checked.bytes }
                    page = checked.text
                } catch {
                    throw WorkflowError(error.description, kind: .badInput)
                }
            }
            outputs.append((trace, page))
        }
        return outputs
    }

    /// Renders and writes every run through `transaction`, then finishes it; on failure rolls
    /// it back and throws. `render` defaults to a `ParallelRenderer` with `jobs` threads;
    /// `progress` is told (files done, files in all) after each batch. Returns each run's folder.
    /// Every output reads the runs as recorded: with `frames` or motion outputs they must be
    /// recorded keeping their frames (`ScenarioRunner.record(_:measuring:keepingFrames:counter:)`).
    @discardableResult
    package func write(
        _ runs: [ScenarioRun], transaction: OutputTransaction = OutputTransaction(), render: Render? = nil,
        progress: ((Int, Int) -> Void)? = nil
    ) throws(WorkflowError) -> [String] {
        try checkNames(runs)
        try checkFrameBudgets(runs)
        let streamed = try checkStreamedOutputs(runs)
        let render = render ?? ParallelRenderer(jobs: jobs, options: options).render
        var batch = Batch(
            render: render, formats: options.formats, size: jobs * 4, transaction: transaction,
            total: fileCount(runs), progress: progress, stampsReferences: references, accessibility: accessibility, options: options)
        var paths: [String] = []
        do throws(WorkflowError) {
            let rootFolder = try transaction.openRoot(root, label: rootLabel)
            for (run, kept) in zip(runs, streamed) {
                let folder = try transaction.openFolder(run.scenario.name, in: rootFolder)
                try batch.begin(look: run.scenario.look)
                for (index, (name, state)) in run.snapshots.enumerated() {
                    let location =
                        index < run.snapshotLocations.count ? run.snapshotLocations[index] : SourceLocation(file: run.scenario.file)
                    try batch.add(state, name: name, in: folder, source: (location, "snapshot '\(name)'"), isSnapshot: true)
                }
                if frames || motion.writesAnything || (references && run.scenario.hasFrameReferences), !run.timeline.keepsFrames {
                    throw WorkflowError("\(run.scenario.file): the run was recorded without the frames its outputs draw")
                }
                // References of frames (`frames: true`): `frames/NNNN.svg` and `.png`.
                var frameFolder: OutputFolder?
                if references, run.scenario.hasFrameReferences {
                    let subfolder = try transaction.openFolder(FrameReferences.folder, in: folder)
                    for frame in FrameReferences.frames(run) {
                        try batch.add(frame.state, name: frame.name, in: subfolder, source: (frame.location, "frame \(frame.number)"))
                    }
                    frameFolder = subfolder
                }
                if frames {
                    for frame in run.timeline.frames {
                        try batch.add(
                            frame.state,
                            name: OutputNames.frameName(scenario: run.scenario.name, number: frame.number, frameCount: run.frameCount),
                            in: folder, source: (run.scenario.steps[frame.stepIndex].location, "physics frame \(frame.number)"))
                    }
                }
                try batch.flush()
                if trace, let made = run.trace {
                    try transaction.stage(as: "trace.json", in: folder) { file in
                        do {
                            try made.replay { bytes in try file.write(bytes) }
                        } catch let error as WorkflowError {
                            throw error
                        } catch {
                            throw WorkflowError("\(error)")
                        }
                    }
                } else if trace, let text = kept.trace {
                    try transaction.stage(text.utf8, as: "trace.json", in: folder)
                } else if trace {
                    // trace.json: the one place a trace is written, in pieces as it is produced.
                    try transaction.stage(as: "trace.json", in: folder) { file in
                        do {
                            try Trace.stream(run, frames: frames, measuring: TextMeasurer.shared) { piece in try file.write(piece)
                            }
                        } catch let error as WorkflowError {
                            throw error
                        } catch {
                            throw WorkflowError("\(error)", kind: .badInput)
                        }
                    }
                }
                if motion.animateWebP {
                    try transaction.stage(try MotionOutputs.webp(run, options: motion), as: "\(run.scenario.name).webp", in: folder)
                }
                if motion.page, let page = kept.page {
                    try transaction.stage(page.utf8, as: "index.html", in: folder)
                } else if motion.page {
                    try transaction.stage(as: "index.html", in: folder) { file in
                        do {
                            try PlayerPage.write(
                                run, hold: motion.hold, deviceFrame: motion.deviceFrame, measuring: TextMeasurer.shared
                            ) { piece in try file.write(piece) }
                        } catch let error as WorkflowError {
                            throw error
                        } catch {
                            throw WorkflowError("\(error)", kind: .badInput)
                        }
                    }
                }
                // Every output of this scenario is rendered: only now does anything replace
                // the folder's files.
                if let frameFolder { try transaction.commit(frameFolder, previous: .keep) }
                try transaction.commit(folder, previous: references ? .keep : .replace)
                paths.append(folder.path)
            }
        } catch {
            transaction.rollback()
            throw error
        }
        transaction.finish()
        return paths
    }

    /// States waiting to be rendered: a few per job keeps every thread busy while holding only
    /// a handful of images in memory.
    private struct Batch {
        let render: Render
        let formats: Set<RenderOptions.Format>
        let size: Int
        let transaction: OutputTransaction
        let total: Int
        let progress: ((Int, Int) -> Void)?
        let stampsReferences: Bool
        let accessibility: Bool
        let options: RenderOptions
        var pending: [(state: StageState, name: String, folder: OutputFolder, source: Source, isSnapshot: Bool)] = []
        /// The look of the scenario whose states are pending.
        var look = Look()
        var done = 0

        /// Starts a scenario: what is pending (another scenario's) is rendered with its own look first.
        mutating func begin(look: Look) throws(WorkflowError) {
            try flush()
            self.look = look
        }

        /// The step a file comes from and how a message names it ("snapshot 'a'", "physics frame 12").
        typealias Source = (location: SourceLocation, what: String)

        /// `isSnapshot`: a snapshot step's state, which gets the accessibility files (a frame does not).
        mutating func add(
            _ state: StageState, name: String, in folder: OutputFolder, source: Source, isSnapshot: Bool = false
        ) throws(WorkflowError) {
            pending.append((state, name, folder, source, isSnapshot))
            if pending.count >= size { try flush() }
        }

        mutating func flush() throws(WorkflowError) {
            guard !pending.isEmpty else { return }
            // A snapshot's layout reference is made before anything is drawn: one `verify`
            // could not read (over `LayoutReference.Limits`) is refused at its step, not written.
            var layouts: [[UInt8]?] = []
            for item in pending {
                guard stampsReferences, item.isSnapshot else {
                    layouts.append(nil)
                    continue
                }
                let reference = LayoutReference(item.state, layout: StageLayout(item.state, look: look, measuring: TextMeasurer.shared))
                let bytes = reference.bytes
                if let problem = reference.limitProblem(bytes) {
                    throw WorkflowError("\(item.source.location): error: \(item.source.what): \(problem)", kind: .badInput)
                }
                layouts.append(bytes)
            }
            let results = render(pending.map(\.state), look)
            guard results.count == pending.count else {
                throw WorkflowError("the renderer returned \(results.count) results for \(pending.count) states")
            }
            for ((item, result), layoutBytes) in zip(zip(pending, results), layouts) {
                let files: RenderedSnapshot
                switch result {
                case .success(let rendered): files = rendered
                case .failure(let error) where error.kind == .badInput:
                    // Refused input (an SVG over its budget) is placed at the step that drew it.
                    throw WorkflowError("\(item.source.location): error: \(item.source.what): \(error.message)", kind: .badInput)
                case .failure(let error): throw error
                }
                if formats.contains(.svg) { try transaction.stage(Array(files.svg.utf8), as: "\(item.name).svg", in: item.folder) }
                if formats.contains(.png) {
                    guard var png = files.png else { throw WorkflowError("\(item.folder.path)/\(item.name).png: the renderer made no PNG") }
                    if stampsReferences {
                        png = try ReferenceIdentity.stamp(png, svg: files.svg, path: "\(item.folder.path)/\(item.name).png")
                    }
                    try transaction.stage(png, as: "\(item.name).png", in: item.folder)
                }
                // A snapshot's reference keeps its layout, which `verify` compares before the pixels.
                if let layoutBytes {
                    try transaction.stage(layoutBytes, as: "\(item.name)\(ReferenceStore.layoutSuffix)", in: item.folder)
                }
                if accessibility, item.isSnapshot {
                    let name = item.name + AccessibilityOutputs.suffix
                    if stampsReferences {
                        try transaction.stage(
                            Array(AccessibilityOutputs.json(item.state, look: look).utf8), as: "\(name).json", in: item.folder)
                    } else {
                        let files = try AccessibilityOutputs.files(item.state, look: look, options: options)
                        try transaction.stage(files.json, as: "\(name).json", in: item.folder)
                        try transaction.stage(files.png, as: "\(name).png", in: item.folder)
                    }
                }
            }
            done += pending.count
            pending.removeAll(keepingCapacity: true)
            progress?(done, total)
        }
    }
}
