import Foundation
import TabStage
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// `tabstage accept REPORT`: a verify report's renderings become the references without a
/// render, and a report that does not hold together is refused, naming the file (exit 2),
/// with the references left as they were.
@Suite struct AcceptCommandTests {
    let cli = CommandLineTests()

    /// A folder with `s.yaml` (snapshots a and b) recorded into refs, then its title changed and
    /// verified in CI mode into `report`: both snapshots fail.
    func failingReport(steps: [String] = ["- snapshot: a", "- snapshot: b"]) throws -> URL {
        let folder = try temporaryFolder()
        let device = Fixtures.smallDevice
        try cli.write(Fixtures.yaml(device: device, extra: "name: s", steps: ["- snapshot: a", "- snapshot: b"]), "s.yaml", in: folder)
        #expect(try cli.tabstage(["record", "s.yaml", "--snapshots", "refs"], in: folder, environment: [:]).status == 0)
        try cli.write(
            Fixtures.yaml(device: device, extra: "name: s", steps: steps).replacingOccurrences(of: "Jane Appleseed", with: "Jane Doe"),
            "s.yaml", in: folder)
        let verify = try cli.tabstage(
            ["verify", "s.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: ["CI": "1"])
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        return folder
    }

    func bytes(_ path: String, in folder: URL) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(path)) }

    @Test func acceptingAReportMakesTheNextVerifyPass() throws {
        let folder = try failingReport()
        defer { try? FileManager.default.removeItem(at: folder) }
        let accepted = try cli.tabstage(["accept", "report", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("accepted s/a in refs/s\n"))
        #expect(accepted.stdout.hasSuffix("accept: 2 snapshot(s) accepted from report into refs\n"), "\(accepted.stdout)")
        // The report's own bytes: the actual SVG is the new reference, and its layout too.
        #expect(try bytes("refs/s/a.svg", in: folder) == bytes("report/s/a.actual.svg", in: folder))
        #expect(try bytes("refs/s/a.layout.txt", in: folder) == bytes("report/s/a.actual.layout.txt", in: folder))
        // In CI mode every pixel is rendered and compared again: the accepted references hold.
        let again = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: ["CI": "1"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    }

    @Test func onlyTakesTheNamedSnapshotAndRefusesANameItDoesNotHold() throws {
        let folder = try failingReport()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try bytes("refs/s/b.png", in: folder)
        let one = try cli.tabstage(["accept", "report", "--snapshots", "refs", "--only", "s/a"], in: folder, environment: [:])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.hasSuffix("accept: 1 snapshot(s) accepted from report into refs\n"), "\(one.stdout)")
        #expect(try bytes("refs/s/b.png", in: folder) == before, "b is not touched")
        let unknown = try cli.tabstage(["accept", "report", "--snapshots", "refs", "--only", "s/zzz"], in: folder, environment: [:])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "tabstage: error: --only \"s/zzz\" names no failed snapshot of report/report.json\n", "\(unknown.stderr)")
    }

