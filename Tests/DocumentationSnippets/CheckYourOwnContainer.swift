// The README's "Check your own container": numbers a UI test read from its own container,
// checked against the model on any machine.
// snippet:begin
import Foundation
import TabStageTesting
import Testing

@Test func ourContainerKeepsTheHeaderOnATabSwitch() {
    // After step 1 of the scenario (`select: Media` with the header part-way collapsed at 156),
    // as the UI test read them from the real views.
    var state = ObservedState()
    state.headerHeight = 156
    state.selectedTab = 1
    state.setTab(1, contentOffsetY: -200, contentInsetTop: 284)  // no jump: −(156 + 44)
    var observed = ObservedTrace(scenario: "profile")
    observed.append(step: 1, state)
    assertConforms(observed, to: URL(fileURLWithPath: "Examples/conformance/profile.yaml"), tolerance: 0.5)
}
// snippet:end
