import ArgumentParser
import Foundation
import SnapshotWorkflow
import TabStage
import TextSupport

struct MergeReports: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the --report folders of verify --shard runs into one report.",
        discussion: """
            Reads each folder's report.json (nothing else) and writes one index.html with every failure of every \
            shard in scenario order, one junit.xml whose counts are the sums, a merged report.json and the images \
            the page shows. The same bytes whatever order the folders are given in. Reports from different \
            tabstage versions, or shards that overlap, are refused. Exit 0 when every snapshot matched, 1 otherwise.
            """)

    @Argument(help: "The shards' --report folders (or their report.json files).", completion: .directory)
    var reports: [String]

    @Option(name: .long, help: "Write the merged index.html, junit.xml, report.json and images here.", completion: .directory)
    var out: String

    func validate() throws {
        if reports.isEmpty { throw ValidationError("give at least one report folder") }
    }

    func run() throws {
        try Pipeline.checkPath(out, option: "--out")
        for path in reports { try Pipeline.checkPath(path, option: "report folder") }
        try Pipeline.checkApart(out, option: "--out", from: reports.map { ($0, "a shard's report folder") })
        let merged = try Pipeline.io { () throws(WorkflowError) in
            try ReportMerge.merge(reports.map { path throws(WorkflowError) in try ReportMerge.read(path) })
        }
        let transaction = OutputTransaction(faults: Pipeline.testFaults)
        Interruption.protect(transaction, writing: "--out '\(out)'")
        defer { Interruption.protect(nil) }
        var writer = AtomicWriter(transaction: transaction)
        do throws(Failure) {
            try Pipeline.io { () throws(WorkflowError) in try ReportMerge.write(merged, to: out, writer: &writer) }
        } catch {
            transaction.rollback()
            throw error
        }
        transaction.finish()
        let missing = (1...merged.shardCount).filter { !merged.shards.contains($0) }
        if !missing.isEmpty {
            printError(
                "tabstage: warning: shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(merged.shardCount)" }.joined(separator: ", ")) "
                    + "\(missing.count == 1 ? "is" : "are") not in the merge (give every shard's report folder for a complete report)")
        }
        let results = merged.report.results
        let failed = results.filter { $0.status != "matched" }.count
        let shards = merged.shards.isEmpty ? "one run" : "\(merged.shards.count) of \(merged.shardCount) shards"
        printLine(
            "merge-reports: \(results.count - failed) of \(results.count) snapshots match (\(shards)); report in \(out)/index.html")
        if failed > 0 { throw ExitCode(Failure.Code.difference.rawValue) }
    }
}
