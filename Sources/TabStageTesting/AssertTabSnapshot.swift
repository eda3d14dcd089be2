import Foundation
import TabStage
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageWorkflow
import XCTest

#if canImport(Testing)
import Testing
#endif

/// Verifies a stage against references beside the test file, in `__Snapshots__/<TestFile>/`,
/// with a strategy value in the manner of swift-snapshot-testing:
/// `assertTabSnapshot(of: stage, as: .png(budget: DiffBudget(maxDiffPixelRatio: 0.001)))`,
/// `as: .trace + .png`. Records as `record`, else the enclosing `withTabSnapshotTesting` or
/// `.tabSnapshots` trait, else `TABSTAGE_RECORD` (missing by default, never on CI); recording
/// counts as a failure. A failure (a render failure included, with its reason) is an issue of
/// the running Swift Testing test or an XCTest failure, with its images written and attached.
///
/// - Parameters:
///   - stage: The stage whose state is drawn and compared.
///   - strategy: How to snapshot it: `.png` (the default), `.svg`, `.trace`, or several with `+`.
///   - name: The references' file name without extension; the test function's name when nil.
///   - record: Overrides the scope's and `TABSTAGE_RECORD`'s record mode for this assertion.
///   - snapshotDirectory: Where references live instead of `__Snapshots__` beside the test file.
///   - strict: Also record one issue per layout warning, as `tabstage verify --strict` fails on them.
///   - fileID: The calling file, for the issue's location.
///   - filePath: The calling file's path: the references sit beside it.
///   - line: The calling line, for the issue's location.
///   - column: The calling column, for the issue's location.
///   - function: The calling test, whose name is the default `name`.
/// - Returns: One outcome per check of the strategy; empty when nothing could be verified.
@discardableResult
public func assertTabSnapshot(
    of stage: Stage,
    as strategy: TabSnapshotting<Stage> = .png,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
) -> [SnapshotOutcome] {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let name = name ?? testName(function)
    if strict { reportLayoutWarnings(stage.state, look: stage.look, name: name, at: location) }
    return verifySnapshot(stage, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory, at: location)
}

/// `assertTabSnapshot(of:as:named:)` for any value a strategy takes: a type of your own that
/// holds a `Stage`, through `pullback` of a `Stage` strategy.
///
/// - Parameters:
///   - value: What to snapshot.
///   - strategy: How to snapshot it.
///   - name: The references' file name without extension; the test function's name when nil.
///   - record: Overrides the scope's and `TABSTAGE_RECORD`'s record mode for this assertion.
///   - snapshotDirectory: Where references live instead of `__Snapshots__` beside the test file.
///   - fileID: The calling file, for the issue's location.
///   - filePath: The calling file's path: the references sit beside it.
///   - line: The calling line, for the issue's location.
///   - column: The calling column, for the issue's location.
///   - function: The calling test, whose name is the default `name`.
/// - Returns: One outcome per check of the strategy; empty when nothing could be verified.
@discardableResult
public func assertTabSnapshot<Value>(
    of value: Value,
    as strategy: TabSnapshotting<Value>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
) -> [SnapshotOutcome] {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    return verifySnapshot(
        value, as: strategy, named: name ?? testName(function), record: record, snapshotDirectory: snapshotDirectory, at: location)
}

/// `flingCollapsesTheHeader()` → `flingCollapsesTheHeader`.
func testName(_ function: StaticString) -> String {
    let text = "\(function)"
    return text.split(separator: "(").first.map(String.init) ?? text
}

func reportLayoutWarnings(_ state: StageState, look: Look, name: String, at location: Location) {
    let layout = StageLayout(state, look: look, measuring: TextMeasurer.shared)
    for warning in layout.warnings + layout.fixedHeightWarnings(state, look: look, measuring: TextMeasurer.shared) {
        reportFailure(
            "Snapshot \"\(name)\": layout warning (strict): \(warning.element): \(warning.kind.rawValue): \(warning.text)", at: location)
    }
}

