@_exported import TabStageImageDiff
@_exported import TabStageLayout
@_exported import TabStageModel
// One import for the whole library: `import TabStage` brings the adaptive environment, the
// presentation rules, the look (theme and header content), the container model and the stage, the computed layout,
// scenario files and their simulation, the SVG writer, rasterization, the image diff, motion
// (timeline, charts, player page, animated WebP) and the snapshot workflow.
@_exported import TabStageRendering
@_exported import TabStageScenario
@_exported import TabStageWorkflow
