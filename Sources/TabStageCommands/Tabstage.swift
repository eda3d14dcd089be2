import ArgumentParser
import TabStage

struct Tabstage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabstage",
        abstract: "Simulate a collapsing-header tab container on any iOS device and snapshot it.",
        discussion: """
            Exit codes: 0 success, 1 a difference, 2 bad input, 3 a rendering or I/O failure.
            """,
        version: tabStageVersion,
        subcommands: [
            Run.self, Diff.self, Record.self, Verify.self, AcceptCommand.self, DriftCommand.self, Conform.self, PlanCommand.self,
            MergeReports.self,
            Schema.self, Plot.self, Previews.self,
            Devices.self,
        ]
    )
}
