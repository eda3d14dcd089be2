import Foundation
import TabStageTestSupport
import TabStageTesting
import Testing

/// `tabstage plan`: the file an iOS test plays is the plan the recorder plays in process.
@Suite struct PlanCommandTests {
    let cli = CommandLineTests()

    @Test func thePlanWrittenIsTheRecordersPlan() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = Fixtures.root.appendingPathComponent("Examples/physics.yaml").path
        let run = try cli.tabstage(["plan", scenario, "--out", "physics.plan.json"], in: folder)
        #expect(run.status == 0)
        // physics.yaml lists 22 steps; step 0 (a drag rubber-banded past the top) and step 9 (a
        // swipe held at 0.4) are not recorded: 22 - 2 = 20 are.
        #expect(run.stdout == "physics: 22 step(s), 20 recorded -> physics.plan.json\n")
        let read = try DrivePlan.read(from: folder.appendingPathComponent("physics.plan.json"))
        let planned = try ScenarioDriver(scenario: scenario).plan
        #expect(read == planned)
    }

    @Test func aVariantIsNamedAndAMistakeIsOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let variants = Fixtures.root.appendingPathComponent("Examples/variants.yaml").path
        let unnamed = try cli.tabstage(["plan", variants, "--out", "v.json"], in: folder)
        #expect(unnamed.status == 2)
        #expect(
            unnamed.stderr
                == "\(variants):1:1: error: the scenario 'variants' has variants and none is named (expected variant: one of light-L, light-AX3, dark-L, dark-AX3)\n"
        )
        let named = try cli.tabstage(["plan", variants, "--variant", "dark-AX3", "--out", "v.json"], in: folder)
        #expect(named.status == 0)
        #expect(try DrivePlan.read(from: folder.appendingPathComponent("v.json")).scenario == "variants@dark-AX3")
        let text = try cli.tabstage(["plan", variants, "--variant", "dark-AX3", "--out", "v.txt"], in: folder)
        #expect(text.status == 2)
        #expect(text.stderr == "tabstage: error: --out must end in .json, got 'v.txt' (see 'tabstage help')\n")
    }
}
