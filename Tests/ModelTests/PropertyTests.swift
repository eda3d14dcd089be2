import Adaptive
import Presentation
import PropertyBased
import ScrollableTab
import Stage
import TabStageTestSupport
import Testing

/// A random container on a random catalog device.
struct RandomSetup: Sendable, CustomStringConvertible {
    var device: Int
    var landscape: Bool
    var headerExtra: Double
    var minHeight: Double
    var flags: Int  // bits: stretch, limit, snap, header on top in compact height, fast, rtl
    var tabs: [RandomTab]
    /// Dynamic Type: an index into `ContentSizeCategory.allCases` (XS … AX5).
    var textSize = 3
    /// The starting window: an index into `Multitasking.allCases`; full screen where the device has no such window.
    var mode = 0
    /// 0 no split view; 1 a split view collapsing to its primary column, 2 to its secondary one.
    var split = 0
    /// Whether the container gives its children phone-like traits (`traitOverride: phoneLike`).
    var phoneLike = false
    /// 0 no app tab bar; 1 a classic one (iOS 17); 2 a floating one minimizing on scroll down
    /// (iOS 26); 3 one minimizing on scroll up (iOS 26).
    var appTabBar = 0

    struct RandomTab: Sendable {
        var rows: Int
        var height: Double
        var kind: Int  // 0 fixed rows, 1 ratio rows, 2 carousel
    }

    var stretch: Bool { flags & 1 != 0 }
    var limit: Bool { flags & 2 != 0 }

    var config: ContainerConfig {
        let device = DeviceCatalog.all[device]
        // The tallest top inset on any release (an iPad's is 32 from iPadOS 26, 24 before).
        let top = [device.portraitSafeArea.top, device.landscapeSafeArea.top, device.safeArea(.portrait, on: .default).top].max()!
        return ContainerConfig(
            header: HeaderConfig(
                height: top + minHeight + headerExtra, minHeight: minHeight, overscroll: stretch ? .stretch : .pin,
                snap: flags & 4 != 0, compactHeightPlacement: flags & 8 != 0 ? .top : .side),
            shortContent: limit ? .limit : .extend, decelerationRate: flags & 16 != 0 ? .fast : .normal,
            tabs: tabs.enumerated().map { index, tab in
                let content: TabContent
                switch tab.kind {
                case 0: content = .list(rows: tab.rows, rowHeight: .fixed(tab.height))
                case 1: content = .list(rows: tab.rows, rowHeight: .ratio(tab.height / 400))
                default: content = .carousel(sections: tab.rows / 4, items: 6)
                }
                return TabConfig(title: "T\(index)", content: content)
            })
    }

    var stage: StageState {
        let settings = DisplaySettings(
            contentSizeCategory: ContentSizeCategory.allCases[textSize], layoutDirection: flags & 32 != 0 ? .rtl : .ltr,
            iOSVersion: IOSVersion(appTabBar >= 2 ? 26 : 17))
        let device = DeviceCatalog.all[device], orientation: Orientation = landscape ? .landscape : .portrait
        let override: TraitOverride = phoneLike ? .phoneLike : .none
        let window =
            (try? WindowEnvironment(
                device: device, orientation: orientation, multitasking: Multitasking.allCases[mode], settings: settings,
                traitOverride: override))
            ?? (try! WindowEnvironment(device: device, orientation: orientation, settings: settings, traitOverride: override))
        let splitConfig = split == 0 ? nil : SplitConfig(collapse: split == 1 ? .primary : .secondary)
        let bar = AppTabBarConfig(
            items: ["Home", "Search", "Profile"], selected: 2, minimizeBehavior: appTabBar == 3 ? .onScrollUp : .onScrollDown)
        return StageState(window: window, container: config, split: splitConfig, appTabBar: appTabBar == 0 ? nil : bar)
    }

    var description: String {
        "\(DeviceCatalog.all[device].id) \(landscape ? "landscape" : "portrait") \(Multitasking.allCases[mode]) \(ContentSizeCategory.allCases[textSize]) split \(split) phoneLike \(phoneLike) appTabBar \(appTabBar) header +\(headerExtra)/\(minHeight) flags \(flags) tabs \(tabs.map { "\($0.rows)×\($0.height)k\($0.kind)" })"
    }

    static let generator = zip(
        Gen.int(in: 0...(DeviceCatalog.all.count - 1)), Gen.bool, Gen.double(in: 0...320), Gen.double(in: 0...90),
        Gen.int(in: 0...63),
        zip(Gen.int(in: 0...60), Gen.double(in: 20...320), Gen.int(in: 0...2)).map { RandomTab(rows: $0, height: $1, kind: $2) }.array(
            of: 1...4)
    ).map { RandomSetup(device: $0, landscape: $1, headerExtra: $2, minHeight: $3, flags: $4, tabs: $5) }

    /// `generator` widened with Dynamic Type, an iPad multitasking window, a split view and
    /// phone-like child traits.
    static let widened = zip(
        generator, Gen.int(in: 0...(ContentSizeCategory.allCases.count - 1)), Gen.int(in: 0...(Multitasking.allCases.count - 1)),
        Gen.int(in: 0...2), Gen.bool
    ).map { setup, textSize, mode, split, phoneLike in
        var setup = setup
        (setup.textSize, setup.mode, setup.split, setup.phoneLike) = (textSize, mode, split, phoneLike)
        return setup
    }
}

