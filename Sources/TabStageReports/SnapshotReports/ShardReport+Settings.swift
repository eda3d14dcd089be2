import TabStageWorkflow

/// report.json made from a run's outcomes with the settings its page shows, and those settings read back.
extension ShardReport {
    /// A report of `outcomes`; `positions` gives each scenario name its place in the sorted list.
    package init(
        version: String, shard: Shard?, scenarios: Int, settings: FailureReport.Settings, outcomes: [SnapshotOutcome],
        positions: [String: Int]
    ) {
        self.init(
            version: version, shard: shard, scenarios: scenarios,
            recordMode: settings.recordMode.rawValue, threshold: settings.threshold,
            results: outcomes.map { Result($0, position: positions[$0.group] ?? 0) })
    }

    /// The settings the page's heading shows.
    package var settings: FailureReport.Settings {
        FailureReport.Settings(recordMode: RecordMode(rawValue: recordMode) ?? .never, threshold: threshold)
    }
}