/// Where the record mode came from, which decides how a failure says to re-record.
enum RecordSource {
    case argument, scope, environment
}

/// Runs each check of the strategy against the references beside the test file and reports
/// every failure; a check that cannot run (a render failure) fails with its reason.
func verifySnapshot<Value>(
    _ value: Value, as strategy: TabSnapshotting<Value>, named name: String, record: RecordMode?, snapshotDirectory: String?,
    at location: Location
) -> [SnapshotOutcome] {
    let testFile = URL(fileURLWithPath: "\(location.filePath)")
    let root = snapshotDirectory ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__").path
    let group = testFile.deletingPathExtension().lastPathComponent
    let environment = ProcessInfo.processInfo.environment
    do {
        let mode: RecordMode, source: RecordSource
        if let record {
            (mode, source) = (record, .argument)
        } else if let scoped = TabSnapshotConfiguration.current.record {
            (mode, source) = (scoped, .scope)
        } else {
            (mode, source) = (try RecordMode.from(environment: environment), .environment)
        }
        let reference = SnapshotReference(store: ReferenceStore(root: root), group: group, name: name, mode: mode)
        let artifacts = FailureArtifacts(root: root, environment: environment)
        var outcomes: [SnapshotOutcome] = []
        for check in strategy.checks {
            var writer = AtomicWriter()
            let verification: Verification
            do {
                verification = try check.run(value, reference, &writer)
            } catch {
                writer.rollback()
                throw error
            }
            writer.finish()
            let files = try artifacts.write(verification)
            let outcome = verification.outcome
            if !outcome.passed {
                let test = "swift test" + (currentTestFilter().map { " --filter \($0)" } ?? "")
                let command =
                    switch source {
                    case .environment: "TABSTAGE_RECORD=failed \(test)"
                    // An explicit mode wins over TABSTAGE_RECORD, so then only changing it helps.
                    case .argument: "pass record: .failed to this assertion, then \(test)"
                    case .scope: "record: .failed in withTabSnapshotTesting or the .tabSnapshots trait, then \(test)"
                    }
                reportFailure(
                    "Snapshot \"\(name)\": \(outcome.messageWithMoves)", artifacts: files, rerecord: outcome.isRecording ? nil : command,
                    at: location)
            }
            outcomes.append(outcome)
        }
        return outcomes
    } catch {
        reportFailure("Snapshot \"\(name)\" could not be verified: \(error)", at: location)
        return []
    }
}