    /// Each tampering is refused with one line naming the file, exit 2, and nothing written.
    @Test func aReportThatDoesNotHoldTogetherIsRefused() throws {
        typealias Tamper = (URL) throws -> Void
        func edit(_ folder: URL, _ replace: (String) -> String) throws {
            let url = folder.appendingPathComponent("report/report.json")
            try replace(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        }
        let cases: [(String, Tamper, String)] = [
            (
                "an edited PNG",
                { folder in
                    let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("report/s/a.actual.png"))
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Data([0]))
                    try handle.close()
                },
                "tabstage: error: report/s/a.actual.png is not the file report/report.json recorded (its SHA-256 differs): run `tabstage verify --report` again\n"
            ),
            (
                "a changed scenario",
                { folder in
                    try (String(contentsOf: folder.appendingPathComponent("s.yaml"), encoding: .utf8) + "# edited\n").write(
                        to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
                },
                "tabstage: error: s.yaml changed since report/report.json was written: run `tabstage verify --report` again\n"
            ),
            (
                "a path out of the folder",
                { folder in try edit(folder) { $0.replacingOccurrences(of: "\"s/a.actual.svg\"", with: "\"../s.yaml\"") } },
                "tabstage: error: report/report.json points outside its folder: \"../s.yaml\" (expected a path inside the report folder)\n"
            ),
            (
                "an absolute path",
                { folder in try edit(folder) { $0.replacingOccurrences(of: "\"s/a.actual.svg\"", with: "\"/etc/passwd\"") } },
                "tabstage: error: report/report.json points outside its folder: \"/etc/passwd\" (expected a path inside the report folder)\n"
            ),
            (
                "a symbolic link",
                { folder in
                    let link = folder.appendingPathComponent("report/s/a.actual.svg")
                    try FileManager.default.removeItem(at: link)
                    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../refs/s/a.svg")
                },
                "tabstage: error: report/s/a.actual.svg is a symbolic link (expected the file `tabstage verify --report` wrote inside the report folder)\n"
            ),
            (
                "another scenario's results",
                { folder in try edit(folder) { $0.replacingOccurrences(of: "\"group\" : \"s\"", with: "\"group\" : \"t\"") } },
                "tabstage: error: report/report.json holds snapshots of t, which is not one of the scenarios it was made from\n"
            ),
            (
                "another version with other fonts",
                { folder in
                    try edit(folder) {
                        $0.replacingOccurrences(of: "\"tabstage\" : \"", with: "\"tabstage\" : \"9.").replacingOccurrences(
                            of: "\"renderer\" : \"", with: "\"renderer\" : \"0")
                    }
                },
                "tabstage: error: report/report.json was written by tabstage 9.\(tabStageVersion) with other fonts than this tabstage \(tabStageVersion) draws with: run `tabstage verify --report` again with this version\n"
            ),
            (
                "a report without digests",
                { folder in
                    try edit(folder) { text in
                        // Drop the "inputs" object: what a report from before accept holds.
                        guard let start = text.range(of: "  \"inputs\" : {"),
                            // The object's own closing line: two spaces, not an inner object's four.
                            let end = text.range(of: "\n  },\n", range: start.upperBound..<text.endIndex)
                        else { return text }
                        return text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
                    }
                },
                "tabstage: error: report/report.json keeps no digests of its files (written by an older tabstage): run `tabstage verify --report` again\n"
            ),
            (
                "another snapshot's file",
                { folder in try edit(folder) { $0.replacingOccurrences(of: "\"s/a.actual.svg\"", with: "\"s/b.actual.svg\"") } },
                "tabstage: error: report/report.json names \"s/b.actual.svg\" where verify writes \"s/a.actual.svg\" (expected each snapshot's own files)\n"
            ),
            (
                "a scenario file without its digest",
                { folder in try edit(folder) { $0.replacingOccurrences(of: "\"s.yaml\" : \"", with: "\"t.yaml\" : \"") } },
                "tabstage: error: report/report.json keeps no digest of s.yaml, the scenario file of s: run `tabstage verify --report` again\n"
            ),
        ]
        // One failing report, rendered once; each case tampers with a copy of it.
        let original = try failingReport()
        defer { try? FileManager.default.removeItem(at: original) }
        for (what, tamper, message) in cases {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.removeItem(at: folder)
            try FileManager.default.copyItem(at: original, to: folder)
            let before = try bytes("refs/s/a.png", in: folder)
            try tamper(folder)
            let refused = try cli.tabstage(["accept", "report", "--snapshots", "refs"], in: folder, environment: [:])
            #expect(refused.status == 2, "\(what): \(refused.stdout)")
            #expect(refused.stderr == message, "\(what)")
            #expect(refused.stdout.isEmpty, "\(what)")
            #expect(try bytes("refs/s/a.png", in: folder) == before, "\(what): the reference is untouched")
        }
    }

