// The YAML and Swift article: the Swift form of each scenario key and step in its tables,
// compiled here so no row can name an API that does not exist.
// snippet:begin
import TabStageTesting
import Testing

@Test func everyScenarioKeyHasASwiftForm() throws {
    // The window: device, orientation, multitasking and the display settings.
    let settings = DisplaySettings(contentSizeCategory: .AX3, layoutDirection: .rtl, appearance: .dark, iOSVersion: IOSVersion(27))
    let legacyLook = IOSVersion(26, designCompatibility: true)  // designCompatibility: true
    // The container: header, tab bar, short content, deceleration and tabs.
    let container = ContainerConfig(
        header: HeaderConfig(height: 240, minHeight: 44, overscroll: .stretch, snap: true, compactHeightPlacement: .top),
        tabBar: TabBarConfig(height: 44, compactHeight: 32, layout: .scrollable),
        shortContent: .limit,
        decelerationRate: .fast,
        tabs: [
            TabConfig(title: "Posts", content: .list(rows: 40, rowHeight: .fixed(108))),
            TabConfig(title: "Media", content: .list(rows: 12, rowHeight: .ratio(0.7627))),
            TabConfig(title: "Likes", content: .carousel(sections: 6, items: 8)),
        ])
    let split = SplitConfig(primaryTitle: "Accounts", primaryRows: 12, primaryWidth: .fraction(0.35), collapse: .secondary)
    let appTabBar = AppTabBarConfig(items: ["Home", "Profile"], selected: 1, minimizeBehavior: .onScrollDown)
    var stage = try Stage(
        device: "ipad-pro-13", orientation: .landscape, multitasking: .full, settings: settings, traitOverride: .phoneLike,
        container: container, split: split, look: Look(), fps: 120, measuring: TextMeasurer.shared, appTabBar: appTabBar)
    #expect(legacyLook.designCompatibility)
    // A popover anchored to a drawn control, as `source: more` names it.
    let fromMore: Stage.Step = .present(PresentationRequest(style: .popover), from: .more)
    #expect(fromMore.keyword == "present")

    // A sheet with detents: the options live in `sheet:`.
    let sheet = PresentationRequest(
        style: .pageSheet, adaptation: .automatic,
        sheet: SheetOptions(
            detents: [.medium, .large], selectedDetent: .medium, grabber: true, largestUndimmedDetent: .medium,
            edgeAttachedInCompactHeight: true, widthFollowsPreferredContentSize: true))
    var formSheet = PresentationRequest(style: .formSheet, adaptation: .none, size: Size(width: 540, height: 620))
    formSheet.placement = .leading  // iOS 27's preferredPlacement
    var content = PresentedContent(
        title: "Options", items: [.init(title: "Share"), .init(title: "Block", destructive: true)], doneButton: true)
    content.closeButton = true
    content.scrollEdgeEffect = .hard
    formSheet.content = content
    let popover = PresentationRequest(style: .popover, source: Rect(x: 330, y: 60, width: 44, height: 44))

    // Every step.
    let steps: [Stage.Step] = [
        .scroll(to: -200), .scroll(by: 40, animated: true), .scrollToTop(animated: true),
        .select("Media"), .select(1, animated: true), .swipe(to: 2, progress: 0.4, finish: false),
        .drag(dy: 120), .release(velocity: 1800), .wait(seconds: 0.5),
        .rotate(.portrait), .resizeWindow(width: 677, height: 700), .resize(.full), .setHeader(height: 200, minHeight: 50),
        .present(popover), .dismiss,
        .present(formSheet), .dismiss,
    ]
    for step in steps { try stage.apply(step) }
    #expect(stage.state.presentation == nil)  // the last step dismissed the form sheet

    // On an iPhone a page sheet is a sheet, so it rests at a detent (on a regular-width iPad it is a card).
    var phone = try Stage(device: "iphone-15", container: container)
    try phone.apply(.present(sheet))
    #expect(phone.state.presentation?.layout.detent == .medium)  // selectedDetent: medium
    try phone.apply(.detent(.large))
    #expect(phone.state.presentation?.layout.detent == .large)
}
// snippet:end
