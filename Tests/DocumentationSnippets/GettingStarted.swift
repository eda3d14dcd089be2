// The README's example and the Getting Started article's, compiled and run by `swift test`;
// Scripts/check-downstream.sh also builds it in a new package that depends on tabstage.
// snippet:begin
import TabStageTesting
import Testing

/// A profile screen: a 240 pt header that collapses to the safe area plus 44 pt, the default
/// 44 pt tab bar, and three tabs.
let profile = ContainerConfig(
    header: HeaderConfig(height: 240, minHeight: 44),
    tabs: [
        TabConfig(title: "Posts", content: .list(rows: 40, rowHeight: .fixed(108))),
        TabConfig(title: "Media", content: .list(rows: 12, rowHeight: .ratio(0.7627))),
        TabConfig(title: "Likes", content: .carousel(sections: 6, items: 8)),
    ])
/// What the header shows: drawing data, kept beside the model, not in it.
let profileLook = Look(header: HeaderContent(title: "Jane Appleseed", subtitle: "@jane"))

@Test func flingCollapsesTheHeader() throws {
    var stage = try Stage(device: "iphone-15", container: profile, look: profileLook)
    #expect(stage.state.container.selectedOffset == -284)  // −(H + T) = −(240 + 44): expanded

    // Lift the finger at 1800 pt/s (the content moves up): as in a scenario, the fling runs to
    // rest in ticks of 1/60 s within the step.
    try stage.apply(.release(velocity: 1800))

    // It comes to rest near −284 + 1800 / (1000 × −ln 0.998) ≈ 615, well past −(Hc + T) = −147.
    #expect(stage.state.container.headerHeight == 103)  // Hc = safe-area top 59 + minHeight 44
    #expect(stage.state.container.collapseProgress == 1)  // 0 expanded, 1 collapsed
    assertTabSnapshot(of: stage, as: .png(budget: DiffBudget(maxDiffPixelRatio: 0.001)), named: "collapsed")
}
// snippet:end
