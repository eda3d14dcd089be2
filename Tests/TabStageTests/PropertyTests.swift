import Adaptive
import PropertyBased
import ScrollableTab
import Stage
import Testing

/// A random container on a random catalog device.
struct RandomSetup: Sendable, CustomStringConvertible {
    var device: Int
    var landscape: Bool
    var headerExtra: Double
    var minHeight: Double
    var flags: Int  // bits: stretch, limit, snap, header on top in compact height, fast, rtl
    var tabs: [RandomTab]

    struct RandomTab: Sendable {
        var rows: Int
        var height: Double
        var kind: Int  // 0 fixed rows, 1 ratio rows, 2 carousel
    }

    var stretch: Bool { flags & 1 != 0 }
    var limit: Bool { flags & 2 != 0 }

    var config: ContainerConfig {
        let device = DeviceCatalog.all[device]
        let top = max(device.portraitSafeArea.top, device.landscapeSafeArea.top)
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
        let settings = DisplaySettings(layoutDirection: flags & 32 != 0 ? .rtl : .ltr)
        let window = try! WindowEnvironment(
            device: DeviceCatalog.all[device], orientation: landscape ? .landscape : .portrait, settings: settings)
        return StageState(window: window, container: config)
    }

    var description: String {
        "\(DeviceCatalog.all[device].id) \(landscape ? "landscape" : "portrait") header +\(headerExtra)/\(minHeight) flags \(flags) tabs \(tabs.map { "\($0.rows)×\($0.height)k\($0.kind)" })"
    }

    static let generator = zip(
        Gen.int(in: 0...(DeviceCatalog.all.count - 1)), Gen.bool, Gen.double(in: 0...320), Gen.double(in: 0...90),
        Gen.int(in: 0...63),
        zip(Gen.int(in: 0...60), Gen.double(in: 20...320), Gen.int(in: 0...2)).map { RandomTab(rows: $0, height: $1, kind: $2) }.array(
            of: 1...4)
    ).map { RandomSetup(device: $0, landscape: $1, headerExtra: $2, minHeight: $3, flags: $4, tabs: $5) }
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

    var description: String {
        switch self {
        case .drag(let dy): "drag \(dy)"
        case .release(let v): "release \(v)"
        case .scroll(let y): "scroll \(y)"
        case .select(let t): "select \(t)"
        case .swipe(let t, let p, let f): "swipe \(t) \(p) \(f)"
        case .rotate: "rotate"
        case .setHeader(let h): "setHeader +\(h)"
        }
    }

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
}

@Suite struct ContainerPropertyTests {
    /// Applies a step as the runner does, checking the invariants after it and after every frame.
    static func apply(_ step: RandomStep, to state: StageState, setup: RandomSetup) -> StageState {
        let action: StageAction
        switch step {
        case .drag(let dy): action = .container(.drag(dy: dy))
        case .release(let v): action = .container(.release(velocity: v))
        case .scroll(let y): action = .container(.scroll(to: y))
        case .select(let tab): action = .container(.select(tab % setup.tabs.count))
        case .swipe(let tab, let progress, let finish):
            action = .container(.swipe(to: tab % setup.tabs.count, progress: progress, finish: finish))
        case .rotate: action = .rotate(state.window.orientation == .portrait ? .landscape : .portrait)
        case .setHeader(let extra):
            let top = max(state.window.device.portraitSafeArea.top, state.window.device.landscapeSafeArea.top)
            action = .container(.setHeader(height: top + state.container.config.header.minHeight + extra, minHeight: nil))
        }
        guard state.problem(with: action) == nil else { return state }
        // The header as the step finds it once any finger has lifted.
        let settledBefore = StageState.reduce(state, .container(.scrollBy(0))).0
        var next = StageState.reduce(state, action).0
        checkInvariants(next, during: step, setup: setup)
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
        let switched = next.container.selectedTab != settledBefore.container.selectedTab
        if switched { checkNoJump(from: settledBefore, to: next, setup: setup) }
        return next
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
        await seededPropertyCheck(count: 1500, input: zip(RandomSetup.generator, RandomStep.generator.array(of: 1...12))) { setup, steps in
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
        let pads = [10, 11, 12]  // ipad-air-11, ipad-pro-11, ipad-pro-13
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
