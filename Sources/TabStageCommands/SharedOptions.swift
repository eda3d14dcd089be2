import ArgumentParser
import Foundation

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
