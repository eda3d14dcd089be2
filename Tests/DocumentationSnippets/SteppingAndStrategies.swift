// The Snapshot Testing article's example of a stage driven step by step and checked with
// strategy values, under the trait that sets the record mode.
// snippet:begin
import TabStageTesting
import Testing

@Suite(.tabSnapshots(record: .missing))
struct ProfileSteps {
    let profile = ContainerConfig(
        header: HeaderConfig(height: 240, minHeight: 44),
        tabs: [
            TabConfig(title: "Posts", content: .list(rows: 40, rowHeight: .fixed(108))),
            TabConfig(title: "Media", content: .list(rows: 12, rowHeight: .fixed(120))),
        ])
    let look = Look(header: HeaderContent(title: "Jane Appleseed", subtitle: "@jane"))

    @Test func dragThenSelectMedia() throws {
        var stage = try Stage(device: "iphone-15", container: profile, look: look)
        try stage.apply(.drag(dy: 120))  // one frame: the offset −284 + 120 = −164
        #expect(stage.takeFrames().map(\.state.container.selectedOffset) == [-164])
        // The tab-switch rule: the header does not jump, so Media scrolls to where a 120 pt
        // header leaves it, −(120 + 44) = −164 (the tab bar is 44 pt). Any other change fails.
        try stage.apply(.select("Media")) {
            $0.selectedTab = 1
            $0.tabs[1].contentOffsetY = -164
        }
        #expect(stage.state.headerHeight == 120)  // 240 − 120

        // The numbers as trace.json words them, then the SVG and its PNG.
        assertTabSnapshot(of: stage, as: .trace + .png, named: "media")
    }

    @Test func refusedStepsReadLikeTheCommandLine() throws {
        var stage = try Stage(device: "iphone-15", container: profile)
        #expect(throws: ScenarioError.self) { try stage.apply(.select("Likes")) }  // no tab is titled 'Likes'
        #expect(throws: ScenarioError.self) { try stage.apply(.dismiss) }  // nothing is presented
    }
}
// snippet:end
