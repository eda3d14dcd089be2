import Foundation
import TabStageModel
import TabStageRecording
import TabStageScenario
import TabStageTestSupport
import Testing

/// The model's container, except that after the `at`-th step it is driven through (from 0) it
/// reports what `change` makes of its numbers, or its `perform` throws.
@MainActor
final class HostileContainer: RecordableContainer {
    private let model: ModelContainer
    private let at: Int
    private let change: (inout ContainerObservation) -> Void
    private let failing: Bool
    /// How many steps were performed or read.
    private(set) var performed = 0
    private var observed = 0

    init(scenario: Scenario, at: Int, failing: Bool = false, change: @escaping (inout ContainerObservation) -> Void = { _ in }) throws {
        model = try ModelContainer(scenario: scenario)
        self.at = at
        self.failing = failing
        self.change = change
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String { "the test container\nrefuses this step" }
    }

    func perform(_ action: DrivenAction) async throws {
        if failing, performed == at { throw Refusal() }
        performed += 1
        try await model.perform(action)
    }

    func observe() async -> ContainerObservation {
        var observation = await model.observe()
        if observed == at { change(&observation) }
        observed += 1
        return observation
    }
}

/// A container's numbers are input: every impossible value is refused at its step and field,
/// in one line, and nothing after it is driven.
@Suite struct HostileObservationTests {
    static let path = "Examples/conformance/profile.yaml"
    /// Step 3 of the conformance scenario is `select: Likes`, on line 19 column 5 (its steps
    /// start on line 16), and every step before it is an action, so it is the 4th read.
    static let location = Fixtures.root.appendingPathComponent(path).path + ":19:5"

    @MainActor func refusal(_ change: @escaping (inout ContainerObservation) -> Void) async throws -> (RecordingError, HostileContainer) {
        let driver = try ScenarioDriver(scenario: Self.path)
        let container = try HostileContainer(scenario: driver.scenario, at: 3, change: change)
        do {
            _ = try await driver.record(driving: container)
        } catch {
            return (error, container)
        }
        throw RecordingTestFailure("the recording took a hostile number")
    }

    @MainActor @Test func aNaNOffsetIsRefusedAtItsStepAndField() async throws {
        let (error, container) = try await refusal { $0.tabs[1]?.contentOffsetY = .nan }
        #expect(error.step == 3)
        #expect(error.field == "container.tabs[1].contentOffsetY")
        // ±(4096 × 100): the model's own range for an offset.
        #expect(
            error.description
                == "\(Self.location): error: step 3 'select: Likes': the container reported container.tabs[1].contentOffsetY = nan (expected a finite number of points from -409600 to 409600)"
        )
        #expect(container.performed == 4, "steps 0 to 3 driven, nothing after the refusal")
    }

    @MainActor @Test func everyImpossibleNumberIsNamedByItsField() async throws {
        let cases: [(String, String, (inout ContainerObservation) -> Void)] = [
            ("container.headerHeight", "the header's frame with height = infinity", { $0.headerFrame?.height = .infinity }),
            ("container.tabBarTop", "the tab bar's frame with y = -infinity", { $0.tabBarFrame?.y = -.infinity }),
            ("container.headerHeight", "the header's frame with height = -1", { $0.headerFrame?.height = -1 }),
            ("window.width", "window.width = 0", { $0.window?.width = 0 }),
            ("window.height", "window.height = 1000000", { $0.window?.height = 1_000_000 }),
            ("safeArea.bottom", "safeArea.bottom = -34", { $0.safeArea?.bottom = -34 }),
            ("traits.displayScale", "traits.displayScale = 0", { $0.displayScale = 0 }),
            // A million rows each 4,096 pt tall is 4,096,000,000 pt: 1e12 is past it.
            ("container.tabs[0].contentHeight", "container.tabs[0].contentHeight = 1000000000000", { $0.tabs[0]?.contentHeight = 1e12 }),
            ("container.tabs[2].contentInsetTop", "container.tabs[2].contentInsetTop = 409601", { $0.tabs[2]?.contentInsetTop = 409_601 }),
            ("container.selectedTab", "tab 3 selected", { $0.selectedTab = 3 }),
            ("container.selectedTab", "tab -1 selected", { $0.selectedTab = -1 }),
            ("container.tabs", "4 tabs", { $0.tabs.append(nil) }),
            (
                "presentation.frame", "the presented view's frame with width = nan",
                {
                    $0.presentation = .presented(
                        PresentedObservation(style: .pageSheet, frame: DrivenRect(x: 0, y: 0, width: .nan, height: 1)))
                }
            ),
        ]
        for (field, words, change) in cases {
            let (error, _) = try await refusal(change)
            #expect(error.step == 3)
            #expect(error.field == field)
            #expect(error.message == "the container reported \(words)", "\(field)")
            #expect(
                error.description.hasPrefix("\(Self.location): error: step 3 'select: Likes': the container reported \(words) (expected "))
        }
    }

    @MainActor @Test func aLargeButPossibleValueIsKept() async throws {
        // 409,600 pt is the range's end, inside it; a 4,096,000,000 pt content height too.
        let driver = try ScenarioDriver(scenario: Self.path)
        let container = try HostileContainer(scenario: driver.scenario, at: 3) {
            $0.tabs[1]?.contentOffsetY = 409_600
            $0.tabs[0]?.contentHeight = 4_096_000_000
        }
        let trace = try await driver.record(driving: container)
        #expect(trace.recordedSteps == 10)
        #expect(throws: ConformanceFailure.self) { try driver.check(trace) }
        // A tolerance is checked as `conform --tolerance` checks it: 0 to 1000 points.
        for tolerance in [Double.nan, -1, 1001, .infinity] {
            #expect(throws: RecordingError.self) { try driver.check(trace, tolerance: tolerance) }
        }
    }

    /// Its error's text on two lines is joined into the one line.
    @MainActor @Test func aStepTheContainerCannotPerformIsLocated() async throws {
        let driver = try ScenarioDriver(scenario: Self.path)
        let container = try HostileContainer(scenario: driver.scenario, at: 1, failing: true)
        do {
            _ = try await driver.record(driving: container)
            Issue.record("a container that refuses step 1 was recorded")
        } catch {
            // Step 1, `select: Media`, is on line 17.
            #expect(
                error.description
                    == Fixtures.root.appendingPathComponent(Self.path).path
                    + ":17:5: error: step 1 'select: Media': the container could not perform it: the test container refuses this step (expected a container that performs every step of the scenario)"
            )
            #expect(container.performed == 1)
        }
    }

    @Test func aScenarioWithVariantsNeedsOneNamed() throws {
        #expect(throws: RecordingError.self) { try ScenarioDriver(scenario: "Examples/variants.yaml") }
        do {
            _ = try ScenarioDriver(scenario: "Examples/variants.yaml", variant: "dark-XL")
        } catch {
            #expect(error.message == "the scenario 'variants' has no variant 'dark-XL'")
            #expect(error.expected == "one of light-L, light-AX3, dark-L, dark-AX3")
        }
        #expect(try ScenarioDriver(scenario: "Examples/variants.yaml", variant: "dark-AX3").traceName == "variants@dark-AX3")
    }

    @Test func aMissingScenarioIsOneLocatedLine() {
        do {
            _ = try ScenarioDriver(scenario: "Examples/no-such.yaml")
            Issue.record("a missing scenario was read")
        } catch {
            #expect(error.step == nil)
            #expect(error.description.contains("Examples/no-such.yaml"))
            #expect(!error.description.contains("\n"))
        }
    }
}
