import Foundation
import TabStageTestSupport
import Testing

/// `merge-reports`: the shards' `report.json` files merged into the report one run of every
/// scenario would have written, in whatever order the folders are given; reports that cannot
/// belong to one run are refused with one located line and nothing written.
@Suite struct MergeReportsTests {
    let cli = CommandLineTests()

    /// A 120×200 px scenario with two snapshots (a, b), the header titled `title`.
    static func scenario(_ name: String, title: String) -> String {
        """
        name: \(name)
        device: {width: 120, height: 200, scale: 1}
        container:
          header: {height: 100, minHeight: 30, title: "\(title)"}
          tabs:
            - {title: Posts, rows: 30, rowHeight: 50}
        steps:
          - snapshot: a
          - scroll: {to: 40}
          - snapshot: b
        """
    }

    static let files = ["s0.yaml", "s1.yaml", "s2.yaml", "s3.yaml"]

    /// Four scenarios recorded, then s1 and s2 retitled: 4 × 2 = 8 snapshots, 2 × 2 = 4 fail.
    /// `--shard` slices the sorted list by offset: shard 1/2 is s0 and s2, shard 2/2 s1 and s3.
    /// Recorded and verified once for the suite (`recorded`); each test gets a copy of its own
    /// and checks the same outcomes of those runs.
    func fixture() throws -> URL {
        let (template, record, shards) = try Self.recorded.get()
        #expect(record.status == 0, "\(record.stderr)")
        for (shard, run) in shards {
            let name = "r" + shard.prefix(1)
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            #expect(
                run.stdout.hasSuffix(
                    "verify: 2 of 4 snapshots match (shard \(shard): 2 of 4 scenarios); record mode never; pixels checked (CI mode: CI); report in \(name)/index.html\n"
                ))
        }
        let folder = try temporaryFolder()
        for entry in try FileManager.default.contentsOfDirectory(atPath: template.path) {
            try FileManager.default.copyItem(at: template.appendingPathComponent(entry), to: folder.appendingPathComponent(entry))
        }
        return folder
    }

    /// The fixture's folder, made once: the record run and each shard's verify run.
    static let recorded = Result { () throws -> (URL, CommandLineTests.Result, [(String, CommandLineTests.Result)]) in
        let cli = CommandLineTests()
        let folder = try temporaryFolder()
        for (index, file) in MergeReportsTests.files.enumerated() {
            try cli.write(MergeReportsTests.scenario("s\(index)", title: "Before"), file, in: folder)
        }
        let record = try cli.tabstage(["record", "--snapshots", "refs"] + MergeReportsTests.files, in: folder, environment: [:])
        for index in [1, 2] { try cli.write(MergeReportsTests.scenario("s\(index)", title: "After"), "s\(index).yaml", in: folder) }
        var shards: [(String, CommandLineTests.Result)] = []
        for shard in ["1/2", "2/2"] {
            let name = "r" + shard.prefix(1)
            let run = try cli.tabstage(
                ["verify", "--snapshots", "refs", "--shard", shard, "--report", name] + MergeReportsTests.files, in: folder,
                environment: ["CI": "1"])
            shards.append((shard, run))
        }
        return (folder, record, shards)
    }

    func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func theMergedReportIsTheReportOfOneRunWhateverTheOrder() throws {
        let folder = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let forward = try cli.tabstage(["merge-reports", "r1", "r2", "--out", "m1"], in: folder)
        let backward = try cli.tabstage(["merge-reports", "r2/report.json", "r1", "--out", "m2"], in: folder)
        for (result, out) in [(forward, "m1"), (backward, "m2")] {
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr == "")
            #expect(
                result.stdout == "merge-reports: 4 of 8 snapshots match, as 2 of 2 shards' reports state; report in \(out)/index.html\n")
        }
        // The accept commands in report.json and index.html name the folder they are in.
        func named(_ bytes: Data, _ report: String) -> Data {
            Data(
                String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "tabstage accept \(report) ", with: "tabstage accept m1 ")
                    .utf8)
        }
        let one = try files(in: folder.appendingPathComponent("m1")), two = try files(in: folder.appendingPathComponent("m2"))
        #expect(Set(one.keys) == Set(two.keys))
        for (path, bytes) in two {
            let text = path == "report.json" || path == "index.html"
            #expect((text ? named(bytes, "m2") : bytes) == one[path], "the same bytes whatever the order of the arguments: \(path)")
        }
        // index.html, junit.xml, report.json, the manifest, 4 failures × 3 images (expected,
        // actual, diff) and 4 × 2 more files `accept` reads (the actual SVG and layout).
        #expect(one.count == 4 + 12 + 8, "\(one.keys.sorted())")
        for name in ["s1/a", "s1/b", "s2/a", "s2/b"] {
            for kind in ["actual.png", "actual.svg", "actual.layout.txt"] { #expect(one["\(name).\(kind)"] != nil, "\(name).\(kind)") }
        }
        // Each accept command names the merged folder, the report `accept` then reads.
        #expect(
            try text(folder.appendingPathComponent("m1/report.json")).contains(
                "\"accept\" : \"swift run tabstage accept m1 --only s1 --snapshots refs\""))
        let junit = try text(folder.appendingPathComponent("m1/junit.xml"))
        #expect(junit.contains("<testsuites name=\"tabstage\" tests=\"8\" failures=\"4\">"))
        #expect(junit.contains("<testsuite name=\"s0\" tests=\"2\" failures=\"0\">"))
        #expect(junit.contains("<testsuite name=\"s2\" tests=\"2\" failures=\"2\">"))
        let html = try text(folder.appendingPathComponent("m1/index.html"))
        #expect(html.contains("<title>tabstage: 4 of 8 snapshots need review</title>"))
        // Scenario order, although s2's failures came from the first shard and s1's from the second.
        let titles = html.components(separatedBy: "<h2>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(titles == ["s1 / a", "s1 / b", "s2 / a", "s2 / b"])

        // The merged page and junit.xml say they state the shards' reports, not a new check.
        let provenance =
            "Merged by tabstage merge-reports from the report.json of 2 of 2 shards (1/2, 2/2): each result is what its report states, "
            + "not a new check. Gate on each shard's own tabstage verify exit code."
        #expect(html.contains("<p class=\"summary provenance\">\(provenance.replacingOccurrences(of: "'", with: "&apos;"))</p>\n"))
        #expect(junit.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- \(provenance) -->\n<testsuites "))
        func withoutProvenance(_ bytes: Data?) -> Data? {
            bytes.map { bytes in
                Data(
                    String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n").filter {
                        !$0.hasPrefix("<p class=\"summary provenance\">") && !$0.hasPrefix("<!-- Merged by tabstage merge-reports")
                    }.joined(separator: "\n").utf8)
            }
        }
        // One run of every scenario writes the same files, byte for byte, but for the report
        // folder its accept commands name (whole, where the merge names m1) and the merge's
        // line saying where its results come from.
        let whole = try cli.tabstage(
            ["verify", "--snapshots", "refs", "--report", "whole"] + Self.files, in: folder, environment: ["CI": "1"])
        #expect(whole.status == 1)
        let single = try files(in: folder.appendingPathComponent("whole"))
        #expect(Set(single.keys) == Set(one.keys))
        for (path, bytes) in single {
            let text = path == "report.json" || path == "index.html"
            let page = path == "index.html" || path == "junit.xml"
            #expect((text ? named(bytes, "whole") : bytes) == (page ? withoutProvenance(one[path]) : one[path]), "\(path)")
        }
        // Named in another order, one run still writes the merged page's order.
        let reversed = try cli.tabstage(
            ["verify", "--snapshots", "refs", "--report", "reversed"] + Self.files.reversed(), in: folder, environment: ["CI": "1"])
        #expect(reversed.status == 1)
        for name in ["index.html", "junit.xml"] {
            let bytes = try Data(contentsOf: folder.appendingPathComponent("reversed/\(name)"))
            #expect(named(bytes, "reversed") == withoutProvenance(one[name]), "\(name)")
        }
    }

    @Test func aPassingMergeExitsZeroAndAMissingShardIsNamed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, file) in Self.files.enumerated() { try cli.write(Self.scenario("s\(index)", title: "Same"), file, in: folder) }
        #expect(try cli.tabstage(["record", "--snapshots", "refs"] + Self.files, in: folder, environment: [:]).status == 0)
        for shard in ["1/3", "2/3", "3/3"] {
            let run = try cli.tabstage(
                ["verify", "--snapshots", "refs", "--shard", shard, "--report", "r" + shard.prefix(1)] + Self.files, in: folder,
                environment: ["CI": "1"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        // Shards of 3 over 4 sorted files: s0 and s3 in 1/3, s1 in 2/3, s2 in 3/3.
        let all = try cli.tabstage(["merge-reports", "r3", "r1", "r2", "--out", "merged"], in: folder)
        #expect(all.status == 0 && all.stderr == "", "\(all.stderr)")
        #expect(all.stdout == "merge-reports: 8 of 8 snapshots match, as 3 of 3 shards' reports state; report in merged/index.html\n")
        #expect(try text(folder.appendingPathComponent("merged/junit.xml")).contains("tests=\"8\" failures=\"0\""))
        // A missing shard may hold the failures: the merge fails, naming it, unless a partial
        // report is asked for.
        let part = try cli.tabstage(["merge-reports", "r3", "r1", "--out", "part"], in: folder)
        #expect(part.status == 1)
        #expect(
            part.stderr
                == "tabstage: error: shard 2/3 is not in the merge (give every shard's report folder, or --allow-missing-shards for a partial report)\n"
        )
        #expect(part.stdout == "merge-reports: 6 of 6 snapshots match, as 2 of 3 shards' reports state; report in part/index.html\n")
        let allowed = try cli.tabstage(["merge-reports", "r3", "r1", "--out", "part", "--allow-missing-shards"], in: folder)
        #expect(allowed.status == 0)
        #expect(
            allowed.stderr == "tabstage: warning: shard 2/3 is not in the merge (give every shard's report folder for a complete report)\n")
        // A report of every scenario has no shard to miss.
        let whole = try cli.tabstage(
            ["verify", "--snapshots", "refs", "--report", "whole"] + Self.files, in: folder, environment: ["CI": "1"])
        #expect(whole.status == 0)
        let single = try cli.tabstage(["merge-reports", "whole", "--out", "single"], in: folder)
        #expect(single.status == 0 && single.stderr == "", "\(single.stderr)")
    }

    /// Reports a pull request can commit: a shard count that would make the merge count to
    /// 2⁶³, and regions that would make a page of hundreds of megabytes, are refused at their
    /// line before anything is written.
    @Test func hostileShardCountsAndRegionsAreRefusedEarly() throws {
        let folder = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("r1/report.json")
        let honest = try text(path)
        let huge = honest.replacingOccurrences(of: "\"count\" : 2,", with: "\"count\" : 9223372036854775807,")
        #expect(huge != honest)
        try huge.write(to: path, atomically: true, encoding: .utf8)
        try expectRefused(["r1", "r2"], in: folder, "r1/report.json:")
        let refused = try cli.tabstage(["merge-reports", "r1", "r2", "--out", "out"], in: folder)
        #expect(refused.stderr.contains("is out of range (expected I/N with 1 ≤ I ≤ N ≤ 1000"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

        // 1,001 regions in one result: one more than verify writes.
        var report = try #require(try JSONSerialization.jsonObject(with: Data(honest.utf8)) as? [String: Any])
        var results = try #require(report["results"] as? [[String: Any]])
        results[0]["regions"] = Array(repeating: [0, 0, 1, 1], count: 1_001)
        report["results"] = results
        try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]).write(to: path)
        let boxed = try cli.tabstage(["merge-reports", "r1", "r2", "--out", "out"], in: folder)
        #expect(boxed.status == 2)
        #expect(boxed.stderr.contains("has 1001 regions (expected at most 1000, as verify writes them)"), "\(boxed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        // verify itself never writes more: `--shard` over 1,000 is refused as well.
        let shard = try cli.tabstage(["verify", "--snapshots", "refs", "--shard", "1/1001"] + Self.files, in: folder)
        #expect(shard.status == 2)
        #expect(shard.stderr.contains("more than 1000 shards"), "\(shard.stderr)")
    }

    /// The page draws every box of every report: 126 results of 1,000 regions in r1 and 125
    /// in r2 are 126,000 + 125,000 = 251,000 boxes, over the page's 250,000 (about 64 MB of
    /// page), though each report alone is under it and each result within verify's 1,000. The
    /// merge is refused at r2, the report that passes the limit, with nothing written.
    @Test func mergedReportsBoxingMoreRegionsThanAPageHoldsAreRefused() throws {
        let folder = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, count) in [("r1", 126), ("r2", 125)] {
            let path = folder.appendingPathComponent("\(name)/report.json")
            var report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
            var result = try #require((report["results"] as? [[String: Any]])?.first)
            result["regions"] = Array(repeating: [0, 0, 1, 1], count: 1_000)
            report["results"] = Array(repeating: result, count: count)
            try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]).write(to: path)
        }
        let r2 = folder.appendingPathComponent("r2/report.json")
        // The report is one line; merge-reports counts its column in bytes (from 1), and the
        // results before the first "regions" key hold non-ASCII text.
        let text = try text(r2)
        let key = try #require(text.range(of: "\"regions\""))
        try expectRefused(
            ["r2", "r1"], in: folder,
            "r2/report.json:1:\(text.utf8.distance(from: text.startIndex, to: key.lowerBound) + 1): error: the reports box 251000 regions of differing pixels so far, "
                + "over the merged page's limit (expected at most 250000 on one page: merge fewer shards at once)\n")
        // The two together at the limit exactly (126,000 + 124,000 = 250,000) are merged.
        var report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: r2)) as? [String: Any])
        report["results"] = Array((try #require(report["results"] as? [[String: Any]])).prefix(124))
        try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]).write(to: r2)
        let merged = try cli.tabstage(["merge-reports", "r1", "r2", "--out", "out"], in: folder)
        #expect(merged.status == 1, "\(merged.stderr)")
    }

    /// A report of 20,001 results, one more than a report may hold, is refused as soon as it
    /// is read, at its "results" key, before any result is checked (200,000 results used to
    /// take 57 s to refuse), with nothing written.
    @Test func aReportOfMoreResultsThanTheLimitIsRefusedAsItIsRead() throws {
        let folder = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("r1/report.json")
        var report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        let result = try #require((report["results"] as? [[String: Any]])?.first)
        report["results"] = Array(repeating: result, count: 20_001)
        try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]).write(to: path)
        let text = try text(path)
        let key = try #require(text.range(of: "\"results\""))
        try expectRefused(
            ["r1", "r2"], in: folder,
            "r1/report.json:1:\(text.utf8.distance(from: text.startIndex, to: key.lowerBound) + 1): error: report.json has 20001 results, over the limit (expected at most 20000 results a report: split the run with verify --shard)\n"
        )
    }

    /// The line and column of `needle` in a file, counted from 1.
    func location(of needle: String, in url: URL) throws -> String {
        let lines = try text(url).components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(needle) })
        return "\(line + 1):\(lines[line].distance(from: lines[line].startIndex, to: lines[line].range(of: needle)!.lowerBound) + 1)"
    }

    func expectRefused(_ arguments: [String], in folder: URL, _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try cli.tabstage(["merge-reports"] + arguments + ["--out", "out"], in: folder)
        #expect(result.status == 2, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing written",
            sourceLocation: sourceLocation)
    }

    @Test func reportsThatCannotBelongToOneRunAreRefused() throws {
        let folder = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        // Another tabstage version.
        try fm.copyItem(at: folder.appendingPathComponent("r2"), to: folder.appendingPathComponent("old"))
        let old = folder.appendingPathComponent("old/report.json")
        let version = try #require(try text(old).range(of: #""tabstage" : "[^"]*""#, options: .regularExpression))
        try text(old).replacingCharacters(in: version, with: #""tabstage" : "0.0.1""#).write(to: old, atomically: true, encoding: .utf8)
        try expectRefused(
            ["r1", "old"], in: folder,
            "old/report.json:\(try location(of: "\"tabstage\"", in: old)): error: written by tabstage 0.0.1, but r1/report.json by tabstage "
        )
        // The same shard twice.
        try fm.copyItem(at: folder.appendingPathComponent("r1"), to: folder.appendingPathComponent("again"))
        let again = folder.appendingPathComponent("again/report.json")
        try expectRefused(
            ["r1", "r2", "again"], in: folder,
            "r1/report.json:\(try location(of: "\"shard\"", in: again)): error: shard 1/2 is also again/report.json")
        // A shard of another split: 1/3 holds s0 and s3, which overlaps 2/2's s3.
        let third = try cli.tabstage(
            ["verify", "--snapshots", "refs", "--shard", "1/3", "--report", "t1"] + Self.files, in: folder, environment: ["CI": "1"])
        #expect(third.status == 0)
        try expectRefused(["r2", "t1"], in: folder, "r2/report.json:")
        try expectRefused(["t1", "r2"], in: folder, "r2/report.json:")
        // A run of every scenario overlaps every shard.
        #expect(
            try cli.tabstage(["verify", "--snapshots", "refs", "--report", "whole"] + Self.files, in: folder, environment: ["CI": "1"])
                .status == 1)
        try expectRefused(["whole", "r1"], in: folder, "whole/report.json:")
        // A folder that is not a report, and JSON that is not one.
        try fm.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try expectRefused(["r1", "empty"], in: folder, "empty/report.json:1:1: error: there is no report.json")
        try fm.createDirectory(at: folder.appendingPathComponent("junk"), withIntermediateDirectories: true)
        try "{\"format\": 1}".write(to: folder.appendingPathComponent("junk/report.json"), atomically: true, encoding: .utf8)
        try expectRefused(["junk"], in: folder, "junk/report.json:1:1: error: not a tabstage report (no ")
        // A value of the wrong type is named by its path as JSON spells it.
        let first = try text(folder.appendingPathComponent("r1/report.json"))
        try first.replacingOccurrences(of: "\"status\" : \"", with: "\"status\" : 5, \"was\" : \"").write(
            to: folder.appendingPathComponent("junk/report.json"), atomically: true, encoding: .utf8)
        try expectRefused(["junk"], in: folder, "junk/report.json:1:1: error: not a tabstage report (results[0].status has the wrong type)")
    }

    /// A report.json is input: a path it names must not make the merge copy a file from anywhere
    /// else, and a linked image is not followed.
    @Test func imagePathsCannotLeaveTheirReportFolder() throws {
        let folder = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        try "secret".write(to: folder.appendingPathComponent("secret.png"), atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("r1/report.json")
        let original = try text(report)
        for hostile in ["../secret.png", "/etc/passwd", "s2/../../secret.png", "s0/a.diff.png"] {
            try original.replacingOccurrences(of: "\"s2/a.diff.png\"", with: "\"\(hostile)\"").write(
                to: report, atomically: true, encoding: .utf8)
            try expectRefused(
                ["r1", "r2"], in: folder, "r1/report.json:\(try location(of: "\"group\" : \"s2\"", in: report)): error: result ")
        }
        // A file for `accept` named anywhere but where verify writes that snapshot's own: refused at
        // its "files" key (the second in the file: the first is the run's inputs, and s0, the
        // other scenario of shard 1/2, matched and left none).
        for hostile in ["../secret.png", "/etc/passwd", "s2/../../secret.png", "s2/b.actual.svg"] {
            let changed = original.replacingOccurrences(of: "\"s2/a.actual.svg\"", with: "\"\(hostile)\"")
            #expect(changed != original)
            try changed.write(to: report, atomically: true, encoding: .utf8)
            let files = try #require(
                changed.components(separatedBy: "\n").enumerated().filter { $0.element.contains("\"files\" : {") }.dropFirst().first)
            try expectRefused(
                ["r1", "r2"], in: folder,
                "r1/report.json:\(files.offset + 1):\(files.element.prefix { $0 == " " }.count + 1): error: result 3 names the file '\(hostile)' for accept (expected s2/a.actual.png, .actual.svg or .actual.layout.txt"
            )
        }
        // A name with a folder in it.
        try original.replacingOccurrences(of: "\"group\" : \"s2\"", with: "\"group\" : \"..\"").write(
            to: report, atomically: true, encoding: .utf8)
        try expectRefused(["r1", "r2"], in: folder, "r1/report.json:")
        try original.write(to: report, atomically: true, encoding: .utf8)
        // The image itself a link to a file outside, or not a PNG.
        let image = folder.appendingPathComponent("r1/s2/a.diff.png")
        try fm.removeItem(at: image)
        try fm.createSymbolicLink(at: image, withDestinationURL: folder.appendingPathComponent("secret.png"))
        try expectRefused(
            ["r1", "r2"], in: folder,
            "r1/s2/a.diff.png:1:1: error: the report's image cannot be copied: it is a symbolic link; tabstage reads only real files")
        // A FIFO is named as one, in words (not an internal case name), and never opened.
        try fm.removeItem(at: image)
        #expect(mkfifo(image.path, 0o600) == 0)
        try expectRefused(
            ["r1", "r2"], in: folder,
            "r1/s2/a.diff.png:1:1: error: the report's image cannot be copied: it is not a regular file (a pipe, device or socket) (expected"
        )
        try fm.removeItem(at: image)
        try "secret".write(to: image, atomically: true, encoding: .utf8)
        try expectRefused(["r1", "r2"], in: folder, "r1/s2/a.diff.png:1:1: error: the report's image is not a PNG")
        try fm.removeItem(at: image)
        try fm.copyItem(at: folder.appendingPathComponent("r1/s2/a.expected.png"), to: image)
        // A file `accept` reads, edited after its shard's verify: its SHA-256 is not the recorded one.
        let svg = folder.appendingPathComponent("r1/s2/a.actual.svg")
        try (text(svg) + "<!-- edited -->").write(to: svg, atomically: true, encoding: .utf8)
        try expectRefused(
            ["r1", "r2"], in: folder,
            "r1/s2/a.actual.svg:1:1: error: the file is not the one its report.json recorded (its SHA-256 differs) (expected the file its verify run wrote: run that shard again)\n"
        )
    }

    @Test func theOutputFolderIsApartFromTheShards() throws {
        let folder = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try cli.tabstage(["merge-reports", "r1", "r2", "--out", "r1/merged"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tabstage: error: --out 'r1/merged' is inside a shard's report folder 'r1'"), "\(result.stderr)")
    }

    @Test(.enabled(if: chromiumPath != nil, "Chromium is not installed (Scripts/setup.sh --test installs Debian's chromium)"))
    func theMergedPageShowsItsCopiedPicturesUnderThePolicy() throws {
        let folder = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try cli.tabstage(["merge-reports", "r1", "r2", "--out", "merged"], in: folder).status == 1)
        // The shards are gone: the merged page must work from its own folder.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("r1"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("r2"))
        let merged = folder.appendingPathComponent("merged")
        let html = try text(merged.appendingPathComponent("index.html"))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self';"))
        // Every figure's picture loads: each is 120 px wide, and 4 failures × 3 figures = 12.
        let measure: (String) -> String = {
            $0.replacingOccurrences(
                of: "</body>",
                with:
                    "<script>window.addEventListener('load', function () { var w = Array.prototype.map.call(document.querySelectorAll('figure img'), function (i) { return i.naturalWidth; }); document.body.setAttribute('data-widths', w.join(',')); });</script></body>"
            )
        }
        let security = PageSecurityTests()
        let (guarded, _) = try security.plant(html, in: merged, extra: measure)
        let opened = try security.requests(opening: guarded)
        #expect(opened.leaks == [], "requests left the page")
        #expect(
            opened.dom.contains("data-widths=\"" + Array(repeating: "120", count: 12).joined(separator: ",") + "\""),
            "\(opened.dom.suffix(300))")
    }
}
