import TabStageWorkflow

#if canImport(Testing)
import Testing
#endif

/// The settings `assertTabSnapshot` reads when a call does not give them, scoped to a task
/// (and the tasks it starts) by `withTabSnapshotTesting(record:operation:)` or the
/// `.tabSnapshots(record:)` trait, as swift-snapshot-testing's `SnapshotTestingConfiguration`.
public struct TabSnapshotConfiguration: Sendable, Hashable {
    /// When to record; nil leaves it to `TABSTAGE_RECORD` (`missing` by default, `never` on CI).
    public var record: RecordMode?

    /// Settings; nil leaves each to the enclosing scope.
    public init(record: RecordMode? = nil) { self.record = record }

    /// The settings of the current task: the innermost `withTabSnapshotTesting` or trait.
    @TaskLocal public static var current = TabSnapshotConfiguration()
}

/// Runs `operation` with snapshot settings: `withTabSnapshotTesting(record: .failed) { … }`
/// re-records every failing `assertTabSnapshot` inside it. A `record:` argument of an assertion
/// still wins; `TABSTAGE_RECORD` applies only where no scope says anything.
///
/// - Parameters:
///   - record: When to record; nil keeps the enclosing scope's mode.
///   - operation: The assertions to run with these settings.
/// - Returns: What `operation` returns.
public func withTabSnapshotTesting<R>(record: RecordMode? = nil, operation: () throws -> R) rethrows -> R {
    try TabSnapshotConfiguration.$current.withValue(merged(record), operation: operation)
}

/// `withTabSnapshotTesting(record:operation:)` for an asynchronous operation.
///
/// - Parameters:
///   - record: When to record; nil keeps the enclosing scope's mode.
///   - isolation: The actor the operation runs on (the caller's).
///   - operation: The assertions to run with these settings.
/// - Returns: What `operation` returns.
public func withTabSnapshotTesting<R>(
    record: RecordMode? = nil, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
) async rethrows -> R {
    try await TabSnapshotConfiguration.$current.withValue(merged(record), operation: operation, isolation: isolation)
}

private func merged(_ record: RecordMode?) -> TabSnapshotConfiguration {
    var configuration = TabSnapshotConfiguration.current
    configuration.record = record ?? configuration.record
    return configuration
}

#if canImport(Testing)
/// A Swift Testing trait that runs a test, or every test of a suite, inside
/// `withTabSnapshotTesting(record:)`: `@Suite(.tabSnapshots(record: .missing))`.
public struct TabSnapshotsTrait: SuiteTrait, TestTrait, TestScoping {
    /// When to record inside the test or suite.
    public var record: RecordMode?

    /// A suite's trait applies to each of its tests.
    public var isRecursive: Bool { true }

    /// Runs the test inside the configuration.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTabSnapshotTesting(record: record) { try await function() }
    }
}

extension Trait where Self == TabSnapshotsTrait {
    /// Snapshot settings for a test or a suite: `@Suite(.tabSnapshots(record: .failed))`.
    public static func tabSnapshots(record: RecordMode? = nil) -> Self { TabSnapshotsTrait(record: record) }
}
#endif