    @Test func pruneRemovesWhatTheScenarioNoLongerWrites() throws {
        let folder = try failingReport(steps: ["- snapshot: a"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let accepted = try cli.tabstage(["accept", "report", "--snapshots", "refs", "--prune"], in: folder, environment: [:])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("removed refs/s/b.png\n"), "\(accepted.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/s/b.svg").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/s/a.svg").path))
    }

    /// `--prune` with `--only` removes the orphans of the scenarios it names, no others.
    @Test func pruneWithOnlyKeepsTheOtherScenariosReferences() throws {
        let folder = try failingReport(steps: ["- snapshot: a"])
        defer { try? FileManager.default.removeItem(at: folder) }
        // A second scenario's stray reference: t was never in the report, so nothing of it goes.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("refs/t"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("refs/t/old.svg"))
        let accepted = try cli.tabstage(
            ["accept", "report", "--snapshots", "refs", "--only", "s", "--prune"], in: folder, environment: [:])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("removed refs/s/b.svg\n"), "\(accepted.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/t/old.svg").path))
        // Without --prune nothing is removed.
        let again = try failingReport(steps: ["- snapshot: a"])
        defer { try? FileManager.default.removeItem(at: again) }
        let kept = try cli.tabstage(["accept", "report", "--snapshots", "refs"], in: again, environment: [:])
        #expect(kept.status == 0 && !kept.stdout.contains("removed"), "\(kept.stdout)")
        #expect(FileManager.default.fileExists(atPath: again.appendingPathComponent("refs/s/b.svg").path))
    }

    /// A 120 × 200 pt scenario whose one tab shows the posts of `posts.json`, with snapshots a
    /// and b, the header titled `title`.
    static func postsScenario(_ name: String, title: String) -> String {
        MergeReportsTests.scenario(name, title: title).replacingOccurrences(
            of: "{title: Posts, rows: 30, rowHeight: 50}", with: "{title: Posts, rows: 3, rowHeight: 80, items: posts.json}")
    }

    /// The report records the files the scenario read, not its folder: a changed items file
    /// refuses the report, a changed file no scenario reads does not.
    @Test func theFilesAScenarioReadAreCheckedAndNoOthers() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(#"[{"title": "Ada", "text": "Hello"}]"#, "posts.json", in: folder)
        try cli.write("notes", "notes.txt", in: folder)
        try cli.write(Self.postsScenario("p", title: "Before"), "p.yaml", in: folder)
        #expect(try cli.tabstage(["record", "p.yaml", "--snapshots", "refs"], in: folder, environment: [:]).status == 0)
        try cli.write(Self.postsScenario("p", title: "After"), "p.yaml", in: folder)
        #expect(
            try cli.tabstage(["verify", "p.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: ["CI": "1"]).status
                == 1)
        let json = try String(contentsOf: folder.appendingPathComponent("report/report.json"), encoding: .utf8)
        #expect(json.contains("\"posts.json\" : \""), "the items file is an input")
        #expect(!json.contains("notes.txt"), "a file no scenario reads is not")

        try cli.write("other notes", "notes.txt", in: folder)
        try cli.write(#"[{"title": "Grace", "text": "Hello"}]"#, "posts.json", in: folder)
        let refused = try cli.tabstage(["accept", "report", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "tabstage: error: posts.json changed since report/report.json was written: run `tabstage verify --report` again\n")
        try cli.write(#"[{"title": "Ada", "text": "Hello"}]"#, "posts.json", in: folder)
        let accepted = try cli.tabstage(["accept", "report", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.hasSuffix("accept: 2 snapshot(s) accepted from report into refs\n"), "\(accepted.stdout)")
    }

    /// Scenarios m0 and m1 (reading one posts.json) recorded, retitled, and verified as two
    /// shards: `--shard` slices the sorted list by offset, so shard 1/2 is m0 and 2/2 is m1, and
    /// each fails its 2 snapshots. `between` runs after shard 1's verify.
    func shardedReports(between: (URL) throws -> Void = { _ in }) throws -> URL {
        let folder = try temporaryFolder()
        let files = ["m0.yaml", "m1.yaml"]
        try cli.write(#"[{"title": "Ada", "text": "Hello"}]"#, "posts.json", in: folder)
        for (index, file) in files.enumerated() { try cli.write(Self.postsScenario("m\(index)", title: "Before"), file, in: folder) }
        #expect(try cli.tabstage(["record", "--snapshots", "refs"] + files, in: folder, environment: [:]).status == 0)
        for (index, file) in files.enumerated() { try cli.write(Self.postsScenario("m\(index)", title: "After"), file, in: folder) }
        for shard in ["1", "2"] {
            let run = try cli.tabstage(
                ["verify", "--snapshots", "refs", "--shard", "\(shard)/2", "--report", "shard\(shard)"] + files, in: folder,
                environment: ["CI": "1"])
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("verify: 0 of 2 snapshots match (shard \(shard)/2: 1 of 2 scenarios)"), "\(run.stdout)")
            if shard == "1" { try between(folder) }
        }
        return folder
    }

    /// merge-reports copies every file accept reads, with its digest: the merged report is
    /// accepted as one run's report, and the next verify of every scenario passes.
    @Test func aMergedReportIsAcceptedAsOneRunsReport() throws {
        let folder = try shardedReports()
        defer { try? FileManager.default.removeItem(at: folder) }
        let merged = try cli.tabstage(["merge-reports", "shard1", "shard2", "--out", "merged"], in: folder, environment: [:])
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(merged.stdout == "merge-reports: 0 of 4 snapshots match, as 2 of 2 shards' reports state; report in merged/index.html\n")
        // 2 scenarios × 2 snapshots × (PNG, SVG, layout): the shards' own bytes.
        for (shard, scenario) in [("shard1", "m0"), ("shard2", "m1")] {
            for name in ["a", "b"] {
                for kind in ["actual.png", "actual.svg", "actual.layout.txt"] {
                    let path = "\(scenario)/\(name).\(kind)"
                    #expect(try bytes("merged/\(path)", in: folder) == bytes("\(shard)/\(path)", in: folder), "\(path)")
                }
            }
        }
        let page = try String(contentsOf: folder.appendingPathComponent("merged/index.html"), encoding: .utf8)
        #expect(page.contains("<code>swift run tabstage accept merged --only m1 --snapshots refs</code>"))

        let accepted = try cli.tabstage(["accept", "merged", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(
            accepted.stdout
                == "accepted m0/a in refs/m0\naccepted m0/b in refs/m0\naccepted m1/a in refs/m1\naccepted m1/b in refs/m1\n"
                + "accept: 4 snapshot(s) accepted from merged into refs\n")
        #expect(try bytes("refs/m1/b.svg", in: folder) == bytes("shard2/m1/b.actual.svg", in: folder))
        #expect(try bytes("refs/m1/b.layout.txt", in: folder) == bytes("shard2/m1/b.actual.layout.txt", in: folder))
        let again = try cli.tabstage(["verify", "--snapshots", "refs", "m0.yaml", "m1.yaml"], in: folder, environment: ["CI": "1"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("verify: 4 of 4 snapshots match"), "\(again.stdout)")
    }

    /// A merged report holds together as a shard's must: one pointing back into a shard's folder
    /// is refused by accept, and shards that read one file with different contents (run on two
    /// checkouts) are refused by merge-reports, naming the file.
    @Test func aMergedReportIsCheckedAsAShardsReportIs() throws {
        let folder = try shardedReports()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try cli.tabstage(["merge-reports", "shard1", "shard2", "--out", "merged"], in: folder, environment: [:]).status == 1)
        let url = folder.appendingPathComponent("merged/report.json")
        let original = try String(contentsOf: url, encoding: .utf8)
        try original.replacingOccurrences(of: "\"m0/a.actual.svg\"", with: "\"../shard1/m0/a.actual.svg\"").write(
            to: url, atomically: true, encoding: .utf8)
        let before = try bytes("refs/m0/a.png", in: folder)
        let outside = try cli.tabstage(["accept", "merged", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(outside.status == 2)
        #expect(
            outside.stderr
                == "tabstage: error: merged/report.json points outside its folder: \"../shard1/m0/a.actual.svg\" (expected a path inside the report folder)\n"
        )
        #expect(try bytes("refs/m0/a.png", in: folder) == before)

        let split = try shardedReports { folder in
            try cli.write(#"[{"title": "Grace", "text": "Hello"}]"#, "posts.json", in: folder)
        }
        defer { try? FileManager.default.removeItem(at: split) }
        let mixed = try cli.tabstage(["merge-reports", "shard1", "shard2", "--out", "merged"], in: split, environment: [:])
        #expect(mixed.status == 2)
        // "inputs" is the second key of a report.json (sorted keys: "format", then "inputs"):
        // line 3, after two spaces.
        #expect(
            mixed.stderr
                == "shard2/report.json:3:3: error: this shard read posts.json with other contents than shard1/report.json (expected the shards of one verify run, on one checkout)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: split.appendingPathComponent("merged").path))
    }

    /// FIPS 180-2 appendix B's vectors and the empty string's well-known digest.
    @Test func sha256MatchesThePublishedVectors() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
