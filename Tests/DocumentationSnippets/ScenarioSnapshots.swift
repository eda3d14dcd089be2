// The Snapshot Testing article's scenario example; it verifies one of the repository's own
// examples against its committed references (swift test runs from the package root).
// snippet:begin
import TabStageTesting
import Testing

@Test func profileScenario() {
    // Every `snapshot` step of the file against Snapshots/<scenario name>/<snapshot>.svg and .png.
    assertScenarioSnapshots("Examples/profile.yaml", snapshots: "Snapshots")
}
// snippet:end
