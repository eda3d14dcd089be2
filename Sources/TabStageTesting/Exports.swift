// Test files need one import: `import TabStageTesting` brings `TabStage` (the model, its layout and scenarios) with it.
@_exported import TabStage
// The recorder: drive your own container through a scenario and check it (`check(scenario:driving:)`).
@_exported import TabStageRecording
