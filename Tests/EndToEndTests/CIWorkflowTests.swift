import Foundation
import TabStageTestSupport
import TabStageWorkflow
import Testing
import Yams

/// The GitHub Actions workflow the ReviewingChanges article shows, run as written: every `run:`
/// step of its jobs in bash as GitHub runs one (`bash --noprofile --norc -eo pipefail`), with the
/// built `tabstage` on PATH in place of the "Build tabstage" step, and the checkout, upload and
/// download steps done as their `with:` say (each job in a fresh copy of the checkout, each
/// artifact a folder by its name). So the documented workflow cannot rot: a changed option, a
/// wrong exit code or a missing file fails here.
@Suite struct CIWorkflowTests {
    let cli = CommandLineTests()

    /// A 120×200 px scenario titled `title`, with one snapshot.
    static func scenario(_ name: String, title: String) -> String {
        """
        name: \(name)
        device: {width: 120, height: 200, scale: 1}
        container:
          header: {height: 100, minHeight: 30, title: "\(title)"}
          tabs:
            - {title: Posts, rows: 30, rowHeight: 50}
        steps:
          - snapshot: start
        """
    }

    /// The article's workflow block: the YAML after its `# fragment: .github/workflows/…` line.
    static func workflow() throws -> String {
        let article = Fixtures.root.appendingPathComponent("Sources/TabStage/TabStage.docc/ReviewingChanges.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let workflows = blocks.filter { $0.hasPrefix("# fragment: .github/workflows/") }
        try #require(workflows.count == 1, "one workflow block in ReviewingChanges.md")
        return workflows[0]
    }

    /// One step of a job, as the workflow writes it.
    struct Step {
        var name: String?
        var run: String?
        var uses: String?
        var with: [String: String]
        var env: [String: String]
    }

    static func steps(of job: Node) throws -> [Step] {
        (job["steps"]?.sequence ?? []).map { step in
            func mapping(_ key: String) -> [String: String] {
                var out: [String: String] = [:]
                if let entries = step[key]?.mapping {
                    for (k, v) in entries { out[k.string ?? ""] = v.string ?? "" }
                }
                return out
            }
            return Step(
                name: step["name"]?.string, run: step["run"]?.string, uses: step["uses"]?.string, with: mapping("with"), env: mapping("env")
            )
        }
    }

    /// `text` with `${{ matrix.shard }}` replaced; any other expression fails the test (the
    /// test would not run the step as GitHub does).
    static func expand(_ text: String, shard: Int?) throws -> String {
        var out = text
        if let shard { out = out.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)") }
        try #require(!out.contains("${{"), "an expression this test does not know: \(text)")
        return out
    }

    /// Runs one job's steps in `checkout`; returns each run step's name and exit status and the
    /// step summaries written. A failing step ends the job, as on GitHub, except that steps
    /// marked `if: always()` (uploads) still run.
    func runJob(
        _ steps: [Step], shard: Int?, checkout: URL, artifacts: URL
    ) throws -> (runs: [(name: String, status: Int32, stdout: String, stderr: String)], summaries: [String]) {
        var runs: [(name: String, status: Int32, stdout: String, stderr: String)] = []
        var summaries: [String] = []
        var failed = false
        let fm = FileManager.default
        for (index, step) in steps.enumerated() {
            if let uses = step.uses {
                if uses.hasPrefix("actions/checkout@") { continue }  // `checkout` is the fresh copy made below
                if uses.hasPrefix("actions/upload-artifact@") {
                    // Uploads run `if: always()`; the artifact is the folder as the step names it.
                    let name = try Self.expand(try #require(step.with["name"]), shard: shard)
                    let path = checkout.appendingPathComponent(try #require(step.with["path"]))
                    if fm.fileExists(atPath: path.path) {
                        try fm.copyItem(at: path, to: artifacts.appendingPathComponent(name))
                    }
                    continue
                }
                if uses.hasPrefix("actions/download-artifact@") {
                    // `pattern` without `merge-multiple`: each artifact in a folder of its name under `path`.
                    let pattern = try #require(step.with["pattern"])
                    let target = checkout.appendingPathComponent(try #require(step.with["path"]))
                    try fm.createDirectory(at: target, withIntermediateDirectories: true)
                    for name in try fm.contentsOfDirectory(atPath: artifacts.path).sorted()
                    where fnmatch(pattern, name, 0) == 0 {
                        try fm.copyItem(at: artifacts.appendingPathComponent(name), to: target.appendingPathComponent(name))
                    }
                    continue
                }
                Issue.record("a step this test does not know: \(uses)")
                continue
            }
            guard let run = step.run, !failed else { continue }
            // The build step: the test's own build of tabstage is put on PATH instead.
            if step.name == "Build tabstage" {
                #expect(run.contains("swift build -c release --product tabstage"))
                continue
            }
            let summary = checkout.appendingPathComponent("../step-summary-\(shard ?? 0)-\(index).md").standardizedFileURL
            var environment = ProcessInfo.processInfo.environment
            for (name, _) in ContinuousIntegration.variables { environment[name] = nil }
            environment["TABSTAGE_RECORD"] = nil
            environment["PATH"] = CommandLineTests.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["CI"] = "true"
            environment["GITHUB_ACTIONS"] = "true"
            environment["GITHUB_STEP_SUMMARY"] = summary.path
            for (key, value) in step.env { environment[key] = try Self.expand(value, shard: shard) }
            let result = try runProcess(
                URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", "-c", try Self.expand(run, shard: shard)],
                in: checkout, environment: environment)
            runs.append((step.name ?? run, result.status, result.stdout, result.stderr))
            summaries.append((try? String(contentsOf: summary, encoding: .utf8)) ?? "")
            if result.status != 0 { failed = true }
        }
        return (runs, summaries)
    }

    @Test func theArticlesWorkflowRunsAsWrittenAndGatesOnTheShards() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        // The repository: three scenarios, recorded; then b's title changes, so its shard fails.
        // `--shard I/3` takes every third of the sorted files from the (I−1)-th: a in 1/3, b in 2/3, c in 3/3.
        let repository = root.appendingPathComponent("repository")
        try fm.createDirectory(at: repository.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            try cli.write(Self.scenario(name, title: "Before"), "Scenarios/\(name).yaml", in: repository)
        }
        let record = try cli.tabstage(
            ["record", "Scenarios/a.yaml", "Scenarios/b.yaml", "Scenarios/c.yaml"], in: repository, environment: [:])
        #expect(record.status == 0, "\(record.stderr)")
        try cli.write(Self.scenario("b", title: "After"), "Scenarios/b.yaml", in: repository)

        let workflow = try Yams.compose(yaml: try Self.workflow())
        let jobs = try #require(workflow?["jobs"])
        let verify = try #require(jobs["verify"]), merge = try #require(jobs["merge"])
        let shards = try #require(verify["strategy"]?["matrix"]?["shard"]?.sequence?.compactMap { $0.int })
        #expect(shards == [1, 2, 3])
        #expect(merge["needs"]?.string == "verify" && merge["if"]?.string == "always()", "the merge runs whatever the shards did")
        let artifacts = root.appendingPathComponent("artifacts")
        try fm.createDirectory(at: artifacts, withIntermediateDirectories: true)

        // Each shard's job, in a checkout of its own. The gate: shard 2's verify exits 1.
        for shard in shards {
            let checkout = root.appendingPathComponent("verify-\(shard)")
            try fm.copyItem(at: repository, to: checkout)
            let job = try runJob(try Self.steps(of: verify), shard: shard, checkout: checkout, artifacts: artifacts)
            try #require(job.runs.count == 1, "one run step besides the build: \(job.runs.map(\.name))")
            let run = job.runs[0]
            #expect(run.status == (shard == 2 ? 1 : 0), "shard \(shard): \(run.stdout)\(run.stderr)")
            // Each step's summary: one snapshot, matching or not, in GitHub's step summary file.
            let summary = job.summaries[0]
            #expect(summary.hasPrefix("### tabstage verify: \(shard == 2 ? 0 : 1) of 1 snapshots match\n"), "\(summary)")
            #expect(summary.contains("Shard \(shard)/3: 1 of 3 scenario files."))
            if shard == 2 {
                #expect(summary.contains("#### `b` / `start` (failed)"), "\(summary)")
                #expect(summary.contains("Images: `b/start.expected.png`, `b/start.actual.png`, `b/start.diff.png`."), "\(summary)")
            }
        }
        // Every shard's report was uploaded (the uploads run `if: always()`).
        #expect(
            try fm.contentsOfDirectory(atPath: artifacts.path).sorted() == ["snapshot-report-1", "snapshot-report-2", "snapshot-report-3"])

        // The merge job: it passes (the merge worked; the failure is shard 2's to report).
        let checkout = root.appendingPathComponent("merge")
        try fm.copyItem(at: repository, to: checkout)
        let job = try runJob(try Self.steps(of: merge), shard: nil, checkout: checkout, artifacts: artifacts)
        try #require(job.runs.count == 1, "\(job.runs.map(\.name))")
        #expect(job.runs[0].status == 0, "\(job.runs[0].stdout)\(job.runs[0].stderr)")
        #expect(
            job.runs[0].stdout == "merge-reports: 2 of 3 snapshots match, as 3 of 3 shards' reports state; report in report/index.html\n")
        let summary = job.summaries[0]
        #expect(summary.hasPrefix("### tabstage merge-reports: 2 of 3 snapshots match\n\n> Built from the report.json of 3 of 3 shards"))
        #expect(summary.contains("| matched | 2 |\n| failed | 1 |\n| recorded | 0 |"))
        // The summary file is in the merged artifact, the same text as the step's summary.
        let file = try String(contentsOf: artifacts.appendingPathComponent("snapshot-report/summary.md"), encoding: .utf8)
        #expect(file == summary)
        // The shards ran `tabstage` from PATH, so their commands say `tabstage`; the merge names its folder.
        #expect(file.contains("Accept: `tabstage accept report --only b`"), "\(file)")

        // The review loop: download the merged report into the repository, accept, verify again.
        try fm.copyItem(at: artifacts.appendingPathComponent("snapshot-report"), to: repository.appendingPathComponent("report"))
        let accepted = try cli.tabstage(["accept", "report"], in: repository, environment: [:])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.hasSuffix("accept: 1 snapshot(s) accepted from report into Snapshots\n"), "\(accepted.stdout)")
        let again = try cli.tabstage(
            ["verify", "Scenarios/a.yaml", "Scenarios/b.yaml", "Scenarios/c.yaml"], in: repository, environment: ["CI": "1"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    }
}
