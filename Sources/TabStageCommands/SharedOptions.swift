import ArgumentParser
import Foundation
import TabStageScenario

// Options that several commands take, each declared once with one help text, so `--jobs`
// reads and is checked the same way in `run`, `record`, `verify` and `diff`.

/// `--jobs N`: how many threads render, verify or compare at once.
struct JobsOption: ParsableArguments {
    // `.unconditional` takes a following negative number as the value, to refuse it with a
    // reason instead of ArgumentParser's "Missing value".
    @Option(
        name: .long, parsing: .unconditional,
        help: "Work on this many threads, 1 to 64 (default: the number of cores). Output does not depend on it.")
    var jobs: Int?

    func validate() throws {
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be from 1 to 64 (a number of threads), got \(jobs)") }
    }

    /// The threads to use: `--jobs`, or one per core.
    var count: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }
}

/// `--strict`: warnings fail the command.
struct StrictOption: ParsableArguments {
    @Flag(
        name: .long,
        help: """
            Exit 1 when a snapshot has layout warnings (truncated text, overlaps, content outside the safe area, text a \
            fixed height holds at XXXL at an accessibility size) or a release only springs back; record then records nothing.
            """)
    var strict = false
}

/// `--geometry-tolerance POINTS`: how far a layout may move and still match; when it is not
/// given, each scenario's `verify.geometryTolerance` applies, else the default.
struct GeometryToleranceOption: ParsableArguments {
    // `.unconditional` so a negative number is read as the value and refused with a reason.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Points an element's edge or a layout value may move and still match (default: the scenario's verify.geometryTolerance, else 0.01).",
            valueName: "points"))
    var geometryTolerance: Double?

    func validate() throws {
        if let geometryTolerance, !(geometryTolerance.isFinite && (0...GeometryTolerance.maximum).contains(geometryTolerance)) {
            throw ValidationError("--geometry-tolerance must be from 0 to 1000 (points), got \(geometryTolerance)")
        }
    }
}

/// `--snapshots DIR`: where references live.
struct SnapshotsOption: ParsableArguments {
    @Option(name: .long, help: "Folder holding the references.", completion: .directory)
    var snapshots: String = "Snapshots"
}

/// `--variant NAME`: run one variant of each scenario's `variants` instead of all of them.
struct VariantOption: ParsableArguments {
    @Option(
        name: .long,
        help: "Run only this variant of the scenarios' 'variants' (such as dark-AX3); a scenario without variants is refused.")
    var variant: String?
}
