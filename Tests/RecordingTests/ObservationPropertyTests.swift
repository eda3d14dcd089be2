import PropertyBased
import TabStageModel
import TabStageRecording
import TabStageScenario
import TabStageTestSupport
import Testing

/// Whatever number a container reports, the check either keeps it exactly or refuses it at its
/// field: never a crash, never a value changed on the way.
@Suite struct ObservationPropertyTests {
    /// An iPhone 14 in portrait with three tabs, as the model reports it after `scroll: {to: -200}`.
    static let base = ContainerObservation(
        window: DrivenSize(width: 390, height: 844), safeArea: DrivenInsets(top: 47, left: 0, bottom: 34, right: 0),
        horizontalSizeClass: .compact, verticalSizeClass: .regular, displayScale: 3,
        headerFrame: DrivenRect(x: 0, y: 0, width: 390, height: 156), tabBarFrame: DrivenRect(x: 0, y: 156, width: 390, height: 44),
        selectedTab: 0,
        tabs: [
            ScrollViewObservation(contentOffsetY: -200, contentInsetTop: 284, contentInsetBottom: 34, contentHeight: 4000),
            ScrollViewObservation(contentOffsetY: -284, contentInsetTop: 284, contentInsetBottom: 34, contentHeight: 2000),
            ScrollViewObservation(contentOffsetY: -284, contentInsetTop: 284, contentInsetBottom: 409, contentHeight: 300),
        ],
        presentation: .presented(PresentedObservation(style: .pageSheet, frame: DrivenRect(x: 0, y: 415, width: 390, height: 429))))

    /// Each numeric field, the trace path its refusal names, and how to set it.
    static let fields: [(path: String, set: @Sendable (inout ContainerObservation, Double) -> Void)] = [
        ("window.width", { $0.window?.width = $1 }), ("window.height", { $0.window?.height = $1 }),
        ("safeArea.top", { $0.safeArea?.top = $1 }), ("safeArea.left", { $0.safeArea?.left = $1 }),
        ("safeArea.bottom", { $0.safeArea?.bottom = $1 }), ("safeArea.right", { $0.safeArea?.right = $1 }),
        ("traits.displayScale", { $0.displayScale = $1 }),
        ("container.headerHeight", { $0.headerFrame?.height = $1 }), ("container.headerHeight", { $0.headerFrame?.x = $1 }),
        ("container.tabBarTop", { $0.tabBarFrame?.y = $1 }), ("container.tabBarTop", { $0.tabBarFrame?.width = $1 }),
        ("container.tabs[0].contentOffsetY", { $0.tabs[0]?.contentOffsetY = $1 }),
        ("container.tabs[1].contentInsetTop", { $0.tabs[1]?.contentInsetTop = $1 }),
        ("container.tabs[2].contentInsetBottom", { $0.tabs[2]?.contentInsetBottom = $1 }),
        ("container.tabs[2].contentHeight", { $0.tabs[2]?.contentHeight = $1 }),
        (
            "presentation.frame",
            {
                if case .presented(var p)? = $0.presentation {
                    p.frame?.y = $1
                    $0.presentation = .presented(p)
                }
            }
        ),
    ]

    /// Not a number, infinite, or past every range (the widest is 4,096,000,000 pt).
    static let hostile: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 5e9, -5e9, .signalingNaN]

    @Test func everyHostileNumberIsRefusedAtItsField() async throws {
        #expect(throws: Never.self) { try ObservationCheck.state(Self.base, tabCount: 3) }
        await seededPropertyCheck(
            count: 300, input: zip(Gen.int(in: 0...(Self.fields.count - 1)), Gen.int(in: 0...(Self.hostile.count - 1)))
        ) { field, value in
            var observation = Self.base
            Self.fields[field].set(&observation, Self.hostile[value])
            do throws(InvalidObservation) {
                _ = try ObservationCheck.state(observation, tabCount: 3)
                Issue.record("\(Self.fields[field].path) = \(Self.hostile[value]) was kept")
            } catch {
                #expect(error.field == Self.fields[field].path)
            }
        }
    }

    @Test func aPossibleOffsetIsKeptExactly() async throws {
        // Any offset in ±409,600 pt goes into the trace unchanged.
        try await seededPropertyCheck(count: 300, input: Gen.double(in: -409_600...409_600)) { offset in
            var observation = Self.base
            observation.tabs[1]?.contentOffsetY = offset
            let state = try ObservationCheck.state(observation, tabCount: 3)
            guard case .object(let top) = state, case .object(let container)? = top.first(where: { $0.0 == "container" })?.1,
                case .array(let tabs)? = container.first(where: { $0.0 == "tabs" })?.1, case .object(let tab) = tabs[1],
                case .number(let kept)? = tab.first(where: { $0.0 == "contentOffsetY" })?.1
            else {
                Issue.record("no container.tabs[1].contentOffsetY in the state")
                return
            }
            #expect(kept == offset)
        }
    }
}
