import Foundation
import TabStageImageDiff
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// A report folder used again holds one report: images an earlier report wrote and the new
/// page no longer lists are removed (the manifest rule of `run`'s folders); names a shell
/// command cannot hold on one line are refused instead of printed with a space.
@Suite struct ReportFolderTests {
    let cli = CommandLineTests()

    func listing(_ folder: URL) -> [String] {
        var names: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let name = walker?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }

    @Test func aReusedVerifyReportKeepsOnlyTheNewImages() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(
            Fixtures.yaml(device: Fixtures.smallDevice, extra: "name: s", steps: ["- snapshot: a", "- select: Likes", "- snapshot: b"]),
            "s.yaml", in: folder)
        #expect(try cli.tabstage(["record", "s.yaml", "--snapshots", "refs"], in: folder, environment: [:]).status == 0)
        // Another title: both snapshots fail.
        try cli.write(
            Fixtures.yaml(device: Fixtures.smallDevice, extra: "name: s", steps: ["- snapshot: a", "- select: Likes", "- snapshot: b"])
                .replacingOccurrences(
                    of: "Jane Appleseed", with: "Jane Doe"), "s.yaml", in: folder)
        let first = try cli.tabstage(
            ["verify", "s.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: ["CI": "1"])
        #expect(first.status == 1)
        try "mine".write(to: folder.appendingPathComponent("report/notes.txt"), atomically: true, encoding: .utf8)
        // Each failure's three images and the new SVG and layout `accept` reads.
        let images = ["a.actual.layout.txt", "a.actual.png", "a.actual.svg", "a.diff.png", "a.expected.png"]
        #expect(
            listing(folder.appendingPathComponent("report"))
                == [".tabstage-outputs", "index.html", "junit.xml", "notes.txt", "report.json", "s"] + images.map { "s/\($0)" } + [
                    "s/b.actual.layout.txt", "s/b.actual.png", "s/b.actual.svg", "s/b.diff.png", "s/b.expected.png",
                ])
        // Now only snapshot a is taken (b is an orphan reference): b's images must go.
        try cli.write(
            Fixtures.yaml(device: Fixtures.smallDevice, extra: "name: s", steps: ["- snapshot: a"]).replacingOccurrences(
                of: "Jane Appleseed", with: "Jane Doe"),
            "s.yaml",
            in: folder)
        let second = try cli.tabstage(
            ["verify", "s.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: ["CI": "1"])
        #expect(second.status == 1)
        #expect(
            listing(folder.appendingPathComponent("report"))
                == [".tabstage-outputs", "index.html", "junit.xml", "notes.txt", "report.json", "s"] + images.map { "s/\($0)" })
        let manifest = try String(contentsOf: folder.appendingPathComponent("report/.tabstage-outputs"), encoding: .utf8)
        #expect(
            manifest.hasSuffix(
                "\nindex.html\njunit.xml\nreport.json\ns/a.actual.layout.txt\ns/a.actual.png\ns/a.actual.svg\ns/a.diff.png\ns/a.expected.png\n"
            ),
            "\(manifest)")
        // All passing: no image is left.
        try cli.write(Fixtures.yaml(device: Fixtures.smallDevice, extra: "name: s", steps: ["- snapshot: a"]), "s.yaml", in: folder)
        let third = try cli.tabstage(
            ["verify", "s.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: ["CI": "1"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(
            listing(folder.appendingPathComponent("report")) == [
                ".tabstage-outputs", "index.html", "junit.xml", "notes.txt", "report.json", "s",
            ])
    }

    @Test func aReusedFolderDiffReportKeepsOnlyTheNewImages() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["x.png", "y.png"] {
            try FolderDiffTests.put(try FolderDiffTests.picture(), name, in: folder.appendingPathComponent("expected"))
            try FolderDiffTests.put(try FolderDiffTests.picture(block: 4), name, in: folder.appendingPathComponent("actual"))
        }
        let first = try cli.tabstage(["diff", "expected", "actual", "--report", "report"], in: folder)
        #expect(first.status == 1)
        let both = ["1.actual.png", "1.diff.png", "1.expected.png", "2.actual.png", "2.diff.png", "2.expected.png"].map { "images/\($0)" }
        #expect(listing(folder.appendingPathComponent("report")) == [".tabstage-outputs", "images"] + both + ["index.html", "junit.xml"])
        // y.png now matches: only one changed file, numbered 1; images/2.* are gone.
        try FolderDiffTests.put(try FolderDiffTests.picture(), "y.png", in: folder.appendingPathComponent("actual"))
        let second = try cli.tabstage(["diff", "expected", "actual", "--report", "report"], in: folder)
        #expect(second.status == 1)
        #expect(
            listing(folder.appendingPathComponent("report")) == [".tabstage-outputs", "images"] + both.prefix(3) + [
                "index.html", "junit.xml",
            ])
    }

    @Test func namesWithALineBreakAreRefusedNotPrintedWithASpace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FolderDiffTests.put(try FolderDiffTests.picture(), "s.png", in: folder.appendingPathComponent("expected"))
        try FolderDiffTests.put(try FolderDiffTests.picture(block: 4), "a\nb.png", in: folder.appendingPathComponent("actual"))
        let diff = try cli.tabstage(["diff", "expected", "actual", "--report", "report"], in: folder)
        #expect(diff.status == 2)
        #expect(
            diff.stderr
                == "tabstage: error: actual/a\\x0Ab.png: the name has a line break, tab or other control character (shown as \\xNN), which a report's cp and rm commands cannot hold (expected names without control characters: rename it)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report").path))
        try cli.write(Fixtures.yaml(extra: "name: s"), "s\n1.yaml", in: folder)
        let verify = try cli.tabstage(["verify", "s\n1.yaml", "--report", "report"], in: folder, environment: [:])
        #expect(verify.status == 2)
        #expect(
            verify.stderr
                == "s\\x0A1.yaml:1:1: error: the scenario's path has a line break, tab or other control character (shown as \\xNN), which the record command a report shows cannot hold (expected a path without control characters: rename the file)\n"
        )
        let snapshots = try cli.tabstage(["verify", "s.yaml", "--snapshots", "my\nrefs"], in: folder, environment: [:])
        #expect(snapshots.status == 2)
        #expect(
            snapshots.stderr
                == "tabstage: error: --snapshots 'my\\x0Arefs' has a line break, tab or other control character (shown as \\xNN), which the commands a report shows cannot hold (expected a path without control characters)\n"
        )
        // run and record print no command to paste: such a name is still accepted there.
        try cli.write(Fixtures.yaml(extra: "name: s"), "s.yaml", in: folder)
        #expect(try cli.tabstage(["record", "s\n1.yaml", "--snapshots", "my\nrefs"], in: folder, environment: [:]).status == 0)
    }
}

