// The helpers every test target shares (Fixtures, CommandLineTests, temporaryFolder, AssetSandbox…)
// live in TabStageTestSupport; re-exported here, a suite added to this target sees them as it
// did when they lived in this target.
@_exported import TabStageTestSupport
