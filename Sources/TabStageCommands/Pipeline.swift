import ArgumentParser
import Foundation
import TabStage
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageWorkflow

/// What `run`, `record` and `verify` share: load every scenario and run its model before
/// anything is rendered or written, so bad input never leaves partial output.
enum Pipeline {
    ///
    /// Each scenario is simulated here, once: every output and check reads the recorded run.
    /// `keepingFrames` keeps every physics frame for the outputs that draw them (`--frames`,
    /// `--animate`, `--html`); `counter` counts the simulations for tests.
    /// A scenario with `variants` runs once per variant (`ScenarioVariants`), or only the one
    /// `--variant` names; every variant is expanded and checked before any is simulated.
    /// With `trace`, each run's `trace.json` (with `frameStates` when `traceFrames`) is made
    /// while its steps run, into a `TextSpool`, and counted against `Trace.maxBytes` then (a
    /// refusal is kept for the write's checks, in their order); the runs keep only their
    /// snapshot steps' records, so memory does not grow with the steps.
    static func loadAndRun(
        _ paths: [String], keepingFrames: Bool = false, variant: String? = nil, counter: SimulationCounter? = nil, trace: Bool = false,
        traceFrames: Bool = false
    )
        throws(Failure) -> [ScenarioRun]
    {
        var runs: [ScenarioRun] = []
        var seen: [String: (name: String, path: String)] = [:]
        var expanded: [(path: String, scenario: Scenario, rows: SelfSizingRows.Measurements)] = []
        for path in paths {
            try checkPathIsUTF8(path)
            do {
                // The variants of one file measure their self-sizing rows against one budget:
                // 64 variants do not measure 64 times the text one may.
                let rows = SelfSizingRows.Measurements()
                for scenario in try ScenarioVariants.expand(try ScenarioLoader.load(path: path), only: variant) {
                    expanded.append((path, scenario, rows))
                }
            } catch {
                throw Failure.badInput(error)
            }
        }
        for (path, scenario, rows) in expanded {
            do {
                // Compared as a case-insensitive file system would: 'Profile' and 'profile' share a folder.
                let key = OutputNames.collisionKey(scenario.name)
                if let other = seen[key] {
                    let same = other.name == scenario.name ? "" : " as '\(other.name)'"
                    throw Failure.badInput(
                        "\(path):1:1: error: scenario name '\(scenario.name)' is also used\(same) by \(other.path) (expected unique names, also ignoring letter case: each gets its own output folder)"
                    )
                }
                seen[key] = (scenario.name, path)
                let keepsFrames = keepingFrames || scenario.hasFrameReferences
                guard trace else {
                    runs.append(
                        try ScenarioRunner.record(
                            scenario, measuring: TextMeasurer.shared, keepingFrames: keepsFrames, keeping: .snapshots, counter: counter,
                            rowMeasurements: rows, observing: nil))
                    continue
                }
                let spool = TextSpool()
                var writer = Trace.Writer(scenario, frames: traceFrames)
                var problem: ScenarioError?
                try writer.begin(into: spool.append)
                var run = try ScenarioRunner.record(
                    scenario, measuring: TextMeasurer.shared, keepingFrames: keepsFrames, keeping: .snapshots, counter: counter,
                    rowMeasurements: rows
                ) { record, frames in
                    guard problem == nil else { return }
                    do {
                        try writer.add(record, frames: frames, measuring: TextMeasurer.shared, into: spool.append)
                    } catch let error as ScenarioError {
                        problem = error  // refused with the write's other checks, in their order
                    }
                }
                if problem == nil { _ = try writer.finish(into: spool.append) }
                run.trace = MadeTrace(frames: traceFrames, problem: problem) { write in try spool.replay(write) }
                runs.append(run)
            } catch let error as ScenarioError {
                throw Failure.badInput(error)
            } catch let failure as Failure {
                throw failure
            } catch let error as WorkflowError {
                throw Failure.io("tabstage: error: \(error.message)")  // the trace's temporary file
            } catch {
                throw Failure.badInput("\(path): error: \(error)")
            }
        }
        return runs
    }

