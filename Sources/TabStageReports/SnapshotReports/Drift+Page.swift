import TabStageWorkflow

extension Drift {
    /// The page's heading and captions: the releases, not "expected" and "actual".
    package var pageSettings: FailureReport.Settings {
        FailureReport.Settings(
            recordMode: .never, threshold: 0, subject: "snapshots", heading: "tabstage drift: \(from.title) → \(to.title)",
            summaryLine: "\(moved) of \(entries.count) snapshots of \(scenario) move from \(from.title) to \(to.title)",
            captions: [.expected: from.title, .actual: to.title], overlayLabel: "\(from.title) ◀ overlay ▶ \(to.title)",
            emptyText: "Nothing moves from \(from.title) to \(to.title).")
    }
}