/// Verifies every snapshot of a scenario file against `snapshots/<scenario>/`, and its frame
/// references (`frames: true`) against `snapshots/<scenario>/frames/`: the Swift counterpart of
/// `tabstage verify SCENARIO`, on as many threads as there are cores, holding
/// only one set of images per thread. Bad scenarios fail with their file:line:col message.
///
/// - Parameters:
///   - scenarioPath: The scenario file (YAML or JSON); a relative path is read from the calling
///     file's package root (the nearest folder above it holding `Package.swift`), so the test
///     passes whatever the working directory, as `swift test` and Xcode each choose their own.
///   - snapshots: The references' root folder, relative paths read the same way; each
///     scenario's are in `<root>/<scenario name>/`, each variant's in `<root>/<scenario>@<variant>/`.
///   - variant: The one variant of the scenario's `variants` to verify; nil verifies every
///     variant (or the scenario itself when it has none), like `tabstage verify`.
///   - record: Overrides `TABSTAGE_RECORD` for this assertion.
///   - threshold: Per-pixel perceptual difference (0...1) below which pixels count as equal.
///   - budget: How many differing pixels still pass.
///   - geometryTolerance: Points an element's edge or a layout value may move and still match
///     its layout reference; nil for the scenario's `verify.geometryTolerance`, else 0.01.
///   - strict: Also record one issue per layout warning of a snapshot step, with the same line
///     `tabstage run` prints, as `tabstage verify --strict` fails on them.
///   - fileID: The calling file, for the issue's location.
///   - filePath: The calling file's path, for the issue's location.
///   - line: The calling line, for the issue's location.
///   - column: The calling column, for the issue's location.
/// - Returns: One outcome per snapshot and per frame reference; empty when the scenario could
///   not be run.
@discardableResult
public func assertScenarioSnapshots(
    _ scenarioPath: String,
    snapshots: String,
    variant: String? = nil,
    record: RecordMode? = nil,
    threshold: Double = 0.1,
    budget: DiffBudget = DiffBudget(),
    geometryTolerance: Double? = nil,
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> [SnapshotOutcome] {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let environment = ProcessInfo.processInfo.environment
    let root = packageRoot(of: "\(filePath)")
    let scenarioFile = resolved(scenarioPath, from: root), snapshots = resolved(snapshots, from: root)
    do {
        // Every variant is expanded and simulated (once each) before any reference is compared.
        var runs: [ScenarioRun] = []
        // The variants measure their self-sizing rows against the file's one budget, as `tabstage verify` does.
        let rows = SelfSizingRows.Measurements()
        for scenario in try ScenarioVariants.expand(try ScenarioLoader.load(path: scenarioFile), only: variant) {
            // Frame references (`frames: true`) need the run's frames kept, as `tabstage verify` keeps them.
            let run = try ScenarioRunner.record(
                scenario, measuring: TextMeasurer.shared, keepingFrames: scenario.hasFrameReferences, rowMeasurements: rows)
            if let problem = FrameReferences.budgetProblem(run) { throw problem }
            runs.append(run)
        }
        if strict {
            for run in runs {
                for warning in RunWarnings.checkAll(run, measuring: TextMeasurer.shared).layout {
                    reportFailure("layout warning (strict): " + warning.line(scenario: run.scenario.name), at: location)
                }
            }
        }
        let verifier = Verifier(
            store: ReferenceStore(root: snapshots), mode: try record ?? RecordMode.from(environment: environment),
            diffOptions: .init(threshold: threshold), budget: budget, checksPixels: PixelCheck.required(environment: environment))
        let artifacts = FailureArtifacts(root: snapshots, environment: environment)
        let only = variant.map { " --variant \(shellQuoted($0))" } ?? ""
        let command = "tabstage record \(shellQuoted(scenarioPath))\(only) --snapshots \(shellQuoted(snapshots))"
        // A scenario's frame references (`<scenario>/frames/NNNN`) are checked after its snapshots.
        let items = SnapshotJob.snapshots(of: runs, geometryTolerance: geometryTolerance) + runs.flatMap(FrameReferences.jobs)
        // All or nothing, like `tabstage verify`: an error puts back every reference recorded.
        var writer = AtomicWriter()
        let stream = VerificationStream(verifier: verifier, jobs: ProcessInfo.processInfo.activeProcessorCount)
        do {
            let outcomes = try stream.run(items, writer: &writer) { verification throws(WorkflowError) in
                let files = try artifacts.write(verification)
                let outcome = verification.outcome
                if !outcome.passed {
                    reportFailure(
                        "Snapshot \(outcome.group)/\(outcome.name): \(outcome.messageWithMoves)", artifacts: files,
                        rerecord: outcome.isRecording ? nil : command, at: location)
                }
                return outcome
            }
            writer.finish()
            return outcomes
        } catch {
            writer.rollback()
            throw error
        }
    } catch {
        // A refused scenario names every bad step it found, one line each, as the CLI does.
        reportFailure((error as? ScenarioError)?.lines.joined(separator: "\n") ?? "\(error)", at: location)
        return []
    }
}

/// Where the testing API puts a failure's images: `$TABSTAGE_ARTIFACTS/<group>/` when that is
/// set (for CI to upload), else `<snapshots>/__Failures__/<group>/` beside the references (keep
/// `__Failures__` out of version control). Files are `NAME.actual.png`, `NAME.expected.png`
/// (the reference) and `NAME.diff.png`; a passing snapshot removes its old ones.
public struct FailureArtifacts: Sendable, Hashable {
    /// The environment variable naming a folder for failure images (for CI to upload).
    public static let environmentKey = "TABSTAGE_ARTIFACTS"
    /// The folder beside the references used when the variable is not set.
    public static let folderName = "__Failures__"

    /// The folder failure images go to.
    public var root: String

    /// Failure images under `root`.
    public init(root: String) { self.root = root }

    /// Failure images under the variable's folder, or `__Failures__` beside `snapshots`.
    public init(root snapshots: String, environment: [String: String]) {
        if let folder = environment[Self.environmentKey], !folder.isEmpty {
            root = folder
        } else {
            root = (snapshots as NSString).appendingPathComponent(Self.folderName)
        }
    }

    /// Where one image of a failure goes.
    public func path(group: String, name: String, kind: SnapshotImages.Kind) -> String {
        "\((root as NSString).appendingPathComponent(group))/\(name).\(kind.rawValue).png"
    }

    /// Writes the verification's images (removing stale ones of the same snapshot); returns
    /// the files written with their bytes, in the order actual, expected, diff.
    @discardableResult
    public func write(_ verification: Verification) throws(WorkflowError) -> [Artifact] {
        let group = verification.outcome.group, name = verification.outcome.name
        let keep = !verification.outcome.passed
        var writer = AtomicWriter()
        var written: [Artifact] = []
        for kind in [SnapshotImages.Kind.actual, .expected, .diff] {
            let path = path(group: group, name: name, kind: kind)
            if keep, let bytes = verification.images[kind] {
                try writer.createDirectory((path as NSString).deletingLastPathComponent)
                try writer.write(bytes, to: path)
                written.append(Artifact(kind: kind, path: path, bytes: bytes))
            } else if FileManager.default.fileExists(atPath: path) {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        return written
    }

    /// A failure image written, with its bytes for attaching.
    public struct Artifact: Sendable, Hashable {
        /// Actual, expected or diff.
        public var kind: SnapshotImages.Kind
        /// Where it was written.
        public var path: String
        /// The PNG bytes.
        public var bytes: [UInt8]
    }
}

package struct Location {
    package var fileID: StaticString
    package var filePath: StaticString
    package var line: UInt
    package var column: UInt

    /// A call site.
    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// The current Swift Testing test's name as a `swift test --filter` pattern.
func currentTestFilter() -> String? {
    #if canImport(Testing)
    if let test = Test.current {
        let name = test.name.split(separator: "(").first.map(String.init) ?? test.name
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? name : shellQuoted(name)
    }
    #endif
    return nil
}

/// Swift Testing when a test of it is running, XCTest otherwise. The failure's images are
/// attached to the Swift Testing test; under XCTest the paths in the message stand in for
/// attachments (`XCTAttachment` does not exist on Linux).
package func reportFailure(_ message: String, artifacts: [FailureArtifacts.Artifact] = [], rerecord: String? = nil, at location: Location) {
    var text = message
    let captions: [SnapshotImages.Kind: String] = [.actual: "actual:   ", .expected: "reference:", .diff: "diff:     "]
    for artifact in artifacts { text += "\n  \(captions[artifact.kind]!) \(artifact.path)" }
    if let rerecord { text += "\n  re-record: \(rerecord)" }
    #if canImport(Testing)
    if Test.current != nil {
        let sourceLocation = SourceLocation(
            fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line), column: Int(location.column))
        for artifact in artifacts {
            Attachment.record(artifact.bytes, named: (artifact.path as NSString).lastPathComponent, sourceLocation: sourceLocation)
        }
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        return
    }
    #endif
    XCTFail(text, file: location.filePath, line: location.line)
}

/// The nearest folder above `file` that holds `Package.swift`; nil when there is none (a file
/// compiled outside a package).
func packageRoot(of file: String) -> URL? {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
        folder.deleteLastPathComponent()
    }
    return nil
}

/// `path` as given when absolute or when there is no package root; else read from the root.
func resolved(_ path: String, from root: URL?) -> String {
    guard !path.hasPrefix("/"), let root else { return path }
    return root.appendingPathComponent(path).path
}
