/// When references are written, with swift-snapshot-testing's meanings. Recording always
/// counts as a failure, so a run that changed references never passes unnoticed.
public enum RecordMode: String, Sendable, Hashable, CaseIterable {
    /// Record every snapshot, overwriting references.
    case all
    /// Record only snapshots that have no reference (the default).
    case missing
    /// Never record; a missing reference fails (the default when `CI` is set).
    case never
    /// Record snapshots that fail to match (and missing ones).
    case failed

    /// The environment variable the mode is read from.
    public static let environmentKey = "TABSTAGE_RECORD"

    /// `TABSTAGE_RECORD` if set, else `never` in CI (any variable `ContinuousIntegration` knows)
    /// and `missing` elsewhere.
    public static func from(environment: [String: String]) throws(WorkflowError) -> RecordMode {
        if let value = environment[environmentKey], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value.lowercased()) else {
                throw WorkflowError("\(environmentKey)=\(value) is not a record mode (expected one of all, missing, never, failed)")
            }
            return mode
        }
        if ContinuousIntegration.detected(in: environment) != nil { return .never }
        return .missing
    }
}

/// `--shard I/N`: a deterministic slice of the scenarios for CI matrices (1-based, like Playwright).
package struct Shard: Sendable, Hashable {
    /// The slice to verify, from 1.
    package var index: Int
    /// How many slices there are.
    package var count: Int
    /// The most shards one run is split into: far more than any CI runs side by side, and a
    /// bound on what `merge-reports` counts.
    package static let maxCount = 1_000

    /// A shard; throws unless 1 ≤ index ≤ count.
    package init(index: Int, count: Int) throws(WorkflowError) {
        guard count >= 1, (1...count).contains(index) else {
            throw WorkflowError("--shard \(index)/\(count) is out of range (expected I/N with 1 ≤ I ≤ N)")
        }
        guard count <= Self.maxCount else {
            throw WorkflowError(
                "--shard \(index)/\(count) splits the run into more than \(Self.maxCount) shards (expected N of at most \(Self.maxCount))")
        }
        self.index = index
        self.count = count
    }

    /// A shard from `--shard I/N` text.
    package init(parsing text: String) throws(WorkflowError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw WorkflowError("--shard takes I/N such as 2/4, not '\(text)'")
        }
        try self.init(index: index, count: count)
    }

    /// Every N-th item of the sorted list, starting at the I-th: the same split on every machine.
    package func select(_ items: [String]) -> [String] {
        items.sorted().enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
