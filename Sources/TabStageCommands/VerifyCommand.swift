import ArgumentParser
import Foundation
import TabStage
import TabStageImageDiff
import TabStageReports
import TabStageScenario
import TabStageWorkflow

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render scenarios in memory and compare them with their references.",
        discussion: """
            Compares the SVG text first (checking the reference PNG's chunks, size and SVG digest), then the \
            pixels with the budgets. TABSTAGE_RECORD (all, missing, never, failed) decides what gets recorded; \
            it is `missing` by default and `never` when CI is set. Recording counts as a failure. References \
            no scenario writes any more get a warning. Exit 0 when everything matches, 1 otherwise.
            """)

    @Argument(help: "Scenario files (.yaml, .yml or .json).", completion: .file(extensions: ScenarioFiles.extensions))
    var scenarios: [String]

    @OptionGroup var snapshotsOption: SnapshotsOption
    var snapshots: String { snapshotsOption.snapshots }

    @Option(name: .long, parsing: .unconditional, help: "Run the I-th of N deterministic slices of the scenarios, e.g. 2/4.")
    var shard: String?

    @Option(name: .long, help: "Write expected, actual and diff PNGs, index.html, junit.xml and report.json here.", completion: .directory)
    var report: String?

    @Flag(name: .long, help: "Also compare each snapshot's accessibility elements with NAME.accessibility.json, and check them.")
    var accessibility = false

    @OptionGroup var variantOption: VariantOption

    @OptionGroup var jobs: JobsOption

    @OptionGroup var strictOption: StrictOption
    var strict: Bool { strictOption.strict }

    @OptionGroup var comparison: ComparisonOptions

    @OptionGroup var geometryOption: GeometryToleranceOption
    var geometryTolerance: Double? { geometryOption.geometryTolerance }

    @OptionGroup var summaryOptions: SummaryOptions

    func validate() throws {
        if scenarios.isEmpty { throw ValidationError("give at least one scenario file") }
        if let shard { do { _ = try Shard(parsing: shard) } catch { throw ValidationError("\(error)") } }
        try geometryOption.validate()
    }

    func run() throws { try run(counter: nil) }

    /// The command, its simulations counted into `counter` (each scenario runs once).
    func run(counter: SimulationCounter?) throws {
        // Verification allocates and frees several full-size images per snapshot on every thread.
        ImageMemory.returnLargeBuffersWhenFreed()
        let mode: RecordMode
        do { mode = try RecordMode.from(environment: Console.current.environment) } catch {
            throw Failure.badInput("tabstage: error: \(error.message)")
        }
        try Pipeline.checkPath(snapshots, option: "--snapshots")
        try Pipeline.checkPath(report, option: "--report")
        try Pipeline.checkShellSafe(snapshots, option: "--snapshots")
        for path in scenarios { try Pipeline.checkShellSafe(path, option: "scenario", scenario: true) }
        try Pipeline.checkApart(report, option: "--report", from: [(snapshots, "the snapshots folder")])
        try summaryOptions.check()
        var selected = scenarios
        if let shard {
            do { selected = try Shard(parsing: shard).select(scenarios) } catch { throw Failure.badInput("tabstage: error: \(error)") }
        }
        // A record mode that writes (TABSTAGE_RECORD=failed, all or missing set in CI) writes
        // where `record` does, so the same links are refused in CI mode.
        if mode != .never { try Pipeline.checkReferencesStayInRepository(snapshots, runs: nil) }
        let runs = try Pipeline.loadAndRun(selected, variant: variantOption.variant, counter: counter)
        if mode != .never { try Pipeline.checkReferencesStayInRepository(snapshots, runs: runs) }
        try Pipeline.checkLimits(runs, options: RenderOptions())
        let store = ReferenceStore(root: snapshots)
        let ciMode = PixelCheck.required(environment: Console.current.environment)
        var verifier = Verifier(
            store: store, mode: mode, diffOptions: comparison.diffOptions, budget: comparison.budget, checksPixels: ciMode)
        // A report says what each result was checked against.
        verifier.recordsDigests = report != nil
        // An explicit --geometry-tolerance wins over every scenario's own.
        if let geometryTolerance { verifier.geometryTolerance = geometryTolerance }
        // References no snapshot writes any more, by scenario: warned about below, and pruned by
        // the command that accepts the scenario's new renderings (shown by the report).
        // Frames are a group of their own, `<scenario>/frames` (see FrameReferences).
        var orphans: [String: [String]] = [:]
        for run in runs {
            orphans[run.scenario.name] = store.orphans(run.scenario.name, keeping: Set(run.snapshots.map(\.name)))
            let frames = FrameReferences.group(run.scenario.name)
            orphans[frames] = store.orphans(frames, keeping: Set(FrameReferences.frames(run).map(\.name)))
        }
        var acceptCommands: [String: String] = [:]
        for run in runs {
            let stale = orphans[run.scenario.name]?.isEmpty == false || orphans[FrameReferences.group(run.scenario.name)]?.isEmpty == false
            let prune = stale ? ["--prune"] : []
            // A variant's references are accepted by recording that variant alone.
            let variant = run.scenario.variant.map { ["--variant", $0.name] } ?? []
            acceptCommands[run.scenario.name] =
                report.map { AcceptCommand.command(report: $0, scenario: run.scenario.name, prune: stale, snapshots: snapshots) }
                ?? (["tabstage", "record"] + prune + [run.scenario.file] + variant
                + (snapshots == "Snapshots" ? [] : ["--snapshots", snapshots]))
                .map(shellQuoted).joined(separator: " ")
            acceptCommands[FrameReferences.group(run.scenario.name)] = acceptCommands[run.scenario.name]
        }
        let snapshotItems = SnapshotJob.snapshots(of: runs, geometryTolerance: geometryTolerance)
        let items = snapshotItems + runs.flatMap(FrameReferences.jobs)
        // Recorded references and the report are written through one transaction: an I/O
        // failure or an interrupt puts back every file it replaced. Each failure's images go to
        // the report as soon as it is verified; only small records are kept.
        let transaction = OutputTransaction(faults: Pipeline.testFaults)
        Interruption.protect(transaction, writing: "--snapshots '\(snapshots)'" + (report.map { " and --report '\($0)'" } ?? ""))
        defer { Interruption.protect(nil) }
        var references = AtomicWriter(transaction: transaction), writer = AtomicWriter(transaction: transaction)
        var outcomes: [SnapshotOutcome]
        var accessibilityFailures = 0
        let parsedShard = try shard.map { text throws(Failure) in
            do { return try Shard(parsing: text) } catch { throw Failure.badInput("tabstage: error: \(error)") }
        }
        // The Markdown summary's source: report.json's data, or (without --report) the outcomes'.
        var summarized: ShardReport?
        let summarySource = StepSummary.Source.verify(
            shard: parsedShard.map { .init(index: $0.index, count: $0.count) }, scenarios: scenarios.count, selected: selected.count)
        let summary = { (report: ShardReport, limit: Int) -> String? in
            StepSummary.markdown(
                report, source: summarySource, reportFolder: self.report, imageBase: summaryOptions.summaryImageBase, limit: limit)
        }
        do throws(Failure) {
            outcomes = try Pipeline.io { () throws(WorkflowError) in
                if let report { try writer.createDirectory(report, label: "--report") }
                return try VerificationStream(verifier: verifier, jobs: jobs.count).run(
                    items, writer: &references
                ) { verification throws(WorkflowError) in
                    var outcome =
                        try report.map { folder throws(WorkflowError) in
                            try FailureReport.writeImages(verification, to: folder, writer: &writer)
                        } ?? verification.outcome
                    if !outcome.passed { outcome.accept = acceptCommands[outcome.group] }
                    if !outcome.passed {
                        printLine("\(outcome.passedWord) \(outcome.group)/\(outcome.name): \(outcome.message)")
                        for line in outcome.geometry { printLine("  " + line) }
                    }
                    if outcome.matchedWithChangedSVG {
                        printLine("OK \(outcome.group)/\(outcome.name): \(Self.changedSVGMatch(outcome, threshold: comparison.threshold))")
                    }
                    return outcome
                }
            }
            if accessibility {
                let checked = try Pipeline.io { () throws(WorkflowError) in
                    try AccessibilityReferences.verify(snapshotItems, store: store, mode: mode, writer: &references)
                }
                for outcome in checked where !outcome.passed {
                    printLine("\(outcome.passedWord) \(outcome.group)/\(outcome.name): \(outcome.message)")
                }
                accessibilityFailures = checked.filter { !$0.passed }.count
            }
            if let report {
                // The first differing frame of each scenario is shown between its neighbours.
                outcomes = try Pipeline.io { () throws(WorkflowError) in
                    try FrameStrip.add(to: outcomes, items: items, store: store, report: report, writer: &writer)
                }
                // report.json first: the data `merge-reports` reads, each scenario (and its
                // frames) placed in the sorted list `--shard` slices.
                let sortedPaths = scenarios.sorted()
                var positions: [String: Int] = [:]
                for run in runs {
                    let position = sortedPaths.firstIndex(of: run.scenario.file) ?? 0
                    positions[run.scenario.name] = position
                    positions[FrameReferences.group(run.scenario.name)] = position
                }
                // One order for the page, junit.xml and report.json, the one `merge-reports`
                // gives: scenarios in that sorted order whatever order they were named in, each
                // scenario's snapshots before its frames.
                outcomes = outcomes.enumerated().sorted {
                    (positions[$0.element.group] ?? 0, $0.offset) < (positions[$1.element.group] ?? 0, $1.offset)
                }.map(\.element)
                let settings = FailureReport.Settings(recordMode: mode, threshold: comparison.threshold)
                var data = ShardReport(
                    version: tabStageVersion, shard: parsedShard, scenarios: scenarios.count, settings: settings, outcomes: outcomes,
                    positions: positions)
                // What accept checks again: the scenarios, the files their loads read, the renderer.
                data.inputs = ReportInputs.of(
                    scenarios: Dictionary(runs.map { ($0.scenario.name, $0.scenario.file) }) { a, _ in a },
                    read: runs.flatMap { $0.scenario.assetFolder?.reads.sorted ?? [] })
                // And what each result was checked against: its scenario file's digest beside its references'.
                data.recordScenarioDigests()
                summarized = data
                // The summary before the pages: inside the report folder, it is one of the report's files.
                try summaryOptions.writeFile({ summary(data, $0) }, writer: &writer)
                try Pipeline.io { () throws(WorkflowError) in
                    try writer.write(data.encoded(), to: "\(report)/report.json")
                    try FailureReport.write(
                        outcomes, to: report, settings: .init(recordMode: mode, threshold: comparison.threshold), writer: &writer)
                }
            } else {
                let data = ShardReport(
                    version: tabStageVersion, shard: parsedShard, scenarios: scenarios.count,
                    settings: .init(recordMode: mode, threshold: comparison.threshold), outcomes: outcomes, positions: [:])
                summarized = data
                try summaryOptions.writeFile({ summary(data, $0) }, writer: &writer)
            }
        } catch {
            transaction.rollback()
            throw error
        }
        transaction.finish()
        if let summarized { SummaryOptions.appendToStepSummary { summary(summarized, $0) } }
        for run in runs {
            for (group, name) in [run.scenario.name, FrameReferences.group(run.scenario.name)].flatMap({ group in
                (orphans[group] ?? []).map { (group, $0) }
            }) {
                // Each file of the orphaned pair that is there, by its whole path.
                let paths = [store.svgPath(group, name), store.pngPath(group, name), store.layoutPath(group, name)].filter { path in
                    var info = stat()
                    return lstat(Console.current.resolve(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
                }
                let files =
                    paths.isEmpty
                    ? "\(store.folder(group))/\(name)"
                    : paths.count < 3 ? paths.joined(separator: " and ") : paths.dropLast().joined(separator: ", ") + " and " + paths.last!
                let (verb, pronoun) = paths.count > 1 ? ("are", "them") : ("is", "it")
                printError(
                    "tabstage: warning: \(files) \(verb) not written by \(run.scenario.name) any more (remove \(pronoun) with `tabstage record --prune`)"
                )
            }
        }
        // Folders of variants a scenario no longer lists (all its variants ran: no --variant).
        if variantOption.variant == nil {
            var variantsOf: [String: Set<String>] = [:]
            for run in runs {
                // A scenario without variants has no `<scenario>@…` folder of its own either.
                variantsOf[run.scenario.variant?.scenario ?? run.scenario.name, default: []].insert(run.scenario.name)
            }
            for (scenario, names) in variantsOf.sorted(by: { $0.key < $1.key }) {
                for folder in store.variantOrphans(scenario, keeping: names) {
                    printError(
                        "tabstage: warning: \(store.folder(folder)) holds the references of variant '\(folder.dropFirst(scenario.count + 1))', which \(scenario) no longer has (remove it with `tabstage record --prune`)"
                    )
                }
            }
        }
        let failed = outcomes.filter { !$0.passed }.count
        let frameOutcomes = outcomes.filter { FrameReferences.isFrameGroup($0.group) }
        let frameFailures = frameOutcomes.filter { !$0.passed }.count
        // Frames are counted apart from snapshots: a fling's 40 frames are one motion, not 40 screens.
        let framesText =
            frameOutcomes.isEmpty ? "" : " and \(frameOutcomes.count - frameFailures) of \(frameOutcomes.count) frames"
        let shardText = shard.map { " (shard \($0): \(selected.count) of \(scenarios.count) scenarios)" } ?? ""
        let changedSVGs = outcomes.filter(\.matchedWithChangedSVG).count
        let changedText = changedSVGs == 0 ? "" : " (\(changedSVGs) with a changed SVG, within --threshold \(comparison.threshold))"
        let recorded = outcomes.filter { if case .recorded = $0.status { true } else { false } }.count
        let recordedText =
            recorded == 0
            ? ""
            : "; recorded \(recorded) reference(s) in \(snapshots)"
                + (mode == .missing ? " that were missing" : "") + " (review and commit them; the next verify compares with them)"
        // Which check ran: every pixel rendered and compared (CI), or the reference PNGs trusted
        // when their SVG matches (a local run's fast path).
        let pixelCheck =
            PixelCheck.reason(environment: Console.current.environment).map { "pixels checked (\($0))" }
            ?? "pixels checked where the SVG differs"
        printLine(
            "verify: \(outcomes.count - frameOutcomes.count - (failed - frameFailures)) of \(outcomes.count - frameOutcomes.count) snapshots\(framesText) match\(changedText)\(shardText)\(recordedText); record mode \(mode.rawValue); \(pixelCheck)"
                + (report.map { "; report in \($0)/index.html" } ?? ""))
        if accessibility {
            printLine("verify: \(snapshotItems.count - accessibilityFailures) of \(snapshotItems.count) accessibility references match")
        }
        // References recorded before layouts were: compared by their pixels, named once.
        let lacking = outcomes.filter(\.lacksLayout)
        if !lacking.isEmpty {
            let names =
                lacking.prefix(5).map { "\($0.group)/\($0.name)" }.joined(separator: ", ")
                + (lacking.count > 5 ? " and \(lacking.count - 5) more" : "")
            let files = Array(Set(runs.filter { run in lacking.contains { $0.group == run.scenario.name } }.map(\.scenario.file))).sorted()
            let command = (["tabstage", "record"] + files + (snapshots == "Snapshots" ? [] : ["--snapshots", snapshots]))
                .map(shellQuoted).joined(separator: " ")
            let word = strict || ciMode ? "error" : "warning"
            printError(
                "tabstage: \(word): \(lacking.count) reference(s) have no layout (NAME.layout.txt), so only their pixels were compared: \(names); add the layouts with `\(command)`"
                    + (strict || ciMode ? " (--strict and CI mode require them)" : ""))
        }
        let warnings = try Pipeline.reportWarnings(runs, accessibility: accessibility)
        if failed + accessibilityFailures > 0 { throw ExitCode(Failure.Code.difference.rawValue) }
        if !lacking.isEmpty, strict || ciMode { throw ExitCode(Failure.Code.difference.rawValue) }
        try Pipeline.failOnWarnings(warnings, strict: strict)
    }
}

extension Verify {
    /// What a match whose SVG changed says: the pixels passed, and by how much.
    static func changedSVGMatch(_ outcome: SnapshotOutcome, threshold: Double) -> String {
        let different = outcome.comparison?.differentPixels ?? 0
        let pixels =
            different == 0
            ? "pixels within --threshold \(threshold)"
            : "\(different) pixels beyond --threshold \(threshold), within the budget"
        return "match (SVG differs; \(pixels))"
    }
}

extension SnapshotOutcome {
    /// FAIL or RECORDED, for one line per snapshot that needs attention.
    var passedWord: String {
        switch status {
        case .matched: "OK"
        case .recorded: "RECORDED"
        case .failed: "FAIL"
        }
    }
}
