// Test files need one import: `import TabStageTesting` brings the whole library with it.
@_exported import TabStage
