// The README's example and the Getting Started article's, compiled and run by `swift test`;
// Scripts/check-downstream.sh also builds it in a new package that depends on tabstage.
// snippet:begin
import TabStageTesting
import Testing

/// A profile screen: a 240 pt header that collapses to the safe area plus 44 pt, the default
/// 44 pt tab bar, and three tabs.
let profile = ContainerConfig(
    header: HeaderConfig(height: 240, minHeight: 44, title: "Jane Appleseed", subtitle: "@jane"),
    tabs: [
        TabConfig(title: "Posts", content: .list(rows: 40, rowHeight: .fixed(108))),
        TabConfig(title: "Media", content: .list(rows: 12, rowHeight: .ratio(0.7627))),
        TabConfig(title: "Likes", content: .carousel(sections: 6, items: 8)),
    ])

@Test func flingCollapsesTheHeader() throws {
    let iPhone15 = try #require(DeviceCatalog.device(id: "iphone-15"))
    let window = try WindowEnvironment(device: iPhone15, orientation: .portrait)
    var stage = StageState(window: window, container: profile)
    #expect(stage.container.selectedOffset == -284)  // −(H + T) = −(240 + 44): expanded

    // Lift the finger at 1800 pt/s (the content moves up), then let time pass in 1/60 s ticks.
    stage = StageState.reduce(stage, .container(.release(velocity: 1800))).0
    while stage.container.isAnimating {
        stage = StageState.reduce(stage, .container(.tick(seconds: 1.0 / 60))).0
    }

    // It comes to rest near −284 + 1800 / (1000 × −ln 0.998) ≈ 615, well past −(Hc + T) = −147.
    #expect(stage.container.headerHeight == 103)  // Hc = safe-area top 59 + minHeight 44
    #expect(stage.container.collapseProgress == 1)  // 0 expanded, 1 collapsed
    assertTabSnapshot(stage, named: "collapsed", budget: DiffBudget(maxDiffPixelRatio: 0.001))
}
// snippet:end
