// The Snapshot Testing article's swift-snapshot-testing example.
// snippet:begin
import SnapshotTesting
import TabStageTesting
import Testing

@Test func profileWithSnapshotTesting() throws {
    let iPhone14 = try #require(DeviceCatalog.device(id: "iphone-14"))
    var stage = StageState(
        window: try WindowEnvironment(device: iPhone14, orientation: .portrait),
        container: ContainerConfig(tabs: [
            TabConfig(title: "Posts", content: .list(rows: 30, rowHeight: .fixed(100))),
            TabConfig(title: "Likes", content: .list(rows: 4, rowHeight: .fixed(100))),
        ]))
    stage = StageState.reduce(stage, .container(.scroll(to: 300))).0

    assertSnapshot(of: stage, as: .svg)  // the SVG text, diffed line by line
    assertSnapshot(of: stage, as: .png(threshold: 0.1, budget: DiffBudget(maxDiffPixels: 20), scale: 1))
}
// snippet:end
