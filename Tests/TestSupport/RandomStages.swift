import PropertyBased
import TabStageModel

// Random containers and steps for the property tests: ModelTests checks the model's invariants
// with them, RenderingTests writes them as scenario files and checks what tabstage draws.

/// A random container on a random catalog device.
package struct RandomSetup: Sendable, CustomStringConvertible {
    package var device: Int
    package var landscape: Bool
    package var headerExtra: Double
    package var minHeight: Double
    package var flags: Int  // bits: stretch, limit, snap, header on top in compact height, fast, rtl
    package var tabs: [RandomTab]
    /// Dynamic Type: an index into `ContentSizeCategory.allCases` (XS … AX5).
    package var textSize = 3
    /// The starting window: an index into `Multitasking.allCases`; full screen where the device has no such window.
    package var mode = 0
    /// 0 no split view; 1 a split view collapsing to its primary column, 2 to its secondary one.
    package var split = 0
    /// Whether the container gives its children phone-like traits (`traitOverride: phoneLike`).
    package var phoneLike = false
    /// 0 no app tab bar; 1 a classic one (iOS 17); 2 a floating one minimizing on scroll down
    /// (iOS 26); 3 one minimizing on scroll up (iOS 26).
    package var appTabBar = 0

    package struct RandomTab: Sendable {
        package var rows: Int
        package var height: Double
        package var kind: Int  // 0 fixed rows, 1 ratio rows, 2 carousel
    }

    package var stretch: Bool { flags & 1 != 0 }
    package var limit: Bool { flags & 2 != 0 }

    package var config: ContainerConfig {
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

    package var stage: StageState {
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

    package var description: String {
        "\(DeviceCatalog.all[device].id) \(landscape ? "landscape" : "portrait") \(Multitasking.allCases[mode]) \(ContentSizeCategory.allCases[textSize]) split \(split) phoneLike \(phoneLike) appTabBar \(appTabBar) header +\(headerExtra)/\(minHeight) flags \(flags) tabs \(tabs.map { "\($0.rows)×\($0.height)k\($0.kind)" })"
    }

    package static let generator = zip(
        Gen.int(in: 0...(DeviceCatalog.all.count - 1)), Gen.bool, Gen.double(in: 0...320), Gen.double(in: 0...90),
        Gen.int(in: 0...63),
        zip(Gen.int(in: 0...60), Gen.double(in: 20...320), Gen.int(in: 0...2)).map { RandomTab(rows: $0, height: $1, kind: $2) }.array(
            of: 1...4)
    ).map { RandomSetup(device: $0, landscape: $1, headerExtra: $2, minHeight: $3, flags: $4, tabs: $5) }

    /// `generator` widened with Dynamic Type, an iPad multitasking window, a split view and
    /// phone-like child traits.
    package static let widened = zip(
        generator, Gen.int(in: 0...(ContentSizeCategory.allCases.count - 1)), Gen.int(in: 0...(Multitasking.allCases.count - 1)),
        Gen.int(in: 0...2), Gen.bool
    ).map { setup, textSize, mode, split, phoneLike in
        var setup = setup
        (setup.textSize, setup.mode, setup.split, setup.phoneLike) = (textSize, mode, split, phoneLike)
        return setup
    }
}

/// One random scenario step.
package enum RandomStep: Sendable, CustomStringConvertible {
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

    package var description: String {
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

    package static let styles: [PresentationStyle] = [.popover, .formSheet, .pageSheet, .fullScreen, .overFullScreen, .automatic]

    package static let generator = zip(Gen.int(in: 0...9), Gen.double(in: -1...1), Gen.int(in: 0...3), Gen.bool).map {
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
    package static let widened = zip(Gen.int(in: 0...19), generator, Gen.double(in: -1...1), Gen.double(in: 0...1), Gen.int(in: 0...255))
        .map {
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

extension RandomStep {
    /// The action a step stands for in `state`.
    package static func action(_ step: RandomStep, in state: StageState, setup: RandomSetup) -> StageAction {
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
}