/// One random scenario step.
enum RandomStep: Sendable, CustomStringConvertible {
    case drag(Double)
    case release(Double)
    case scroll(Double)
    case select(Int)
    case swipe(Int, Double, Bool)
    case rotate
    case setHeader(Double)
    /// An iPad multitasking window (an index into `Multitasking.allCases`).
    case resize(Int)
    /// `scroll: {…, animated: true}`: to an offset (kind 0), by a distance (1) or to the top (2).
    case animatedScroll(Int, Double)
    /// `select: {tab, animated: true}`: a tap on a tab's button.
    case tap(Int)
    /// `wait`: this many frames of 1/60 s.
    case wait(Int)
    /// A presentation: the style's index, the source's and size's fractions of the window, and flag bits.
    case present(style: Int, Double, Double, flags: Int)
    case dismiss
    case detent(SheetDetent)

    var description: String {
        switch self {
        case .drag(let dy): "drag \(dy)"
        case .release(let v): "release \(v)"
        case .scroll(let y): "scroll \(y)"
        case .select(let t): "select \(t)"
        case .swipe(let t, let p, let f): "swipe \(t) \(p) \(f)"
        case .rotate: "rotate"
        case .setHeader(let h): "setHeader +\(h)"
        case .resize(let mode): "resize \(Multitasking.allCases[mode])"
        case .animatedScroll(let kind, let y): "scroll \(["to", "by", "top"][kind]) \(y) animated"
        case .tap(let t): "tap \(t)"
        case .wait(let frames): "wait \(frames) frames"
        case .present(let style, let x, let y, let flags): "present \(Self.styles[style]) at \(x), \(y) flags \(flags)"
        case .dismiss: "dismiss"
        case .detent(let detent): "detent \(detent)"
        }
    }

    static let styles: [PresentationStyle] = [.popover, .formSheet, .pageSheet, .fullScreen, .overFullScreen, .automatic]

    static let generator = zip(Gen.int(in: 0...9), Gen.double(in: -1...1), Gen.int(in: 0...3), Gen.bool).map {
        kind, x, tab, flag -> RandomStep in
        switch kind {
        case 0, 1: return .drag(x * 700)
        case 2, 3: return .release(x * 6000)
        case 4: return .scroll(x * 3000)
        case 5: return .select(tab)
        case 6: return .swipe(tab, abs(x), flag)
        case 7: return .rotate
        default: return .setHeader(abs(x) * 200)
        }
    }

    /// `generator` widened with window resizes, presentations, animated scrolls, taps and waits.
    static let widened = zip(Gen.int(in: 0...19), generator, Gen.double(in: -1...1), Gen.double(in: 0...1), Gen.int(in: 0...255)).map {
        kind, step, x, y, bits -> RandomStep in
        switch kind {
        case 0...9: return step
        case 10, 11: return .resize(bits % Multitasking.allCases.count)
        case 12: return .animatedScroll(bits % 3, x * 3000)
        case 13: return .tap(bits % 4)
        case 14: return .wait(1 + bits % 90)
        case 15, 16: return .present(style: bits % styles.count, abs(x), y, flags: bits)
        case 17, 18: return .dismiss
        default: return .detent(bits & 1 == 0 ? .medium : .large)
        }
    }
}

@Suite struct ContainerPropertyTests {
    /// The action a step stands for in `state`.
    static func action(_ step: RandomStep, in state: StageState, setup: RandomSetup) -> StageAction {
        let tabs = setup.tabs.count
        switch step {
        case .drag(let dy): return .container(.drag(dy: dy))
        case .release(let v): return .container(.release(velocity: v))
        case .scroll(let y): return .container(.scroll(to: y))
        case .select(let tab): return .container(.select(tab % tabs))
        case .swipe(let tab, let progress, let finish):
            return .container(.swipe(to: tab % tabs, progress: progress, finish: finish))
        case .rotate: return .rotate(state.window.orientation == .portrait ? .landscape : .portrait)
        case .setHeader(let extra):
            let device = state.window.device
            let top = [device.portraitSafeArea.top, device.landscapeSafeArea.top, device.safeArea(.portrait, on: .default).top].max()!
            return .container(.setHeader(height: top + state.container.config.header.minHeight + extra, minHeight: nil))
        case .resize(let mode): return .resize(Multitasking.allCases[mode])
        case .animatedScroll(let kind, let y):
            return .container(.animatedScroll(kind == 0 ? .offset(y) : kind == 1 ? .by(y) : .top))
        case .tap(let tab): return .container(.tap(tab % tabs))
        case .wait: return .container(.tick(seconds: 1.0 / 60))
        case .present(let style, let x, let y, let flags):
            let window = state.window.window
            let sheet = SheetOptions(
                detents: flags & 1 != 0 ? [.medium, .large] : [.large], grabber: flags & 2 != 0,
                largestUndimmedDetent: flags & 4 != 0 ? .medium : nil, edgeAttachedInCompactHeight: flags & 8 != 0,
                widthFollowsPreferredContentSize: flags & 16 != 0)
            return .present(
                PresentationRequest(
                    style: RandomStep.styles[style], adaptation: PresentationAdaptation.allCases[(flags >> 5) % 5],
                    source: Rect(x: x * window.width, y: y * window.height, width: 44, height: 44),
                    size: Size(width: 200 + x * 500, height: 200 + y * 600), sheet: sheet))
        case .dismiss: return .dismiss
        case .detent(let detent): return .selectDetent(detent)
        }
    }

    /// Applies a step as the runner does, checking the invariants after it and after every frame.
    static func apply(_ step: RandomStep, to state: StageState, setup: RandomSetup) -> StageState {
        let action = action(step, in: state, setup: setup)
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
