// One import for the whole library: `import TabStage` brings the adaptive environment, the
// presentation rules, the look (theme and header content), the container model and the stage, the computed layout,
// scenario files and their simulation, the SVG writer, rasterization, the image diff, motion
// (timeline, charts, player page, animated WebP) and the snapshot workflow.
@_exported import Accessibility
@_exported import Adaptive
@_exported import AnimatedWebP
@_exported import AssetDecoding
@_exported import Assets
@_exported import ImageDiff
@_exported import Layout
@_exported import Look
@_exported import Motion
@_exported import Presentation
@_exported import Raster
@_exported import RowTemplates
@_exported import SVGSnapshot
@_exported import ScenarioFormat
@_exported import ScenarioLoading
@_exported import ScrollableTab
@_exported import Simulation
@_exported import SnapshotWorkflow
@_exported import Stage
