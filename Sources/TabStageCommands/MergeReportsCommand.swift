import ArgumentParser
import Foundation
import TabStage
import TabStageModel
import TabStageReports
import TabStageWorkflow

struct MergeReports: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the --report folders of verify --shard runs into one report.",
        discussion: """
            Reads each folder's report.json (nothing else) and writes one index.html with every failure of every \
            shard in scenario order, one junit.xml whose counts are the sums, a merged report.json, the images \
            the page shows and the files `tabstage accept` reads (each checked against its shard's SHA-256). The same bytes whatever order the folders are given in. Reports from different \
            tabstage versions, or shards that overlap, are refused. The merge states what the shards' reports say; it \
            checks nothing again (gate CI on each shard's verify). With --snapshots, a report whose results were checked \
            against other references or scenario files than the checkout's is refused. Exit 0 when every snapshot \
            matched, 1 otherwise.
            """)

    @Argument(help: "The shards' --report folders (or their report.json files).", completion: .directory)
    var reports: [String]

    @Option(name: .long, help: "Write the merged index.html, junit.xml, report.json and images here.", completion: .directory)
    var out: String

    @Flag(name: .long, help: "A shard missing from the merge is a warning, not a failure (exit 1).")
    var allowMissingShards = false

    @Option(
        name: .long,
        help: "Refuse reports whose results were checked against other references (in this folder) or scenario files than these.",
        completion: .directory)
    var snapshots: String?

    @OptionGroup var summaryOptions: SummaryOptions

    func validate() throws {
        if reports.isEmpty { throw ValidationError("give at least one report folder") }
    }

    func run() throws {
        try Pipeline.checkPath(out, option: "--out")
        for path in reports { try Pipeline.checkPath(path, option: "report folder") }
        try Pipeline.checkApart(out, option: "--out", from: reports.map { ($0, "a shard's report folder") })
        try Pipeline.checkPath(snapshots, option: "--snapshots")
        try summaryOptions.check()
        let merged = try Pipeline.io { () throws(WorkflowError) in
            let inputs = try reports.map { path throws(WorkflowError) in try ReportMerge.read(path) }
            let merged = try ReportMerge.merge(inputs)
            if let snapshots { try ReportMerge.checkAgainst(snapshots: snapshots, inputs) }
            return merged
        }
        let summarySource = StepSummary.Source.merged(shards: merged.shards, count: merged.shardCount)
        // The summary of the merged report.json, whose accept commands name the merged folder.
        let summary = { (limit: Int) -> String? in
            var report = merged.report
            for index in report.results.indices {
                report.results[index].accept = report.results[index].accept.map { ReportMerge.acceptCommand($0, naming: out) }
            }
            return StepSummary.markdown(
                report, source: summarySource, reportFolder: out, imageBase: summaryOptions.summaryImageBase, limit: limit)
        }
        let transaction = OutputTransaction(faults: Pipeline.testFaults)
        Interruption.protect(transaction, writing: "--out '\(out)'")
        defer { Interruption.protect(nil) }
        var writer = AtomicWriter(transaction: transaction)
        do throws(Failure) {
            try Pipeline.io { () throws(WorkflowError) in try ReportMerge.write(merged, to: out, writer: &writer) }
            try summaryOptions.writeFile(summary, writer: &writer)
        } catch {
            transaction.rollback()
            throw error
        }
        transaction.finish()
        SummaryOptions.appendToStepSummary(summary)
        // A shard that is not here may hold the failures: without it the merge proves nothing,
        // so it fails unless the user says a partial merge is what they want. A report of every
        // scenario (no --shard) has no shards to miss.
        let present = Set(merged.shards)
        let missing = merged.shards.isEmpty ? [] : (1...merged.shardCount).lazy.filter { !present.contains($0) }.prefix(10).map { $0 }
        let missingCount = merged.shards.isEmpty ? 0 : merged.shardCount - present.count
        if missingCount > 0 {
            let listed =
                missing.map { "\($0)/\(merged.shardCount)" }.joined(separator: ", ")
                + (missingCount > missing.count ? " and \(missingCount - missing.count) more" : "")
            printError(
                "tabstage: \(allowMissingShards ? "warning" : "error"): shard\(missingCount == 1 ? "" : "s") \(listed) "
                    + "\(missingCount == 1 ? "is" : "are") not in the merge (give every shard's report folder"
                    + (allowMissingShards ? " for a complete report)" : ", or --allow-missing-shards for a partial report)"))
        }
        let results = merged.report.results
        let failed = results.filter { $0.status != "matched" }.count
        let shards = merged.shards.isEmpty ? "one run's report" : "\(merged.shards.count) of \(merged.shardCount) shards' reports"
        printLine(
            "merge-reports: \(results.count - failed) of \(results.count) snapshots match, as \(shards) state; report in \(out)/index.html")
        if failed > 0 || (missingCount > 0 && !allowMissingShards) { throw ExitCode(Failure.Code.difference.rawValue) }
    }
}
