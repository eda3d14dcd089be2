import Foundation
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// A report states results; it proves nothing by itself. These tests pin what a merge says of
/// itself, what each result records of what it was checked against, and what
/// `merge-reports --snapshots` and the Markdown summary do with reports a pull request can edit.
@Suite struct ReportClaimsTests {
    let cli = CommandLineTests()
    let merge = MergeReportsTests()

    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    func write(_ object: [String: Any], to url: URL) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }

    /// `LINE:COL` of the `occurrence`-th (from 0) line holding `needle`, at the needle's first character.
    func location(of needle: String, occurrence: Int = 0, in url: URL) throws -> String {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let found = lines.enumerated().filter { $0.element.contains(needle) }
        try #require(found.count > occurrence)
        let line = found[occurrence]
        return
            "\(line.offset + 1):\(line.element.distance(from: line.element.startIndex, to: line.element.range(of: needle)!.lowerBound) + 1)"
    }

    /// Each result keeps the SHA-256 of its reference files and its scenario file: compared here
    /// with the files' digests computed apart.
    @Test func eachResultKeepsTheDigestsOfWhatItWasCheckedAgainst() throws {
        let folder = try merge.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try json(folder.appendingPathComponent("r1/report.json"))
        let results = try #require(report["results"] as? [[String: Any]])
        // Shard 1/2 holds s0 and s2 (sorted files, every second from the first): a, b of each.
        #expect(results.map { "\($0["group"]!)/\($0["name"]!)" } == ["s0/a", "s0/b", "s2/a", "s2/b"])
        for result in results {
            let group = try #require(result["group"] as? String), name = try #require(result["name"] as? String)
            let checked = try #require(result["checked"] as? [String: Any])
            let reference = try #require(checked["reference"] as? [String: String])
            func digest(_ path: String) throws -> String { SHA256.hex(Array(try Data(contentsOf: folder.appendingPathComponent(path)))) }
            #expect(
                reference == [
                    "png": try digest("refs/\(group)/\(name).png"), "svg": try digest("refs/\(group)/\(name).svg"),
                    "layout": try digest("refs/\(group)/\(name).layout.txt"),
                ])
            #expect(checked["scenario"] as? String == (try digest("\(group).yaml")))
        }
    }

    /// A shard's report edited to say every snapshot matched merges into "8 of 8 snapshots
    /// match", exit 0: a merge counts claims. The page, junit.xml and the summary say so, and the
    /// documented workflow gates on each shard's own exit code instead.
    @Test func aForgedReportMergesAsTheClaimItIsAndSaysSo() throws {
        let folder = try merge.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        for shard in ["r1", "r2"] {
            let url = folder.appendingPathComponent("\(shard)/report.json")
            var report = try json(url)
            report["results"] = try #require(report["results"] as? [[String: Any]]).map { result in
                var result = result
                result["status"] = "matched"
                result["message"] = ""
                result["images"] = [String: String]()
                result["regions"] = [[Int]]()
                result["svgChanges"] = [String]()
                for key in ["comparison", "files", "geometry", "accept", "strip"] { result[key] = nil }
                return result
            }
            try write(report, to: url)
        }
        let merged = try cli.tabstage(["merge-reports", "r1", "r2", "--out", "m", "--summary", "m.md"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == "merge-reports: 8 of 8 snapshots match, as 2 of 2 shards' reports state; report in m/index.html\n")
        let summary = try String(contentsOf: folder.appendingPathComponent("m.md"), encoding: .utf8)
        #expect(
            summary.hasPrefix(
                "### tabstage merge-reports: 8 of 8 snapshots match\n\n> Built from the report.json of 2 of 2 shards: these are the results the reports state, not a new check. Gate on each shard's own `tabstage verify` exit code.\n"
            ), "\(summary)")
        let html = try String(contentsOf: folder.appendingPathComponent("m/index.html"), encoding: .utf8)
        #expect(html.contains("<p class=\"summary provenance\">Merged by tabstage merge-reports from the report.json of 2 of 2 shards"))
        let junit = try String(contentsOf: folder.appendingPathComponent("m/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<!-- Merged by tabstage merge-reports from the report.json of 2 of 2 shards (1/2, 2/2)"))
        // The forger kept the digests: they are this checkout's references, so --snapshots passes
        // too. It holds a report to the references, not to its statuses.
        let held = try cli.tabstage(["merge-reports", "r1", "r2", "--out", "m2", "--snapshots", "refs"], in: folder)
        #expect(held.status == 0, "\(held.stderr)")
    }

    @Test func aReportAboutOtherReferencesOrScenariosIsRefused() throws {
        let fm = FileManager.default
        func refused(_ arguments: [String], in folder: URL, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = try cli.tabstage(["merge-reports"] + arguments + ["--out", "out", "--snapshots", "refs"], in: folder)
            #expect(result.status == 2, sourceLocation: sourceLocation)
            #expect(result.stdout == "", sourceLocation: sourceLocation)
            #expect(result.stderr == expected, sourceLocation: sourceLocation)
            #expect(!fm.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing written", sourceLocation: sourceLocation)
        }
        // The honest shards: merged, 4 of 8 failing (exit 1), nothing refused.
        do {
            let folder = try merge.fixture()
            defer { try? fm.removeItem(at: folder) }
            let honest = try cli.tabstage(["merge-reports", "r2", "r1", "--out", "out", "--snapshots", "refs"], in: folder)
            #expect(honest.status == 1 && honest.stderr == "", "\(honest.stderr)")
        }
        // Another PNG in the checkout than the one r1 compared s2/a with: r1's 3rd result
        // (s0/a, s0/b, s2/a), located at its 3rd "checked" key.
        do {
            let folder = try merge.fixture()
            defer { try? fm.removeItem(at: folder) }
            try fm.removeItem(at: folder.appendingPathComponent("refs/s2/a.png"))
            // (s0/a's PNG is byte for byte s2/a's: the scenarios differ only by name; s0/b is scrolled.)
            try fm.copyItem(at: folder.appendingPathComponent("refs/s0/b.png"), to: folder.appendingPathComponent("refs/s2/a.png"))
            let at = try location(of: "\"checked\"", occurrence: 2, in: folder.appendingPathComponent("r1/report.json"))
            try refused(
                ["r2", "r1"], in: folder,
                "r1/report.json:\(at): error: result 3 (s2/a) was checked with another refs/s2/a.png than this checkout's (expected a report of a verify run on these references: run that shard again)\n"
            )
        }
        // A layout reference gone from the checkout: r1's 2nd result, s0/b.
        do {
            let folder = try merge.fixture()
            defer { try? fm.removeItem(at: folder) }
            try fm.removeItem(at: folder.appendingPathComponent("refs/s0/b.layout.txt"))
            let at = try location(of: "\"checked\"", occurrence: 1, in: folder.appendingPathComponent("r1/report.json"))
            try refused(
                ["r1", "r2"], in: folder,
                "r1/report.json:\(at): error: result 2 (s0/b) was checked with refs/s0/b.layout.txt, which this checkout does not have (expected a report of a verify run on these references: run that shard again)\n"
            )
        }
        // A scenario file changed since the shards ran: r1's 1st result, s0/a.
        do {
            let folder = try merge.fixture()
            defer { try? fm.removeItem(at: folder) }
            let scenario = folder.appendingPathComponent("s0.yaml")
            try (String(contentsOf: scenario, encoding: .utf8) + "# edited\n").write(to: scenario, atomically: true, encoding: .utf8)
            let at = try location(of: "\"checked\"", in: folder.appendingPathComponent("r1/report.json"))
            try refused(
                ["r1", "r2"], in: folder,
                "r1/report.json:\(at): error: result 1 (s0/a) was made from another s0.yaml than this checkout's (expected a report of a verify run on this checkout: run that shard again)\n"
            )
        }
        // A report without digests (as before they were kept): r2's first result, s1/a, at its "group".
        do {
            let folder = try merge.fixture()
            defer { try? fm.removeItem(at: folder) }
            let url = folder.appendingPathComponent("r2/report.json")
            var report = try json(url)
            report["results"] = try #require(report["results"] as? [[String: Any]]).map { result in
                var result = result
                result["checked"] = nil
                return result
            }
            try write(report, to: url)
            let at = try location(of: "\"group\"", in: url)
            try refused(
                ["r1", "r2"], in: folder,
                "r2/report.json:\(at): error: result 1 (s1/a) keeps no digest of the reference it was checked against, so it cannot be held to --snapshots 'refs' (expected a report.json that `tabstage verify --report` of this version wrote)\n"
            )
            // Without --snapshots such a report still merges: the digests are what --snapshots needs.
            #expect(try cli.tabstage(["merge-reports", "r1", "r2", "--out", "plain"], in: folder).status == 1)
        }
        // A digest that is not one: refused when read, with or without --snapshots.
        do {
            let folder = try merge.fixture()
            defer { try? fm.removeItem(at: folder) }
            let url = folder.appendingPathComponent("r2/report.json")
            var report = try json(url)
            var results = try #require(report["results"] as? [[String: Any]])
            results[1]["checked"] = ["reference": ["png": "<script>"], "scenario": String(repeating: "0", count: 64)]
            report["results"] = results
            try write(report, to: url)
            let at = try location(of: "\"checked\"", occurrence: 1, in: url)
            let result = try cli.tabstage(["merge-reports", "r1", "r2", "--out", "out"], in: folder)
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "r2/report.json:\(at): error: result 2's digests are not what verify writes (expected a SHA-256 of 64 lowercase hexadecimal digits for each of png, svg and layout, and for the scenario)\n"
            )
        }
    }

    /// `accept` goes by digests, not statuses: a result whose status was edited to `matched` is
    /// not copied, one edited to `failed` with files the report did not record is refused, and a
    /// failed one is copied only as the bytes its SHA-256 names.
    @Test func acceptNeverTrustsAStatus() throws {
        let fm = FileManager.default
        let folder = try merge.fixture()
        defer { try? fm.removeItem(at: folder) }
        #expect(try cli.tabstage(["merge-reports", "r1", "r2", "--out", "m"], in: folder).status == 1)
        let url = folder.appendingPathComponent("m/report.json")
        let original = try json(url)
        // s0/a matched (no files); its status edited to failed: nothing recorded to copy, so not accepted.
        var report = original
        var results = try #require(report["results"] as? [[String: Any]])
        let index = try #require(results.firstIndex { $0["group"] as? String == "s0" && $0["name"] as? String == "a" })
        results[index]["status"] = "failed"
        report["results"] = results
        try write(report, to: url)
        let before = try Data(contentsOf: folder.appendingPathComponent("refs/s0/a.png"))
        let only = try cli.tabstage(["accept", "m", "--snapshots", "refs", "--only", "s0/a"], in: folder, environment: [:])
        #expect(only.status == 0, "\(only.stderr)")
        #expect(
            only.stderr
                == "tabstage: warning: s0/a is not accepted: m/report.json keeps no rendering of it (run `tabstage record` for it)\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent("refs/s0/a.png")) == before)
        // The same result given s1/a's files and their digests: they are not its own files, refused.
        results = try #require(original["results"] as? [[String: Any]])
        let s1a = try #require(results.first { $0["group"] as? String == "s1" && $0["name"] as? String == "a" })
        results[index]["status"] = "failed"
        results[index]["files"] = s1a["files"]
        report["results"] = results
        try write(report, to: url)
        let borrowed = try cli.tabstage(["accept", "m", "--snapshots", "refs", "--only", "s0/a"], in: folder, environment: [:])
        #expect(borrowed.status == 2)
        #expect(
            borrowed.stderr
                == "tabstage: error: m/report.json names \"s1/a.actual.png\" where verify writes \"s0/a.actual.png\" (expected each snapshot's own files)\n"
        )
        // s1/a's status edited to matched: it is not copied, whatever its files.
        results = try #require(original["results"] as? [[String: Any]])
        let failed = try #require(results.firstIndex { $0["group"] as? String == "s1" && $0["name"] as? String == "a" })
        results[failed]["status"] = "matched"
        report["results"] = results
        try write(report, to: url)
        let s1Before = try Data(contentsOf: folder.appendingPathComponent("refs/s1/a.png"))
        let skipped = try cli.tabstage(["accept", "m", "--snapshots", "refs", "--only", "s1"], in: folder, environment: [:])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.hasSuffix("accept: 1 snapshot(s) accepted from m into refs\n"), "s1/b only: \(skipped.stdout)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("refs/s1/a.png")) == s1Before)
    }

    /// A report compared its snapshots with references the checkout no longer holds (another
    /// commit, or an earlier accept, changed them): accepting it would put back older pictures
    /// over newer ones, so it is refused, naming the reference, and nothing is written.
    @Test func acceptRefusesAReportAboutOtherReferences() throws {
        let fm = FileManager.default
        let folder = try merge.fixture()
        defer { try? fm.removeItem(at: folder) }
        // r1 holds s0 (matched) and s2 (both failed); s2/a's reference replaced after the run.
        try fm.removeItem(at: folder.appendingPathComponent("refs/s2/a.png"))
        try fm.copyItem(at: folder.appendingPathComponent("refs/s0/b.png"), to: folder.appendingPathComponent("refs/s2/a.png"))
        let before = try Data(contentsOf: folder.appendingPathComponent("refs/s2/a.png"))
        let refused = try cli.tabstage(["accept", "r1", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "tabstage: error: refs/s2/a.png is not the reference r1/report.json compared s2/a with (it changed, appeared or went since): run `tabstage verify --report` again\n"
        )
        #expect(try Data(contentsOf: folder.appendingPathComponent("refs/s2/a.png")) == before)
        // The other snapshot still compares with its own reference: accepted alone.
        let other = try cli.tabstage(["accept", "r1", "--snapshots", "refs", "--only", "s2/b"], in: folder, environment: [:])
        #expect(other.status == 0, "\(other.stderr)")
        // Accepting the same report twice: the second time the references are the accepted ones.
        let twice = try cli.tabstage(["accept", "r1", "--snapshots", "refs", "--only", "s2/b"], in: folder, environment: [:])
        #expect(twice.status == 2)
        #expect(
            twice.stderr.hasPrefix("tabstage: error: refs/s2/b.png is not the reference r1/report.json compared s2/b with"),
            "\(twice.stderr)")
    }

    /// The summary of a merge of hand-edited reports: a message of raw HTML, a mention, an image
    /// from outside and 10 MB, and a snapshot name of the same: all text, cut, and small.
    @Test func hostileReportsMakeASafeSummary() throws {
        let folder = try merge.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("r1/report.json")
        var report = try json(url)
        var results = try #require(report["results"] as? [[String: Any]])
        // r1's 3rd result is s2/a (failed): a hostile name (a plain file name: no "/") and message.
        let name = "<script>alert(1)<b>@team![x](evil)"
        results[2]["name"] = name
        results[2]["images"] = [String: String]()
        for key in ["files", "accept", "strip"] { results[2][key] = nil }
        results[2]["message"] = "<script>alert(1)</script> @team ![x](http://evil.example/x.png) " + String(repeating: "y", count: 10 << 20)
        report["results"] = results
        try write(report, to: url)
        let gh = folder.appendingPathComponent("gh.md")
        try "an earlier step's summary\n".write(to: gh, atomically: true, encoding: .utf8)
        let merged = try cli.tabstage(
            ["merge-reports", "r1", "r2", "--out", "m", "--summary-image-base", "https://ci.example.com/a/b"], in: folder,
            environment: ["GITHUB_STEP_SUMMARY": gh.path])
        #expect(merged.status == 1, "\(merged.stderr)")
        let text = try String(contentsOf: gh, encoding: .utf8)
        // Appended after a blank line to what the step already had.
        #expect(text.hasPrefix("an earlier step's summary\n\n### tabstage merge-reports: 4 of 8 snapshots match\n"))
        // The name in a code span (literal text); the message as escaped prose, cut at 1,000
        // characters: the hostile start is 8 + 8 + 9 + 1 + 5 + 1 + 31 + 1 = 64 of them
        // ("<script>", "alert(1)", "</script>", " ", "@team", " ", the 31-character image, " "),
        // then 936 y's, then "…".
        #expect(text.contains("#### `s2` / `\(name)` (failed)\n\n"), "\(text.prefix(3000))")
        let prose =
            "&lt;script&gt;alert\\(1\\)&lt;\\/script&gt; \\@\u{200D}team \\!\\[x\\]\\(http\\:\u{200D}\\/\\/evil\\.example\\/x\\.png\\) "
            + String(repeating: "y", count: 936) + "…\n"
        #expect(text.contains("\n\n" + prose), "\(text.prefix(3000))")
        // Four failures of a few hundred bytes each, the 1,000-character message and the counts.
        #expect(text.utf8.count < 10_000, "\(text.utf8.count)")
        // The other failures' images as <img> of the base and their paths.
        #expect(text.contains("<img src=\"https://ci.example.com/a/b/s1/a.expected.png\" alt=\"expected\" width=\"260\">"))
    }

    @Test func theSummaryOptionsAreCheckedFirst() throws {
        let folder = try merge.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = MergeReportsTests.files
        for (command, base) in [
            (["verify", "--snapshots", "refs", "--report", "rx"] + files, "ftp://x"),
            (["merge-reports", "r1", "r2", "--out", "rx"], "javascript:alert(1)"),
        ] {
            let result = try cli.tabstage(command + ["--summary-image-base", base], in: folder, environment: ["CI": "1"])
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "tabstage: error: --summary-image-base '\(base)' is not an http or https URL (expected the http or https address the report folder's files are served from, such as https://ci.example.com/run/42/report)\n"
            )
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("rx").path))
        }
        // verify --summary and GITHUB_STEP_SUMMARY: the same text, the shard's counts.
        let run = try cli.tabstage(
            ["verify", "--snapshots", "refs", "--shard", "2/2", "--report", "r9", "--summary", "r9.md"] + files, in: folder,
            environment: ["CI": "1", "GITHUB_STEP_SUMMARY": "gh.md"])
        #expect(run.status == 1)
        let file = try String(contentsOf: folder.appendingPathComponent("r9.md"), encoding: .utf8)
        #expect(try String(contentsOf: folder.appendingPathComponent("gh.md"), encoding: .utf8) == file)
        // Shard 2/2: s1 (retitled, both snapshots fail) and s3 (both match): 2 of 4.
        #expect(file.hasPrefix("### tabstage verify: 2 of 4 snapshots match\n\nShard 2/2: 2 of 4 scenario files. "), "\(file)")
        #expect(file.contains("| matched | 2 |\n| failed | 2 |\n| recorded | 0 |\n"))
        #expect(file.contains("#### `s1` / `a` (failed)"))
        #expect(file.contains("Accept: `swift run tabstage accept r9 --only s1 --snapshots refs`"), "\(file)")
    }
}
