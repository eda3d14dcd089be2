// The Conventions article's worked example: every number is checked by `swift test`.
// snippet:begin
import TabStageTesting
import Testing

@Test func offsetsHeaderAndTabSwitch() throws {
    // iphone-14 portrait: 390×844 pt, safe area 47/0/34/0. H = 220, Hc = 47 + 44 = 91, T = 44.
    let iPhone14 = try #require(DeviceCatalog.device(id: "iphone-14"))
    let config = ContainerConfig(
        header: HeaderConfig(height: 220, minHeight: 44),
        tabs: [
            TabConfig(title: "Posts", content: .list(rows: 30, rowHeight: .fixed(100))),
            TabConfig(title: "Media", content: .list(rows: 15, rowHeight: .fixed(100))),
        ])
    var stage = StageState(window: try WindowEnvironment(device: iPhone14, orientation: .portrait), container: config)

    let posts = stage.container.geometry.tabs[0]
    #expect(posts.contentInsetTop == 264)  // H + T
    #expect(posts.minOffsetY == -264)  // −(H + T): the first row sits just below the tab bar
    #expect(posts.maxOffsetY == 2190)  // C + bottom inset − V = 3000 + 34 − 844
    #expect(stage.container.geometry.collapsedOffsetY == -135)  // −(Hc + T)

    stage = StageState.reduce(stage, .container(.scroll(to: -200))).0
    #expect(stage.container.headerHeight == 156)  // h = −(y + T) = 200 − 44
    #expect(stage.container.tabBarTop == 156)
    #expect(stage.container.collapseProgress == 64.0 / 129.0)  // (H − h) / (H − Hc) ≈ 0.496

    // Switching tabs moves the new tab under the header instead of moving the header.
    stage = StageState.reduce(stage, .container(.select(1))).0
    #expect(stage.container.offsets == [-200, -200])
    #expect(stage.container.headerHeight == 156)
}
// snippet:end