/// Accepting a change: the report's command prunes stale references, the stale warning names
/// both files, a failed-mode recording says what it recorded, and recording missing
/// references is said in the summary line.
@Suite struct AcceptingAChangeTests {
    let cli = CommandLineTests()

    @Test func theAcceptCommandPrunesAndTheMessagesSayWhatWasRecorded() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: s", steps: ["- snapshot: a", "- snapshot: b"]), "s.yaml", in: folder)
        // Nothing recorded yet: a local verify records both, and says so once.
        let first = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(first.status == 1)
        #expect(
            first.stdout.hasSuffix(
                "verify: 0 of 2 snapshots match; recorded 2 reference(s) in refs that were missing (review and commit them; the next verify compares with them); record mode missing; pixels checked where the SVG differs\n"
            ), "\(first.stdout)")
        // b is no longer taken and a changed: the report's command prunes b's pair.
        try cli.write(
            Fixtures.yaml(extra: "name: s", steps: ["- snapshot: a"]).replacingOccurrences(of: "Jane Appleseed", with: "Jane Doe"),
            "s.yaml",
            in: folder)
        let changed = try cli.tabstage(
            ["verify", "s.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: ["CI": "1"])
        #expect(changed.status == 1)
        #expect(
            changed.stderr.contains(
                "tabstage: warning: refs/s/b.svg, refs/s/b.png and refs/s/b.layout.txt are not written by s any more (remove them with `tabstage record --prune`)\n"
            ),
            "\(changed.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(
            page.contains("<code>swift run tabstage accept report --only s --prune --snapshots refs</code>"), "the accept command prunes b")
        // TABSTAGE_RECORD=failed records a and says so, with no advice to re-record.
        let failed = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: ["TABSTAGE_RECORD": "failed"])
        #expect(failed.status == 1)
        #expect(
            failed.stdout.contains(
                "; recorded refs/s/a.png and refs/s/a.svg from this rendering (TABSTAGE_RECORD=failed); the next verify compares with them\n"
            ),
            "\(failed.stdout)")
        #expect(!failed.stdout.contains("re-record"), "\(failed.stdout)")
        #expect(try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: ["CI": "1"]).status == 0)
    }
}
