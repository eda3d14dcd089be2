// A test file that uses swift-snapshot-testing needs one import for tabstage: `import
// TabStageSnapshotTesting` brings the strategies, the library and the testing API.
@_exported import TabStageTesting
