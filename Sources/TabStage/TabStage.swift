// One import for the whole library: `import TabStage` brings the adaptive environment, the
// container model, scenarios, the SVG writer, rasterization and the snapshot workflow.
@_exported import Adaptive
@_exported import Raster
@_exported import SVGSnapshot
@_exported import Scenario
@_exported import ScrollableTab
@_exported import SnapshotWorkflow
