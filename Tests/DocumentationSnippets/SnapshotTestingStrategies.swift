// The Snapshot Testing article's swift-snapshot-testing example.
// snippet:begin
import SnapshotTesting
import TabStageSnapshotTesting
import Testing

@Test func profileWithSnapshotTesting() throws {
    var stage = try Stage(
        device: "iphone-14",
        container: ContainerConfig(tabs: [
            TabConfig(title: "Posts", content: .list(rows: 30, rowHeight: .fixed(100))),
            TabConfig(title: "Likes", content: .list(rows: 4, rowHeight: .fixed(100))),
        ]),
        look: Look(header: HeaderContent(title: "Jane Appleseed", subtitle: "@jane")))
    try stage.apply(.scroll(to: 300))

    // The stage is drawn with its look: the name and handle are in both pictures.
    assertSnapshot(of: stage, as: .svg)  // the SVG text, diffed line by line
    assertSnapshot(of: stage, as: .png(threshold: 0.1, budget: DiffBudget(maxDiffPixels: 20), scale: 1))
}
// snippet:end
