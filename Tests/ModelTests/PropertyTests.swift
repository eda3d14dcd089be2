import PropertyBased
import TabStageModel
import TabStageTestSupport
import Testing

@Suite struct ContainerPropertyTests {
    /// Applies a step as the runner does, checking the invariants after it and after every frame.
    static func apply(_ step: RandomStep, to state: StageState, setup: RandomSetup) -> StageState {
        let action = RandomStep.action(step, in: state, setup: setup)
        guard state.problem(with: action) == nil else { return state }
        // The header as the step finds it once any finger has lifted.
        let settledBefore = StageState.reduce(state, .container(.scrollBy(0))).0
        var next = state
        // `wait` is ticks of one frame; any other step is its action once.
        let repeats: Int
        if case .wait(let frames) = step { repeats = frames } else { repeats = 1 }
        for _ in 0..<repeats {
            next = StageState.reduce(next, action).0
            checkInvariants(next, during: step, setup: setup)
        }
        var frames = 0
        while next.container.isAnimating {
            next = StageState.reduce(next, .container(.tick(seconds: 1.0 / 60))).0
            checkInvariants(next, during: step, setup: setup)
            frames += 1
            if frames > 20_000 {
                Issue.record("animation did not settle after \(step)")
                break
            }
        }
        if case .release = step { checkSettled(next, setup: setup) }
        if next.container.gesture == nil && next.container.animation == nil { checkAtRest(next, after: step) }
        checkHiddenTabs(from: state, to: next, action: action, step: step)
        let switched = next.container.selectedTab != settledBefore.container.selectedTab
        if switched { checkNoJump(from: settledBefore, to: next, setup: setup) }
        return next
    }

