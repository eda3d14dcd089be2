import ArgumentParser
import Foundation
import TabStageRecording
import TabStageWorkflow

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Write the drive plan of a scenario: the steps an iOS test plays on its own container.",
        discussion: """
            The plan is JSON: for each step its index, line, the call the container gets and what is compared after it, \
            and the window and tabs the container starts with. An iOS test target depending on the TabStageDriver \
            library only reads it (DrivePlan.read), plays it on its container and writes the trace; \
            'tabstage conform SCENARIO TRACE' checks the trace. Write the plan again when the scenario changes.
            """)

    @Argument(help: "The scenario to plan.", completion: .file(extensions: ScenarioFiles.extensions))
    var scenario: String

    @Option(name: .long, help: "For a scenario with variants, the variant to plan.")
    var variant: String?

    @Option(name: .long, help: "The plan file to write (.json).", completion: .file(extensions: ["json"]))
    var out: String

    func validate() throws {
        if (out as NSString).pathExtension.lowercased() != "json" { throw ValidationError("--out must end in .json, got '\(out)'") }
    }

    func run() throws {
        try Pipeline.checkPath(out, option: "--out")
        try Pipeline.checkSingleFile(out, option: "--out", expected: "a new or existing .json file path")
        try Pipeline.checkApart(out, option: "--out", from: [(scenario, "the scenario")])
        let driver: ScenarioDriver
        do {
            driver = try ScenarioDriver(resolvedPath: Console.current.resolve(scenario), named: scenario, variant: variant)
        } catch {
            throw Failure.badInput(error.description)
        }
        var writer = AtomicWriter()
        try Pipeline.io { () throws(WorkflowError) in try writer.write(Array(driver.plan.json), to: out) }
        writer.finish()
        let recorded = driver.steps.filter(\.isRecorded).count
        printLine("\(driver.traceName): \(driver.steps.count) step(s), \(recorded) recorded -> \(out)")
    }
}
