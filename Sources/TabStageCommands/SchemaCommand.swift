import ArgumentParser
import TabStageModel
import TabStageScenario

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a JSON Schema (draft 2020-12) of the scenario format.",
        discussion: """
            Written from the tables the parser reads its keys from: every key with its type, words, default, unit \
            and limits. Save it and point an editor at it with a first line such as \
            `# yaml-language-server: $schema=tabstage-scenario.schema.json` to complete and check scenarios as you type.
            """)

    func run() throws {
        Console.current.print(ScenarioSchema.text(), terminator: "")
    }
}