    /// Once no finger is down and nothing animates, every tab, hidden or not, is within its bounds.
    static func checkAtRest(_ state: StageState, after step: RandomStep) {
        for (tab, offset) in state.container.offsets.enumerated() {
            let metrics = state.container.geometry.tabs[tab]
            #expect(
                offset >= metrics.minOffsetY && offset <= metrics.maxOffsetY,
                "tab \(tab) offset \(offset) outside [\(metrics.minOffsetY), \(metrics.maxOffsetY)] once settled after \(step)")
        }
    }

    /// Only the selected tab scrolls: a tab hidden before and after a step keeps its offset to
    /// the bit. Size and header changes re-lay out every tab (the documented exception), and a
    /// presentation leaves the whole container as it was.
    static func checkHiddenTabs(from before: StageState, to after: StageState, action: StageAction, step: RandomStep) {
        switch action {
        case .rotate, .resize, .resizeWindow, .container(.setHeader), .container(.layout): return
        case .present, .dismiss, .selectDetent:
            #expect(after.container == before.container, "\(step) changed the container")
        case .container:
            let shown = [before.container.selectedTab, after.container.selectedTab]
            for tab in before.container.offsets.indices where !shown.contains(tab) {
                #expect(
                    after.container.offsets[tab] == before.container.offsets[tab],
                    "hidden tab \(tab) moved from \(before.container.offsets[tab]) to \(after.container.offsets[tab]) during \(step)")
            }
        }
    }

    static func checkInvariants(_ state: StageState, during step: RandomStep, setup: RandomSetup) {
        let container = state.container
        let geometry = container.geometry
        let viewport = geometry.size.height
        for (tab, offset) in container.offsets.enumerated() {
            let metrics = geometry.tabs[tab]
            #expect(offset.isFinite, "tab \(tab) offset is \(offset) after \(step)")
            #expect(
                offset > metrics.minOffsetY - viewport && offset < metrics.maxOffsetY + viewport,
                "tab \(tab) offset \(offset) leaves the rubber-band envelope [\(metrics.minOffsetY), \(metrics.maxOffsetY)] ± \(viewport) after \(step)"
            )
            let dragged = container.gesture?.tab == tab || container.animation?.tab == tab
            if !dragged {
                #expect(
                    offset >= metrics.minOffsetY && offset <= metrics.maxOffsetY,
                    "tab \(tab) offset \(offset) outside [\(metrics.minOffsetY), \(metrics.maxOffsetY)] at rest after \(step)")
            }
        }
        let height = container.headerHeight
        #expect(height.isFinite && container.collapseProgress.isFinite)
        #expect(height >= geometry.collapsedHeaderHeight, "header \(height) below Hc after \(step)")
        if !setup.stretch {
            #expect(height <= geometry.expandedHeaderHeight, "pinned header \(height) above H after \(step)")
        }
        // The tab bar hangs from the header's bottom edge (at the top of the pages beside a side header).
        #expect(container.tabBarTop == (geometry.placement == .top ? height : 0), "tab bar at \(container.tabBarTop), header \(height)")
        if let bar = state.appTabBar {
            // The bar's inset is the container's bottom safe area, so every tab's bottom inset
            // holds it; only a floating bar on an iPhone minimizes.
            #expect(geometry.safeArea.bottom == AppTabBarMetrics.bottomInset(in: state.window))
            #expect(geometry.tabs.allSatisfy { $0.contentInsetBottom >= geometry.safeArea.bottom })
            if bar.minimized {
                #expect(state.window.device.idiom == .phone && state.window.settings.iOSVersion.usesLiquidGlass, "minimized after \(step)")
            }
        }
        if let layout = state.presentation?.layout {
            let f = layout.frame
            #expect([f.x, f.y, f.width, f.height].allSatisfy { $0.isFinite }, "presented frame \(f) after \(step)")
            if layout.appearance == .popover {
                // Through rotations and resizes too, a popover stays inside the safe area less its margins.
                let safe = state.window.safeArea, w = state.window.window, margin = PresentationRules.popoverMargin
                #expect(
                    f.x >= safe.left + margin && f.maxX <= w.width - safe.right - margin && f.y >= safe.top + margin
                        && f.maxY <= w.height - safe.bottom - margin,
                    "popover \(f) leaves the safe area \(safe) of \(w) less \(margin) after \(step)")
            }
        }
    }

    static func checkSettled(_ state: StageState, setup: RandomSetup) {
        let metrics = state.container.selectedMetrics
        #expect(state.container.animation == nil && state.container.gesture == nil)
        #expect(state.container.selectedOffset >= metrics.minOffsetY && state.container.selectedOffset <= metrics.maxOffsetY)
    }

    /// A tab switch keeps the header where it was, unless `limit` clamps the new tab (the tab-switch rule).
    static func checkNoJump(from before: StageState, to after: StageState, setup: RandomSetup) {
        let old = min(before.container.headerHeight, before.container.geometry.expandedHeaderHeight)
        let new = after.container.headerHeight
        let metrics = after.container.selectedMetrics
        let clamped = after.container.selectedOffset == metrics.maxOffsetY || after.container.selectedOffset == metrics.minOffsetY
        if !(setup.limit && clamped) {
            #expect(abs(old - new) < 1e-9, "switching tabs moved the header from \(old) to \(new)")
        }
    }

    @Test func invariantsHoldAfterEveryStepAndFrame() async {
        await seededPropertyCheck(count: 1500, input: zip(RandomSetup.widened, RandomStep.widened.array(of: 1...12))) { setup, steps in
            var state = setup.stage
            Self.checkInvariants(state, during: .scroll(0), setup: setup)
            for step in steps {
                state = Self.apply(step, to: state, setup: setup)
            }
        }
    }

    /// The same invariants with an app tab bar around the container: its inset changes the
    /// bounds, never the header rules.
    @Test func invariantsHoldWithAnAppTabBar() async {
        let setups = zip(RandomSetup.widened, Gen.int(in: 1...3)).map { setup, bar in
            var setup = setup
            setup.appTabBar = bar
            return setup
        }
        await seededPropertyCheck(count: 500, input: zip(setups, RandomStep.widened.array(of: 1...12))) { setup, steps in
            var state = setup.stage
            Self.checkInvariants(state, during: .scroll(0), setup: setup)
            for step in steps {
                state = Self.apply(step, to: state, setup: setup)
            }
        }
    }

    @Test func rotatingThereAndBackIsTheIdentity() async {
        await seededPropertyCheck(count: 1500, input: zip(RandomSetup.generator, Gen.double(in: 0...1).array(of: 4), Gen.int(in: 0...3))) {
            setup, fractions, selected in
            var state = setup.stage
            for tab in 0..<setup.tabs.count {
                state = StageState.reduce(state, .container(.select(tab))).0
                let metrics = state.container.selectedMetrics
                let target = metrics.minOffsetY + fractions[tab] * (metrics.maxOffsetY - metrics.minOffsetY)
                state = StageState.reduce(state, .container(.scroll(to: target))).0
            }
            state = StageState.reduce(state, .container(.select(selected % setup.tabs.count))).0
            let there = StageState.reduce(state, .rotate(state.window.orientation == .portrait ? .landscape : .portrait)).0
            let back = StageState.reduce(there, .rotate(state.window.orientation)).0
            #expect(back.container.selectedTab == state.container.selectedTab)
            for tab in 0..<setup.tabs.count {
                // Clamping to the new bounds is the documented exception; it only happens at the maximum.
                guard there.container.offsets[tab] < there.container.geometry.tabs[tab].maxOffsetY else { continue }
                #expect(
                    abs(back.container.offsets[tab] - state.container.offsets[tab]) < 1e-6,
                    "tab \(tab): \(state.container.offsets[tab]) -> \(there.container.offsets[tab]) -> \(back.container.offsets[tab])")
            }
        }
    }

    @Test func resizingAnIPadThereAndBackIsTheIdentity() async {
        // The iPads with published multitasking widths, by catalog index.
        let pads = ["ipad-air-11", "ipad-pro-11", "ipad-pro-12.9"].map { id in DeviceCatalog.all.firstIndex { $0.id == id }! }
        await seededPropertyCheck(
            count: 500, input: zip(RandomSetup.generator, Gen.int(in: 0...2), Gen.int(in: 1...4), Gen.double(in: 0...1))
        ) {
            setup, pad, mode, fraction in
            var setup = setup
            setup.device = pads[pad]
            var state = setup.stage
            let metrics = state.container.selectedMetrics
            state =
                StageState.reduce(state, .container(.scroll(to: metrics.minOffsetY + fraction * (metrics.maxOffsetY - metrics.minOffsetY))))
                .0
            let target = Multitasking.allCases[mode]
            guard state.problem(with: .resize(target)) == nil else { return }
            let there = StageState.reduce(state, .resize(target)).0
            let back = StageState.reduce(there, .resize(.full)).0
            guard there.container.selectedOffset < there.container.selectedMetrics.maxOffsetY else { return }
            #expect(abs(back.container.selectedOffset - state.container.selectedOffset) < 1e-6)
        }
    }
}
