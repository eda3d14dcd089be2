// One import for a user's code and tests: `import TabStage` brings the model (devices, traits,
// presentation rules, the container and the stage's reducer), the look and the computed layout,
// scenario files and the `Stage` a test drives, and the two values a test hands the snapshot
// API: `TextMeasurer` (text measured as it is drawn) and `DiffBudget` (how much a PNG may
// differ). The painter, the raster, motion and the workflow are tabstage's own modules
// (`TabStageRendering`, `TabStageWorkflow`): the testing products use them, a user's test does not.
@_exported import TabStageLayout
@_exported import TabStageModel
@_exported import TabStageScenario
// Not re-exported, but in the `TabStage` product, so that code depending on that product alone
// (the fuzzers, a team's own tool) can `import TabStageWorkflow` for the verifier and output names.
import TabStageWorkflow

@_exported import struct TabStageImageDiff.DiffBudget
@_exported import class TabStageRendering.TextMeasurer
