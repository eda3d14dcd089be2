// The Snapshot Testing article's strict example: the repository's own example scenario must
// match its references and draw no truncated, overlapping or unsafe element.
// snippet:begin
import TabStageTesting
import Testing

@Test func profileScenarioIsClean() {
    // One more issue per layout warning, with the line `tabstage run` would print.
    assertScenarioSnapshots("Examples/profile.yaml", snapshots: "Snapshots", strict: true)
}
// snippet:end