    /// The test hook `TABSTAGE_TEST_FAULT` (see `FaultPlan.parse`): a failure, a SIGKILL or a
    /// signal at an exact point of the output transaction, so tests interrupt a run where they
    /// mean to instead of racing it. Unset (or not understood), nothing is injected. Only a
    /// debug build (`TABSTAGE_FAULT_INJECTION`, set in Package.swift) reads it: a release build
    /// ignores the variable.
    static var testFaults: FaultPlan? {
        #if TABSTAGE_FAULT_INJECTION
        Console.current.environment["TABSTAGE_TEST_FAULT"].flatMap { FaultPlan.parse($0) }
        #else
        nil
        #endif
    }

    /// A scenario path whose bytes are not UTF-8 reaches the command with each bad byte replaced
    /// by U+FFFD, so it would be "no such file": say what is wrong instead, with the bytes escaped.
    static func checkPathIsUTF8(_ path: String) throws(Failure) {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return }
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
            guard !isValidUTF8(bytes), String(decoding: bytes, as: UTF8.self) == path else { continue }
            throw Failure.badInput(
                "\(escapedBytes(bytes)):1:1: error: the scenario's path is not valid UTF-8 (bytes shown as \\xNN), so tabstage cannot name its outputs (expected a path in UTF-8: rename the file)"
            )
        }
    }

    /// Refuses images the rasterizer cannot make (empty, or over a size limit) as bad input,
    /// before any file is written. Every window a run reached is checked: an image's size
    /// depends on its window alone, and frames share their step's window.
    static func checkLimits(_ runs: [ScenarioRun], options: RenderOptions) throws(Failure) {
        for run in runs {
            for (window, location) in run.windows {
                if window.expandedToContent, let problem = options.fullContentProblem(window) {
                    throw Failure.badInput("\(location): error: \(problem)")
                }
                if let problem = options.pixelLimitProblem(window) {
                    throw Failure.badInput(
                        "\(location): error: \(problem) (expected a --scale or device giving 1 to \(ScenarioLimits.maxPixelSide) px a side)"
                    )
                }
            }
        }
    }

    /// Renders every snapshot of every run into `root/<scenario>/`, all or nothing (see
    /// `ScenarioOutputs`), under the interrupt handler's protection. Draws a progress line on
    /// stderr when it is a terminal and frames are written.
    @discardableResult
    static func write(
        _ runs: [ScenarioRun], into root: String, label: String, options: RenderOptions, trace: Bool, frames: Bool = false, jobs: Int = 1,
        references: Bool = false, motion: MotionOptions = MotionOptions(), accessibility: Bool = false
    ) throws(Failure) -> [String] {
        try checkLimits(runs, options: options)
        try checkExistingFolders(runs, in: root, label: label)
        for run in runs {
            if let problem = MotionOutputs.sizeProblem(run, options: motion) {
                throw Failure.badInput("\(run.scenario.file):1:1: error: \(problem) (expected a smaller --animate-scale)")
            }
        }
        var outputs = ScenarioOutputs(
            root: root, rootLabel: label, options: options, trace: trace, frames: frames, jobs: jobs, references: references, motion: motion
        )
        outputs.accessibility = accessibility
        try checkNames(outputs, runs)
        let console = Console.current
        let showsProgress = frames && console.errorIsTerminal
        let transaction = OutputTransaction(faults: Pipeline.testFaults)
        Interruption.protect(transaction, writing: "\(label) '\(root)'")
        defer { Interruption.protect(nil) }
        defer { if showsProgress { console.writeError("\n") } }
        let progress: ((Int, Int) -> Void)? = showsProgress ? { done, total in drawProgress(done: done, total: total, on: console) } : nil
        return try io { () throws(WorkflowError) -> [String] in
            try outputs.write(runs, transaction: transaction, progress: progress)
        }
    }

    /// Checks every snapshot's layout (from the recorded runs) for cut or overlapping text and prints one line per
    /// warning on stderr, a warning that several snapshots show once, naming them. Returns how
    /// many lines there were (for `--strict`). `accessibility` adds the accessibility checks.
    static func reportWarnings(_ runs: [ScenarioRun], accessibility: Bool = false) throws(Failure) -> Int {
        var count = 0
        for run in runs {
            var checks = RunWarnings.checkAll(run, measuring: TextMeasurer.shared)
            if accessibility { checks.layout += AccessibilityOutputs.warnings(run) }
            for release in checks.releases { printError("tabstage: warning: " + release.line) }
            let grouped = RunWarnings.grouped(checks.layout)
            for warning in grouped { printError("tabstage: warning: " + warning.line(scenario: run.scenario.name)) }
            count += grouped.count + checks.releases.count
        }
        return count
    }

    /// `--strict`: warnings fail the command (exit 1) after its work is done.
    static func failOnWarnings(_ count: Int, strict: Bool) throws {
        guard strict, count > 0 else { return }
        printError("tabstage: error: \(count) layout warning(s) and --strict is set (expected none: fix the scenario's text or sizes)")
        throw ExitCode(Failure.Code.difference.rawValue)
    }

    /// A scenario whose folder would be an existing sibling spelled in another letter case or
    /// Unicode form (`Profile/` for `profile`) is refused: on a Mac checkout the two are one
    /// folder. Names within one invocation are checked by `loadAndRun`; this covers earlier runs.
    static func checkExistingFolders(_ runs: [ScenarioRun], in root: String, label: String) throws(Failure) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: Console.current.resolve(root)) else { return }
        var existing: [String: String] = [:]
        for entry in entries.sorted() {
            var isFolder: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: Console.current.resolve((root as NSString).appendingPathComponent(entry)), isDirectory: &isFolder),
                isFolder.boolValue
            else { continue }
            let key = OutputNames.collisionKey(entry)
            if existing[key] == nil { existing[key] = entry }
        }
        for run in runs {
            let name = run.scenario.name
            if let other = existing[OutputNames.collisionKey(name)], other != name, !entries.contains(name) {
                throw Failure.badInput(
                    "\(run.scenario.file):1:1: error: scenario name '\(quoted(name))' differs only in letter case or Unicode form from the folder '\(quoted(other))' already in \(label) '\(quoted(root))' (expected the same spelling as that folder, or rename or remove it: on macOS they are one folder)"
                )
            }
        }
    }

    /// Duplicate output names are bad input, located at the step that repeats one.
    static func checkNames(_ outputs: ScenarioOutputs, _ runs: [ScenarioRun]) throws(Failure) {
        do {
            try outputs.checkNames(runs)
        } catch {
            throw Failure.badInput(error.message)
        }
    }

    static func drawProgress(done: Int, total: Int, on console: Console) {
        guard total > 0 else { return }
        let width = 30, filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        console.writeError("\r\(bar) \(done)/\(total) files")
    }

    /// Refuses an empty path option: it would mean the current folder, never what was meant.
    static func checkPath(_ value: String?, option: String) throws(Failure) {
        if let value, value.isEmpty {
            throw Failure.badInput("tabstage: error: \(option) is empty (expected a folder or file path)")
        }

    }

    /// In CI mode the checkout may come from a pull request: a committed link (`Snapshots`, or
    /// a scenario's folder in it) leading out of the repository is refused before references
    /// are written there (`RepositoryLinks`): the `--snapshots` folder when `runs` is nil, else
    /// each run's scenario folder. Outside CI a link is the user's own, and nothing is checked.
    static func checkReferencesStayInRepository(_ snapshots: String, runs: [ScenarioRun]?) throws(Failure) {
        guard let ci = ContinuousIntegration.detected(in: Console.current.environment) else { return }
        // Each folder with the words that name it.
        let folders: [(path: String, name: String)] =
            runs.map { runs in
                runs.map { run in
                    let folder = ReferenceStore(root: snapshots).folder(run.scenario.name)
                    return (folder, "the folder '\(folder)' of scenario '\(run.scenario.name)'")
                }
            } ?? [(snapshots, "--snapshots '\(snapshots)'")]
        for folder in folders {
            guard let escape = RepositoryLinks.escape(folder.path, workingDirectory: Console.current.workingDirectory) else {
                continue
            }
            throw Failure.badInput(
                "tabstage: error: \(folder.name) leads through a symbolic link to "
                    + "'\(escape.resolved)', outside the repository '\(escape.repository)', and in CI mode (\(ci)) references are "
                    + "written only inside it (expected a real folder in the repository: remove the link, or give --snapshots the "
                    + "outside folder's own path)")
        }
    }

    /// A path that goes into a shell command tabstage prints for a person to paste (verify's
    /// `tabstage record …`, a folder diff report's `cp` and `rm`) must not hold a line break,
    /// tab or other control character: quoted, it would still show as a space in the report.
    /// `scenario` words the error at the scenario file, otherwise at the option.
    static func checkShellSafe(_ value: String?, option: String, scenario: Bool = false) throws(Failure) {
        guard let value, value.unicodeScalars.contains(where: isUnsafeInMessage) else { return }
        let shown = escapedBytes(Array(value.utf8))
        if scenario {
            throw Failure.badInput(
                "\(shown):1:1: error: the scenario's path has a line break, tab or other control character (shown as \\xNN), which the record command a report shows cannot hold (expected a path without control characters: rename the file)"
            )
        }
        throw Failure.badInput(
            "tabstage: error: \(option) '\(shown)' has a line break, tab or other control character (shown as \\xNN), which the commands a report shows cannot hold (expected a path without control characters)"
        )
    }

    /// One rule for every option that names a single output file (`diff --out`, `plot --out`):
    /// only a new file or an existing regular file is written. Replacing a device, a pipe or a
    /// link (`--out /dev/null`, a link to a file kept elsewhere) would surprise, so it is bad input.
    static func checkSingleFile(_ path: String, option: String, expected: String) throws(Failure) {
        var info = stat()
        if lstat(Console.current.resolve(path), &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            throw Failure.badInput(
                "tabstage: error: \(option) '\(quoted(path))' is not a regular file (a folder, device, pipe, socket or symbolic link) (expected \(expected))"
            )
        }
    }

    /// Refuses an output folder or file that is, holds, or lies inside one of the inputs: a
    /// report written into the references (or into a compared folder) would overwrite the
    /// user's files there and turn into inputs of the next run.
    static func checkApart(_ output: String?, option: String, from inputs: [(path: String, what: String)]) throws(Failure) {
        guard let output else { return }
        let out = resolved(output)
        for input in inputs {
            let other = resolved(input.path)
            let relation: String?
            if out == other {
                relation = "is"
            } else if out.hasPrefix(other == "/" ? "/" : other + "/") {
                relation = "is inside"
            } else if other.hasPrefix(out == "/" ? "/" : out + "/") {
                relation = "holds"
            } else {
                relation = nil
            }
            if let relation {
                throw Failure.badInput(
                    "tabstage: error: \(option) '\(quoted(output))' \(relation) \(input.what) '\(quoted(input.path))' (expected a folder apart from it, such as \(option) tabstage-report)"
                )
            }
        }
    }

    /// An absolute path with every link in its existing part resolved; the part that does not
    /// exist yet is appended as written. A relative path is taken from the console's folder.
    static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: Console.current.resolve(path)).standardizedFileURL.path
        var missing: [String] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let base = String(cString: real)
                return missing.isEmpty ? base : (base == "/" ? "" : base) + "/" + missing.reversed().joined(separator: "/")
            }
            guard existing != "/", !existing.isEmpty else { return path }
            missing.append((existing as NSString).lastPathComponent)
            existing = (existing as NSString).deletingLastPathComponent
        }
    }

    /// Runs workflow code, turning its errors into exit code 3 (2 for a refused path).
    static func io<T>(_ body: () throws(WorkflowError) -> T) throws(Failure) -> T {
        do {
            return try body()
        } catch {
            // An error placed in a scenario (`FILE:LINE:COL: error: …`) is printed as it is.
            let message = isLocated(error.message) ? error.message : "tabstage: error: \(error.message)"
            throw error.kind == .badInput ? Failure.badInput(message) : Failure.io(message)
        }
    }

    /// Whether `message` starts `FILE:LINE:COL: error: `.
    static func isLocated(_ message: String) -> Bool {
        guard let marker = message.range(of: ": error: ") else { return false }
        let parts = message[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        return parts.count >= 3 && parts.suffix(2).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }
    }
}
